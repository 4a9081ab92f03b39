import type { StoryblokClient } from "@storyblok/react";
import { uiText } from "../ui-text";
import { editableAttributes, type EditableAttributes } from "./editable";
import { assetSize } from "./image-service";
import { imageView, type ImageView } from "./image-view";
import { mediaKind } from "./media-type";
import { type RichTextDocument } from "./rich-text";
import { richTextPlainText } from "./rich-text-outline";
import { about, aboutBlock, masonry, masonryTile, overview, overviewItem } from "./schema/about";
import { entriesOf, uniqueKeys } from "./schema/component";
import { parseAsset, parseBloks, type Asset } from "./schema/values";
import { parseStory } from "./schema/story";
import { firstShareImage, type ShareImage } from "./site";
import { fetchStory } from "./story-api";
import { fieldLanguage, untranslatedLanguage } from "./text-language";
import { DEFAULT_LANGUAGE, type Language } from "../language";

/**
 * The about page (SPEC 2, 3, 7): the story `about` in its published
 * ("online") version, its body bloks parsed into the views the blok
 * registry renders.
 */

/** SPEC 7: the about story is read in the online version, whatever the site's version. */
export const ABOUT_VERSION = "published" as const;

/** An image (the same view as an article's images) or a video of the about page. */
export type AboutMedia =
  | ({ kind: "image" } & ImageView)
  | { kind: "video"; src: string; label: string; width: number | null; height: number | null };

export interface AboutBlockView {
  headline: string;
  text: RichTextDocument;
  editable: EditableAttributes;
}

export interface OverviewItem {
  key: string;
  headline: string;
  /** null for a missing asset or one that is neither image nor video: nothing is rendered for it */
  media: AboutMedia | null;
  text: RichTextDocument;
  editable: EditableAttributes;
}

export interface OverviewView {
  headline: string;
  text: RichTextDocument;
  items: OverviewItem[];
  editable: EditableAttributes;
}

export interface MasonryTile {
  key: string;
  media: AboutMedia;
  /** the overlay text */
  info: string;
  /** the language the overlay text is written in (./text-language) */
  infoLanguage: Language;
  tags: string[];
  editable: EditableAttributes;
}

export interface MasonryView {
  headline: string;
  tiles: MasonryTile[];
  /** the tiles' distinct tags, in order of first use: the filter pills */
  tags: string[];
  /** its place among the page's masonry bloks, from 1: names its media's fragments in the full-screen view */
  lightboxSet: number;
  editable: EditableAttributes;
}

/**
 * A body blok of the about page as its component renders it; a blok of a
 * component the site does not know keeps its name (and no view), so that
 * rendering can report it the way the Storyblok SDK does (SPEC 8).
 */
export type AboutBodyBlok =
  | { key: string; component: "about_block"; view: AboutBlockView }
  | { key: string; component: "overview"; view: OverviewView }
  | { key: string; component: "masonry"; view: MasonryView }
  | { key: string; component: string; view: null };

export interface AboutPage {
  /** for the visual editor's live updates */
  storyId: number | null;
  name: string;
  body: AboutBodyBlok[];
  /** the page's own title (the document title adds the studio's name) */
  metaTitle: string;
  /** the first block's text; "" when there is none */
  description: string;
  /** for link previews: the first image of the overview or the masonry */
  shareImage: ShareImage | null;
}

/**
 * An asset as the page's image or video. Its alt text (else its name) is not
 * translated: it is in the language the editor marked beside it, else the
 * default language, on every page.
 */
function mediaOf(asset: Asset, altMarker: Language | "" = ""): AboutMedia | null {
  const text = asset.alt || asset.name.trim();
  switch (mediaKind(asset.filename)) {
    case "image":
      return { kind: "image", ...imageView(asset, text, untranslatedLanguage(altMarker)) };
    case "video":
      return { kind: "video", src: asset.filename, label: text, ...assetSize(asset.filename) };
    default:
      return null;
  }
}

/** An asset as image or video by its extension (SPEC 2, About); anything else is null. */
export function aboutMedia(value: unknown): AboutMedia | null {
  return mediaOf(parseAsset(value));
}

