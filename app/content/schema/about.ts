import { TAG_COLOURS } from "../tag-colours";
import { bloks, defineComponent } from "./component";
import { asset, language, optionList, richtext, text } from "./fields";

/** The about page (SPEC 2, 3): the story `about`, read in its published version. */

export const aboutBlock = defineComponent("about_block", {
  display: "About block",
  description: "A text with an optional headline.",
  preview: "Headline",
  fields: {
    Headline: text({ display: "Headline", translatable: true }),
    Text: richtext({ display: "Text", required: true, translatable: true }),
  },
});

export const overviewItem = defineComponent("overview_item", {
  display: "Overview item",
  description: "One thing the studio does.",
  preview: "Headline",
  fields: {
    Headline: text({ display: "Headline", required: true, translatable: true }),
    Asset: asset({
      display: "Asset",
      description: "An image or a video (muted, looping); a file of another type is not shown.",
    }),
    Text: richtext({ display: "Text", translatable: true }),
  },
});

export const overview = defineComponent("overview", {
  display: "Overview",
  description: "The list of what the studio does (the about page's second block).",
  preview: "Headline",
  fields: {
    Headline: text({ display: "Headline", translatable: true }),
    Text: richtext({ display: "Text", translatable: true }),
    Items: bloks({ display: "Items", allow: [overviewItem], required: true }),
  },
});

export const masonryTile = defineComponent("masonry_tile", {
  display: "Masonry tile",
  description: "One medium of the masonry grid.",
  preview: "Info",
  fields: {
    Media: asset({
      display: "Media",
      description: "An image or a video; a tile without one is left out.",
      filetypes: ["images", "videos"],
      required: true,
    }),
    Info: text({ display: "Info", description: "The text over the medium on hover.", translatable: true }),
    InfoLanguage: language({
      display: "Info language",
      description:
        "The language the German Info is written in, where it is not German; " +
        "a translation is taken to be in its page's language.",
    }),
    AltLanguage: language({
      display: "Alt text language",
      description: "The language the medium's alt text is written in, where it is not German.",
    }),
    Tags: optionList({
      display: "Tags",
      description: "The pills that show the tile.",
      values: Object.keys(TAG_COLOURS),
    }),
  },
});

export const masonry = defineComponent("masonry", {
  display: "Masonry",
  description: "A grid of media tiles in columns, filtered by the pills of their tags.",
  preview: "Headline",
  fields: {
    Headline: text({ display: "Headline", translatable: true }),
    Tiles: bloks({ display: "Tiles", allow: [masonryTile], required: true }),
  },
});

export const about = defineComponent("about", {
  display: "About",
  description: "The story `about`.",
  root: true,
  fields: {
    body: bloks({
      display: "Body",
      description: "The blocks in order; each fades in after the one before.",
      allow: [aboutBlock, overview, masonry],
      required: true,
    }),
  },
});
