import { describe, expect, it } from "vitest";
import { lightboxHref, lightboxId } from "./lightbox-hash";
import { fullScreenSources, mediaSizeStyle } from "./lightbox-item";

const photo = "https://a.storyblok.com/f/287401/1200x800/abc/detail.webp";

describe("the media's fragments", () => {
  it("count from 1", () => {
    expect(lightboxId(0)).toBe("media-1");
    expect(lightboxHref(0)).toBe("#media-1");
  });

  it("name a second grid's media apart from the first's, so two grids on a page never share an id", () => {
    expect(lightboxId(2, 2)).toBe("media-2-3");
    expect(lightboxHref(2, 2)).toBe("#media-2-3");
    expect(lightboxId(2)).not.toBe(lightboxId(2, 2));
  });
});

describe("fullScreenSources", () => {
  it("offers the renditions up to the file's own width, drawn at most as wide as the window, its height allows, or the file", () => {
    const sources = fullScreenSources(photo);
    expect(sources.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["640w", "960w", "1200w"]);
    expect(sources.srcSet).toContain(`${photo}/m/1200x0/filters:quality(80):format(webp) 1200w`);
    expect(sources.sizes).toBe("min(100vw, 150.00vh, 1200px)");
    expect(sources.src).toBe(`${photo}/m/1200x0/filters:quality(80):format(webp)`);
  });

  it("offers avif ahead of the webp renditions, at its own quality", () => {
    const { sources, srcSet } = fullScreenSources(photo);
    expect(sources.map((source) => source.type)).toEqual(["image/avif"]);
    expect(sources[0]!.srcSet).toContain(`${photo}/m/1200x0/filters:quality(60):format(avif) 1200w`);
    expect(sources[0]!.srcSet).not.toContain("format(webp)");
    expect(srcSet).toContain(`${photo}/m/1200x0/filters:quality(80):format(webp) 1200w`);
  });

  it("leaves files the image service does not transform as they are", () => {
    const svg = "https://a.storyblok.com/f/287401/900x1200/abc/tile.svg";
    expect(fullScreenSources(svg)).toEqual({ src: svg, srcSet: undefined, sizes: undefined, sources: [] });
  });
});

describe("mediaSizeStyle", () => {
  it("gives the stylesheet the file's width and proportions, when its URL has them", () => {
    expect(mediaSizeStyle(photo)).toEqual({ "--media-width": "1200px", "--media-ratio": "1200 / 800" });
    expect(mediaSizeStyle("https://example.org/photo.jpg")).toBeUndefined();
  });
});
