import { readFileSync } from "node:fs";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseGallery, type GalleryItem } from "~/content/home";
import { expectAttributes, renderInRouter, withMatchMedia } from "~/test/render-in-router";
import { GalleryTile } from "./gallery-tile";

function item(fields: Record<string, unknown>): GalleryItem {
  return parseGallery({ ImageData: [{ _uid: "tile-1", component: "gallery_item", ...fields }] }).items![0]!;
}

const IMAGE = {
  filename: "https://a.storyblok.com/f/287401/900x1200/03c221f7a1/hafenkino-tile.jpg",
  alt: "Hafenkino Plakat",
};

function renderTile(tile: GalleryItem, props: { stagger?: number; exiting?: boolean } = {}) {
  return renderInRouter(
    <ul>
      <GalleryTile item={tile} stagger={props.stagger ?? 0} exiting={props.exiting} />
    </ul>,
  );
}

withMatchMedia();

describe("GalleryTile", () => {
  it("links to its link's cached_url and shows the image with its alt text", () => {
    const { container } = renderTile(
      item({ Image: IMAGE, Name: "Hafenkino", link: { linktype: "story", cached_url: "articles/hafenkino" } }),
    );
    expect(screen.getByRole("link").getAttribute("href")).toBe("/articles/hafenkino");
    expectAttributes(container.querySelector("img")!, {
      alt: "Hafenkino Plakat",
      "data-lazy": "",
      width: "900",
      height: "1200",
      "data-srcset": "hafenkino-tile.jpg/m/480x0/filters:quality(70):format(webp) 480w",
    });
  });

  it("shows the Name as its hover caption, and 'More' when there is none", () => {
    renderTile(
      item({ Image: IMAGE, Name: "Hafenkino", link: { cached_url: "articles/hafenkino", linktype: "story" } }),
    );
    const caption = screen.getByText("Hafenkino");
    expect(caption.closest("[class*='caption']")).not.toBeNull();
    // the caption belongs to the link, so hover and keyboard focus both reveal it
    expect(screen.getByRole("link").contains(caption)).toBe(true);

    renderTile(item({ Image: IMAGE, Name: "   ", link: { cached_url: "articles/hafenkino", linktype: "story" } }));
    expect(screen.getByText("More").closest("[class*='caption']")).not.toBeNull();
  });

  it("falls back to 'no information' for a missing alt text", () => {
    const { container } = renderTile(item({ Image: { filename: IMAGE.filename, alt: "" }, Name: "Nachtbus" }));
    expect(container.querySelector("img")!.getAttribute("alt")).toBe("no information");
  });

  it("marks the asset's own alt text German on the English page (asset texts are untranslated), not the fallback", () => {
    const onPage = (tile: GalleryItem, path: string) =>
      renderInRouter(
        <ul>
          <GalleryTile item={tile} stagger={0} />
        </ul>,
        path,
      ).container.querySelector("img")!;
    const withAlt = item({ Image: IMAGE, Name: "Hafenkino" });
    expect(onPage(withAlt, "/en").getAttribute("lang")).toBe("de");
    expect(onPage(withAlt, "/").hasAttribute("lang")).toBe(false);
    const fallback = onPage(item({ Image: { filename: IMAGE.filename, alt: "" }, Name: "Nachtbus" }), "/en");
    expect(fallback.hasAttribute("lang")).toBe(false);
  });

  it("plays .mp4 as muted looping video", () => {
    const { container } = renderTile(
      item({
        Image: { filename: "https://a.storyblok.com/f/287401/480x600/c4f0f0dc45/loop.mp4", alt: "Punkte" },
        Name: "Loop",
      }),
    );
    const video = container.querySelector("video")!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    // the video has no alt of its own: its wrapper carries the alt text as an image
    expect(screen.getByRole("img", { name: "Punkte" }).contains(video)).toBe(true);
    expect(container.querySelector("img")).toBeNull();
  });

  it("says 'Kein Bild' for an item without image and 'unbekanntes Format' for an unknown extension", () => {
    const empty = renderTile(item({ Name: "Leer" })).container.querySelector("li")!;
    expect(empty.querySelector("[class*='message']")?.textContent).toBe("Kein Bild");
    const psd = renderTile(
      item({ Image: { filename: "https://a.storyblok.com/f/287401/10x10/abc/file.psd" }, Name: "PSD" }),
    ).container.querySelector("li")!;
    expect(psd.querySelector("[class*='message']")?.textContent).toBe("unbekanntes Format");
  });

  it("without a link it is not a link", () => {
    renderTile(item({ Image: IMAGE, Name: "Ohne Link" }));
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("Ohne Link").closest("[class*='caption']")).not.toBeNull();
  });

  it("staggers its fade-in by its place in the page and marks a tile on its way out", () => {
    const { container } = renderTile(item({ Image: IMAGE, Name: "A" }), { stagger: 4 });
    const tile = container.querySelector("li")!;
    expect(tile.style.getPropertyValue("--i")).toBe("4");
    expect(tile.className).not.toContain("exiting");

    const leaving = renderTile(item({ Image: IMAGE, Name: "B" }), { exiting: true }).container.querySelector("li")!;
    expect(leaving.className).toContain("exiting");
    expect(leaving.getAttribute("aria-hidden")).toBe("true");
  });

  it("keeps the spec's timings in its stylesheet", () => {
    const css = readFileSync("app/components/gallery-tile/gallery-tile.module.css", "utf8");
    expect(css).toMatch(/\.tile\s*{[^}]*animation: tile-in 0\.7s/);
    expect(css).toMatch(/animation-delay: calc\(var\(--i, 0\) \* 0\.1s\)/);
    expect(css).toMatch(/\.exiting\s*{[^}]*animation: tile-out 0\.4s/);
  });
});
