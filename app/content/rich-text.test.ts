import { describe, expect, it } from "vitest";
import { doc, linkMark, paragraph, text } from "~/test/hostile-rich-text/documents";
import { parseRichText } from "./rich-text";
import { parseMarks } from "./rich-text-marks";
import { isRichTextEmpty, richTextPlainText } from "./rich-text-outline";
import { safeHref } from "./safe-href";

describe("safeHref", () => {
  it.each([
    "https://example.com/a?b=c#d",
    "http://example.com",
    "HTTPS://EXAMPLE.COM",
    "mailto:hello@example.com",
    "tel:+49301234",
    "/articles/hafenkino",
    "#credits",
    "about",
    "./about",
    "../index",
    "?page=2",
  ])("allows %j", (href) => {
    expect(safeHref(href)).toBe(href);
  });

  it.each([
    "javascript:alert(1)",
    "  JAVASCRIPT:alert(1)",
    "java\u0000script:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)",
    "data:text/html,x",
    "vbscript:x",
    "blob:https://example.com/x",
    "ftp://example.com",
    "//example.com",
    "\\\\example.com",
    "/\\example.com",
    "a:b",
    "",
    "   ",
  ])("refuses %j", (href) => {
    expect(safeHref(href)).toBe("");
  });
});

describe("parseRichText", () => {
  it("yields an empty document for anything that is not one", () => {
    for (const value of [undefined, null, 1, "x", [], true]) {
      expect(parseRichText(value)).toEqual({ type: "doc", content: [] });
    }
  });

  it("accepts a single node as a document", () => {
    expect(parseRichText({ type: "paragraph", content: [{ type: "text", text: "a" }] })).toEqual({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "a" }] }],
    });
  });

  it("drops text nodes without a string, unknown marks and duplicate marks", () => {
    const marks = [{ type: "bold" }, { type: "strong" }, { type: "blink" }, "x", null];
    const document = parseRichText(doc(paragraph({ type: "text", text: 42 }, { type: "text" }, text("kept", marks))));
    expect(document.content[0]).toEqual({
      type: "paragraph",
      content: [{ type: "text", text: "kept", marks: [{ type: "bold" }] }],
    });
  });

  it("keeps only allow-listed link attributes and marks internal paths", () => {
    const attrs = {
      href: "/about",
      linktype: "story",
      anchor: "a b",
      target: "_blank",
      uuid: "u",
      custom: { title: "T", onclick: "x" },
    };
    const document = parseRichText(doc(paragraph(text("x", [linkMark(attrs)]))));
    const linked = document.content[0]!.content![0] as { marks: Array<{ attrs: unknown }> };
    expect(linked.marks[0]!.attrs).toEqual({
      href: "/about#a%20b",
      internal: true,
      target: "_blank",
      custom: { title: "T" },
    });
  });

  it("marks an asset's root-relative file as no page of the site (never language-prefixed)", () => {
    const link = (attrs: Record<string, unknown>) =>
      parseRichText(doc(paragraph(text("x", [linkMark(attrs)])))).content[0]!.content![0] as unknown as {
        marks: Array<{ attrs: { href: string; internal: boolean } }>;
      };
    const pdf = "/f/287401/595x842/ab12/mappe.pdf";
    expect(link({ href: pdf, linktype: "asset" }).marks[0]!.attrs).toMatchObject({ href: pdf, internal: false });
    expect(link({ href: "/about", linktype: "url" }).marks[0]!.attrs).toMatchObject({ internal: true });
  });

  it("maps the home story to / and drops empty story links", () => {
    const link = (attrs: Record<string, unknown>) =>
      parseRichText({ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs }] }] })
        .content[0]!.content![0];
    expect(link({ href: "home", linktype: "story" })).toMatchObject({ marks: [{ attrs: { href: "/" } }] });
    expect(link({ href: "", linktype: "story" })).toEqual({ type: "text", text: "x" });
    expect(link({ href: "", linktype: "email" })).toEqual({ type: "text", text: "x" });
  });
});

describe("parseMarks", () => {
  it("keeps an anchor's id unless it is one the pages give their own elements", () => {
    const idOf = (id: string) => (parseMarks([{ type: "anchor", attrs: { id } }])[0]?.attrs as { id?: string })?.id;
    for (const id of ["process", "media-kit", "step-2"]) expect(idOf(id), id).toBe(id);
    for (const id of ["media", "media-3", "media-2-3", "hero-slide-2", "main", "article-headline", "Camel"]) {
      expect(idOf(id), id).toBeUndefined();
    }
  });
});

describe("richTextPlainText and isRichTextEmpty", () => {
  const document = parseRichText({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] },
      {
        type: "paragraph",
        content: [{ type: "text", text: "One" }, { type: "hard_break" }, { type: "text", text: "two three four five" }],
      },
    ],
  });

  it("joins blocks with spaces and cuts at a word", () => {
    expect(richTextPlainText(document)).toBe("Title One two three four five");
    expect(richTextPlainText(document, 18)).toBe("Title One two…");
  });

  it("knows an empty document", () => {
    expect(isRichTextEmpty(document)).toBe(false);
    expect(
      isRichTextEmpty(
        parseRichText({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "  " }] }] }),
      ),
    ).toBe(true);
    expect(isRichTextEmpty(parseRichText(null))).toBe(true);
  });
});
