import type { SbRichTextMark, SbRichTextNode } from "@storyblok/react";
import { isRecord } from "./is-record";
import { BLOCK_TYPES } from "./rich-text-outline";
import { safeHref } from "./safe-href";

/**
 * Rich text arrives as Storyblok/TipTap JSON written by editors, so it is
 * untrusted: this parser rebuilds it from an allow-list of the node types,
 * mark types and attributes of SPEC section 3, with every link checked
 * against the safe protocols (http, https, mailto, tel, relative paths and
 * #anchors). The result is what the official renderer (`StoryblokRichText`)
 * gets; nothing else of the raw document reaches the page.
 */

/** A sanitised rich text document, in the shape the Storyblok renderer takes. */
export interface RichTextDocument {
  type: "doc";
  content: SbRichTextNode[];
}

/** The attributes a sanitised link mark carries (see `parseRichText`). */
export interface SafeLinkAttrs {
  href: string;
  /** true for a site path: rendered with the router's Link */
  internal: boolean;
  target: "_self" | "_blank";
  /** only from the custom-attribute allow-list */
  custom: Partial<Record<(typeof CUSTOM_LINK_ATTRIBUTES)[number], string>>;
}

export const EMPTY_RICH_TEXT: RichTextDocument = { type: "doc", content: [] };

/** Deeper documents are cut off: a hostile document cannot exhaust the stack. */
const MAX_DEPTH = 24;

const LEAF_TYPES = new Set(["hard_break", "horizontal_rule", "image", "emoji"]);
/** Bloks inside rich text are not part of this site's content model: dropped. */
const DROPPED_TYPES = new Set(["blok"]);

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

const TEXT_ALIGN = new Set(["left", "center", "right", "justify"]);

function stringAttr(value: unknown, maxLength = 500): string {
  return typeof value === "string" ? value.slice(0, maxLength) : "";
}

/** Parses a rich text field into a safe document; anything that is not one yields an empty document. */
export function parseRichText(value: unknown): RichTextDocument {
  if (!isRecord(value)) return EMPTY_RICH_TEXT;
  const content = value.type === "doc" ? value.content : [value];
  return { type: "doc", content: parseNodes(content, 0, "doc") };
}

/**
 * Containers whose HTML element holds text only (<p>, <h1>...<h6>, <pre>): a
 * block inside one would make browsers restructure the prerendered HTML (a
 * hydration error), so there it gives up its markup and keeps its content.
 */
const INLINE_ONLY_TYPES = new Set(["paragraph", "heading", "code_block"]);
const LIST_TYPES = new Set(["bullet_list", "ordered_list"]);

/** `parent`: the type of the node the result goes into ("doc" at the top). */
function parseNodes(value: unknown, depth: number, parent: string): SbRichTextNode[] {
  if (!Array.isArray(value) || depth > MAX_DEPTH) return [];
  return value.flatMap((item) => parseNode(item, depth, parent));
}

function parseNode(value: unknown, depth: number, parent: string): SbRichTextNode[] {
  if (!isRecord(value) || typeof value.type !== "string") return [];
  const type = value.type;
  const attrs = isRecord(value.attrs) ? value.attrs : {};

  if (type === "text") {
    if (typeof value.text !== "string" || value.text === "") return [];
    const marks = parseMarks(value.marks);
    return [marks.length > 0 ? { type: "text", text: value.text, marks } : { type: "text", text: value.text }];
  }
  if (DROPPED_TYPES.has(type)) return [];
  if (type === "horizontal_rule" && INLINE_ONLY_TYPES.has(parent)) return [];
  if (LEAF_TYPES.has(type)) return parseLeaf(type, attrs);
  if (BLOCK_TYPES.has(type)) {
    // a block inside text, or a list item outside a list (<li> in <li>): its content only
    if (INLINE_ONLY_TYPES.has(parent) || (type === "list_item" && !LIST_TYPES.has(parent))) {
      return parseNodes(value.content, depth + 1, parent);
    }
    const content = parseNodes(value.content, depth + 1, type);
    return [{ type, ...blockAttrs(type, attrs), content } as SbRichTextNode];
  }
  // An unknown container (a table, a future node type): its text survives, its markup does not.
  return parseNodes(value.content, depth + 1, parent);
}

function blockAttrs(type: string, attrs: Record<string, unknown>): { attrs?: Record<string, unknown> } {
  const textAlign = typeof attrs.textAlign === "string" && TEXT_ALIGN.has(attrs.textAlign) ? attrs.textAlign : null;
  if (type === "heading") {
    const level =
      typeof attrs.level === "number" && Number.isInteger(attrs.level) ? Math.min(6, Math.max(1, attrs.level)) : 2;
    return { attrs: { level, textAlign } };
  }
  if (type === "paragraph") return textAlign ? { attrs: { textAlign } } : {};
  if (type === "ordered_list") {
    const order =
      typeof attrs.order === "number" && Number.isInteger(attrs.order) && attrs.order > 1
        ? Math.min(attrs.order, 1_000_000)
        : 1;
    return { attrs: { order } };
  }
  return {};
}

function parseLeaf(type: string, attrs: Record<string, unknown>): SbRichTextNode[] {
  if (type === "hard_break") return [{ type: "hard_break" }];
  if (type === "horizontal_rule") return [{ type: "horizontal_rule" }];
  if (type === "emoji") {
    const emoji = stringAttr(attrs.emoji, 16);
    if (!emoji) return [];
    return [
      {
        type: "emoji",
        attrs: { emoji, name: stringAttr(attrs.name, 100), fallbackImage: null },
      } as unknown as SbRichTextNode,
    ];
  }
  // image
  const src = safeImageSource(attrs.src);
  if (!src) return [];
  return [
    { type: "image", attrs: { src, alt: stringAttr(attrs.alt), title: stringAttr(attrs.title) } } as SbRichTextNode,
  ];
}

function parseMarks(value: unknown): SbRichTextMark[] {
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
      const id = typeof attrs.id === "string" && SAFE_ID.test(attrs.id) ? attrs.id : "";
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
const SAFE_CLASS = /^[A-Za-z][\w-]{0,40}$/;
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9\s.,%/-]{1,60}\))$/i;

function safeColour(value: unknown): string {
  return typeof value === "string" && SAFE_COLOUR.test(value.trim()) ? value.trim() : "";
}

function safeImageSource(value: unknown): string {
  if (typeof value !== "string") return "";
  const href = safeHref(value);
  if (!href || /^(mailto|tel):/i.test(href) || href.startsWith("#")) return "";
  return href;
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
  const internal = href.startsWith("/") && !href.startsWith("//");
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
