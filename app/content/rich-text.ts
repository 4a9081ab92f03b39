import type { SbRichTextNode } from "@storyblok/react";
import { isRecord } from "./is-record";
import { BLOCK_TYPES, headingLevel } from "./rich-text-outline";
import { parseMarks, stringAttr } from "./rich-text-marks";
import { safeHref } from "./safe-href";

/**
 * Rich text arrives as Storyblok/TipTap JSON written by editors, so it is
 * untrusted: this parser rebuilds it from an allow-list of the node types,
 * mark types (./rich-text-marks) and attributes of SPEC section 3, with
 * every link checked against the safe protocols (http, https, mailto, tel,
 * relative paths and #anchors). The result is what the official renderer
 * (`StoryblokRichText`) gets; nothing else of the raw document reaches the
 * page.
 */

/** A sanitised rich text document, in the shape the Storyblok renderer takes. */
export interface RichTextDocument {
  type: "doc";
  content: SbRichTextNode[];
}

export const EMPTY_RICH_TEXT: RichTextDocument = { type: "doc", content: [] };

/** Deeper documents are cut off: a hostile document cannot exhaust the stack. */
const MAX_DEPTH = 24;

const LEAF_TYPES = new Set(["hard_break", "horizontal_rule", "image", "emoji"]);
/** Bloks inside rich text are not part of this site's content model: dropped. */
const DROPPED_TYPES = new Set(["blok"]);

const TEXT_ALIGN = new Set(["left", "center", "right", "justify"]);

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
  if (type === "heading") return { attrs: { level: headingLevel(attrs), textAlign } };
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

function safeImageSource(value: unknown): string {
  if (typeof value !== "string") return "";
  const href = safeHref(value);
  if (!href || /^(mailto|tel):/i.test(href) || href.startsWith("#")) return "";
  return href;
}
