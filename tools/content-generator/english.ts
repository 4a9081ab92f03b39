// The demo studio's English texts: Storyblok's field-level translation of its German ones.
import { isRecord } from "../../app/content/is-record";
import { ARTICLE_TEXTS_IN_ENGLISH } from "./english-articles";
import { PAGE_TEXTS_IN_ENGLISH } from "./english-pages";
import { fieldNamesByComponent } from "./story-shape";

/**
 * German text -> its English version, for every text of a translatable
 * field (rich text by its text runs). Project, client and place names stay
 * as they are; so do texts that are English already (the studio writes
 * some in English).
 */
const ENGLISH: ReadonlyMap<string, string> = withSentencesOfMixedTexts([
  ...PAGE_TEXTS_IN_ENGLISH,
  ...ARTICLE_TEXTS_IN_ENGLISH,
]);

/** A text's sentences, each with the white space after it. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?]\s)(?=[A-ZÄÖÜ»"])/);
}

/**
 * The dictionary, and for a text that mixes languages (its translation
 * keeps some sentences word for word: those were English already) each of
 * its German sentences alone: language-marks.ts splits such a text into
 * its sentences to mark the English ones.
 */
function withSentencesOfMixedTexts(entries: readonly (readonly [string, string])[]): Map<string, string> {
  const dictionary = new Map<string, string>(entries);
  for (const [german, english] of entries) {
    for (const [sentence, translated] of mixedSentences(german, english) ?? [])
      if (sentence !== translated && !dictionary.has(sentence)) dictionary.set(sentence, translated);
  }
  return dictionary;
}

/**
 * A text of two sentences or more whose translation keeps some of them word
 * for word (those were written in English): its sentences beside their
 * translations. Null for any other text.
 */
export function mixedSentences(german: string, english: string): [string, string][] | null {
  const germanSentences = sentences(german);
  const englishSentences = sentences(english);
  if (germanSentences.length < 2 || germanSentences.length !== englishSentences.length) return null;
  if (!germanSentences.some((sentence, i) => sentence === englishSentences[i])) return null;
  return germanSentences.map((sentence, i) => [sentence, englishSentences[i]!]);
}

/** The English version of a German text, or undefined for a text the studio wrote in English (or a name). */
export function englishOf(text: string): string | undefined {
  return ENGLISH.get(text);
}

/** The header's link to the English pages: its German text and, translated, the link back. */
export const LANGUAGE_LABEL = "English";

/** A field's value in English: texts and rich-text runs through the dictionary; anything else as it is. */
function english(value: unknown): unknown {
  if (typeof value === "string") return ENGLISH.get(value) ?? value;
  if (Array.isArray(value)) return value.map(english);
  if (!isRecord(value)) return value;
  if (value.type === "text" && typeof value.text === "string")
    return { ...value, text: ENGLISH.get(value.text) ?? value.text };
  if (typeof value.type === "string" && Array.isArray(value.content))
    return { ...value, content: value.content.map(english) };
  return value;
}

const translatableFields = fieldNamesByComponent((definition) => definition.translatable);

/**
 * A blok tree with the English translation of each translatable field
 * beside it (`{field}__i18n__en`), where the English text differs: an
 * untranslated field has no key and falls back to German.
 */
export function withEnglish<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withEnglish) as T;
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  const fields = typeof node.component === "string" ? (translatableFields.get(node.component) ?? []) : [];
  for (const [key, value] of Object.entries(node)) {
    out[key] = withEnglish(value);
    if (!fields.includes(key)) continue;
    const translated = english(value);
    if (JSON.stringify(translated) !== JSON.stringify(value)) out[`${key}__i18n__en`] = translated;
  }
  return out as T;
}

/** Stories whose name differs in English: a translated slug with the same path and the English name. */
const ENGLISH_NAMES: Readonly<Record<string, string>> = { imprint: "Imprint" };

/** A story (CDN shape) with its English fields, and its English name where it has one. */
export function storyWithEnglish<T extends { full_slug: string; content: unknown }>(story: T): T {
  const fullSlug = story.full_slug;
  const name = ENGLISH_NAMES[fullSlug];
  return {
    ...story,
    content: withEnglish(story.content),
    ...(name
      ? {
          default_full_slug: fullSlug,
          translated_slugs: [{ path: fullSlug, name, lang: "en", published: true }],
        }
      : {}),
  };
}
