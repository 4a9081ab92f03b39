import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** prefers-reduced-motion: reduce in the stylesheets: every one that animates has a rule that stops it. */

function css(file: string): string {
  return readFileSync(path.resolve(file), "utf8");
}

/** The body of the stylesheet's `@media (prefers-reduced-motion: reduce)` block. */
function reducedMotionBlock(file: string): string {
  const text = css(file);
  const start = text.indexOf("@media (prefers-reduced-motion: reduce)");
  expect(start, `${file} has a reduced-motion block`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let index = text.indexOf("{", start); index < text.length; index += 1) {
    if (text[index] === "{") depth += 1;
    if (text[index] === "}" && --depth === 0) return text.slice(start, index);
  }
  return text.slice(start);
}

describe("stylesheets: every animation has a static state under reduced motion", () => {
  it.each([
    [
      "gallery tiles fade and fade out",
      "app/components/gallery-tile/gallery-tile.module.css",
      /\.tile,\s*\.tile\[data-exiting\],\s*\.exiting\s*\{\s*animation: none/,
    ],
    [
      "gallery entrance rises",
      "app/components/gallery/gallery.module.css",
      /\[data-entrance="waiting"\]\s*\{\s*opacity: 1;\s*transform: none/,
    ],
    ["article hero fades in", "app/components/article-hero/article-hero.module.css", /\.image\s*\{\s*animation: none/],
    ["about blocks fade and slide in", "app/bloks/about/about.module.css", /\.stagger\s*\{\s*animation: none/],
    ["footer letters wave", "app/bloks/footer/footer.module.css", /\.glyph\s*\{\s*animation: none/],
    [
      "headline weight follows the scroll",
      "app/components/scroll-weight-headline/scroll-weight-headline.module.css",
      /font-weight: 500;\s*font-variation-settings: "wght" 500/,
    ],
    ["index preview fades in", "app/components/article-index-list/article-index-list.module.css", /animation: none/],
    ["carousel dots change", "app/components/carousel-dots/carousel-dots.module.css", /transition: none/],
    ["tag filter buttons change", "app/components/tag-filter/tag-filter.module.css", /transition: none/],
    ["tag pills change", "app/components/tag-pills/tag-pills.module.css", /transition: none/],
    ["masonry overlay fades", "app/components/masonry-grid/masonry-grid.module.css", /transition: none/],
    ["other projects zoom", "app/components/other-projects/other-projects.module.css", /transition: none/],
    ["header changes colour", "app/bloks/header/header.module.css", /transition: none/],
  ])("%s (%s)", (_what, file, rule) => {
    expect(reducedMotionBlock(file)).toMatch(rule);
  });

  it("smooth scrolling is off document-wide", () => {
    expect(reducedMotionBlock("app/styles/base.css")).toMatch(/scroll-behavior: auto !important/);
  });
});
