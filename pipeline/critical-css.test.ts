import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineStyles } from "./csp";
import { attribute, isInside, parseHtml } from "./html";
import { CriticalCssError, createStylesheets, inlineCriticalCss } from "./critical-css";
import { tempDirOfThisTest, tempDirOfTests } from "../test-support/temp-dir";

const clientDir = tempDirOfTests("critical-css-", "all");

const ROOT_CSS = [
  ":root{--ink:#111}",
  ".used{color:var(--ink)}",
  ".unused-elsewhere{color:red}",
  ".used:hover{color:blue}",
  "@keyframes spin{to{transform:rotate(1turn)}}",
  ".spinner{animation:spin 1s}",
].join("\n");
const ROUTE_CSS = ".route{margin:0}\n.other-route{margin:1px}";

/** A page in the shape React Router prerenders (stylesheet links in the head, the app's markup in the body). */
function page(body: string, links = ["/assets/root-a1.css", "/assets/route-b2.css#"]): string {
  return [
    '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/><title>T</title>',
    ...links.map((href) => `<link rel="stylesheet" href="${href}"/>`),
    "<script>window.x = 1;</script></head><body>",
    body,
    '<script type="module" async="">await 1;</script></body></html>',
  ].join("");
}

beforeAll(async () => {
  await mkdir(path.join(clientDir(), "assets"));
  await writeFile(path.join(clientDir(), "assets", "root-a1.css"), ROOT_CSS);
  await writeFile(path.join(clientDir(), "assets", "route-b2.css"), ROUTE_CSS);
});

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const bodyOf = (html: string) => html.slice(html.indexOf("</head>"));

