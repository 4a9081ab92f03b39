import { deepRichText, doc, hugeRichText, linkMark, paragraph, text, type HostileRichText } from "./documents";
import { HOSTILE_LINK_CASES } from "./link-cases";
import { HOSTILE_IMAGE_SOURCES } from "./urls";

/**
 * A corpus of hostile rich text fields (Storyblok/TipTap JSON as an editor,
 * an import or a compromised account could save it). Shared by the unit
 * tests (app/components/rich-text/rich-text-hostile.test.tsx) and the browser
 * suite: every entry is plain JSON data, and nothing here imports test tools.
 *
 * What the site must do with each of them (DESIGN.md, "Faults and bad
 * input"): render without throwing or hanging, and emit no script, no event
 * handler, no link or image with a scheme other than http(s)/mailto/tel, no
 * raw HTML, and no new tab without rel="noopener noreferrer".
 */
export const HOSTILE_RICH_TEXT: readonly HostileRichText[] = [
  ...HOSTILE_LINK_CASES,
  {
    name: "raw HTML inside text nodes",
    document: doc(
      paragraph(text("<img src=x onerror=alert(1)>")),
      paragraph(text('<iframe src="javascript:alert(1)"></iframe><object data="x.swf"></object><embed src="x.swf">')),
      paragraph(text('<a href="javascript:alert(1)">x</a><svg onload=alert(1)>')),
    ),
    keepsText: "<img src=x onerror=alert(1)>",
    noLink: true,
    noImage: true,
  },
  {
    name: "script inside a code block",
    document: doc({
      type: "code_block",
      attrs: { class: '" onclick="alert(1)' },
      content: [text("<script>alert(1)</script>")],
    }),
    keepsText: "<script>alert(1)</script>",
  },
  ...HOSTILE_IMAGE_SOURCES.map((src): HostileRichText => ({
    name: `image node with src ${JSON.stringify(src).slice(0, 60)}`,
    document: doc({ type: "image", attrs: { src, alt: "bad", onerror: "alert(1)", srcset: "javascript:alert(1) 1x" } }),
    noImage: true,
  })),
  {
    name: "image with markup in alt and title and extra attributes",
    document: doc({
      type: "image",
      attrs: {
        src: "https://a.storyblok.com/f/1/100x100/abc/x.jpg",
        alt: '" onerror="alert(1)',
        title: "<script>alert(1)</script>",
        onload: "alert(1)",
        style: "background:url(javascript:alert(1))",
        srcset: "javascript:alert(1) 1x",
      },
    }),
  },
  {
    name: "emoji with a hostile fallback image",
    document: doc(
      paragraph({ type: "emoji", attrs: { emoji: "😀", name: "grin", fallbackImage: "javascript:alert(1)" } }),
      paragraph({ type: "emoji", attrs: { emoji: "🙂", name: "x", fallbackImage: "https://evil.example/track.png" } }),
      paragraph({ type: "emoji", attrs: { emoji: "<img src=x onerror=alert(1)>", name: '" onmouseover="alert(1)' } }),
      paragraph({ type: "emoji", attrs: { fallbackImage: "data:image/svg+xml,<svg onload=alert(1)>" } }),
    ),
    noImage: true,
  },
  {
    name: "unknown node types that look like HTML",
    document: doc(
      {
        type: "iframe",
        attrs: { src: "javascript:alert(1)", srcdoc: "<script>alert(1)</script>" },
        content: [text("in iframe")],
      },
      { type: "script", content: [text("alert(1)")] },
      { type: "object", attrs: { data: "javascript:alert(1)" } },
      { type: "embed", attrs: { src: "javascript:alert(1)" } },
      { type: "html", attrs: { html: "<script>alert(1)</script>" } },
      { type: "blok", attrs: { body: [{ component: "evil", _uid: "1", html: "<script>alert(1)</script>" }] } },
      {
        type: "form",
        attrs: { action: "javascript:alert(1)" },
        content: [{ type: "button", attrs: { formaction: "javascript:alert(1)" } }],
      },
    ),
    keepsText: "in iframe",
  },
  {
    name: "marks with hostile attributes",
    document: doc(
      paragraph(
        text("coloured", [{ type: "textStyle", attrs: { color: "red;background:url(javascript:alert(1))" } }]),
        text("highlight", [{ type: "highlight", attrs: { color: "expression(alert(1))" } }]),
        text("safe colour", [{ type: "textStyle", attrs: { color: "#ff0000" } }]),
        text("styled", [{ type: "styled", attrs: { class: '" onclick="alert(1)' } }]),
        text("anchor", [{ type: "anchor", attrs: { id: '" onmouseover="alert(1)' } }]),
        text("bold", [{ type: "bold", attrs: { onclick: "alert(1)", style: "color:red" } }]),
        text("unknown", [{ type: "onclick", attrs: { onclick: "alert(1)" } }, { type: "script" }]),
      ),
    ),
    keepsText: "coloured",
  },
  {
    name: "block attributes: style, handlers, bogus level and order",
    document: doc(
      {
        type: "heading",
        attrs: { level: "<script>", id: "x", style: "color:red", onclick: "alert(1)" },
        content: [text("h")],
      },
      {
        type: "paragraph",
        attrs: { textAlign: "center;background:url(javascript:alert(1))", onclick: "alert(1)" },
        content: [text("p")],
      },
      {
        type: "ordered_list",
        attrs: { order: "1 onclick=alert(1)" },
        content: [{ type: "list_item", content: [paragraph(text("li"))] }],
      },
      {
        type: "ordered_list",
        attrs: { order: 1e308 },
        content: [{ type: "list_item", content: [paragraph(text("big"))] }],
      },
    ),
    keepsText: "h",
  },
  {
    name: "prototype pollution keys",
    document: JSON.parse(
      '{"type":"doc","__proto__":{"polluted":true},"content":[{"type":"paragraph","attrs":{"__proto__":{"onclick":"alert(1)"}},"content":[{"type":"text","text":"proto","marks":[{"type":"link","attrs":{"__proto__":{"href":"javascript:alert(1)"},"linktype":"url"}}]}]}]}',
    ) as unknown,
    keepsText: "proto",
    noLink: true,
  },
  {
    name: "ten thousand marks on one text node",
    document: doc(
      paragraph(
        text(
          "many marks",
          Array.from({ length: 10_000 }, (_, index) =>
            index % 2 ? { type: "bold" } : linkMark({ href: "javascript:alert(1)", linktype: "url" }),
          ),
        ),
      ),
    ),
    keepsText: "many marks",
    noLink: true,
  },
  {
    name: "invisible and bidi characters in text",
    document: doc(paragraph(text("\u202eevil\u0000\u200b\ufeff text\ud800"))),
    keepsText: "evil",
  },
  {
    name: "blocks inside a paragraph and a heading (browsers would restructure the HTML)",
    document: doc(
      paragraph(
        text("before "),
        { type: "bullet_list", content: [{ type: "list_item", content: [paragraph(text("listed"))] }] },
        { type: "horizontal_rule" },
        paragraph(text("nested")),
      ),
      {
        type: "heading",
        attrs: { level: 2 },
        content: [
          { type: "heading", attrs: { level: 3 }, content: [text("inner heading")] },
          { type: "blockquote", content: [paragraph(text("quoted"))] },
        ],
      },
      { type: "code_block", content: [paragraph(text("code para"))] },
    ),
    keepsText: "listed",
  },
  {
    name: "list items outside a list and inside each other",
    document: doc(
      { type: "list_item", content: [paragraph(text("stray item"))] },
      {
        type: "bullet_list",
        content: [{ type: "list_item", content: [{ type: "list_item", content: [paragraph(text("item in item"))] }] }],
      },
    ),
    keepsText: "item in item",
  },
  { name: "a 5 MB document", document: hugeRichText(), heavy: true, keepsText: "link 1" },
  { name: "10,000 levels of blockquotes", document: deepRichText(10_000, "blockquote"), heavy: true },
  { name: "10,000 levels of unknown containers", document: deepRichText(10_000, "tableCell"), heavy: true },
  { name: "10,000 levels of list items", document: deepRichText(10_000, "list_item"), heavy: true },
];
