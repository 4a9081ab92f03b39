import { isDeepStrictEqual } from "node:util";
import { I18N_MARK } from "../../content-server/languages";
import { isObject, type Json } from "./json";

/**
 * Field-level translations into the content folder's format: the delivery
 * API answers one language at a time (`language=en`), with every field
 * resolved; the folder stores a translated field beside its default value
 * as `{field}__i18n__{code}`, as the Management API and Storyblok's exports
 * do (docs/content-model.md, "Translations"). A field whose answer in the
 * language equals the default one is untranslated (or translated alike):
 * no key, and the content service answers the default, which is the same.
 */

const MAX_DEPTH = 64;

function isBlok(value: unknown): value is Json & { _uid: string } {
  return isObject(value) && typeof value._uid === "string" && typeof value.component === "string";
}

/** Keys of a blok that are its identity, never translated. */
const STRUCTURAL = new Set(["_uid", "component", "_editable"]);

/**
 * `base` with the fields of `translated` (the same blok in `lang`) that
 * differ from it added as `{field}__i18n__{lang}`. Bloks fields are not
 * translatable in Storyblok: their bloks are matched by `_uid` and merged
 * field by field.
 */
export function mergeTranslatedBlok(base: Json, translated: Json, lang: string, depth = 0): Json {
  if (depth > MAX_DEPTH) return base;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(translated)) {
    if (STRUCTURAL.has(key) || key.includes(I18N_MARK) || !Object.hasOwn(base, key)) continue;
    const original = base[key];
    if (Array.isArray(original) && Array.isArray(value) && original.every(isBlok)) {
      const byUid = new Map(value.filter(isBlok).map((blok) => [blok._uid, blok]));
      out[key] = original.map((blok) => {
        const other = byUid.get(blok._uid);
        return other ? mergeTranslatedBlok(blok, other, lang, depth + 1) : blok;
      });
    } else if (!isDeepStrictEqual(original, value)) {
      out[`${key}${I18N_MARK}${lang}`] = value;
    }
  }
  return out;
}

/** The story with the translated fields of its answer in `lang`. */
export function mergeTranslatedStory<Story extends Json>(
  story: Story,
  translated: Json | undefined,
  lang: string,
): Story {
  if (!translated || !isObject(story.content) || !isObject(translated.content)) return story;
  return { ...story, content: mergeTranslatedBlok(story.content, translated.content, lang) };
}
