import * as v from "valibot";
import { isRecord } from "../is-record";
import type { ComponentDefinition } from "./component";
import { bool, lenientObject, plainText, textList } from "./values";

/**
 * A story as the Content Delivery API sends it (`data.story`, or one of
 * `data.stories`): the fields of it the site reads, and its content parsed
 * by the story's root component.
 */

/** An ISO date from the CDN, or "" for anything that is not a date. */
const isoDate = v.fallback(
  v.pipe(
    v.string(),
    v.transform((value) => {
      const time = value.trim() === "" ? NaN : Date.parse(value);
      return Number.isNaN(time) ? "" : new Date(time).toISOString();
    }),
  ),
  "",
);

const storyFields = lenientObject({
  /** for the visual editor's live updates; null when it has none */
  id: v.fallback(v.nullable(v.pipe(v.number(), v.finite())), null),
  uuid: plainText,
  name: plainText,
  slug: plainText,
  full_slug: plainText,
  tag_list: textList,
  published_at: isoDate,
  first_published_at: isoDate,
  is_startpage: bool,
  content: v.unknown(),
});

export type StoryFields = v.InferOutput<typeof storyFields>;

export type Story<Content> = Omit<StoryFields, "content"> & { content: Content };

/** One translated slug per language; more are not read (a hostile answer may hold a sparse array of any length). */
const MAX_TRANSLATED_SLUGS = 100;

function languageOf(value: unknown): string {
  const lang = typeof value === "object" && value !== null ? (value as { lang?: unknown }).lang : undefined;
  return typeof lang === "string" && lang !== "default" ? lang : "";
}

/**
 * A story's path in the language it was answered in, without the language's
 * prefix: an answer with `language=en` has `lang: "en"` and a `full_slug`
 * of `en/` plus the (translated) path, as Storyblok answers field-level
 * translations.
 */
export function storyPath(value: unknown): string {
  const fullSlug = typeof value === "object" && value !== null ? (value as { full_slug?: unknown }).full_slug : "";
  const path = typeof fullSlug === "string" ? fullSlug : "";
  const lang = languageOf(value);
  return lang && path.startsWith(`${lang}/`) ? path.slice(lang.length + 1) : path;
}

/** The story's name in its answer's language: the translated slug's name when it has one. */
function translatedName(value: unknown): string {
  const lang = languageOf(value);
  const slugs = lang ? (value as { translated_slugs?: unknown }).translated_slugs : undefined;
  if (!Array.isArray(slugs)) return "";
  const entry: unknown = slugs
    .slice(0, MAX_TRANSLATED_SLUGS)
    .find((slug: unknown) => isRecord(slug) && slug.lang === lang);
  return isRecord(entry) && typeof entry.name === "string" ? entry.name.trim() : "";
}

/** A story's fields without its content (listings of stories of any kind), in the answer's language. */
export function parseStoryFields(value: unknown): StoryFields {
  const story = v.parse(storyFields, value);
  const lang = languageOf(value);
  if (!lang) return story;
  return { ...story, full_slug: storyPath(value), name: translatedName(value) || story.name };
}

/** Any value as a story whose content is the given root component's; never throws. */
export function parseStory<Root extends Pick<ComponentDefinition, "parse">>(
  value: unknown,
  root: Root,
): Story<ReturnType<Root["parse"]>> {
  const story = parseStoryFields(value);
  return { ...story, content: root.parse(story.content) as ReturnType<Root["parse"]> };
}

/** The last path segment of a full_slug: articles/foo -> foo. */
export function lastSlugSegment(fullSlug: string): string {
  const parts = fullSlug.split("/").filter(Boolean);
  const last = parts[parts.length - 1] ?? "";
  // "." and ".." are no slug: /articles/.. would lead to the home page
  return last === "." || last === ".." ? "" : last;
}

/**
 * A story's path in each of the site's languages (without the language
 * prefix): its default path (`default_full_slug`, else its own path), and
 * the translated one from `translated_slugs`, else the default path.
 */
export function storyPaths(value: unknown): { default: string; translated: Readonly<Record<string, string>> } {
  const story = isRecord(value) ? value : {};
  const own = storyPath(story);
  const fallback =
    typeof story.default_full_slug === "string" && story.default_full_slug ? story.default_full_slug : "";
  const defaultPath = languageOf(story) ? fallback || own : own;
  const translated: Record<string, string> = {};
  if (Array.isArray(story.translated_slugs)) {
    for (const slug of (story.translated_slugs as unknown[]).slice(0, MAX_TRANSLATED_SLUGS)) {
      if (isRecord(slug) && typeof slug.lang === "string" && typeof slug.path === "string" && slug.path)
        translated[slug.lang] = slug.path;
    }
  }
  return { default: defaultPath, translated };
}
