import { DEFAULT_LANGUAGE, type Language } from "../language";

/**
 * The language a field's text is written in, as far as the content says
 * (docs/content-model.md, "Languages of the text"). A German story's field
 * is German unless the editor marked it otherwise (a language option beside
 * a text field, a style option inside rich text). On a page in another
 * language Storyblok answers an untranslated field with the German value:
 * a value equal to the German story's is that German text, in the marked
 * language; any other value is the translation, in the page's language.
 */
export interface FieldLanguageInput<T> {
  /** the field's value on the page */
  value: T;
  /** the page's language (the language the story was asked for in) */
  page: Language;
  /** the editor's marker of the default-language text; "" when not set */
  marker?: Language | "";
  /**
   * What the value is compared with, where the page is not in the default
   * language: the same field of the default-language story, or of the view
   * the page loaded with (a live edit), with that text's language (null:
   * not known). Undefined: nothing to compare with.
   */
  reference?: { value: T; language: Language | null } | undefined;
  /** what a value that cannot be compared is taken for: the page's language, or not known (null) */
  uncompared?: "page" | "unknown";
}

export function fieldLanguage<T>({
  value,
  page,
  marker = "",
  reference,
  uncompared = "page",
}: FieldLanguageInput<T>): Language | null {
  if (page === DEFAULT_LANGUAGE) return marker || DEFAULT_LANGUAGE;
  if (!reference) return uncompared === "page" ? page : null;
  return sameValue(value, reference.value) ? reference.language : page;
}

/** Equal as content: strings by their text, parsed rich text by its JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The language of a text that Storyblok does not translate, such as an
 * asset's alt text and name (asset fields are not translatable in this
 * model: every language's answer carries the default story's asset). By the
 * rule above it always equals the default story's value, so it is written
 * in the editor's marked language, else the default language, on every page.
 */
export function untranslatedLanguage(marker: Language | "" = ""): Language {
  return marker || DEFAULT_LANGUAGE;
}
