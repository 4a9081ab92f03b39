import { bloks, defineComponent } from "./component";
import { richtext } from "./fields";

/** The imprint (SPEC 2, 3): the story `imprint`, headed by the story's name. */

export const imprintText = defineComponent("imprint_text", {
  display: "Imprint text",
  description: "A block of the legal text.",
  fields: {
    Text: richtext({ display: "Text", required: true, translatable: true }),
  },
});

export const imprint = defineComponent("imprint", {
  display: "Imprint",
  description: "The story `imprint`.",
  root: true,
  fields: {
    body: bloks({ display: "Body", allow: [imprintText], required: true }),
  },
});
