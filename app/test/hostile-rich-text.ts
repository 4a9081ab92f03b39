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

type Json = Record<string, unknown>;

const text = (value: string, marks?: unknown[]): Json => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]): Json => ({ type: "paragraph", content });
const doc = (...content: unknown[]): Json => ({ type: "doc", content });
const linkMark = (attrs: Json): Json => ({ type: "link", attrs });

/** A paragraph "click" linked to `href` with the given link type. */
function linkDoc(href: unknown, linktype = "url", extra: Json = {}): unknown {
  return doc(paragraph(text("click", [linkMark({ href, linktype, target: "_self", ...extra })])));
}

/** Link targets that must never become an href (they run script or leave the allow-list). */
export const HOSTILE_HREFS: readonly string[] = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\rscript:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "&#0000106avascript:alert(1)",
  "&#X6a&#X61&#X76&#X61&#X73&#X63&#X72&#X69&#X70&#X74&#X3A;alert(1)",
  "%6Aavascript:alert(1)",
  "javascript&colon;alert(1)",
  "&amp;#106;avascript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:text/html,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "   javascript:alert(1)",
  "\n\n\tjavascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u0001\u0002javascript:alert(1)",
  "\u200bjavascript:alert(1)",
  "\ufeffjavascript:alert(1)",
  "file:///etc/passwd",
  "//evil.example/phish",
  "\\\\evil.example/share",
  'https://example.com/"onmouseover="alert(1)',
  "https://example.com/<script>alert(1)</script>",
];

/** Hostile image sources: never an <img> with a script-capable or data: source. */
export const HOSTILE_IMAGE_SOURCES: readonly string[] = [
  "javascript:alert(1)",
  "  JAVASCRIPT:alert(1)",
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "&#106;avascript:alert(1)",
];

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

/** The corpus: every entry must render safely (see the module comment). */
export const HOSTILE_RICH_TEXT: readonly HostileRichText[] = [
  ...HOSTILE_HREFS.map((href): HostileRichText => ({
    name: `url link ${JSON.stringify(href)}`,
    document: linkDoc(href),
    keepsText: "click",
    noLink: true,
  })),
  ...HOSTILE_HREFS.slice(0, 6).map((href): HostileRichText => ({
    name: `asset link ${JSON.stringify(href)}`,
    document: linkDoc(href, "asset"),
    keepsText: "click",
    noLink: true,
  })),
  {
    name: "link with a non-string href",
    document: linkDoc({ toString: "javascript:alert(1)" }),
    keepsText: "click",
    noLink: true,
  },
  { name: "link with an array href", document: linkDoc(["javascript:alert(1)"]), keepsText: "click", noLink: true },
  {
    name: "email link whose address is javascript:",
    document: linkDoc("javascript:alert(1)", "email"),
    keepsText: "click",
  },
  {
    name: "email link with mailto:javascript:",
    document: linkDoc("mailto:javascript:alert(1)", "email"),
    keepsText: "click",
  },
  {
    name: "email link with quotes and markup in the address",
    document: linkDoc('a@b.c"><script>alert(1)</script>', "email"),
    keepsText: "click",
    noLink: true,
  },
  { name: "story link to javascript:", document: linkDoc("javascript:alert(1)", "story"), keepsText: "click" },
  {
    name: "anchor with quotes and markup",
    document: linkDoc("https://example.com/page", "url", { anchor: '"><script>alert(1)</script><a href="' }),
    keepsText: "click",
  },
  {
    name: "anchor-only link with javascript: anchor",
    document: linkDoc("", "url", { anchor: "javascript:alert(1)" }),
    keepsText: "click",
  },
  {
    name: "custom attributes: handlers, style, href override, srcdoc, formaction",
    document: linkDoc("https://example.com/", "url", {
      target: "_blank",
      custom: {
        onmouseover: "alert(1)",
        onclick: "alert(1)",
        onfocus: "alert(1)",
        style: "position:fixed;inset:0;background:url(javascript:alert(1))",
        href: "javascript:alert(1)",
        srcdoc: "<script>alert(1)</script>",
        formaction: "javascript:alert(1)",
        action: "javascript:alert(1)",
        target: "_top",
        id: "__reactRouterContext",
        class: "x",
        rel: "opener",
        title: '" onmouseover="alert(1)',
        "aria-label": "<img src=x onerror=alert(1)>",
        hreflang: "de onmouseover=alert(1)",
      },
    }),
    keepsText: "click",
  },
  {
    name: "new-tab link asking for an opener",
    document: linkDoc("https://example.com/", "url", { target: "_blank", custom: { rel: "opener noopener" } }),
    keepsText: "click",
  },
  { name: "new-tab internal link", document: linkDoc("/about", "url", { target: "_blank" }), keepsText: "click" },
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
