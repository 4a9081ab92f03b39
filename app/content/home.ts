import type { StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentVersion } from "./content-config";
import { editableAttributes, type EditableAttributes } from "./editable";
import { entriesOf, uniqueKeys } from "./schema/component";
import type { Asset, Link } from "./schema/values";
import { phoneFocus } from "./focal-point";
import { oncePerBuild } from "./once-per-build";
import { gallery, galleryItem, hero, page, slide } from "./schema/page";
import { lastSlugSegment, parseStory, parseStoryFields } from "./schema/story";
import { firstShareImage, type ShareImage } from "./site";
import { fetchStories, fetchStory } from "./story-api";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

/** One hero slide: desktop media, phone media (<= 768 px) and where it leads. */
export interface HeroSlide {
  key: string;
  desktop: Asset;
  phone: Asset;
  link: Link;
  editable: EditableAttributes;
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
  /** for link previews: the first hero image, else the first gallery image */
  shareImage: ShareImage | null;
  hero: HeroContent;
  gallery: GalleryContent;
}

/** An article with at least one tag, for the gallery's filter buttons. */
export interface Category {
  name: string;
  slug: string;
  tags: string[];
}

function parseSlides(value: unknown, prefix: string): HeroSlide[] {
  const keyFor = uniqueKeys();
  return entriesOf(value, slide).flatMap((item, index) => {
    const key = keyFor(item._uid, `${prefix}-${index}`);
    if (!item.Image.filename && !item.PhoneSize.filename) return [];
    // a slide with only one of the two files shows it at every width
    const phone = item.PhoneSize.filename ? item.PhoneSize : item.Image;
    return [
      {
        key,
        desktop: item.Image.filename ? item.Image : item.PhoneSize,
        // the phone crop centres on the slide's phone focal point, else on the file's own
        phone: { ...phone, focus: phoneFocus(phone.filename, phone.focus, item.PhoneFocus) },
        link: item.link,
        editable: editableAttributes(item),
      },
    ];
  });
}

export function parseHero(value: unknown): HeroContent {
  const blok = hero.parse(value);
  const editable = editableAttributes(blok);
  const single = parseSlides(blok.Image, "image").slice(0, 1);
  if (!blok.CaruselYN) return { carousel: false, slides: single, editable };
  const slides = parseSlides(blok.Photo, "photo");
  // a carousel switched on with no slides still shows the single hero
  return slides.length > 0 ? { carousel: true, slides, editable } : { carousel: false, slides: single, editable };
}

export function parseGallery(value: unknown): GalleryContent {
  const blok = gallery.parse(value);
  const editable = editableAttributes(blok);
  if (blok.ImageData === null) return { items: null, editable };
  const keyFor = uniqueKeys();
  return {
    editable,
    items: entriesOf(blok.ImageData, galleryItem).map((item, index) => ({
      key: keyFor(item._uid, `tile-${index}`),
      image: item.Image,
      name: item.Name,
      tags: item.Tags,
      link: item.link,
      editable: editableAttributes(item),
    })),
  };
}

/** The home story (CDN `story` object) as the page's view model; never throws. */
export function parseHomeStory(value: unknown): HomePage {
  const story = parseStory(value, page);
  const body = story.content.body ?? [];
  const heroContent = parseHero(body[0]);
  const galleryContent = parseGallery(body[1]);
  const names = (galleryContent.items ?? []).map((item) => item.name).filter(Boolean);
  return {
    storyId: story.id,
    description: names.length > 0 ? `Selected work — ${names.slice(0, 6).join(", ")}.` : "Selected work.",
    shareImage: firstShareImage([
      ...heroContent.slides.flatMap((item) => [item.desktop, item.phone]),
      ...(galleryContent.items ?? []).map((item) => item.image),
    ]),
    hero: heroContent,
    gallery: galleryContent,
  };
}

export async function loadHomeStory(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<HomePage> {
  return parseHomeStory(await fetchStory(client, "home", version, language));
}

const buildHomeStory = new Map<Language, Promise<HomePage>>();

/**
 * The home story, read once per production build: the home page and the
 * root loader (every page's fallback share image is the home hero) share
 * the one request.
 */
export function loadHomeStoryOnce(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<HomePage> {
  return oncePerBuild(buildHomeStory, language, () => loadHomeStory(client, version, language));
}

/** Articles with at least one tag: name, slug and tags (SPEC 7, categories call). */
export function parseCategories(stories: unknown): Category[] {
  if (!Array.isArray(stories)) return [];
  return stories.map(parseStoryFields).flatMap((story) => {
    if (story.tag_list.length === 0) return [];
    return [{ name: story.name, slug: story.slug || lastSlugSegment(story.full_slug), tags: story.tag_list }];
  });
}

/** One listing of up to 100 articles; on failure an empty list (SPEC 8). */
export async function loadCategories(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Category[]> {
  try {
    return parseCategories(
      await fetchStories(client, { starts_with: "articles/", per_page: 100, version, ...languageQuery(language) }),
    );
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

export async function loadFilterTags(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string[]> {
  return categoryTags(await loadCategories(client, version, language));
}

export async function loadHomePage(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<HomeData> {
  const [homePage, filterTags] = await Promise.all([
    loadHomeStoryOnce(client, version, language),
    loadFilterTags(client, version, language),
  ]);
  return { page: homePage, filterTags };
}
