import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { placeholderSrc } from "~/components/lazy-image/lazy-image";
import { IMAGE_SLOTS, ResponsiveImage, imageSources } from "./responsive-image";

const PHOTO = "https://a.storyblok.com/f/287401/1000x750/abc/photo.jpg";

function image(element: React.ReactElement): HTMLImageElement {
  return render(element).container.querySelector("img")!;
}

describe("ResponsiveImage", () => {
  it("renders webp renditions of its slot, all in the slot's one quality, no wider than the file", () => {
    const img = image(
      <ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.galleryTile} sizes="30vw" alt="A photo" loading="eager" />,
    );
    expect(img.getAttribute("src")).toBe(`${PHOTO}/m/800x0/filters:quality(70):format(webp)`);
    expect(img.getAttribute("srcset")).toBe(
      [360, 480, 640, 800, 1000]
        .map((width) => `${PHOTO}/m/${width}x0/filters:quality(70):format(webp) ${width}w`)
        .join(", "),
    );
    expect(img.getAttribute("sizes")).toBe("30vw");
    expect(img.getAttribute("alt")).toBe("A photo");
  });

  it("takes its size from the asset URL and loads lazily, near the viewport, unless told otherwise", () => {
    const lazy = image(<ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.richText} sizes="720px" alt="" />);
    expect([lazy.getAttribute("width"), lazy.getAttribute("height")]).toEqual(["1000", "750"]);
    expect(lazy.hasAttribute("data-lazy")).toBe(true);
    expect(lazy.getAttribute("src")).toBe(placeholderSrc(1000, 750));
    expect(lazy.getAttribute("data-srcset")).toBe(imageSources(PHOTO, IMAGE_SLOTS.richText).srcSet);
    expect(lazy.hasAttribute("srcset")).toBe(false);
    expect(lazy.getAttribute("sizes")).toBe("720px");
    expect(lazy.getAttribute("decoding")).toBe("async");
    const eager = image(
      <ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.articleHero} sizes="100vw" alt="" loading="eager" />,
    );
    expect(eager.getAttribute("loading")).toBe("eager");
    expect(eager.hasAttribute("data-lazy")).toBe(false);
    // without a size in its URL no placeholder can hold its place: the browser's own lazy loading
    const unsized = image(
      <ResponsiveImage src="https://example.com/photo.jpg" renditions={IMAGE_SLOTS.richText} sizes="720px" alt="" />,
    );
    expect([unsized.getAttribute("loading"), unsized.hasAttribute("data-lazy")]).toEqual(["lazy", false]);
  });

  it("shows a file the image service cannot transform as it is, without srcset or sizes", () => {
    const svg = "https://a.storyblok.com/f/287401/120x24/ab/logo.svg";
    const img = image(<ResponsiveImage src={svg} renditions={IMAGE_SLOTS.projectCard} sizes="50vw" alt="" />);
    expect(img.getAttribute("data-srcset")).toBe(svg);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
  });
});

describe("IMAGE_SLOTS", () => {
  it("give each slot one quality, for its fallback and every rendition", () => {
    for (const slot of Object.values(IMAGE_SLOTS)) {
      const { src, srcSet } = imageSources(PHOTO, slot);
      const qualities = new Set([src, ...(srcSet ?? "").split(", ")].map((url) => /quality\((\d+)\)/.exec(url)?.[1]));
      expect([...qualities]).toEqual([String(slot.quality)]);
    }
  });
});
