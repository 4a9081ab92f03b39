import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LAZY_PLACEHOLDER_SRC } from "~/components/lazy-image/lazy-image";
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

  it("is a <picture>: avif, then the img with the webp renditions", () => {
    const { container } = render(
      <ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.galleryTile} sizes="30vw" alt="" loading="eager" />,
    );
    const picture = container.querySelector("picture")!;
    expect([...picture.children].map((child) => [child.tagName, child.getAttribute("type")])).toEqual([
      ["SOURCE", "image/avif"],
      ["IMG", null],
    ]);
    const [avif] = [...picture.querySelectorAll("source")];
    expect(avif!.getAttribute("srcset")).toBe(
      [360, 480, 640, 800, 1000]
        .map((width) => `${PHOTO}/m/${width}x0/filters:quality(50):format(avif) ${width}w`)
        .join(", "),
    );
    expect(avif!.getAttribute("sizes")).toBe("30vw");
  });

  it("a lazy picture's sources hold only the placeholder until the loader sets their srcset", () => {
    const { container } = render(
      <ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.articleMedia} sizes="50vw" alt="" />,
    );
    const sources = [...container.querySelectorAll("picture > source")];
    const placeholder = container.querySelector("img")!.getAttribute("src")!;
    expect(placeholder).toMatch(/^data:image\/svg\+xml,/);
    expect(sources.map((source) => source.getAttribute("srcset"))).toEqual([`${placeholder} 1w`]);
    expect(sources[0]!.getAttribute("data-srcset")).toContain(`${PHOTO}/m/480x0/filters:quality(55):format(avif) 480w`);
  });

  it("preloads an eager image at high priority as avif only, and no other eager image", () => {
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    for (const link of preloads()) link.remove();
    render(<ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.aboutMedia} sizes="50vw" alt="" loading="eager" />);
    expect(preloads()).toEqual([]);
    render(
      <ResponsiveImage
        src={PHOTO}
        renditions={IMAGE_SLOTS.articleHero}
        sizes="100vw"
        alt=""
        loading="eager"
        fetchPriority="high"
      />,
    );
    expect(preloads()).toHaveLength(1);
    const [link] = preloads();
    expect(link!.getAttribute("type")).toBe("image/avif");
    expect(link!.getAttribute("imagesrcset")).toBe(imageSources(PHOTO, IMAGE_SLOTS.articleHero).sources[0]!.srcSet);
    expect(link!.getAttribute("imagesizes")).toBe("100vw");
    for (const item of preloads()) item.remove();
  });

  it("takes its size from the asset URL and loads lazily, near the viewport, unless told otherwise", () => {
    const lazy = image(<ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.richText} sizes="720px" alt="" />);
    expect([lazy.getAttribute("width"), lazy.getAttribute("height")]).toEqual(["1000", "750"]);
    expect(lazy.hasAttribute("data-lazy")).toBe(true);
    expect(lazy.getAttribute("src")).toBe(LAZY_PLACEHOLDER_SRC);
    expect(lazy.getAttribute("data-srcset")).toBe(imageSources(PHOTO, IMAGE_SLOTS.richText).srcSet);
    expect(lazy.getAttribute("srcset")).toBe(`${LAZY_PLACEHOLDER_SRC} 1w`);
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
    // shown on demand (display: none until then): the browser's own lazy loading, its real sources in place
    const { container } = render(
      <ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.indexPreview} sizes="600px" alt="" shownOnDemand />,
    );
    const onDemand = container.querySelector("img")!;
    expect([onDemand.getAttribute("loading"), onDemand.hasAttribute("data-lazy")]).toEqual(["lazy", false]);
    expect(onDemand.getAttribute("srcset")).toBe(imageSources(PHOTO, IMAGE_SLOTS.indexPreview).srcSet);
    expect(container.querySelector("source")!.getAttribute("srcset")).toBe(
      imageSources(PHOTO, IMAGE_SLOTS.indexPreview).sources[0]!.srcSet,
    );
  });

  it("positions its crop on the asset's focal point, lazy or eager, and leaves it centred without one", () => {
    const focus = "250x600:250x600";
    const lazy = image(
      <ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.galleryTile} sizes="30vw" alt="" focus={focus} />,
    );
    expect(lazy.style.objectPosition).toBe("25% 80%");
    const eager = image(
      <ResponsiveImage
        src={PHOTO}
        renditions={IMAGE_SLOTS.articleHero}
        sizes="100vw"
        alt=""
        loading="eager"
        focus={focus}
      />,
    );
    expect(eager.style.objectPosition).toBe("25% 80%");
    const centred = image(<ResponsiveImage src={PHOTO} renditions={IMAGE_SLOTS.galleryTile} sizes="30vw" alt="" />);
    expect(centred.hasAttribute("style")).toBe(false);
  });

  it("shows a file the image service cannot transform as it is, without srcset or sizes", () => {
    const svg = "https://a.storyblok.com/f/287401/120x24/ab/logo.svg";
    const img = image(<ResponsiveImage src={svg} renditions={IMAGE_SLOTS.projectCard} sizes="50vw" alt="" />);
    expect(img.getAttribute("data-srcset")).toBe(svg);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
    expect(img.closest("picture")).toBeNull();
    expect(imageSources(svg, IMAGE_SLOTS.projectCard).sources).toEqual([]);
  });
});

describe("IMAGE_SLOTS", () => {
  it("give each slot one quality per format, for its fallback and every rendition", () => {
    const qualitiesOf = (urls: string[]) => [...new Set(urls.map((url) => /quality\((\d+)\)/.exec(url)?.[1]))];
    for (const slot of Object.values(IMAGE_SLOTS)) {
      const { src, srcSet, sources } = imageSources(PHOTO, slot);
      expect(qualitiesOf([src, ...(srcSet ?? "").split(", ")])).toEqual([String(slot.quality)]);
      expect(sources).toHaveLength(1);
      const [avif] = sources;
      expect(qualitiesOf(avif!.srcSet.split(", "))).toEqual([String(slot.avifQuality)]);
      expect(avif!.srcSet.split(", ").every((candidate) => candidate.includes(":format(avif) "))).toBe(true);
    }
  });
});
