import { describe, expect, it } from "vitest";
import { OTHER_PROJECTS_DRAW_SCRIPT } from "../app/behaviours/other-projects";
import { attribute, parseHtml } from "./html";
import { SPECULATION_RULES, behaviourModuleSources, behavioursOf, islandsEdits, type BehaviourFiles } from "./islands";
import { preparePage } from "./finish-pages";

// What React Router 7 writes into a prerendered page, shortened, with the site's behaviour markers.
const MODULE_SCRIPT = 'import * as route0 from "/assets/root-Ch.js";\nimport("/assets/entry.client-BC.js");';
const SCROLL_RESTORATION =
  '((storageKey2, restoreKey) => { window.scrollTo(0, 0); })("react-router-scroll-positions", null)';

function pageWith(body: string): string {
  return [
    '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
    '<link rel="modulepreload" href="/assets/entry.client-BC.js"/><link rel="stylesheet" href="/assets/root.css"/></head>',
    `<body><header><div id="menu" popover="auto" data-behaviour="menu"><button popovertarget="menu" popovertargetaction="hide">x</button></div></header>`,
    `<main>${body}</main>`,
    `<script>${SCROLL_RESTORATION}</script>`,
    '<script>window.__reactRouterContext = {"basename":"/"};</script>',
    `<script type="module" async="">${MODULE_SCRIPT}</script>`,
    '<div hidden id="S:0"><script>window.__reactRouterContext.streamController.enqueue("[]");</script></div>',
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    "</body></html>",
  ].join("");
}

const SHARED = "/assets/behaviours-shared-S9.js";
const FILES: BehaviourFiles = {
  modules: {
    menu: "/assets/behaviour-menu-A1.js",
    "headline-weight": "/assets/behaviour-headline-weight-B2.js",
    video: "/assets/behaviour-video-C3.js",
  },
  imports: {
    "/assets/behaviour-menu-A1.js": [SHARED],
    "/assets/behaviour-headline-weight-B2.js": [SHARED],
  },
};

const ARTICLE = pageWith(
  '<h1 data-behaviour="headline-weight">Atlas</h1>' +
    '<ul id="other-projects-list"><li data-picked="">a</li><li data-picked="">b</li><li>c</li></ul>' +
    '<div hidden data-behaviour="other-projects"></div>',
);

function scriptsOf(html: string): string[] {
  const page = parseHtml(html);
  return page.elementsNamed("script").map((script) => page.outerHtml(script));
}

describe("islandsEdits", () => {
  it("reads the behaviours a page's markup has", () => {
    expect(behavioursOf(parseHtml(ARTICLE))).toEqual(["menu", "headline-weight", "other-projects"]);
  });

  it("takes React Router's scripts, preloads and hydration context out of a production page whose behaviours all have a module, and loads those modules", () => {
    const html = preparePage("articles/atlas/index.html", ARTICLE, "/* loader */", FILES);
    const page = parseHtml(html);
    expect(page.moduleScripts()).toEqual([]);
    // React Router's preloads went; what stays is the modules' shared chunk
    expect(page.modulePreloads().map((link) => attribute(link, "href"))).toEqual([SHARED]);
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain("react-router-scroll-positions");
    expect(behaviourModuleSources(page)).toEqual([FILES.modules.menu, FILES.modules["headline-weight"]]);
    // last in the head, after what the page needs for its first paint (its styles, the font's preload)
    const head = page.elementsNamed("head")[0]!;
    const inHead = page
      .elementsNamed("script")
      .concat(page.elementsNamed("link"))
      .filter((e) => e.parent === head);
    const last = inHead.sort((a, b) => a.start - b.start).slice(-4);
    // and what they share preloaded with them, once, not found a round trip after they arrive
    expect(last.map((element) => page.outerHtml(element))).toEqual([
      `<script type="module" src="${FILES.modules.menu}"></script>`,
      `<script type="module" src="${FILES.modules["headline-weight"]}"></script>`,
      `<link rel="modulepreload" href="${SHARED}">`,
      `<script type="speculationrules">${SPECULATION_RULES}</script>`,
    ]);
    // the browser's own navigation, prefetched on intent where the engine has speculation rules
    expect(html).toContain(`<script type="speculationrules">${SPECULATION_RULES}</script>`);
    // the page's own scripts stay: the lazy image loader, its JSON-LD, the draw after the list
    expect(html).toContain("<script>/* loader */</script>");
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain(
      `<div hidden data-behaviour="other-projects"><script>${OTHER_PROJECTS_DRAW_SCRIPT}</script></div>`,
    );
  });

  it("asks once for a module that starts several of the page's behaviours, as the build's one module does", () => {
    const entry = "/assets/behaviours-E5.js";
    const oneModule: BehaviourFiles = {
      modules: { menu: entry, "headline-weight": entry, video: entry },
      imports: { [entry]: [SHARED] },
    };
    const page = parseHtml(preparePage("articles/atlas/index.html", ARTICLE, "/* loader */", oneModule));
    expect(behaviourModuleSources(page)).toEqual([entry]);
    expect(page.modulePreloads().map((link) => attribute(link, "href"))).toEqual([SHARED]);
  });

  it("keeps React's hydration after load where a behaviour has no module yet, and says which", () => {
    const gallery = pageWith('<section data-behaviour="not-yet-a-module"><ul></ul></section>');
    const plan = islandsEdits(parseHtml(gallery), FILES);
    expect(plan).toMatchObject({ withoutFramework: false, needsReact: ["not-yet-a-module"] });
    const html = preparePage("index.html", gallery, "/* loader */", FILES);
    expect(html).toContain("__reactRouterContext");
    expect(html).toContain("let hydrationStarted = false;");
    expect(behaviourModuleSources(parseHtml(html))).toEqual([]);
    expect(html).not.toContain("speculationrules");
  });

  it("leaves a preview build's pages hydrated, with the draw of other projects before the first paint", () => {
    const html = preparePage("articles/atlas/index.html", ARTICLE, "/* loader */", null);
    expect(html).toContain("__reactRouterContext");
    expect(html).toContain("let hydrationStarted = false;");
    expect(html).toContain(
      `<div hidden data-behaviour="other-projects"><script>${OTHER_PROJECTS_DRAW_SCRIPT}</script></div>`,
    );
  });

  it("leaves the SPA fallback to React", () => {
    const html = preparePage("__spa-fallback.html", ARTICLE, "/* loader */", FILES);
    expect(html).toContain(MODULE_SCRIPT);
    expect(html).not.toContain(OTHER_PROJECTS_DRAW_SCRIPT);
  });

  it("finds nothing more to do on a page it has made (the build's steps run twice by hand)", () => {
    const once = preparePage("articles/atlas/index.html", ARTICLE, "/* loader */", FILES);
    expect(scriptsOf(preparePage("articles/atlas/index.html", once, "/* loader */", FILES))).toEqual(scriptsOf(once));
  });
});
