import { readFileSync } from "node:fs";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MasonryGrid } from "~/components/masonry-grid/masonry-grid";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { parseMasonry } from "~/content/about";
import { articleMedia } from "~/content/article-media";
import { fetchableSrcset } from "~/test/fetchable-srcset";

/**
 * The full-screen view in the prerendered HTML, before the page's scripts
 * run and without JavaScript: a hidden figure per medium that CSS shows
 * while the URL names it (`:target`), with links for its controls.
 */

const asset = (name: string, size = "1200x800") => `https://a.storyblok.com/f/287401/${size}/abc/${name}`;

const media = articleMedia({
  Wrapper: [
    {
      component: "ImagesArticle",
      _uid: "w",
      media: [
        { _uid: "a", Image: { filename: asset("a.webp"), alt: "Alt a", name: "Werkstatt" } },
        { _uid: "b", Image: { filename: asset("b.jpg", "4000x2000"), alt: "Alt b", name: "Druck" } },
        { _uid: "c", Image: { filename: asset("c.mp4", "640x360"), name: "Film" } },
      ],
    },
  ],
});

/** The page as the build prerenders it (the figures are the server's alone: the browser keeps them as written). */
function prerender(node: ReactNode): Document {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{node}</> }]);
  vi.stubEnv("SSR", true);
  try {
    const html = renderToString(<Stub initialEntries={["/articles/hafenkino"]} />);
    return new DOMParser().parseFromString(html, "text/html");
  } finally {
    vi.unstubAllEnvs();
  }
}

const hrefs = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((link) => link.getAttribute("href"));

