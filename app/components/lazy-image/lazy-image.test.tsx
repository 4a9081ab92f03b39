import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DevLazyImageLoader, LAZY_PLACEHOLDER_SRC, LAZY_PLACEHOLDER_SRCSET, LazyImage } from "./lazy-image";
import { LAZY_IMAGE_MARGIN_PX } from "./lazy-image-loader";

const SRCSET =
  "https://a.storyblok.com/f/1/1000x750/a/p.jpg/m/480x0 480w, https://a.storyblok.com/f/1/1000x750/a/p.jpg/m/960x0 960w";

describe("LazyImage", () => {
  it("renders the placeholder and its size, with its sources waiting in data-srcset", () => {
    const img = render(
      <LazyImage src="/p.jpg" srcSet={SRCSET} sizes="50vw" width={1000} height={750} alt="A photo" className="x" />,
    ).container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(LAZY_PLACEHOLDER_SRC);
    expect(img.getAttribute("data-srcset")).toBe(SRCSET);
    expect(img.hasAttribute("data-lazy")).toBe(true);
    // sizes needs a srcset to be valid HTML: the placeholder, which fetches nothing
    expect(img.getAttribute("srcset")).toBe(`${LAZY_PLACEHOLDER_SRC} 1w`);
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("sizes")]).toEqual([
      "1000",
      "750",
      "50vw",
    ]);
    expect([img.getAttribute("alt"), img.getAttribute("class")]).toEqual(["A photo", "x"]);
  });

  it("takes a file without renditions as its one source", () => {
    const img = render(<LazyImage src="/icon.svg" width={24} height={24} alt="" />).container.querySelector("img")!;
    expect(img.getAttribute("data-srcset")).toBe("/icon.svg");
  });

  it("prerenders the image itself in a <noscript>, natively lazy, for browsers without JavaScript", () => {
    const html = renderToString(
      <LazyImage src="/p.jpg" srcSet={SRCSET} sizes="50vw" width={1000} height={750} alt="A" />,
    );
    const noscript = /<noscript>(.*)<\/noscript>/.exec(html)?.[1] ?? "";
    expect(noscript).toContain('src="/p.jpg"');
    expect(noscript).toContain('loading="lazy"');
    // React writes the attribute as srcSet; HTML attribute names are case-insensitive
    expect(noscript).toContain(`srcSet="${SRCSET}"`);
    expect(noscript).not.toContain("data-lazy");
    expect(renderToString(<LazyImage src="/p.jpg" width={10} height={10} alt="" noscript={null} />)).not.toContain(
      "noscript",
    );
  });

  it("in a <picture>, its sources wait in data-srcset too, so nothing is fetched before the loader fills them", () => {
    const sources = [
      { type: "image/avif", srcSet: "/p.avif 480w" },
      { type: "image/webp", srcSet: "/p.webp 480w" },
    ] as const;
    const { container } = render(
      <LazyImage src="/p.jpg" srcSet={SRCSET} sources={sources} sizes="50vw" width={1000} height={750} alt="" />,
    );
    const picture = container.querySelector("picture")!;
    expect([...picture.children].map((child) => child.tagName)).toEqual(["SOURCE", "SOURCE", "IMG"]);
    const [avif, webp] = [...picture.querySelectorAll("source")];
    expect([avif!.getAttribute("type"), webp!.getAttribute("type")]).toEqual(["image/avif", "image/webp"]);
    expect([avif!.getAttribute("data-srcset"), webp!.getAttribute("data-srcset")]).toEqual([
      "/p.avif 480w",
      "/p.webp 480w",
    ]);
    expect([avif!.getAttribute("srcset"), webp!.getAttribute("srcset")]).toEqual([
      LAZY_PLACEHOLDER_SRCSET,
      LAZY_PLACEHOLDER_SRCSET,
    ]);
    expect([avif!.getAttribute("sizes"), webp!.getAttribute("sizes")]).toEqual(["50vw", "50vw"]);
    expect(picture.querySelector("img")!.getAttribute("src")).toBe(LAZY_PLACEHOLDER_SRC);
  });

  it("prerenders a <picture> with its sources' srcsets in the <noscript>", () => {
    const sources = [
      { type: "image/avif", srcSet: "/p.avif 480w" },
      { type: "image/webp", srcSet: "/p.webp 480w" },
    ] as const;
    const html = renderToString(
      <LazyImage src="/p.jpg" srcSet={SRCSET} sources={sources} sizes="50vw" width={1000} height={750} alt="" />,
    );
    const noscript = /<noscript>(.*)<\/noscript>/.exec(html)?.[1] ?? "";
    expect(noscript).toMatch(
      /^<picture><source type="image\/avif" srcSet="\/p.avif 480w" sizes="50vw"\/><source type="image\/webp" srcSet="\/p.webp 480w" sizes="50vw"\/><img [^>]*src="\/p.jpg"/,
    );
    expect(noscript).not.toContain("data-srcset");
  });

  it("a file without sizes has no srcset until the loader sets it", () => {
    const img = render(<LazyImage src="/icon.svg" width={24} height={24} alt="" />).container.querySelector("img")!;
    expect(img.hasAttribute("srcset")).toBe(false);
  });

  it("the placeholder is a URL without raw spaces, valid in src and as one srcset candidate", () => {
    expect(LAZY_PLACEHOLDER_SRC).not.toMatch(/\s/);
  });

  it("the placeholder is an empty SVG without a size, so the img's width and height give its box", () => {
    const [type, data] = decodeURIComponent(LAZY_PLACEHOLDER_SRC).split(",");
    expect(type).toBe("data:image/svg+xml");
    const svg = new DOMParser().parseFromString(data!, "image/svg+xml").documentElement;
    expect({ name: svg.localName, attributes: svg.getAttributeNames(), children: svg.childNodes.length }).toEqual({
      name: "svg",
      attributes: ["xmlns"],
      children: 0,
    });
  });
});

describe("DevLazyImageLoader", () => {
  it("is one inline script running the loader with the site's margin", () => {
    const html = renderToString(<DevLazyImageLoader />);
    expect(html).toMatch(/^<script>\(function installLazyImages\(/);
    expect(html).toContain(`(window, ${LAZY_IMAGE_MARGIN_PX});</script>`);
  });
});
