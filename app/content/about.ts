import type { StoryblokClient } from "@storyblok/react";
import { parseAsset, parseBloks, parseText, parseTextList } from "./fields";
import { assetDimensions } from "./image-service";
import { mediaKind } from "./media-type";
import { parseRichText, richTextPlainText, type RichTextDocument } from "./rich-text";

/**
 * The about page (SPEC 2, 3, 7): the story `about` in its published
 * ("online") version. Its body bloks are rendered through the blok registry;
 * the parsers below turn each raw blok into the view its component renders.
 */

export const ABOUT_LOADING_TEXT = "Laden...";

/** SPEC 7: the about story is read in the online version, whatever the site's version. */
export const ABOUT_VERSION = "published" as const;

/** SPEC 9: blocks fade and slide in, 0.15 s apart, each for 0.6 s. */
export const ABOUT_STAGGER_SECONDS = 0.15;
export const ABOUT_FADE_SECONDS = 0.6;

/** The about page's body class: the orange style (SPEC 2) while the page is shown. */
export const ABOUT_BODY_CLASS = "about-page";

/** A body blok as it came from the CDN; the registry parses it when rendering. */
export type RawBodyBlok = Record<string, unknown> & { component: string; _uid: string };

export interface AboutPage {
  /** for the visual editor's live updates */
  storyId: number | null;
  name: string;
  body: RawBodyBlok[];
  /** the page's own title (the document title adds the studio's name) */
  metaTitle: string;
  /** the first block's text; "" when there is none */
  description: string;
}

export type AboutMedia =
  | { kind: "image"; src: string; alt: string; width: number | null; height: number | null }
  | { kind: "video"; src: string; label: string; width: number | null; height: number | null };

export interface AboutBlockView {
  headline: string;
  text: RichTextDocument;
}

export interface OverviewItem {
  key: string;
  headline: string;
  /** null for a missing asset or one that is neither image nor video: nothing is rendered for it */
  media: AboutMedia | null;
  text: RichTextDocument;
}

export interface OverviewView {
  headline: string;
  text: RichTextDocument;
  items: OverviewItem[];
}

export interface MasonryTile {
  key: string;
  media: AboutMedia;
  /** the overlay text */
  info: string;
  tags: string[];
}

export interface MasonryView {
  headline: string;
  tiles: MasonryTile[];
  /** the tiles' distinct tags, in order of first use: the filter pills */
  tags: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The site's content client, imported on first use so pages that only render never load it. */
async function siteClient(): Promise<StoryblokClient> {
  const { contentClient } = await import("./storyblok-client");
  return contentClient();
}

/** An asset as image or video by its extension (SPEC 2, About); anything else is null. */
export function aboutMedia(value: unknown): AboutMedia | null {
  const asset = parseAsset(value);
  const size = assetDimensions(asset.filename);
  const width = size?.width ?? null;
  const height = size?.height ?? null;
  switch (mediaKind(asset.filename)) {
    case "image":
      return { kind: "image", src: asset.filename, alt: asset.alt.trim() || asset.name.trim(), width, height };
    case "video":
      return { kind: "video", src: asset.filename, label: asset.alt.trim() || asset.name.trim(), width, height };
    default:
      return null;
  }
}

/** Keys for React lists: the blok's _uid, made unique when editors duplicated bloks. */
function uniqueKeys(items: Record<string, unknown>[], prefix: string): string[] {
  const seen = new Set<string>();
  return items.map((item, index) => {
    const uid = parseText(item._uid);
    let key = uid && !seen.has(uid) ? uid : `${prefix}-${index}`;
    // an editor's uid may look like a fallback key ("tile-1"): never hand out a key twice
    for (let n = 2; seen.has(key); n += 1) key = `${prefix}-${index}-${n}`;
    seen.add(key);
    return key;
  });
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

export function parseAboutBlock(blok: unknown): AboutBlockView {
  const record = isRecord(blok) ? blok : {};
  return { headline: parseText(record.Headline).trim(), text: parseRichText(record.Text) };
}

export function parseOverview(blok: unknown): OverviewView {
  const record = isRecord(blok) ? blok : {};
  const items = records(record.Items);
  const keys = uniqueKeys(items, "item");
  return {
    headline: parseText(record.Headline).trim(),
    text: parseRichText(record.Text),
    items: items.map((item, index) => ({
      key: keys[index]!,
      headline: parseText(item.Headline).trim(),
      media: aboutMedia(item.Asset),
      text: parseRichText(item.Text),
    })),
  };
}

export function parseMasonry(blok: unknown): MasonryView {
  const record = isRecord(blok) ? blok : {};
  const items = records(record.Tiles);
  const keys = uniqueKeys(items, "tile");
  const tiles = items.flatMap((item, index): MasonryTile[] => {
    const media = aboutMedia(item.Media);
    // a tile is its medium: without one there is nothing to show
    if (!media) return [];
    return [{ key: keys[index]!, media, info: parseText(item.Info).trim(), tags: parseTextList(item.Tags).map((tag) => tag.trim()) }];
  });
  return { headline: parseText(record.Headline).trim(), tiles, tags: [...new Set(tiles.flatMap((tile) => tile.tags))] };
}

/** The about story (the CDN `story` object) as the page's data; never throws. */
export function parseAboutStory(story: unknown): AboutPage {
  const record = isRecord(story) ? story : {};
  const content = isRecord(record.content) ? record.content : {};
  const body = parseBloks(content.body);
  const name = parseText(record.name).trim() || "About";
  const firstText = body
    .filter((blok) => blok.component === "about_block")
    .map((blok) => richTextPlainText(parseAboutBlock(blok).text, 160))
    .find(Boolean);
  return {
    storyId: typeof record.id === "number" && Number.isFinite(record.id) ? record.id : null,
    name,
    body,
    metaTitle: name,
    description: firstText ?? "",
  };
}

/** The page's images in order (overview items, then masonry tiles): candidates for its share image. */
export function aboutImages(body: readonly RawBodyBlok[]): Array<{ filename: string; alt: string }> {
  return body.flatMap((blok) => {
    const media =
      blok.component === "overview"
        ? parseOverview(blok).items.map((item) => item.media)
        : blok.component === "masonry"
          ? parseMasonry(blok).tiles.map((tile) => tile.media)
          : [];
    return media.flatMap((item) => (item?.kind === "image" ? [{ filename: item.src, alt: item.alt }] : []));
  });
}

/** SPEC 7: the about entry in its online version. Rejects when it cannot be read. */
export async function loadAboutPage(): Promise<AboutPage> {
  const { data } = await (await siteClient()).get("cdn/stories/about", { version: ABOUT_VERSION });
  if (!isRecord(data) || !isRecord(data.story)) throw new Error("No story in the answer for about");
  return parseAboutStory(data.story);
}

/** The animation timing of the block at `index` (SPEC 9), in seconds. */
export function aboutBlockTiming(index: number): { delay: number; duration: number } {
  return { delay: Math.round(index * ABOUT_STAGGER_SECONDS * 100) / 100, duration: ABOUT_FADE_SECONDS };
}
