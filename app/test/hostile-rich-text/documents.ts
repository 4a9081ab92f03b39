/**
 * Builders of rich text fields (Storyblok/TipTap JSON) for the hostile
 * corpus and the fuzz arbitraries: plain JSON data.
 */

export interface HostileRichText {
  /** unique, readable: used as the test name */
  name: string;
  /** the raw field as the CMS delivers it */
  document: unknown;
  /** the rendered text must contain this (the text survives, the markup does not) */
  keepsText?: string;
  /** true: no <a> may be rendered at all (the link target is unsafe) */
  noLink?: boolean;
  /** true: no <img> may be rendered at all */
  noImage?: boolean;
  /** large or deep inputs: slow to serialise, skip them where that matters */
  heavy?: boolean;
}

export type Json = Record<string, unknown>;

export const text = (value: string, marks?: unknown[]): Json => ({
  type: "text",
  text: value,
  ...(marks ? { marks } : {}),
});
export const paragraph = (...content: unknown[]): Json => ({ type: "paragraph", content });
export const doc = (...content: unknown[]): Json => ({ type: "doc", content });
export const linkMark = (attrs: Json): Json => ({ type: "link", attrs });

/** A paragraph "click" linked to `href` with the given link type. */
export function linkDoc(href: unknown, linktype = "url", extra: Json = {}): unknown {
  return doc(paragraph(text("click", [linkMark({ href, linktype, target: "_self", ...extra })])));
}

/** A document of about `bytes` bytes of JSON: paragraphs of text with hostile markup and links. */
export function hugeRichText(bytes = 5 * 1024 * 1024): Json {
  const chunk = `${"Lorem ipsum <script>alert(1)</script> dolor sit amet, <img src=x onerror=alert(1)> ".repeat(24)}`;
  const content: unknown[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const href = index % 2 === 0 ? "javascript:alert(1)" : `https://example.com/${index}`;
    const node = paragraph(
      text(chunk, [{ type: "bold" }]),
      text(`link ${index}`, [linkMark({ href, linktype: "url", target: "_blank", custom: { onclick: "alert(1)" } })]),
    );
    content.push(node);
    size += chunk.length + 200;
  }
  return doc(...content);
}

/**
 * A document nested `depth` levels deep (10,000 by default). It is valid JSON
 * (JSON.parse builds it without recursion) but JSON.stringify and naive
 * recursive walkers overflow the stack on it.
 */
export function deepRichText(depth = 10_000, type = "blockquote"): Json {
  let node: Json = paragraph(
    text("deep <script>alert(1)</script>", [linkMark({ href: "javascript:alert(1)", linktype: "url" })]),
  );
  for (let level = 0; level < depth; level += 1) {
    node = { type: typeof type === "string" ? type : "blockquote", content: [node] };
  }
  return doc(node);
}
