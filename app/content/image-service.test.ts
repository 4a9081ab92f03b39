import { describe, expect, it } from "vitest";
import { assetDimensions, ImageFilterError, imageServiceUrl, imageSrcSet } from "./image-service";

const photo = "https://a.storyblok.com/f/287401/1600x1000/3f9a1c2b7e/hero.jpg";

describe("assetDimensions", () => {
  it("reads the size from the asset path", () => {
    expect(assetDimensions(photo)).toEqual({ width: 1600, height: 1000 });
    expect(assetDimensions("https://example.org/hero.jpg")).toBeNull();
  });
});

describe("imageServiceUrl", () => {
  it("resizes and adds filters in Storyblok's syntax", () => {
    expect(imageServiceUrl(photo, { width: 800 })).toBe(`${photo}/m/800x0`);
    expect(imageServiceUrl(photo, { width: 800, height: 600, smart: true })).toBe(`${photo}/m/800x600/smart`);
    expect(imageServiceUrl(photo, { fitIn: true, width: 400, height: 400 })).toBe(`${photo}/m/fit-in/400x400`);
    expect(imageServiceUrl(photo, { width: 1200, filters: { quality: 70, format: "webp" } })).toBe(
      `${photo}/m/1200x0/filters:quality(70):format(webp)`,
    );
    expect(imageServiceUrl(photo, { width: 800, filters: { quality: 50, format: "avif" } })).toBe(
      `${photo}/m/800x0/filters:quality(50):format(avif)`,
    );
    expect(imageServiceUrl(photo, { filters: { blur: 10, brightness: -20, rotate: 90 } })).toBe(
      `${photo}/m/filters:blur(10):brightness(-20):rotate(90)`,
    );
  });

  it("crops around a focal point where it cuts to another shape, and only there", () => {
    const focal = { x1: 10, y1: 20, x2: 30, y2: 40 };
    expect(imageServiceUrl(photo, { width: 800, height: 600, filters: { focal, format: "webp" } })).toBe(
      `${photo}/m/800x600/filters:focal(10x20:30x40):format(webp)`,
    );
    expect(imageServiceUrl(photo, { width: 800, filters: { focal } })).toBe(`${photo}/m/800x0`);
    expect(imageServiceUrl(photo, { fitIn: true, width: 400, height: 400, filters: { focal } })).toBe(
      `${photo}/m/fit-in/400x400`,
    );
  });

  it("refuses values outside the spec's ranges", () => {
    expect(() => imageServiceUrl(photo, { filters: { quality: 101 } })).toThrow(ImageFilterError);
    expect(() => imageServiceUrl(photo, { filters: { blur: -1 } })).toThrow(ImageFilterError);
    expect(() => imageServiceUrl(photo, { filters: { brightness: -101 } })).toThrow(ImageFilterError);
    expect(() => imageServiceUrl(photo, { filters: { rotate: 45 as 90 } })).toThrow(ImageFilterError);
    expect(() => imageServiceUrl(photo, { filters: { format: "gif" as "webp" } })).toThrow(ImageFilterError);
    expect(() => imageServiceUrl(photo, { width: 5000 })).toThrow(ImageFilterError);
  });

  it("leaves SVG, GIF and video files untouched", () => {
    const svg = "https://a.storyblok.com/f/287401/24x24/aa/logo.svg";
    expect(imageServiceUrl(svg, { width: 200 })).toBe(svg);
  });
});

describe("imageSrcSet", () => {
  it("lists webp renditions no wider than the source", () => {
    const srcset = imageSrcSet(photo, [640, 1280, 1920]);
    expect(srcset).toBe(
      [
        `${photo}/m/640x0/filters:quality(70):format(webp) 640w`,
        `${photo}/m/1280x0/filters:quality(70):format(webp) 1280w`,
        `${photo}/m/1600x0/filters:quality(70):format(webp) 1600w`,
      ].join(", "),
    );
  });

  it("lists the renditions in the format asked for", () => {
    expect(imageSrcSet(photo, [640, 1280], 55, "avif")).toBe(
      [
        `${photo}/m/640x0/filters:quality(55):format(avif) 640w`,
        `${photo}/m/1280x0/filters:quality(55):format(avif) 1280w`,
      ].join(", "),
    );
  });

  it("gives no srcset for files the service cannot transform", () => {
    expect(imageSrcSet("https://a.storyblok.com/f/1/10x10/aa/clip.mp4", [320])).toBeUndefined();
  });
});