describe("inlineCriticalCss", () => {
  it("inlines every rule of the page's stylesheets, in cascade order, and leaves the files as they are", async () => {
    const html = await inlineCriticalCss(page('<p class="used route">a</p>'), { clientDir: clientDir() });
    const [style] = inlineStyles(html);
    expect(style).toContain(".used{color:var(--ink)}");
    expect(style).toContain(".used:hover{color:blue}");
    expect(style).toContain(":root{--ink:#111}");
    expect(style).toContain(".route{margin:0}");
    // the rules no element matches yet too: a later state needs no stylesheet to arrive (and restyle the page)
    expect(style).toContain(".unused-elsewhere{color:red}");
    expect(style).toContain(".other-route{margin:1px}");
    expect(style).toContain("@keyframes spin");
    expect(style!.indexOf(".used{")).toBeLessThan(style!.indexOf(".route{"));
    expect(await readFile(path.join(clientDir(), "assets", "root-a1.css"), "utf8")).toBe(ROOT_CSS);
  });

  it("applies no stylesheet but the inline style, keeps a disabled copy in the head for hydration, adds no script", async () => {
    const html = await inlineCriticalCss(page('<p class="used">a</p>'), { clientDir: clientDir() });
    const parsed = parseHtml(html);
    const head = parsed.head!;
    expect(parsed.inlineStyles().filter((style) => isInside(style, head))).toHaveLength(1);
    expect(parsed.inlineStyles()).toHaveLength(1);
    // a disabled stylesheet is neither fetched nor applied; React finds it where it rendered it
    expect(headOf(html)).toContain('<link rel="stylesheet" href="/assets/root-a1.css" disabled>');
    expect(headOf(html)).toContain('<link rel="stylesheet" href="/assets/route-b2.css#" disabled>');
    expect(parsed.stylesheetLinks().map((link) => attribute(link, "disabled"))).toEqual(["", ""]);
    expect(bodyOf(html)).not.toMatch(/<link|<noscript/);
    // the page's own two scripts, nothing else
    expect(parsed.elementsNamed("script")).toHaveLength(2);
  });

  it("moves the page's own <style> elements into the inline style after the stylesheets' rules", async () => {
    const html = await inlineCriticalCss(
      page('<p class="used">a</p><div hidden><style>.used:has(:checked){color:green}</style></div>'),
      { clientDir: clientDir() },
    );
    const [style] = inlineStyles(html);
    expect(style).toContain(".used:has(:checked){color:green}");
    expect(style!.indexOf(".other-route")).toBeLessThan(style!.indexOf(".used:has(:checked)"));
    expect(bodyOf(html)).not.toContain("<style>");
    expect(bodyOf(html)).toContain("<div hidden></div>");
  });

  it("writes the page as it was but for its styles: one parse, no serializer of its own", async () => {
    const before = page('<p class="used" data-x="a&amp;b">caf&eacute; <br/></p>');
    const html = await inlineCriticalCss(before, { clientDir: clientDir() });
    const [style] = inlineStyles(html);
    expect(html).toBe(
      before
        .replace(
          '<link rel="stylesheet" href="/assets/root-a1.css"/>',
          `<style>${style}</style><link rel="stylesheet" href="/assets/root-a1.css" disabled>`,
        )
        .replace(
          '<link rel="stylesheet" href="/assets/route-b2.css#"/>',
          '<link rel="stylesheet" href="/assets/route-b2.css#" disabled>',
        ),
    );
  });

  it("refuses a stylesheet whose url() would mean another file inline, or which would end the <style>", async () => {
    await writeFile(path.join(clientDir(), "assets", "relative-d4.css"), '.a{background:url("img/x.png")}');
    await writeFile(
      path.join(clientDir(), "assets", "rooted-e5.css"),
      ".a{background:url(/assets/x.png)}.b{background:url(data:image/png;base64,AA==)}",
    );
    await writeFile(path.join(clientDir(), "assets", "ending-f6.css"), '.a::after{content:"</style>"}');
    await expect(
      inlineCriticalCss(page("<p>a</p>", ["/assets/relative-d4.css"]), { clientDir: clientDir() }),
    ).rejects.toThrow(/relative-d4\.css has a relative url\(\)/);
    const rooted = await inlineCriticalCss(page("<p>a</p>", ["/assets/rooted-e5.css"]), { clientDir: clientDir() });
    expect(inlineStyles(rooted)[0]).toContain("url(/assets/x.png)");
    await expect(
      inlineCriticalCss(page("<p>a</p>", ["/assets/ending-f6.css"]), { clientDir: clientDir() }),
    ).rejects.toThrow(CriticalCssError);
    await writeFile(path.join(clientDir(), "assets", "import-g7.css"), '@import "other.css";.a{}');
    await expect(
      inlineCriticalCss(page("<p>a</p>", ["/assets/import-g7.css"]), { clientDir: clientDir() }),
    ).rejects.toThrow(/import-g7\.css has an @import/);
    // an escaped ../ survives the URL parser (a plain one does not) and would leave the client folder for a file there
    const outside = `${path.basename(clientDir())}-outside.css`;
    await writeFile(path.join(clientDir(), "..", outside), ".a{}");
    try {
      await expect(
        inlineCriticalCss(page("<p>a</p>", [`/..%2f${outside}`]), { clientDir: clientDir() }),
      ).rejects.toThrow(/a stylesheet outside the build/);
    } finally {
      await rm(path.join(clientDir(), "..", outside));
    }
  });

  it("refuses a page whose stylesheet it cannot read, rather than one without its styles", async () => {
    await expect(
      inlineCriticalCss(page("<p>a</p>", ["/assets/root-a1.css", "/assets/missing-c3.css"]), {
        clientDir: clientDir(),
      }),
    ).rejects.toThrow(/missing-c3\.css/);
  });

  it("puts the build's font faces first into the inline style and preloads the subset", async () => {
    const fontFaces =
      '@font-face { font-family: "Epilogue Subset"; src: url(/assets/epilogue-subset-abc.woff2) format("woff2-variations"); }';
    const html = await inlineCriticalCss(page('<p class="used">a</p>'), { clientDir: clientDir(), fontFaces });
    const [style] = inlineStyles(html);
    expect(style!.startsWith(fontFaces)).toBe(true);
    expect(style).toContain(".used{color:var(--ink)}");
    expect(headOf(html)).toContain(
      '<link rel="preload" href="/assets/epilogue-subset-abc.woff2" as="font" type="font/woff2" crossorigin><style>',
    );
    const withoutFonts = await inlineCriticalCss(page('<p class="used">a</p>'), { clientDir: clientDir() });
    expect(withoutFonts).not.toMatch(/as="font"/);
  });

  it("leaves a page without stylesheets as it is", async () => {
    const html = page("<p>a</p>", []);
    expect(await inlineCriticalCss(html, { clientDir: clientDir() })).toBe(html);
  });

  it("refuses stylesheet links of a shape it does not know", async () => {
    const html = page("<p>a</p>").replace(
      '<link rel="stylesheet" href="/assets/root-a1.css"/>',
      '<link href="/assets/root-a1.css" rel="stylesheet"/>',
    );
    await expect(inlineCriticalCss(html, { clientDir: clientDir() })).rejects.toThrow(CriticalCssError);
  });
});

describe("createStylesheets", () => {
  it("reads each stylesheet once for all the pages it extracts from", async () => {
    const dir = await tempDirOfThisTest("critical-css-once-");
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "assets", "root-a1.css"), ".used{color:red}");
    const stylesheets = createStylesheets({ clientDir: dir });
    const links = ["/assets/root-a1.css"];
    const first = await inlineCriticalCss(page('<p class="used">a</p>', links), { clientDir: dir }, stylesheets);
    expect(inlineStyles(first)).toEqual([".used{color:red}"]);
    // a build's stylesheets do not change while it runs: the second page is extracted from what was read first
    await writeFile(path.join(dir, "assets", "root-a1.css"), ".used{color:blue}");
    const second = await inlineCriticalCss(page('<p class="used">b</p>', links), { clientDir: dir }, stylesheets);
    expect(inlineStyles(second)).toEqual([".used{color:red}"]);
    // a new extractor (the next build, a live update) reads the file as it is now
    const fresh = await inlineCriticalCss(page('<p class="used">c</p>', links), { clientDir: dir });
    expect(inlineStyles(fresh)).toEqual([".used{color:blue}"]);
  });
});
