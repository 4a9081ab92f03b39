import * as v from "valibot";
import { isRecord } from "../is-record";
import { parseRichText, safeHref, type RichTextDocument } from "../rich-text";

/**
 * Storyblok's field types as valibot schemas that never fail. CMS content is
 * edited by people: every field may be missing, empty, of the wrong type or
 * hostile, so each schema yields a safe default instead of an error. Beside
 * its schema every field carries what Storyblok's component definition says
 * about it (the generators write storyblok/components.json and the field
 * tables of docs/content-model.md from it).
 *
 * The constructors are marked free of side effects: a bundle that imports a
 * schema module without using it (a route's loader code, dropped from the
 * browser build) drops the schema too.
 */

/** The Storyblok field types the model uses (Management API, "Possible field types"). */
export type FieldType = "text" | "textarea" | "richtext" | "asset" | "multilink" | "boolean" | "options" | "bloks";

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

export interface Asset {
  filename: string;
  alt: string;
  name: string;
  title: string;
}

export interface Link {
  /** An href for an <a>, or "" when the link is empty. */
  href: string;
  /** True when the link points inside the site (render with the router's Link). */
  internal: boolean;
  target: "_self" | "_blank";
  title: string;
}

/**
 * An object schema that never fails: an entry that is missing parses as null
 * (so its fallback, and any normaliser after it, runs) and a value that is no
 * object at all parses as an empty object.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lenientObject<Entries extends Record<string, v.GenericSchema>>(
  entries: Entries,
): v.GenericSchema<unknown, { [Key in keyof Entries]: v.InferOutput<Entries[Key]> }> {
  const wrapped: Record<string, v.GenericSchema> = {};
  for (const [key, schema] of Object.entries(entries)) wrapped[key] = v.optional(schema, null);
  const object = v.object(wrapped);
  return v.fallback(object, () => v.parse(object, {})) as v.GenericSchema<
    unknown,
    { [Key in keyof Entries]: v.InferOutput<Entries[Key]> }
  >;
}

export const plainText = v.fallback(v.string(), "");
const trimmedText = v.fallback(v.pipe(v.string(), v.trim()), "");
export const bool = v.fallback(v.boolean(), false);

/** A list of non-blank strings (multi-option values, tags); anything else in it is dropped. */
export const textList = v.pipe(
  v.fallback(v.array(v.unknown()), []),
  v.transform((items) => items.filter((item): item is string => typeof item === "string" && item.trim() !== "")),
);

const EMPTY_ASSET: Asset = { filename: "", alt: "", name: "", title: "" };

const assetSchema = v.pipe(
  v.fallback(v.object({ filename: plainText, alt: plainText, name: plainText, title: plainText }), EMPTY_ASSET),
  // a blank alt is no alt: the components' fallbacks ('no information') apply
  v.transform((parsed): Asset => {
    const asset = { ...parsed, alt: parsed.alt.trim() };
    return isLoadable(asset.filename) ? asset : { ...asset, filename: "" };
  }),
);

const multilinkObject = v.fallback(
  v.object({
    url: plainText,
    cached_url: plainText,
    linktype: plainText,
    email: plainText,
    target: plainText,
    anchor: plainText,
    title: plainText,
  }),
  { url: "", cached_url: "", linktype: "", email: "", target: "", anchor: "", title: "" },
);

const multilinkSchema = v.pipe(multilinkObject, v.transform(toLink));

const richTextSchema = v.pipe(v.unknown(), v.transform(parseRichText));

/** A single-line text; leading and trailing white space is dropped. */
/* @__NO_SIDE_EFFECTS__ */
export function text(options: FieldOptions): Field<string> {
  return defineField("text", options, trimmedText);
}

/** A multi-line text; leading and trailing white space is dropped. */
/* @__NO_SIDE_EFFECTS__ */
export function textarea(options: FieldOptions): Field<string> {
  return defineField("textarea", options, trimmedText);
}

/* @__NO_SIDE_EFFECTS__ */
export function richtext(options: FieldOptions): Field<RichTextDocument> {
  return defineField("richtext", options, richTextSchema);
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
  return defineField("asset", options, assetSchema, options.filetypes ? { filetypes: options.filetypes } : {});
}

/** A link (story, URL or e-mail), as an href the site may render. */
/* @__NO_SIDE_EFFECTS__ */
export function multilink(
  options: FieldOptions & { email?: boolean; newTab?: boolean; customAttributes?: boolean },
): Field<Link> {
  return defineField("multilink", options, multilinkSchema, {
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

export function parseText(value: unknown): string {
  return v.parse(plainText, value);
}

export function parseBoolean(value: unknown): boolean {
  return v.parse(bool, value);
}

export function parseTextList(value: unknown): string[] {
  return v.parse(textList, value);
}

export function parseAsset(value: unknown): Asset {
  return v.parse(assetSchema, value);
}

/** Turns a multilink into an href; only http(s), mailto, tel and site paths pass. */
export function parseLink(value: unknown): Link {
  return v.parse(multilinkSchema, value);
}

/** A blok list: keeps only objects that carry a component name. */
export function parseBloks(value: unknown): Array<Record<string, unknown> & { component: string; _uid: string }> {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> & { component: string } => isRecord(item) && typeof item.component === "string")
    .map((item) => ({ ...item, _uid: typeof item._uid === "string" ? item._uid : "" }));
}

/**
 * Asset files load over http(s) (or protocol-relative) or from a path; a
 * javascript:, data: or other URL is no file at all. The scheme is judged
 * the way links are (safeHref: entities, escapes and control characters).
 */
function isLoadable(filename: string): boolean {
  const trimmed = filename.trim();
  if (trimmed === "") return true;
  const href = safeHref(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed);
  return href !== "" && !/^(mailto|tel):/i.test(href) && !href.startsWith("#");
}

const SAFE_ABSOLUTE = /^(https?:|mailto:|tel:)/i;
const RELATIVE = /^[^:/?#\s&\\]+(?:[/?#][^\s]*)?$/;

function toLink(link: v.InferOutput<typeof multilinkObject>): Link {
  const target = link.target === "_blank" ? "_blank" : "_self";
  const anchor = link.anchor ? `#${encodeURIComponent(link.anchor)}` : "";
  const empty: Link = { href: "", internal: false, target, title: link.title };
  if (link.linktype === "email") {
    const address = link.email || link.url.replace(/^mailto:/i, "") || link.cached_url.replace(/^mailto:/i, "");
    return address ? { ...empty, href: `mailto:${address}` } : empty;
  }
  if (link.linktype === "story" || (link.linktype === "" && link.cached_url && !link.url)) {
    const slug = link.cached_url.replace(/^\/+|\/+$/g, "");
    if (!slug && !anchor) return empty;
    const path = slug === "home" ? "/" : `/${slug}`;
    return { ...empty, href: `${path}${anchor}`, internal: true };
  }
  const url = (link.url || link.cached_url).trim();
  if (url.startsWith("/") && !url.startsWith("//")) return { ...empty, href: url + anchor, internal: true };
  if (url.startsWith("#")) return { ...empty, href: url, internal: true };
  if (SAFE_ABSOLUTE.test(url)) return { ...empty, href: url };
  // A relative reference has no scheme: no colon before the first slash, query or hash.
  if (RELATIVE.test(url)) return { ...empty, href: url + anchor };
  return empty;
}
