import { describe, expect, it } from "vitest";
import {
  attribute,
  attributeTokens,
  isInside,
  parseHtml,
  prependContent,
  rawTextElement,
  removeNode,
  replaceContent,
  replaceNode,
  startTag,
} from "./html";

// The shapes React Router 7 and React 19 write into a prerendered page, shortened.
const PAGE = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/manifest-e45b4aee.js"/>',
  '<link rel="stylesheet" href="/assets/root-BHQkQMqS.css"/>',
  '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=&#x27;http://www.w3.org/2000/svg&#x27;%3E"/>',
  "<title>Caf&eacute; &amp; Bar</title></head>",
  '<body><main><h1 class="x">Studio <em>Halb</em>ton &amp; Co</h1><img src="/a.webp?w=1&amp;h=2" alt=""/></main>',
  '<script>window.__reactRouterContext = {"basename":"/"};</script>',
  '<script type="module" async="">import "/assets/manifest-e45b4aee.js";</script></body></html>',
].join("");

describe("parseHtml", () => {
  it("finds each element with its offsets in the source, void and self-closed ones included", () => {
    const page = parseHtml(PAGE);
    const [preload] = page.modulePreloads();
    expect(page.outerHtml(preload!)).toBe('<link rel="modulepreload" href="/assets/manifest-e45b4aee.js"/>');
    const [script] = page.moduleScripts();
    expect(page.outerHtml(script!)).toBe(
      '<script type="module" async="">import "/assets/manifest-e45b4aee.js";</script>',
    );
    expect(page.contentOf(script!)).toBe('import "/assets/manifest-e45b4aee.js";');
    const head = page.head!;
    expect(head.endTag).toBe(true);
    expect(page.source.slice(head.contentEnd, head.end)).toBe("</head>");
    expect(page.elements.filter((element) => element.parent === head).map((element) => element.name)).toEqual([
      "meta",
      "link",
      "link",
      "link",
      "title",
    ]);
    expect(isInside(page.stylesheetLinks()[0]!, head)).toBe(true);
    expect(isInside(script!, head)).toBe(false);
  });

  it("decodes character references in attribute values and text, never in a script's text", () => {
    const page = parseHtml(PAGE);
    expect(attribute(page.elementsNamed("img")[0]!, "src")).toBe("/a.webp?w=1&h=2");
    expect(page.textContent(page.elementsNamed("h1")[0]!)).toBe("Studio Halbton & Co");
    expect(page.textContent(page.elementsNamed("title")[0]!)).toBe("Café & Bar");
    const raw = parseHtml("<script>a &amp;&amp; b</script>");
    expect(raw.contentOf(raw.inlineScripts()[0]!)).toBe("a &amp;&amp; b");
  });

  it("reads attributes in every quote style, in upper case, bare, and keeps the first of a repeated one", () => {
    const page = parseHtml(
      "<LINK REL=Stylesheet HREF='/a.css' data-x=\"1\" disabled media=screen href=\"/b.css\"><link rel='modulepreload icon' href=/m.js>",
    );
    const [stylesheet] = page.stylesheetLinks();
    expect(stylesheet!.attributes.map(({ name, value }) => [name, value])).toEqual([
      ["rel", "Stylesheet"],
      ["href", "/a.css"],
      ["data-x", "1"],
      ["disabled", ""],
      ["media", "screen"],
    ]);
    expect(attributeTokens(page.elementsNamed("link")[1]!, "rel")).toEqual(["modulepreload", "icon"]);
    expect(page.modulePreloads().map((link) => attribute(link, "href"))).toEqual(["/m.js"]);
  });

  it("ends a script at its first </script>, as the browser does, and sees no markup inside one", () => {
    const page = parseHtml(
      '<script>var a = "<\\/script>"; var s = "<style>.b{}</style><link rel=stylesheet href=/x.css>";</script>' +
        '<script>var cut = "</script>";</script >',
    );
    expect(page.inlineScripts().map((script) => page.contentOf(script))).toEqual([
      'var a = "<\\/script>"; var s = "<style>.b{}</style><link rel=stylesheet href=/x.css>";',
      'var cut = "',
    ]);
    expect(page.inlineStyles()).toEqual([]);
    expect(page.stylesheetLinks()).toEqual([]);
  });

  it("sees nothing inside comments", () => {
    const page = parseHtml("<!-- <script>alert(1)</script><style>p{}</style> --><p>a</p><!--><script>b</script>");
    expect(page.elements.map((element) => element.name)).toEqual(["p", "script"]);
    expect(page.contentOf(page.inlineScripts()[0]!)).toBe("b");
  });

  it("reads upper-case tags and types as the browser does", () => {
    const page = parseHtml('<HEAD><SCRIPT TYPE=" Module ">run()</SCRIPT ></HEAD><Style>p{}</STYLE>');
    expect(page.moduleScripts().map((script) => page.contentOf(script))).toEqual(["run()"]);
    expect(page.inlineStyles().map((style) => page.contentOf(style))).toEqual(["p{}"]);
    expect(page.head?.endTag).toBe(true);
  });

  it("reads <noscript> and <template> content as markup: their styles and scripts count", () => {
    const page = parseHtml(
      '<body><noscript data-after-first-paint><style>.n{}</style><link rel="stylesheet" href="/a.css"></noscript>' +
        '<template id="t"><script>cloned()</script><p onclick="x()">t</p></template></body>',
    );
    const [noscript] = page.elementsNamed("noscript");
    expect(page.inlineStyles().map((style) => [page.contentOf(style), isInside(style, noscript!)])).toEqual([
      [".n{}", true],
    ]);
    expect(page.stylesheetLinks().every((link) => isInside(link, noscript!))).toBe(true);
    const [script] = page.inlineScripts();
    expect(script!.parent?.name).toBe("template");
    expect(page.contentOf(script!)).toBe("cloned()");
  });

  it("ends an element without an end tag where the next one implies it, or at the end of the text", () => {
    const source = "<body><p>one<div>two</div><p>three";
    const page = parseHtml(source);
    const [first, second] = page.elementsNamed("p");
    expect(page.outerHtml(first!)).toBe("<p>one");
    expect(first!.endTag).toBe(false);
    expect(page.elementsNamed("div")[0]!.parent?.name).toBe("body");
    expect(page.outerHtml(second!)).toBe("<p>three");
    expect(page.elementsNamed("body")[0]!.end).toBe(source.length);
  });

  it("parses each text anew, however often texts alternate", () => {
    const a = "<p>a</p>";
    const b = "<div>b</div>";
    expect(parseHtml(a).elements[0]!.name).toBe("p");
    expect(parseHtml(b).elements[0]!.name).toBe("div");
    expect(parseHtml(a).elements[0]!.name).toBe("p");
  });
});

