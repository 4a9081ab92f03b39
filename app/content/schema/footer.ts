import { defineComponent, oneBlokStory } from "./component";
import { asset, multilink, text, textarea } from "./fields";

/** The site footer on every page (SPEC 2, 3): the story `footer`. */

export const footerContent = defineComponent("footer_content", {
  display: "Footer content",
  description: "The footer's text, links, social icon, copyright and large logo word.",
  preview: "LogoBig",
  fields: {
    Text: textarea({ display: "Text", description: "A short text about the studio.", translatable: true }),
    Imprint: multilink({ display: "Imprint link", description: "Else /imprint." }),
    ImprintLabel: text({ display: "Imprint link text", description: "Else 'Imprint'.", translatable: true }),
    email: multilink({ display: "E-mail", description: "An e-mail link: the contact address.", email: true }),
    Icon: asset({
      display: "Social icon",
      description: "The social network's icon (an SVG); its alt text names the link.",
      filetypes: ["images"],
    }),
    SocialMedia: multilink({
      display: "Social link",
      description: "An http(s) URL, opened in a new tab.",
      newTab: true,
    }),
    Copyright: text({ display: "Copyright", translatable: true }),
    LogoBig: text({ display: "Logo word", description: "The very large word whose letters move in a wave." }),
  },
});

export const footer = oneBlokStory("footer", {
  display: "Footer",
  description: "The story `footer`: the site footer on every page.",
  content: footerContent,
});
