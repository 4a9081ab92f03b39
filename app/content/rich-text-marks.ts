import type { SbRichTextMark } from "@storyblok/react";
import { isRecord } from "./is-record";
import { safeHref } from "./safe-href";
import { isLanguage, type Language } from "../language";

/**
 * The marks of sanitised rich text (./rich-text): an allow-list of the mark
 * types and attributes of SPEC section 3, with every link checked against
 * the safe protocols (http, https, mailto, tel, relative paths and
 * #anchors) and only allow-listed custom link attributes.
 */

/** The attributes a sanitised link mark carries (see `parseRichText`). */
export interface SafeLinkAttrs {
  href: string;
  /** true for a site path: rendered with the router's Link */
  internal: boolean;
  target: "_self" | "_blank";
  /** only from the custom-attribute allow-list */
  custom: Partial<Record<(typeof CUSTOM_LINK_ATTRIBUTES)[number], string>>;
}

/**
 * A `styled` mark whose class is this prefix and a language code marks its
 * text as written in that language (the rich-text fields' style options).
 */
export const LANGUAGE_CLASS_PREFIX = "lang-";

/** The language a `styled` mark's classes name, if any names one of the site's. */
export function languageOfClasses(classes: string): Language | undefined {
  const names = classes.split(" ").filter((name) => name.startsWith(LANGUAGE_CLASS_PREFIX));
  return names.map((name) => name.slice(LANGUAGE_CLASS_PREFIX.length)).find(isLanguage);
}

const SIMPLE_MARKS = new Set(["bold", "italic", "strike", "underline", "code", "superscript", "subscript"]);
/** Names that other editors use for the same marks. */
const MARK_ALIASES: Readonly<Record<string, string>> = { strong: "bold", em: "italic" };

export const CUSTOM_LINK_ATTRIBUTES = ["title", "rel", "hreflang", "aria-label"] as const;
const REL_TOKENS = new Set([
  "nofollow",
  "noopener",
  "noreferrer",
  "ugc",
  "sponsored",
  "external",
  "me",
  "author",
  "license",
]);

/** A string attribute, cut to `maxLength`; anything else is "". */
export function stringAttr(value: unknown, maxLength = 500): string {
  return typeof value === "string" ? value.slice(0, maxLength) : "";
}

/** The marks of a text node that survive the allow-list, each type once. */
export function parseMarks(value: unknown): SbRichTextMark[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const marks: SbRichTextMark[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.type !== "string") continue;
    const type = MARK_ALIASES[item.type] ?? item.type;
    if (seen.has(type)) continue;
    const mark = parseMark(type, isRecord(item.attrs) ? item.attrs : {});
    if (mark) {
      seen.add(type);
      marks.push(mark);
    }
  }
  return marks;
}

function parseMark(type: string, attrs: Record<string, unknown>): SbRichTextMark | null {
  if (SIMPLE_MARKS.has(type)) return { type } as SbRichTextMark;
  switch (type) {
    case "highlight":
    case "textStyle": {
      const color = safeColour(attrs.color);
      return (color ? { type, attrs: { color } } : { type }) as SbRichTextMark;
    }
    case "anchor": {
      const id = anchorId(attrs.id);
      return (id ? { type, attrs: { id } } : { type }) as SbRichTextMark;
    }
    case "styled": {
      const classes = stringAttr(attrs.class, 200)
        .split(/\s+/)
        .filter((name) => SAFE_CLASS.test(name))
        .slice(0, 3);
      return (classes.length > 0 ? { type, attrs: { class: classes.join(" ") } } : { type }) as SbRichTextMark;
    }
    case "link": {
      const link = parseLinkMark(attrs);
      return link ? ({ type: "link", attrs: link } as unknown as SbRichTextMark) : null;
    }
    default:
      return null;
  }
}

/** Lower-case ids only: an anchor id cannot shadow a camelCase or underscored global (DOM clobbering). */
const SAFE_ID = /^[a-z][a-z0-9-]{0,63}$/;
/**
 * Ids the pages give their own elements, whose fragments do something
 * (`#media-3` opens a medium full-screen, `#media` closes it,
 * `#hero-slide-2` moves the carousel) or that labels point at: an
 * editor's anchor may not take them over.
 */
const PAGE_ID =
  /^(main|media(-\d+)*|hero-slide-\d+|article-headline|other-projects-heading|not-found-heading|error-screen-heading)$/;

function anchorId(value: unknown): string {
  return typeof value === "string" && SAFE_ID.test(value) && !PAGE_ID.test(value) ? value : "";
}
const SAFE_CLASS = /^[A-Za-z][\w-]{0,40}$/;
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9\s.,%/-]{1,60}\))$/i;

function safeColour(value: unknown): string {
  return typeof value === "string" && SAFE_COLOUR.test(value.trim()) ? value.trim() : "";
}

function parseLinkMark(attrs: Record<string, unknown>): SafeLinkAttrs | null {
  const linktype = stringAttr(attrs.linktype) || "url";
  const anchorText = stringAttr(attrs.anchor, 200).trim();
  const anchor = anchorText ? `#${encodeURIComponent(anchorText)}` : "";
  const rawHref = stringAttr(attrs.href, 2000).trim();
  let href = "";
  if (linktype === "email") {
    const address = rawHref.replace(/^mailto:/i, "");
    href = address && !/[\s<>"`]/.test(address) ? `mailto:${address}` : "";
  } else if (linktype === "story") {
    const slug = rawHref.replace(/^\/+|\/+$/g, "");
    if (slug === "" && anchor === "") return null;
    const path = slug === "" ? "" : slug === "home" ? "/" : `/${slug}`;
    href = safeHref(`${path}${anchor}`);
  } else {
    href = safeHref(rawHref === "" ? anchor : `${rawHref}${rawHref.includes("#") ? "" : anchor}`);
  }
  if (!href) return null;
  // a page of the site; an asset's root-relative file (the local service behind the site) is none
  const internal = linktype !== "asset" && href.startsWith("/") && !href.startsWith("//");
  const target = attrs.target === "_blank" ? "_blank" : "_self";
  return { href, internal, target, custom: parseCustomAttributes(attrs.custom) };
}

function parseCustomAttributes(value: unknown): SafeLinkAttrs["custom"] {
  if (!isRecord(value)) return {};
  const custom: SafeLinkAttrs["custom"] = {};
  for (const name of CUSTOM_LINK_ATTRIBUTES) {
    const raw = value[name];
    if (typeof raw !== "string" || raw.trim() === "") continue;
    if (name === "rel") {
      const tokens = raw
        .toLowerCase()
        .split(/\s+/)
        .filter((token) => REL_TOKENS.has(token));
      if (tokens.length > 0) custom.rel = tokens.join(" ");
    } else if (name === "hreflang") {
      if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(raw)) custom.hreflang = raw;
    } else {
      custom[name] = raw.slice(0, 300);
    }
  }
  return custom;
}
