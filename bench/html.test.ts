import { describe, expect, it } from "vitest";
import { findHeroImage, firstHeadingText, floorPage, localAssetPath, pageAssets, staticImports } from "./html";

const PAGE =
  '<!DOCTYPE html><html lang="de"><head>' +
  '<link rel="preload" as="image" href="http://localhost:1/f/1/32x32/a/logo.svg"/>' +
  '<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/>' +
  '<link rel="stylesheet" href="/assets/root-C.css"/><link rel="stylesheet" href="/assets/header-D.css#"/>' +
  '<link rel="icon" href="data:image/svg+xml,%3Csvg%3E"/>' +
  '</head><body><h1 class="x">Studio <em>Halb</em>ton &amp; Co</h1>' +
  '<picture class="p"><source media="(max-width: 768px)" srcSet="http://localhost:1/f/1/750x1100/h/phone.webp/m/480x0 480w" sizes="95vw" width="750" height="1100"/>' +
  '<img class="m" src="http://localhost:1/f/1/1600x900/h/desk.webp/m/1600x0/filters:quality(75)" srcSet="http://localhost:1/f/1/1600x900/h/desk.webp/m/768x0 768w" sizes="95vw" width="1600" height="900" alt="Hero" fetchPriority="high"/></picture>' +
  '<img src="/other.png" alt=""/>' +
  "<script>window.__ctx = {a:1};</script>" +
  '<script type="module" async="">import "/assets/manifest-E.js";\nimport * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script src="/assets/classic-F.js"></script><script src="https://cdn.example/x.js"></script>' +
  "</body></html>";

describe("pageAssets", () => {
  it("collects modulepreloads, script srcs, inline imports and stylesheets, once each and same-origin only", () => {
    const assets = pageAssets(PAGE);
    expect(assets.scripts.sort()).toEqual(
      ["/assets/classic-F.js", "/assets/entry.client-A.js", "/assets/manifest-E.js", "/assets/root-B.js"].sort(),
    );
    expect(assets.stylesheets).toEqual(["/assets/root-C.css", "/assets/header-D.css"]);
    expect(assets.inlineScripts).toHaveLength(2);
  });

  it("leaves out a disabled stylesheet, which the browser does not fetch", () => {
    const page = '<html><head><link rel="stylesheet" href="/assets/root-C.css" disabled></head><body></body></html>';
    expect(pageAssets(page).stylesheets).toEqual([]);
  });
});

describe("localAssetPath", () => {
  it("drops query and fragment and refuses other origins", () => {
    expect(localAssetPath("/assets/a.css?v=1#x")).toBe("/assets/a.css");
    expect(localAssetPath("assets/a.js")).toBe("/assets/a.js");
    expect(localAssetPath("//cdn.example/a.js")).toBeNull();
    expect(localAssetPath("http://x/a.js")).toBeNull();
    expect(localAssetPath("data:text/css,")).toBeNull();
  });
});

describe("findHeroImage", () => {
  it("finds the fetchpriority=high image with its picture wrapper", () => {
    const hero = findHeroImage(PAGE);
    expect(hero?.src).toBe("http://localhost:1/f/1/1600x900/h/desk.webp/m/1600x0/filters:quality(75)");
    expect(hero?.markup).toContain('width="1600"');
    expect(hero?.markup).toContain('height="900"');
    expect(hero?.markup).toContain("768w");
    expect(hero?.markup.startsWith("<picture")).toBe(true);
    expect(hero?.markup.endsWith("</picture>")).toBe(true);
    expect(hero?.markup).toContain("phone.webp");
    expect(hero?.preloads).toEqual([]);
  });
  it("takes a bare img when it is not inside a picture, and its preload link", () => {
    const html =
      '<head><link rel="preload" as="image" href="http://h/f/a.webp/m/800x0" imageSrcSet="http://h/f/a.webp/m/800x0 800w"/></head>' +
      '<picture><img src="/x.png"/></picture><img src="http://h/f/a.webp/m/1600x0" fetchpriority="high" width="10" height="5">';
    const hero = findHeroImage(html);
    expect(hero?.markup.startsWith("<img")).toBe(true);
    expect(hero?.preloads).toHaveLength(1);
  });
  it("is null without a high-priority image", () => {
    expect(findHeroImage('<img src="a.png">')).toBeNull();
  });
});

describe("floorPage", () => {
  it("holds only the hero image markup, no CSS file, font or script", () => {
    const floor = floorPage(PAGE);
    expect(floor.kind).toBe("image");
    expect(floor.html).toContain('lang="de"');
    expect(floor.html).toContain('fetchPriority="high"');
    expect(floor.html).toContain("<picture");
    expect(floor.html).not.toMatch(/<script|stylesheet|modulepreload|woff2|logo\.svg/);
  });
  it("falls back to the heading text for a page without a hero image", () => {
    const floor = floorPage('<html lang="en"><body><h1 id="h">Index &amp; more</h1></body></html>');
    expect(floor.kind).toBe("text");
    expect(floor.element).toBe("Index & more");
    expect(floor.html).toContain("<h1>Index &amp; more</h1>");
  });
});

describe("firstHeadingText", () => {
  it("strips inner tags and decodes entities", () => {
    expect(firstHeadingText(PAGE)).toBe("Studio Halbton & Co");
    expect(firstHeadingText("<p>none</p>")).toBe("");
  });
});

describe("staticImports", () => {
  it("finds a chunk's static imports and re-exports, minified or not, but not its dynamic imports", () => {
    const chunk =
      'import{j as e}from"./jsx-runtime-u17CrQMm.js";import"./manifest.js";export*from"./re-export.js";' +
      "import { a, b as c } from \"./spaced.js\";\nimport * as ns from './namespace.js';" +
      'const lazy=()=>import("./lazy.js");const p=__vitePreload(()=>import("./preloaded.js"),[]);const s="import x from \'./in-string\'";';
    expect(staticImports(chunk)).toEqual([
      "./jsx-runtime-u17CrQMm.js",
      "./manifest.js",
      "./re-export.js",
      "./spaced.js",
      "./namespace.js",
    ]);
  });
});
