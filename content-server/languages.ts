/**
 * Storyblok's field-level translation, as the content folder stores it and
 * as the Content Delivery API answers it.
 *
 * Stored (docs/content-model.md, "Translations"): a translated field sits
 * beside its default value in the same blok, its name suffixed with
 * `__i18n__` and the language code (`Headline__i18n__en`), which is how the
 * Management API and Storyblok's exports hold them
 * (https://www.storyblok.com/docs/api/management/stories/internationalization-for-stories).
 * A story's translated slugs are its `translated_slugs` (`{ path, name, lang,
 * published }`, the delivery API's own shape); the space's languages are
 * `space.language_codes` of space.json.
 *
 * Answered: `language=xx` (one of the space's codes) gives every field its
 * `__i18n__xx` value, else the `fallback_lang` one, else the default value,
 * and no `__i18n__` key ever leaves the service (the delivery API resolves
 * them). The story says `lang` ("default" without a language), its
 * `full_slug` is prefixed with the language code and uses the translated
 * path, `default_full_slug` and `translated_slugs` are there when the story
 * has translated slugs (null otherwise, as the ruby fixtures record for a
 * space without them).
 */

export const I18N_MARK = "__i18n__";

/** Language codes as Storyblok names them: `en`, `pt-br`, `zh-hans` (at most 16 characters). */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,2}$/i;

export function isLanguageCode(value: unknown): value is string {
  return typeof value === "string" && value.length <= 16 && LANGUAGE_CODE.test(value);
}

/** The language an answer is in: a code of the space and an optional fallback code, or the default. */
export interface Localization {
  lang: string | null;
  fallback: string | null;
}

export const DEFAULT_LOCALIZATION: Localization = { lang: null, fallback: null };

/**
 * The requested language, when the space has it: `language` (and
 * `fallback_lang`, only with a language). A code the space does not know
 * answers the default language, as a translation that does not exist would.
 */
export function localizationOf(
  language: string | undefined,
  fallback: string | undefined,
  spaceLanguages: readonly string[],
): Localization {
  const lang = language && spaceLanguages.includes(language) ? language : null;
  if (!lang) return DEFAULT_LOCALIZATION;
  return { lang, fallback: fallback && fallback !== lang && spaceLanguages.includes(fallback) ? fallback : null };
}

/** A cache key for the answers of one localization. */
export function localizationKey(localization: Localization): string {
  return localization.lang ? `${localization.lang}|${localization.fallback ?? ""}` : "";
}

type Json = Record<string, unknown>;

const MAX_DEPTH = 64;

/**
 * A content tree in one language: each field takes its translation when
 * there is one (the language's, else the fallback's), and every
 * `__i18n__` key is dropped. The tree itself is not changed.
 */
export function localizeContent(node: unknown, localization: Localization, depth = 0): unknown {
  if (node === null || typeof node !== "object" || depth > MAX_DEPTH) return node;
  if (Array.isArray(node)) return node.map((item) => localizeContent(item, localization, depth + 1));
  const source = node as Json;
  const out: Json = {};
  for (const key of Object.keys(source)) {
    if (key.includes(I18N_MARK)) continue;
    let value = source[key];
    const { lang, fallback } = localization;
    if (lang && Object.hasOwn(source, `${key}${I18N_MARK}${lang}`)) value = source[`${key}${I18N_MARK}${lang}`];
    else if (fallback && Object.hasOwn(source, `${key}${I18N_MARK}${fallback}`))
      value = source[`${key}${I18N_MARK}${fallback}`];
    out[key] = localizeContent(value, localization, depth + 1);
  }
  return out;
}

/**
 * The story's stored translated slugs that are well formed, as the delivery API lists them (`{ path, name, lang,
 * published }`); null when it has none.
 */
export function translatedSlugsOf(story: Json) {
  if (!Array.isArray(story.translated_slugs)) return null;
  return (story.translated_slugs as unknown[]).flatMap((item) => {
    if (item === null || typeof item !== "object") return [];
    const { path, name, lang, published } = item as Json;
    if (!isLanguageCode(lang) || typeof path !== "string" || !path) return [];
    return {
      path: path.replace(/^\/+|\/+$/g, ""),
      name: typeof name === "string" ? name : "",
      lang,
      published: published !== false,
    };
  });
}

function lastSegment(fullSlug: string): string {
  return fullSlug.replace(/\/+$/, "").split("/").pop() ?? "";
}

/** The path of a story in a language: its translated path, else its default full_slug. */
export function pathIn(story: Json & { full_slug: string }, lang: string): string {
  return translatedSlugsOf(story)?.find((slug) => slug.lang === lang)?.path ?? story.full_slug;
}

/** A story object as an answer in `localization` carries it. */
export function localizeStory<Story extends Json & { full_slug: string }>(
  story: Story,
  localization: Localization,
): Story {
  const translated = translatedSlugsOf(story);
  const { lang } = localization;
  const localized: Json = {
    ...story,
    content: localizeContent(story.content, localization),
    lang: lang ?? "default",
    alternates: Array.isArray(story.alternates) ? story.alternates : [],
    default_full_slug: translated ? story.full_slug : null,
    translated_slugs: translated,
  };
  if (lang) {
    const path = pathIn(story, lang);
    localized.full_slug = `${lang}/${path}`;
    if (path !== story.full_slug) localized.slug = lastSegment(path);
  }
  return localized as Story;
}

/**
 * A story's language versions for a link object (`alternates` of
 * https://www.storyblok.com/docs/api/content-delivery/v2/links/the-link-object:
 * "language versions defined using field-level translation").
 */
export function linkAlternates(
  story: Json & { full_slug: string },
  languages: readonly string[],
  published: boolean,
): Array<{ path: string; name: string; lang: string; published: boolean; translated_slug: string }> {
  const translated = translatedSlugsOf(story) ?? [];
  return languages.map((lang) => {
    const slug = translated.find((item) => item.lang === lang);
    const path = slug?.path ?? story.full_slug;
    return {
      path,
      name: slug?.name || (typeof story.name === "string" ? story.name : ""),
      lang,
      published: published && (slug?.published ?? true),
      translated_slug: lastSegment(path),
    };
  });
}
