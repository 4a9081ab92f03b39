import type { SbRichTextNode } from "@storyblok/react";
import type { RichTextDocument } from "./rich-text";

/**
 * What a sanitised rich text document (./rich-text) says beyond its markup:
 * its text as one line, whether it has any, and its headings fitted under a
 * page heading.
 */

/** The block node types the sanitiser keeps (./rich-text); in the one-line text each ends with a space. */
export const BLOCK_TYPES = new Set([
  "paragraph",
  "heading",
  "blockquote",
  "bullet_list",
  "ordered_list",
  "list_item",
  "code_block",
]);

/** True when the document renders no text, image or rule at all. */
export function isRichTextEmpty(document: RichTextDocument): boolean {
  const hasSubstance = (nodes: SbRichTextNode[] | undefined): boolean =>
    (nodes ?? []).some((node) => {
      if (node.type === "text") return node.text.trim() !== "";
      if (node.type === "image" || node.type === "horizontal_rule" || node.type === "emoji") return true;
      return hasSubstance(node.content);
    });
  return !hasSubstance(document.content);
}

/** The document's text as one line (for meta descriptions), cut at a word boundary. */
export function richTextPlainText(document: RichTextDocument, maxLength = 160): string {
  const parts: string[] = [];
  const walk = (nodes: SbRichTextNode[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node.type === "text") parts.push(node.text);
      else if (node.type === "hard_break") parts.push(" ");
      else {
        walk(node.content);
        if (BLOCK_TYPES.has(node.type)) parts.push(" ");
      }
    }
  };
  walk(document.content);
  const text = parts.join("").replace(/\s+/g, " ").trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.—-]+$/, "")}…`;
}

/** A heading's level from its attributes: an integer `level` clamped to 1 to 6, else 2. */
export function headingLevel(attrs: { level?: unknown } | undefined): number {
  const level = attrs?.level;
  return typeof level === "number" && Number.isInteger(level) ? Math.min(6, Math.max(1, level)) : 2;
}

/**
 * The document's headings fitted under a page heading of level `base - 1`:
 * they keep their order of rank but start at level `base` and never skip a
 * level (an h2 followed by an h5 becomes h3, h4), so the page's outline has
 * no gaps whatever levels the editor picked. Levels stop at 6.
 */
export function withHeadingLevels(document: RichTextDocument, base: number): RichTextDocument {
  const start = Math.min(6, Math.max(1, Math.trunc(base)));
  const used = new Set<number>();
  const collect = (nodes: SbRichTextNode[] | undefined): void => {
    for (const node of nodes ?? []) {
      if (node.type === "heading") used.add(headingLevel(node.attrs));
      collect(node.content);
    }
  };
  collect(document.content);
  if (used.size === 0) return document;
  const ranks = [...used].sort((a, b) => a - b);
  let previous = start - 1;
  const fit = (nodes: SbRichTextNode[] | undefined): SbRichTextNode[] | undefined =>
    nodes?.map((node) => {
      if (node.type === "heading") {
        const level = Math.min(6, start + ranks.indexOf(headingLevel(node.attrs)), Math.max(start, previous + 1));
        previous = level;
        return { ...node, attrs: { ...node.attrs, level }, content: fit(node.content) } as SbRichTextNode;
      }
      return node.content ? ({ ...node, content: fit(node.content) } as SbRichTextNode) : node;
    });
  return { type: "doc", content: fit(document.content) ?? [] };
}
