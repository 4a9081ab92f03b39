import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineStyles } from "./csp";
import { attribute, isInside, parseHtml } from "./html";
import { HYDRATION_DEADLINE_MS } from "./defer-hydration";
import { AFTER_FIRST_PAINT_SCRIPT, CriticalCssError, createBeasties, inlineCriticalCss } from "./critical-css";

let clientDir: string;

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
  clientDir = await mkdtemp(path.join(os.tmpdir(), "critical-css-"));
  await mkdir(path.join(clientDir, "assets"));
  await writeFile(path.join(clientDir, "assets", "root-a1.css"), ROOT_CSS);
  await writeFile(path.join(clientDir, "assets", "route-b2.css"), ROUTE_CSS);
});

afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const bodyOf = (html: string) => html.slice(html.indexOf("</head>"));

describe("inlineCriticalCss", () => {
  it("inlines the rules the page's markup uses, in cascade order, and leaves the others in the files", async () => {
    const html = await inlineCriticalCss(page('<p class="used route">a</p>'), { clientDir });
    const [style] = inlineStyles(html);
    expect(style).toContain(".used{color:var(--ink)}");
    expect(style).toContain(".used:hover{color:blue}");
    expect(style).toContain(":root{--ink:#111}");
    expect(style).toContain(".route{margin:0}");
    expect(style).not.toContain("unused-elsewhere");
    expect(style).not.toContain("other-route");
    expect(style).not.toContain("@keyframes");
    expect(style!.indexOf(".used{")).toBeLessThan(style!.indexOf(".route{"));
    expect(await readFile(path.join(clientDir, "assets", "root-a1.css"), "utf8")).toBe(ROOT_CSS);
  });

  it("keeps the keyframes a used rule animates with", async () => {
    const [style] = inlineStyles(await inlineCriticalCss(page('<i class="spinner"></i>'), { clientDir }));
    expect(style).toContain("@keyframes spin");
  });

  it("puts the stylesheets off until after the first paint and keeps a disabled copy in the head for hydration", async () => {
    const html = await inlineCriticalCss(page('<p class="used">a</p>'), { clientDir });
    const parsed = parseHtml(html);
    const head = parsed.head!;
    expect(parsed.inlineStyles().filter((style) => isInside(style, head))).toHaveLength(1);
    // a disabled stylesheet is neither fetched nor applied; React finds it where it rendered it
    expect(headOf(html)).toContain('<link rel="stylesheet" href="/assets/root-a1.css" disabled>');
    expect(headOf(html)).toContain('<link rel="stylesheet" href="/assets/route-b2.css#" disabled>');
    const stylesheets = parsed.stylesheetLinks();
    expect(stylesheets.filter((link) => isInside(link, head)).map((link) => attribute(link, "disabled"))).toEqual([
      "",
      "",
    ]);
    const body = bodyOf(html);
    expect(body).toContain(
      '<noscript data-after-first-paint><link rel="stylesheet" href="/assets/root-a1.css">' +
        '<link rel="stylesheet" href="/assets/route-b2.css#"></noscript>' +
        `<script>${AFTER_FIRST_PAINT_SCRIPT}</script></body>`,
    );
    // outside <noscript> no stylesheet is requested before the script runs
    const [noscript] = parsed.elementsNamed("noscript");
    expect(stylesheets.filter((link) => !isInside(link, head) && !isInside(link, noscript!))).toEqual([]);
    // no event handler: the strict CSP allows the page with its scripts' hashes
    expect(html).not.toMatch(/onload=/);
    expect(parsed.elementsNamed("script")).toHaveLength(3);
    expect(html).not.toMatch(/beasties/);
  });

  describe("the script that loads the stylesheets", () => {
    const markup =
      '<body><p>a</p><noscript data-after-first-paint><link rel="stylesheet" href="/a.css"></noscript></body>';
    const inserted = (window: JSDOM["window"]) =>
      window.document.querySelector('body > link[rel="stylesheet"]')?.getAttribute("href") ?? null;

    /** A page whose browser reports paint timing: `paint(name)` stands for the browser reporting a paint. */
    function pageWithPaintTiming() {
      const { window } = new JSDOM(markup, { runScripts: "dangerously", url: "http://localhost/" });
      const observers: Array<(entries: { getEntriesByName: (name: string) => unknown[] }) => void> = [];
      class FakeObserver {
        static supportedEntryTypes = ["paint"];
        constructor(private callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {
          observers.splice(observers.indexOf(this.callback), 1);
        }
      }
      Object.assign(window, { PerformanceObserver: FakeObserver });
      const paint = (name: string) =>
        [...observers].forEach((callback) => callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
      return { window, paint };
    }

    it("inserts them once the first contentful paint is reported, not at the first paint", () => {
      const { window, paint } = pageWithPaintTiming();
      window.eval(AFTER_FIRST_PAINT_SCRIPT);
      expect(inserted(window)).toBeNull();
      paint("first-paint");
      expect(inserted(window)).toBeNull();
      paint("first-contentful-paint");
      expect(inserted(window)).toBe("/a.css");
      expect(window.document.querySelector("noscript")).toBeNull();
    });

    it("inserts them at the hydration deadline if no paint is reported by then (a background tab)", () => {
      const { window } = pageWithPaintTiming();
      const timers: Array<{ run: () => void; ms: number }> = [];
      Object.assign(window, { setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }) });
      window.eval(AFTER_FIRST_PAINT_SCRIPT);
      window.dispatchEvent(new window.Event("load"));
      expect(inserted(window)).toBeNull();
      expect(timers.map((timer) => timer.ms)).toEqual([HYDRATION_DEADLINE_MS]);
      timers[0]!.run();
      expect(inserted(window)).toBe("/a.css");
    });

    it("waits two frames where the browser reports no paint timing", () => {
      const { window } = new JSDOM(markup, { runScripts: "dangerously", url: "http://localhost/" });
      const frames: FrameRequestCallback[] = [];
      Object.assign(window, {
        PerformanceObserver: undefined,
        requestAnimationFrame: (f: FrameRequestCallback) => frames.push(f),
      });
      window.eval(AFTER_FIRST_PAINT_SCRIPT);
      frames.shift()!(0);
      expect(inserted(window)).toBeNull();
      frames.shift()!(16);
      expect(inserted(window)).toBe("/a.css");
    });
  });

  it("puts the build's font faces first into the inline style and preloads the subset", async () => {
    const fontFaces =
      '@font-face { font-family: "Epilogue Subset"; src: url(/assets/epilogue-subset-abc.woff2) format("woff2-variations"); }';
    const html = await inlineCriticalCss(page('<p class="used">a</p>'), { clientDir, fontFaces });
    const [style] = inlineStyles(html);
    expect(style!.startsWith(fontFaces)).toBe(true);
    expect(style).toContain(".used{color:var(--ink)}");
    expect(headOf(html)).toContain(
      '<link rel="preload" href="/assets/epilogue-subset-abc.woff2" as="font" type="font/woff2" crossorigin><style>',
    );
    const withoutFonts = await inlineCriticalCss(page('<p class="used">a</p>'), { clientDir });
    expect(withoutFonts).not.toMatch(/as="font"/);
  });

  it("leaves a page without stylesheets as it is", async () => {
    const html = page("<p>a</p>", []);
    expect(await inlineCriticalCss(html, { clientDir })).toBe(html);
  });

  it("refuses stylesheet links of a shape it does not know", async () => {
    const html = page("<p>a</p>").replace(
      '<link rel="stylesheet" href="/assets/root-a1.css"/>',
      '<link href="/assets/root-a1.css" rel="stylesheet"/>',
    );
    await expect(inlineCriticalCss(html, { clientDir })).rejects.toThrow(CriticalCssError);
  });
});

describe("createBeasties", () => {
  it("reads each stylesheet once for all the pages it extracts from", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "critical-css-once-"));
    try {
      await mkdir(path.join(dir, "assets"));
      await writeFile(path.join(dir, "assets", "root-a1.css"), ".used{color:red}");
      const beasties = createBeasties({ clientDir: dir });
      const links = ["/assets/root-a1.css"];
      const first = await inlineCriticalCss(page('<p class="used">a</p>', links), { clientDir: dir }, beasties);
      expect(inlineStyles(first)).toEqual([".used{color:red}"]);
      // a build's stylesheets do not change while it runs: the second page is extracted from what was read first
      await writeFile(path.join(dir, "assets", "root-a1.css"), ".used{color:blue}");
      const second = await inlineCriticalCss(page('<p class="used">b</p>', links), { clientDir: dir }, beasties);
      expect(inlineStyles(second)).toEqual([".used{color:red}"]);
      // a new extractor (the next build, a live update) reads the file as it is now
      const fresh = await inlineCriticalCss(page('<p class="used">c</p>', links), { clientDir: dir });
      expect(inlineStyles(fresh)).toEqual([".used{color:blue}"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
