import type { StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentConfig } from "./content-config";
import { editableAttributes } from "./editable";
import {
  lastSlugSegment,
  parseAsset,
  parseBoolean,
  parseLink,
  parseText,
  parseTextList,
  type Asset,
  type Link,
} from "./fields";
import type { EditableAttributes } from "./layout";

/** One hero slide: desktop media, phone media (<= 768 px) and where it leads. */
export interface HeroSlide {
  key: string;
  desktop: Asset;
  phone: Asset;
  link: Link;
}

export interface HeroContent {
  /** CaruselYN: a snapping row of slides with dots, else one full-bleed slide. */
  carousel: boolean;
  /** The carousel's slides, or the single hero; empty until content exists. */
  slides: HeroSlide[];
  editable: EditableAttributes;
}

export interface GalleryItem {
  key: string;
  image: Asset;
  name: string;
  tags: string[];
  link: Link;
  editable: EditableAttributes;
}

export interface GalleryContent {
  /** null when ImageData is not a list (SPEC 5: 'Keine Bilddaten vorhanden.'). */
  items: GalleryItem[] | null;
  editable: EditableAttributes;
}

export interface HomePage {
  /** for the visual editor's live updates */
  storyId: number | null;
  /** "Selected work — {the first six tile names}." from the gallery; the meta tags prefix the studio's name */
  description: string;
  hero: HeroContent;
  gallery: GalleryContent;
}

/** An article with at least one tag, for the gallery's filter buttons. */
export interface Category {
  name: string;
  slug: string;
  tags: string[];
}

type Version = ContentConfig["version"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The site's content client, imported on first use so pages that only render never load it. */
async function siteClient(): Promise<StoryblokClient> {
  const { contentClient } = await import("./storyblok-client");
  return contentClient();
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
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

function parseSlides(value: unknown, prefix: string): HeroSlide[] {
  const items = records(value);
  const keys = uniqueKeys(items, prefix);
  return items.flatMap((item, index) => {
    const desktop = parseAsset(item.Image);
    const phone = parseAsset(item.PhoneSize);
    if (!desktop.filename && !phone.filename) return [];
    // a slide with only one of the two files shows it at every width
    return [
      {
        key: keys[index]!,
        desktop: desktop.filename ? desktop : phone,
        phone: phone.filename ? phone : desktop,
        link: parseLink(item.link),
      },
    ];
  });
}

export function parseHero(blok: unknown): HeroContent {
  if (!isRecord(blok)) return { carousel: false, slides: [], editable: {} };
  const editable = editableAttributes(blok);
  const single = parseSlides(blok.Image, "image").slice(0, 1);
  if (!parseBoolean(blok.CaruselYN)) return { carousel: false, slides: single, editable };
  const slides = parseSlides(blok.Photo, "photo");
  // a carousel switched on with no slides still shows the single hero
  return slides.length > 0 ? { carousel: true, slides, editable } : { carousel: false, slides: single, editable };
}

export function parseGallery(blok: unknown): GalleryContent {
  if (!isRecord(blok) || !Array.isArray(blok.ImageData)) {
    return { items: null, editable: isRecord(blok) ? editableAttributes(blok) : {} };
  }
  const items = records(blok.ImageData);
  const keys = uniqueKeys(items, "tile");
  return {
    editable: editableAttributes(blok),
    items: items.map((item, index) => ({
      key: keys[index]!,
      image: parseAsset(item.Image),
      name: parseText(item.Name).trim(),
      tags: parseTextList(item.Tags),
      link: parseLink(item.link),
      editable: editableAttributes(item),
    })),
  };
}

/** The home story (CDN `story` object) as the page's view model; never throws. */
export function parseHomeStory(story: unknown): HomePage {
  const record = isRecord(story) ? story : {};
  const content = isRecord(record.content) ? record.content : {};
  const body = Array.isArray(content.body) ? content.body : [];
  const hero = parseHero(body[0]);
  const gallery = parseGallery(body[1]);
  const names = (gallery.items ?? []).map((item) => item.name).filter(Boolean);
  return {
    storyId: typeof record.id === "number" && Number.isFinite(record.id) ? record.id : null,
    description: names.length > 0 ? `Selected work — ${names.slice(0, 6).join(", ")}.` : "Selected work.",
    hero,
    gallery,
  };
}

export async function loadHomeStory(version: Version = contentConfig.version): Promise<HomePage> {
  const { data } = await (await siteClient()).get("cdn/stories/home", { version });
  return parseHomeStory(isRecord(data) ? data.story : undefined);
}

let buildHomeStory: Promise<HomePage> | undefined;

/**
 * The home story, read once per production build: the home page and the
 * root loader (every page's fallback share image is the home hero) share
 * the one request.
 */
export function loadHomeStoryOnce(version: Version = contentConfig.version): Promise<HomePage> {
  if (!import.meta.env.PROD) return loadHomeStory(version);
  buildHomeStory ??= loadHomeStory(version).catch((error: unknown) => {
    buildHomeStory = undefined;
    throw error;
  });
  return buildHomeStory;
}

/** The home page's share image candidates: the hero slides' images, then the gallery's. */
export function homeImages(page: HomePage): Array<{ filename: string; alt: string }> {
  return [
    ...page.hero.slides.flatMap((slide) => [slide.desktop, slide.phone]),
    ...(page.gallery.items ?? []).map((item) => item.image),
  ];
}

/** Articles with at least one tag: name, slug and tags (SPEC 7, categories call). */
export function parseCategories(stories: unknown): Category[] {
  return records(stories).flatMap((story) => {
    const tags = parseTextList(story.tag_list);
    if (tags.length === 0) return [];
    const slug = parseText(story.slug) || lastSlugSegment(parseText(story.full_slug));
    return [{ name: parseText(story.name), slug, tags }];
  });
}

/** One listing of up to 100 articles; on failure an empty list (SPEC 8). */
export async function loadCategories(version: Version = contentConfig.version): Promise<Category[]> {
  try {
    const { data } = await (await siteClient()).get("cdn/stories", {
      starts_with: "articles/",
      per_page: 100,
      version,
    });
    return parseCategories(isRecord(data) ? data.stories : undefined);
  } catch (error) {
    console.error("Fehler beim Laden der Kategorien:", error);
    return [];
  }
}

/** The filter buttons: each tag once, in the order the categories first name it. */
export function categoryTags(categories: readonly Category[]): string[] {
  return [...new Set(categories.flatMap((category) => category.tags))];
}

export interface HomeData {
  page: HomePage;
  /** the filter buttons; empty while (or when) the categories cannot be read */
  filterTags: string[];
}

export async function loadFilterTags(version: Version = contentConfig.version): Promise<string[]> {
  return categoryTags(await loadCategories(version));
}

export async function loadHomePage(version: Version = contentConfig.version): Promise<HomeData> {
  const [page, filterTags] = await Promise.all([loadHomeStoryOnce(version), loadFilterTags(version)]);
  return { page, filterTags };
}