export function parseAboutBlock(value: unknown): AboutBlockView {
  const blok = aboutBlock.parse(value);
  return { headline: blok.Headline, text: blok.Text, editable: editableAttributes(blok) };
}

export function parseOverview(value: unknown): OverviewView {
  const blok = overview.parse(value);
  const keyFor = uniqueKeys();
  return {
    headline: blok.Headline,
    text: blok.Text,
    items: entriesOf(blok.Items, overviewItem).map((item, index) => ({
      key: keyFor(item._uid, `item-${index}`),
      headline: item.Headline,
      media: mediaOf(item.Asset),
      text: item.Text,
      editable: editableAttributes(item),
    })),
    editable: editableAttributes(blok),
  };
}

export function parseMasonry(value: unknown, lightboxSet = 1, language: Language = DEFAULT_LANGUAGE): MasonryView {
  const blok = masonry.parse(value);
  const keyFor = uniqueKeys();
  const tiles = entriesOf(blok.Tiles, masonryTile).flatMap((item, index): MasonryTile[] => {
    const key = keyFor(item._uid, `tile-${index}`);
    const media = mediaOf(item.Media, item.AltLanguage);
    // a tile is its medium: without one there is nothing to show
    if (!media) return [];
    const tags = item.Tags.map((tag) => tag.trim());
    // the about page has no default-language story beside it: a translated page's Info is taken to be its language
    const infoLanguage = fieldLanguage({ value: item.Info, page: language, marker: item.InfoLanguage }) ?? language;
    return [{ key, media, info: item.Info, infoLanguage, tags, editable: editableAttributes(item) }];
  });
  return {
    headline: blok.Headline,
    tiles,
    tags: [...new Set(tiles.flatMap((tile) => tile.tags))],
    lightboxSet,
    editable: editableAttributes(blok),
  };
}

function parseBodyBlok(
  raw: Record<string, unknown> & { component: string },
  key: string,
  masonryOrdinal: () => number,
  language: Language,
): AboutBodyBlok {
  switch (raw.component) {
    case aboutBlock.name:
      return { key, component: "about_block", view: parseAboutBlock(raw) };
    case overview.name:
      return { key, component: "overview", view: parseOverview(raw) };
    case masonry.name:
      return { key, component: "masonry", view: parseMasonry(raw, masonryOrdinal(), language) };
    default:
      return { key, component: raw.component, view: null };
  }
}

/** The images of a body blok in order (an overview's items, a masonry's tiles). */
function blokImages(blok: AboutBodyBlok): Array<{ filename: string; alt: string; focus?: string }> {
  if (blok.view === null) return [];
  const media =
    blok.component === "overview"
      ? blok.view.items.map((item) => item.media)
      : blok.component === "masonry"
        ? blok.view.tiles.map((tile) => tile.media)
        : [];
  return media.flatMap((item) =>
    item?.kind === "image" ? [{ filename: item.src, alt: item.alt, focus: item.focus }] : [],
  );
}

/** The about story (the CDN `story` object) as the page's data; never throws. */
export function parseAboutStory(value: unknown, language: Language = DEFAULT_LANGUAGE): AboutPage {
  const story = parseStory(value, about);
  const keyFor = uniqueKeys();
  let masonries = 0;
  const body = parseBloks(story.content.body).map((raw, index) =>
    parseBodyBlok(raw, keyFor(raw._uid, String(index)), () => ++masonries, language),
  );
  const name = story.name.trim() || uiText[language].aboutTitle;
  const firstText = body
    .flatMap((blok) => (blok.view !== null && blok.component === "about_block" ? [blok.view.text] : []))
    .map((text) => richTextPlainText(text, 160))
    .find(Boolean);
  return {
    storyId: story.id,
    name,
    body,
    metaTitle: name,
    description: firstText ?? "",
    // the page's images in order: candidates for its share image
    shareImage: firstShareImage(body.flatMap(blokImages)),
  };
}

/**
 * SPEC 7: the about entry in its online version (the visual editor asks for
 * the draft it edits). Rejects when it cannot be read.
 */
export async function loadAboutPage(
  client: StoryblokClient,
  version: "draft" | "published" = ABOUT_VERSION,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AboutPage> {
  return parseAboutStory(await fetchStory(client, "about", version, language), language);
}
