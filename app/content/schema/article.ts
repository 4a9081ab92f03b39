import { bloks, defineComponent } from "./component";
import { asset, boolean, language, multilink, richtext, text } from "./fields";

/** A project page (SPEC 2, 3): the stories `articles/{slug}`. */

export const info = defineComponent("info", {
  display: "Info",
  description: "The client and services beside the text, and its headline.",
  preview: "Client",
  fields: {
    Client: text({ display: "Client" }),
    Services: text({ display: "Services", translatable: true }),
    Headline01: text({
      display: "Headline",
      description: "Over the text; also the page's description.",
      translatable: true,
    }),
  },
});

export const media = defineComponent("media", {
  display: "Media",
  description: "One image or video of the media grid.",
  fields: {
    Image: asset({
      display: "Image",
      description: "An image or a video; its name is the caption. Without a file: 'Kein Bild'.",
      filetypes: ["images", "videos"],
      required: true,
    }),
    CaptionLanguage: language({
      display: "Caption language",
      description:
        "The language the image's name (its caption) is written in, where it is not German; " +
        "for screen readers and hyphenation.",
    }),
    AltLanguage: language({
      display: "Alt text language",
      description: "The language the image's alt text is written in, where it is not German.",
    }),
    Fullsize: boolean({ display: "Full width", description: "Spans both columns (wins over the others)." }),
    right: boolean({ display: "Right", description: "60 % wide, on the right." }),
    vertical: boolean({ display: "Vertical", description: "A portrait cell." }),
  },
});

export const imagesArticle = defineComponent("ImagesArticle", {
  display: "Images",
  description: "A group of media in the media grid.",
  fields: {
    media: bloks({ display: "Media", allow: [media], required: true }),
  },
});

export const article = defineComponent("article", {
  display: "Article",
  description: "A project: the stories `articles/{slug}`; the story's tags are its categories.",
  root: true,
  preview: "Headline",
  fields: {
    Header: asset({
      display: "Header image",
      description: "The full-width image at the top.",
      filetypes: ["images"],
      required: true,
    }),
    Headline: text({ display: "Headline", description: "Else the story's name.", required: true, translatable: true }),
    HeadlineLanguage: language({
      display: "Headline language",
      description:
        "The language the German headline is written in, where it is not German (an English title); " +
        "for hyphenation and screen readers. A translation is taken to be in its page's language.",
    }),
    Text: richtext({ display: "Text", translatable: true }),
    Link: multilink({
      display: "Link",
      description: "Optional; its title attribute is the link text.",
      newTab: true,
      customAttributes: true,
    }),
    Icon: asset({ display: "Link icon", description: "The arrow beside the link (an SVG).", filetypes: ["images"] }),
    info: bloks({ display: "Info", allow: [info], maximum: 1 }),
    Wrapper: bloks({ display: "Media", description: "Without it: 'no Image'.", allow: [imagesArticle] }),
  },
});
