import * as v from "valibot";
import { safeHref } from "./rich-text";

/**
 * Parsers for Storyblok's field types. CMS content is edited by people: every
 * field may be missing, empty or of the wrong type, so each parser yields a
 * safe default instead of throwing.
 */

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

const text = v.fallback(v.string(), "");
const bool = v.fallback(v.boolean(), false);

const AssetSchema = v.fallback(
  v.object({ filename: text, alt: text, name: text, title: text }),
  { filename: "", alt: "", name: "", title: "" },
);

const MultilinkSchema = v.fallback(
  v.object({
    url: text,
    cached_url: text,
    linktype: text,
    email: text,
    target: text,
    anchor: text,
    title: text,
  }),
  { url: "", cached_url: "", linktype: "", email: "", target: "", anchor: "", title: "" },
);

export function parseText(value: unknown): string {
  return v.parse(text, value);
}

export function parseBoolean(value: unknown): boolean {
  return v.parse(bool, value);
}

export function parseTextList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === "string" && item.trim() !== "");
}

export function parseAsset(value: unknown): Asset {
  const parsed = v.parse(AssetSchema, value ?? undefined);
  // a blank alt is no alt: the components' fallbacks ('no information') apply
  const asset = { ...parsed, alt: parsed.alt.trim() };
  return isLoadable(asset.filename) ? asset : { ...asset, filename: "" };
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

/** Turns a multilink into an href; only http(s), mailto, tel and site paths pass. */
export function parseLink(value: unknown): Link {
  const link = v.parse(MultilinkSchema, value ?? undefined);
  const target = link.target === "_blank" ? "_blank" : "_self";
  const anchor = link.anchor ? `#${encodeURIComponent(link.anchor)}` : "";
  if (link.linktype === "email") {
    const address = link.email || link.url.replace(/^mailto:/i, "") || link.cached_url.replace(/^mailto:/i, "");
    return { href: address ? `mailto:${address}` : "", internal: false, target, title: link.title };
  }
  if (link.linktype === "story" || (link.linktype === "" && link.cached_url && !link.url)) {
    const slug = link.cached_url.replace(/^\/+|\/+$/g, "");
    if (!slug && !anchor) return { href: "", internal: false, target, title: link.title };
    const path = slug === "home" ? "/" : `/${slug}`;
    return { href: `${path}${anchor}`, internal: true, target, title: link.title };
  }
  const url = (link.url || link.cached_url).trim();
  if (url.startsWith("/") && !url.startsWith("//")) return { href: url + anchor, internal: true, target, title: link.title };
  if (url.startsWith("#")) return { href: url, internal: true, target, title: link.title };
  if (SAFE_ABSOLUTE.test(url)) return { href: url, internal: false, target, title: link.title };
  // A relative reference has no scheme: no colon before the first slash, query or hash.
  if (RELATIVE.test(url)) return { href: url + anchor, internal: false, target, title: link.title };
  return { href: "", internal: false, target, title: link.title };
}

/** A blok list: keeps only objects that carry a component name. */
export function parseBloks(value: unknown): Array<Record<string, unknown> & { component: string; _uid: string }> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Record<string, unknown> & { component: string; _uid: string } =>
      typeof item === "object" && item !== null && typeof (item as { component?: unknown }).component === "string",
  ).map((item) => ({ ...item, _uid: typeof item._uid === "string" ? item._uid : "" }));
}

/** The last path segment of a full_slug: articles/foo -> foo. */
export function lastSlugSegment(fullSlug: string): string {
  const parts = fullSlug.split("/").filter(Boolean);
  const last = parts[parts.length - 1] ?? "";
  // "." and ".." are no slug: /articles/.. would lead to the home page
  return last === "." || last === ".." ? "" : last;
}
