import { TAG_COLOURS } from "../tag-colours";
import { bloks, defineComponent } from "./component";
import { asset, boolean, focalPoint, multilink, optionList, text } from "./fields";

/** The home page (SPEC 2, 3): the story `home`, a hero (body[0]) and a gallery (body[1]). */

export const slide = defineComponent("slide", {
  display: "Slide",
  description: "One hero image or .mp4 video, with a phone version and where it leads.",
  fields: {
    Image: asset({
      display: "Desktop",
      description: "Shown wider than 768 px: an image, or an .mp4 that plays muted and looping.",
      filetypes: ["images", "videos"],
      required: true,
    }),
    PhoneSize: asset({
      display: "Phone",
      description: "Shown at 768 px and narrower; else the desktop file.",
      filetypes: ["images", "videos"],
    }),
    PhoneFocus: focalPoint({
      display: "Phone focal point",
      description:
        "Where the phone crop centres, if not on the phone file's own focal point: x1xy1:x2xy2 in that file's " +
        "pixels, as the asset manager writes a focal point (e.g. 120x80:121x81); empty: the file's focal point.",
    }),
    link: multilink({ display: "Link", description: "Where the slide leads.", newTab: true }),
  },
});

export const hero = defineComponent("hero", {
  display: "Hero",
  description: "The top of the home page: one full-bleed slide, or a carousel of them.",
  fields: {
    CaruselYN: boolean({
      display: "Carousel",
      description: "On: the Photo slides as a carousel. Off: the first Image slide.",
    }),
    Photo: bloks({ display: "Carousel slides", allow: [slide] }),
    Image: bloks({
      display: "Single slide",
      description: "The first one is the hero without carousel.",
      allow: [slide],
    }),
  },
});

export const galleryItem = defineComponent("gallery_item", {
  display: "Gallery tile",
  description: "One tile of the home gallery.",
  preview: "Name",
  fields: {
    Image: asset({
      display: "Image",
      description: "An image, or an .mp4 video; its alt text describes it (else 'no information').",
      filetypes: ["images", "videos"],
      required: true,
    }),
    Name: text({ display: "Name", description: "Shown on hover; else 'More'.", translatable: true }),
    Tags: optionList({
      display: "Tags",
      description: "The filter buttons that show the tile.",
      values: Object.keys(TAG_COLOURS),
    }),
    link: multilink({ display: "Link", description: "Where the tile leads.", newTab: true }),
  },
});

export const gallery = defineComponent("gallery", {
  display: "Gallery",
  description: "The home page's filterable grid of tiles, six more at a time.",
  fields: {
    ImageData: bloks({ display: "Tiles", allow: [galleryItem], required: true }),
  },
});

export const page = defineComponent("page", {
  display: "Home page",
  description: "The story `home`.",
  root: true,
  fields: {
    body: bloks({
      display: "Body",
      description: "The hero first, then the gallery.",
      allow: [hero, gallery],
      maximum: 2,
      required: true,
    }),
  },
});