describe("the prerendered full-screen view", () => {
  it("credits an image with its copyright under its caption, and an image without one with none", () => {
    const credited = articleMedia({
      Wrapper: [
        {
          component: "ImagesArticle",
          _uid: "w",
          media: [
            { _uid: "a", Image: { filename: asset("a.webp"), name: "Werkstatt", copyright: "© Studio Halbton" } },
            { _uid: "b", Image: { filename: asset("b.webp"), name: "Druck", copyright: "" } },
          ],
        },
      ],
    });
    const page = prerender(<MediaGrid items={credited} />);
    const credits = [...page.querySelectorAll("figure[id]")].map(
      (figure) => figure.querySelector("[data-part='caption'] [data-part='credit']")?.textContent ?? null,
    );
    expect(credits).toEqual(["Bild: © Studio Halbton", null]);
  });

  it("has a figure per medium, named by its fragment, with its counter and caption", () => {
    const page = prerender(<MediaGrid items={media} />);
    const figures = [...page.querySelectorAll("figure[id]")];
    expect(figures.map((figure) => figure.id)).toEqual(["media-1", "media-2", "media-3"]);
    expect(figures.map((figure) => figure.getAttribute("aria-label"))).toEqual(Array(3).fill("Großansicht"));
    expect(figures[1]!.querySelector("[aria-hidden='true']:not(a)")?.textContent).toBe("2 / 3");
    expect(figures[1]!.querySelector("[data-part='caption']")?.textContent).toBe("Druck");
    // the tiles link to them
    expect(hrefs(page, "ul a")).toEqual(["#media-1", "#media-2", "#media-3"]);
  });

  it("steps and closes by links: round the ends, and to a fragment that names nothing", () => {
    const figures = [...prerender(<MediaGrid items={media} />).querySelectorAll("figure[id]")];
    expect(hrefs(figures[0]!, "a[aria-label='Vorheriges Bild'], a[aria-label='Nächstes Bild']")).toEqual([
      "#media-3",
      "#media-2",
    ]);
    expect(hrefs(figures[2]!, "a[aria-label='Nächstes Bild']")).toEqual(["#media-1"]);
    const closers = figures[0]!.querySelectorAll("a[href='#media']");
    expect([...closers].map((link) => link.getAttribute("aria-label") ?? link.getAttribute("tabindex"))).toEqual([
      "-1",
      "Schließen",
    ]);
    expect(figures[0]!.ownerDocument.getElementById("media")).toBeNull();
  });

  it("loads nothing while hidden: images for the page's lazy loader at the screen's size, videos without preload", () => {
    const figures = [...prerender(<MediaGrid items={media} />).querySelectorAll("figure[id]")];
    // the loader gives it its sources once it is shown, near the viewport (a hidden figure never is)
    const image = figures[1]!.querySelector("img[data-lazy]")!;
    expect(fetchableSrcset(image)).toEqual([]);
    expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(image.getAttribute("sizes")).toBe("min(100vw, 200.00vh, 4000px)");
    const widths = image
      .getAttribute("data-srcset")!
      .split(", ")
      .map((candidate) => candidate.split(" ")[1]);
    expect(widths).toEqual(["640w", "960w", "1280w", "1600w", "1920w", "2560w", "3200w", "3840w"]);
    expect(image.getAttribute("style")).toContain("--media-ratio:4000 / 2000");
    // without JavaScript every <img> of a page loads: the view draws a full-screen rendition as a background,
    // fetched once shown, never wider than the file (4000 px)
    const still = figures[1]!.querySelector("noscript [data-still]")!;
    expect(still.getAttribute("role")).toBe("img");
    expect(still.getAttribute("aria-label")).toBe(image.getAttribute("alt"));
    expect(figures[1]!.querySelector("noscript img")).toBeNull();
    const stillWidth = (name: string) =>
      /\/m\/(\d+)x0\/filters:quality\(80\):format\(webp\)/.exec(
        (still as HTMLElement).style.getPropertyValue(name),
      )?.[1];
    expect(["--still-narrow", "--still-wide", "--still-sharp"].map(stillWidth)).toEqual(["1280", "1920", "3840"]);
    const video = figures[2]!.querySelector("video")!;
    expect(video.getAttribute("preload")).toBe("none");
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.hasAttribute("autoplay")).toBe(false);
  });

  it("gives an image whose URL names no size its avif source too, natively lazy", () => {
    const unsized = articleMedia({
      Wrapper: [
        {
          component: "ImagesArticle",
          _uid: "w",
          media: [{ _uid: "u", Image: { filename: "https://a.storyblok.com/f/287401/abc/u.jpg", alt: "Alt u" } }],
        },
      ],
    });
    const page = prerender(<MediaGrid items={unsized} />);
    const image = page.querySelector("#media-1 img[data-part='media']")!;
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.hasAttribute("sources")).toBe(false);
    const source = image.parentElement!.querySelector("source")!;
    expect(image.parentElement!.tagName).toBe("PICTURE");
    expect(source.getAttribute("type")).toBe("image/avif");
    expect(source.getAttribute("srcset")).toContain("u.jpg/m/640x0/filters:quality(60):format(avif) 640w");
  });

  it("numbers the masonry's tiles, videos included, and renders the same figures once the page runs", () => {
    const masonry = parseMasonry({
      Tiles: [
        { _uid: "t1", Media: { filename: asset("t1.webp"), alt: "Plakat" }, Info: "Plakat, 2024", Tags: ["Poster"] },
        { _uid: "t2", Media: { filename: asset("t2.mp4", "480x600"), alt: "Loop" }, Info: "", Tags: [] },
      ],
    });
    const page = prerender(<MasonryGrid tiles={masonry.tiles} selected={[]} />);
    expect([...page.querySelectorAll("figure[id]")].map((figure) => figure.id)).toEqual(["media-1", "media-2"]);
    expect(page.querySelector("#media-1 [data-part='caption']")?.textContent).toBe("Plakat, 2024");
    // no caption: the alt text stands in
    expect(page.querySelector("#media-2 [data-part='caption']")?.textContent).toBe("Loop");

    const Stub = createRoutesStub([
      { path: "*", Component: () => <MasonryGrid tiles={masonry.tiles} selected={[]} /> },
    ]);
    const { container } = render(<Stub initialEntries={["/about"]} />);
    expect(container.querySelector("ul a")?.getAttribute("href")).toBe("#media-1");
    // the figures, their links and their media, as the prerendered page has them
    const figures = (root: ParentNode) =>
      [...root.querySelectorAll("figure[id]")].map((figure) => [
        figure.id,
        hrefs(figure, "a"),
        figure.querySelector("[data-part='media']")?.getAttribute("data-srcset") ??
          figure.querySelector("video")?.getAttribute("src"),
      ]);
    expect(figures(container)).toEqual(figures(page));
    expect(figures(container)).toHaveLength(2);
  });

  it("steps through and counts the tiles the filter shows, and any other figure through all", () => {
    const tile = (n: number, tag: string) => ({
      _uid: `t${n}`,
      Media: { filename: asset(`t${n}.webp`), alt: `Tile ${n}` },
      Info: "",
      Tags: [tag],
    });
    const masonry = parseMasonry({ Tiles: [tile(1, "Poster"), tile(2, "Digital"), tile(3, "Poster")] });
    const page = prerender(<MasonryGrid tiles={masonry.tiles} selected={["Poster"]} />);
    const steps = (id: string) => hrefs(page.getElementById(id)!, "a[data-direction]");
    const counter = (id: string) => page.querySelector(`#${id} [data-part='counter'] [aria-hidden]`)?.textContent;
    expect([steps("media-1"), counter("media-1")]).toEqual([["#media-3", "#media-3"], "1 / 2"]);
    expect([steps("media-3"), counter("media-3")]).toEqual([["#media-1", "#media-1"], "2 / 2"]);
    // filtered away (a shared link may name it): round the whole grid
    expect([steps("media-2"), counter("media-2")]).toEqual([["#media-1", "#media-3"], "2 / 3"]);
  });
});

describe("lightbox.module.css", () => {
  const css = readFileSync("app/components/lightbox/lightbox.module.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

  it("shows a prerendered figure only while the URL names it, and then holds the page still without reflow", () => {
    expect(css).toMatch(/\.lightbox > figure\s*\{[^}]*\sdisplay: none;[^}]*\}/);
    expect(css).toMatch(/\.lightbox > figure:target\s*\{\s*display: grid;\s*\}/);
    expect(css).toMatch(
      /:global\(html\):has\(\.lightbox > figure:target\)\s*\{\s*overflow: hidden;\s*scrollbar-gutter: stable;/,
    );
    expect(css).toMatch(
      /:global\(html\[data-lightbox-scrollbar\]\):has\(\.lightbox > figure:target\)\s*\{\s*scrollbar-gutter: auto;\s*padding-right: var\(--lightbox-scrollbar-width, 0px\);/,
    );
  });

  it("does not let a drag across an image take it out of the page: the drag is a swipe", () => {
    const figures = [...prerender(<MediaGrid items={media} />).querySelectorAll("figure[id]")];
    const images = figures.flatMap((figure) => [...figure.querySelectorAll("img")]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.getAttribute("draggable")).toBe("false");
  });

  it("drops the zoom and the fade under reduced motion", () => {
    const reduced = css.slice(css.indexOf("@media (prefers-reduced-motion: reduce)"));
    expect(reduced).toMatch(/\.lightbox > figure,\s*\.lightbox \[data-part="media"\]\s*\{\s*animation: none;/);
  });
});