describe("HtmlPage.edit", () => {
  it("leaves every byte it does not edit as it was", () => {
    const page = parseHtml(PAGE);
    expect(page.edit([])).toBe(PAGE);
    const edited = page.edit(page.modulePreloads().map(removeNode));
    expect(edited).toBe(PAGE.replace('<link rel="modulepreload" href="/assets/manifest-e45b4aee.js"/>', ""));
    // React's self-closing links, async="" and character references survive
    expect(edited).toContain('<link rel="stylesheet" href="/assets/root-BHQkQMqS.css"/>');
    expect(edited).toContain('<script type="module" async="">');
    expect(edited).toContain("&#x27;http://www.w3.org/2000/svg&#x27;");
    expect(edited).toContain("Caf&eacute; &amp; Bar");
  });

  it("replaces, inserts and wraps, several edits at once, insertions at one offset in the order given", () => {
    const page = parseHtml('<body><p id="a">x</p><script>old()</script><link rel=stylesheet href=/a.css></body>');
    const [p] = page.elementsNamed("p");
    const [script] = page.inlineScripts();
    const [link] = page.stylesheetLinks();
    expect(
      page.edit([
        replaceContent(script!, "fresh()"),
        replaceNode(p!, "<h2>y</h2>"),
        { start: p!.start, end: p!.start, text: "<hr>" },
        { start: link!.start, end: link!.start, text: "<noscript data-later>" },
        { start: link!.end, end: link!.end, text: "</noscript>" },
        { start: link!.end, end: link!.end, text: "<script>after()</script>" },
        prependContent(page.elementsNamed("body")[0]!, "<i></i>"),
      ]),
    ).toBe(
      "<body><hr><i></i><h2>y</h2><script>fresh()</script>" +
        "<noscript data-later><link rel=stylesheet href=/a.css></noscript><script>after()</script></body>",
    );
  });

  it("refuses overlapping edits", () => {
    const page = parseHtml("<div><p>x</p></div>");
    const [div, p] = page.elements;
    expect(() => page.edit([removeNode(div!), replaceContent(p!, "y")])).toThrow("HTML edits overlap");
  });
});

describe("HtmlPage.insertIntoHead", () => {
  it("puts markup right after the charset that starts the head, else first in the head", () => {
    const withCharset = parseHtml('<html><HEAD><meta charSet="utf-8"/><title>t</title></HEAD></html>');
    expect(withCharset.edit([withCharset.insertIntoHead("<script>a()</script>")])).toBe(
      '<html><HEAD><meta charSet="utf-8"/><script>a()</script><title>t</title></HEAD></html>',
    );
    const withoutCharset = parseHtml('<head><meta name="x" content="y"><meta charset="utf-8"></head>');
    expect(withoutCharset.edit([withoutCharset.insertIntoHead("<i></i>")])).toBe(
      '<head><i></i><meta name="x" content="y"><meta charset="utf-8"></head>',
    );
  });

  it("is null for a page without a head", () => {
    expect(parseHtml("<p>fragment</p>").insertIntoHead("<i></i>")).toBeNull();
    expect(parseHtml("<!-- <head> --><p>x</p>").insertIntoHead("<i></i>")).toBeNull();
  });
});

describe("new markup", () => {
  it("writes start tags with escaped values and bare attributes", () => {
    expect(startTag("link", { rel: "stylesheet", href: '/a.css?x="1"&y', disabled: true })).toBe(
      '<link rel="stylesheet" href="/a.css?x=&quot;1&quot;&amp;y" disabled>',
    );
    expect(startTag("noscript", { "data-after-first-paint": true })).toBe("<noscript data-after-first-paint>");
  });

  it("writes a script's text as it is, and refuses text that would end it early", () => {
    expect(rawTextElement("script", 'a && b < c; "</div>"')).toBe('<script>a && b < c; "</div>"</script>');
    expect(() => rawTextElement("script", 'x = "</SCRIPT>"')).toThrow("</script");
    expect(() => rawTextElement("style", "p{}</style><p>")).toThrow("</style");
  });
});
