import * as v from "valibot";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../language";
import { FOCUS_FIELD_PATTERN } from "../focal-point";
import { LANGUAGE_CLASS_PREFIX } from "../rich-text-marks";
import { parseRichText, type RichTextDocument } from "../rich-text";
import { assetValue, bool, languageValue, linkValue, textList, trimmedText, type Asset, type Link } from "./values";

/**
 * Storyblok's field types as the model declares them: each field's valibot
 * schema (from ./values: it never fails, a missing, empty, wrongly typed or
 * hostile value gets a safe default) and what Storyblok's component
 * definition says about it (the generators write storyblok/components.json
 * and the field tables of docs/content-model.md from it).
 *
 * The constructors are marked free of side effects: a bundle that imports a
 * schema module without using it (a route's loader code, dropped from the
 * browser build) drops the schema too.
 */

/** The Storyblok field types the model uses (Management API, "Possible field types"). */
export type FieldType =
  "text" | "textarea" | "richtext" | "asset" | "multilink" | "boolean" | "option" | "options" | "bloks";

export interface FieldDefinition {
  type: FieldType;
  /** the field's label in Storyblok's editor */
  display: string;
  /** the editor's help text, and the docs' */
  description: string;
  required: boolean;
  /** the value differs per language (Storyblok's field-level translation) */
  translatable: boolean;
  /** the rest of Storyblok's field object for this type: filetypes, component_whitelist, options ... */
  storyblok: Readonly<Record<string, unknown>>;
}

export interface Field<Output> {
  definition: FieldDefinition;
  schema: v.GenericSchema<unknown, Output>;
}

export interface FieldOptions {
  display: string;
  description?: string;
  required?: boolean;
  translatable?: boolean;
}

/* @__NO_SIDE_EFFECTS__ */
export function defineField<Output>(
  type: FieldType,
  options: FieldOptions,
  schema: v.GenericSchema<unknown, Output>,
  storyblok: Record<string, unknown> = {},
): Field<Output> {
  const { display, description = "", required = false, translatable = false } = options;
  return { definition: { type, display, description, required, translatable, storyblok }, schema };
}

const richTextSchema = v.pipe(v.unknown(), v.transform(parseRichText));

/** A single-line text; leading and trailing white space is dropped. */
/* @__NO_SIDE_EFFECTS__ */
export function text(options: FieldOptions): Field<string> {
  return defineField("text", options, trimmedText);
}

/**
 * A focal point typed as the asset manager writes one, "x1xy1:x2xy2" in the
 * image file's pixels (its `focus`), or empty: a text field that Storyblok
 * checks with a regular expression when the story is saved. A point that
 * does not lie in the file is ignored where it is used (../focal-point).
 */
/* @__NO_SIDE_EFFECTS__ */
export function focalPoint(options: FieldOptions): Field<string> {
  return defineField("text", options, trimmedText, { regex: FOCUS_FIELD_PATTERN });
}

/** A multi-line text; leading and trailing white space is dropped. */
/* @__NO_SIDE_EFFECTS__ */
export function textarea(options: FieldOptions): Field<string> {
  return defineField("textarea", options, trimmedText);
}

/**
 * Rich text. Its style options (the editor's "raindrop" menu, a `styled`
 * mark with the option's class) mark a passage as written in one of the
 * site's languages: the page gives it that `lang` (components/rich-text).
 */
/* @__NO_SIDE_EFFECTS__ */
export function richtext(options: FieldOptions): Field<RichTextDocument> {
  return defineField("richtext", options, richTextSchema, {
    style_options: LANGUAGES.map((language) => ({
      name: LANGUAGE_NAMES[language],
      value: `${LANGUAGE_CLASS_PREFIX}${language}`,
    })),
  });
}

/**
 * A single option naming one of the site's languages: the language a text
 * field of the same blok is written in, where it is not the story's own
 * (empty: the story's language).
 */
/* @__NO_SIDE_EFFECTS__ */
export function language(options: FieldOptions): Field<Language | ""> {
  return defineField("option", options, languageValue, {
    options: LANGUAGES.map((value) => ({ name: LANGUAGE_NAMES[value], value })),
  });
}

/* @__NO_SIDE_EFFECTS__ */
export function boolean(options: FieldOptions): Field<boolean> {
  return defineField("boolean", options, bool);
}

/** Storyblok's asset groups for `filetypes`. */
export type AssetKind = "images" | "videos" | "audios" | "texts";

/** One asset; `filetypes` limits what the editor may pick (none: any file). */
/* @__NO_SIDE_EFFECTS__ */
export function asset(options: FieldOptions & { filetypes?: AssetKind[] }): Field<Asset> {
  return defineField("asset", options, assetValue, options.filetypes ? { filetypes: options.filetypes } : {});
}

/** A link (story, URL or e-mail), as an href the site may render. */
/* @__NO_SIDE_EFFECTS__ */
export function multilink(
  options: FieldOptions & { email?: boolean; newTab?: boolean; customAttributes?: boolean },
): Field<Link> {
  return defineField("multilink", options, linkValue, {
    ...(options.email ? { email_link_type: true } : {}),
    ...(options.newTab ? { allow_target_blank: true } : {}),
    ...(options.customAttributes ? { allow_custom_attributes: true } : {}),
  });
}

/** A multi-option field of fixed values (e.g. tags); the editor may add values in Storyblok. */
/* @__NO_SIDE_EFFECTS__ */
export function optionList(options: FieldOptions & { values: readonly string[] }): Field<string[]> {
  return defineField("options", options, textList, {
    options: options.values.map((value) => ({ name: value, value })),
  });
}

/** A references field (multi-option, source: stories): uuids of the stories in `folder` of `contentType`. */
/* @__NO_SIDE_EFFECTS__ */
export function storyReferences(options: FieldOptions & { folder: string; contentType: string }): Field<string[]> {
  return defineField("options", options, textList, {
    source: "internal_stories",
    folder_slug: options.folder,
    filter_content_type: [options.contentType],
    use_uuid: true,
    is_reference_type: true,
  });
}
