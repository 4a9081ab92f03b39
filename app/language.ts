/**
 * The site's languages: German at the paths of SPEC section 2, English
 * under /en/. Storyblok's field-level translation gives the English content
 * (`language=en`); German is the space's default language.
 */
export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de";

/** Whether a value is the code of one of the site's languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Each language in its own name (the content model's language options). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { de: "Deutsch", en: "English" };

/** Open Graph locales (`og:locale`): the studio writes British English for international clients. */
export const OG_LOCALES: Readonly<Record<Language, string>> = { de: "de_DE", en: "en_GB" };

const EN_PREFIX = /^\/en(?=\/|$)/;

/** The language of a site path: English under /en, German elsewhere. */
export function languageOfPath(pathname: string): Language {
  return EN_PREFIX.test(pathname) ? "en" : DEFAULT_LANGUAGE;
}

/** A path without its language prefix: "/en/about" -> "/about", "/en" -> "/". */
export function unlocalizedPath(pathname: string): string {
  return pathname.replace(EN_PREFIX, "") || "/";
}

/** A site path in a language: "/about" -> "/en/about", "/" -> "/en"; German paths have no prefix. */
export function localizedPath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  if (path === "/") return `/${language}`;
  return `/${language}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * An href of the content in a language: site paths ("/index", "/articles/x")
 * get the language's prefix, anything else (other sites, mailto:, #anchors)
 * stays as it is.
 */
export function localizedHref(href: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || !href.startsWith("/") || href.startsWith("//")) return href;
  if (EN_PREFIX.test(href)) return href;
  return localizedPath(href, language);
}

/** The other language of the two: what the header's switch offers. */
export function otherLanguage(language: Language): Language {
  return language === "de" ? "en" : "de";
}

/** Storyblok's `language` parameter: none for the space's default language. */
export function languageQuery(language: Language): { language?: string } {
  return language === DEFAULT_LANGUAGE ? {} : { language };
}
