import * as v from "valibot";
import { isRecord } from "../is-record";
import { safeHref } from "../safe-href";
import { isLanguage, type Language } from "../../language";

/**
 * Storyblok's field values as valibot schemas that never fail. CMS content
 * is edited by people: every value may be missing, empty, of the wrong type
 * or hostile, so each schema yields a safe default instead of an error.
 */

export interface Asset {
  filename: string;
  alt: string;
  name: string;
  title: string;
  /** the editor's focal point, "x1xy1:x2xy2" in the file's pixels, or "" (app/content/focal-point.ts) */
  focus: string;
  /** the asset's copyright ("© Studio Halbton"), or "" */
  copyright: string;
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
export function lenientObject<Entries extends Record<string, v.GenericSchema>>(entries: Entries) {
  const wrapped = Object.fromEntries(Object.entries(entries).map(([key, schema]) => [key, v.optional(schema, null)]));
  const object = v.object(wrapped);
  return v.fallback(object, () => v.parse(object, {})) as v.GenericSchema<
    unknown,
    { [Key in keyof Entries]: v.InferOutput<Entries[Key]> }
  >;
}

export const plainText = v.fallback(v.string(), "");
export const trimmedText = v.fallback(v.pipe(v.string(), v.trim()), "");
export const bool = v.fallback(v.boolean(), false);

/** One of the site's languages, or "" (not set, or a value that names none of them). */
export const languageValue = v.pipe(
  v.unknown(),
  v.transform((value): Language | "" => (isLanguage(value) ? value : "")),
);

/** A list of non-blank strings (multi-option values, tags); anything else in it is dropped. */
export const textList = v.pipe(
  v.fallback(v.array(v.unknown()), []),
  v.transform((items) => items.filter((item): item is string => typeof item === "string" && item.trim() !== "")),
);

const EMPTY_ASSET: Asset = { filename: "", alt: "", name: "", title: "", focus: "", copyright: "" };

export const assetValue = v.pipe(
  v.fallback(
    v.object({
      filename: plainText,
      alt: plainText,
      name: plainText,
      title: plainText,
      focus: v.optional(plainText, ""),
      copyright: v.optional(plainText, ""),
    }),
    EMPTY_ASSET,
  ),
  // a blank alt is no alt: the components' fallbacks ('no information') apply
  v.transform((parsed): Asset => {
    const asset = { ...parsed, alt: parsed.alt.trim(), copyright: parsed.copyright.trim() };
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

export const linkValue = v.pipe(multilinkObject, v.transform(toLink));

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
  return v.parse(assetValue, value);
}

/** Turns a multilink into an href; only http(s), mailto, tel and site paths pass. */
export function parseLink(value: unknown): Link {
  return v.parse(linkValue, value);
}

/** A blok list: keeps only objects that carry a component name. */
export function parseBloks(value: unknown): Array<Record<string, unknown> & { component: string; _uid: string }> {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is Record<string, unknown> & { component: string } =>
        isRecord(item) && typeof item.component === "string",
    )
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
  // an asset's root-relative file (the local service behind the site) is no page: never language-prefixed
  if (url.startsWith("/") && !url.startsWith("//"))
    return { ...empty, href: url + anchor, internal: link.linktype !== "asset" };
  if (url.startsWith("#")) return { ...empty, href: url, internal: true };
  if (SAFE_ABSOLUTE.test(url)) return { ...empty, href: url };
  // A relative reference has no scheme: no colon before the first slash, query or hash.
  if (RELATIVE.test(url)) return { ...empty, href: url + anchor };
  return empty;
}
