// Builders for Storyblok rich text (TipTap JSON), in the shapes Storyblok's editor saves.

export interface RichTextMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  text?: string;
  marks?: RichTextMark[];
}

export interface RichTextDoc {
  type: "doc";
  content: RichTextNode[];
}

export type Inline = RichTextNode | string;

const inline = (parts: Inline[]): RichTextNode[] => parts.map((p) => (typeof p === "string" ? text(p) : p));

export const doc = (...content: RichTextNode[]): RichTextDoc => ({ type: "doc", content });
export const text = (value: string, ...marks: RichTextMark[]): RichTextNode =>
  marks.length > 0 ? { type: "text", text: value, marks } : { type: "text", text: value };
export const paragraph = (...parts: Inline[]): RichTextNode => ({ type: "paragraph", content: inline(parts) });
export const heading = (level: 1 | 2 | 3 | 4 | 5 | 6, ...parts: Inline[]): RichTextNode => ({
  type: "heading",
  attrs: { level },
  content: inline(parts),
});
export const listItem = (...parts: Inline[]): RichTextNode => ({ type: "list_item", content: [paragraph(...parts)] });
export const bulletList = (...items: RichTextNode[]): RichTextNode => ({ type: "bullet_list", content: items });
export const orderedList = (...items: RichTextNode[]): RichTextNode => ({
  type: "ordered_list",
  attrs: { order: 1 },
  content: items,
});
export const blockquote = (...blocks: RichTextNode[]): RichTextNode => ({ type: "blockquote", content: blocks });
export const codeBlock = (language: string, code: string): RichTextNode => ({
  type: "code_block",
  attrs: { class: `language-${language}` },
  content: [text(code)],
});
export const hardBreak = (): RichTextNode => ({ type: "hard_break" });
export const horizontalRule = (): RichTextNode => ({ type: "horizontal_rule" });
export const image = (asset: { id: number; src: string; alt: string; title: string }): RichTextNode => ({
  type: "image",
  attrs: { id: asset.id, alt: asset.alt, src: asset.src, title: asset.title, source: "", copyright: "", meta_data: {} },
});
export const emoji = (name: string, char: string, codepoint: string): RichTextNode => ({
  type: "emoji",
  attrs: {
    name,
    emoji: char,
    fallbackImage: `https://cdn.jsdelivr.net/npm/emoji-datasource-apple/img/apple/64/${codepoint}.png`,
  },
});

export const bold: RichTextMark = { type: "bold" };
/** Not in Storyblok's current editor, but in the legacy resolver schema and in the spec's mark list. */
export const strong: RichTextMark = { type: "strong" };
export const italic: RichTextMark = { type: "italic" };
export const strike: RichTextMark = { type: "strike" };
export const underline: RichTextMark = { type: "underline" };
export const code: RichTextMark = { type: "code" };
export const superscript: RichTextMark = { type: "superscript" };
export const subscript: RichTextMark = { type: "subscript" };
export const styled = (className: string): RichTextMark => ({ type: "styled", attrs: { class: className } });
export const anchor = (id: string): RichTextMark => ({ type: "anchor", attrs: { id } });
export const highlight = (color: string): RichTextMark => ({ type: "highlight", attrs: { color } });
export const textStyle = (color: string): RichTextMark => ({ type: "textStyle", attrs: { color } });

export const urlLink = (href: string, custom?: Record<string, string>): RichTextMark => ({
  type: "link",
  attrs: { href, uuid: null, anchor: null, target: "_blank", linktype: "url", ...(custom ? { custom } : {}) },
});
/** A link to an uploaded file, as the editor's link dialog writes it for an asset. */
export const assetLink = (href: string): RichTextMark => ({
  type: "link",
  attrs: { href, uuid: null, anchor: null, target: "_blank", linktype: "asset" },
});
export const emailLink = (address: string): RichTextMark => ({
  type: "link",
  attrs: { href: address, uuid: null, anchor: null, target: "_self", linktype: "email" },
});
export const storyLink = (fullSlug: string, uuid: string, anchorId: string | null = null): RichTextMark => ({
  type: "link",
  attrs: { href: `/${fullSlug}`, uuid, anchor: anchorId, target: "_self", linktype: "story" },
});

export function collectTypes(node: RichTextNode | RichTextDoc, nodes = new Set<string>(), marks = new Set<string>()) {
  nodes.add(node.type);
  for (const m of (node as RichTextNode).marks ?? []) marks.add(m.type);
  for (const child of node.content ?? []) collectTypes(child, nodes, marks);
  return { nodes, marks };
}
