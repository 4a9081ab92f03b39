import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { parseMasonry } from "~/content/about";
import { mockMatchMedia } from "~/test/browser-mocks";
import { filterTiles, MasonryGrid } from "./masonry-grid";

/** The grid's list: the full-screen view's figures beside it hold the same media and texts. */
const grid = () => within(screen.getByRole("list"));

const tile = (uid: string, file: string, tags: string[]) => ({
  _uid: uid,
  component: "masonry_tile",
  Media: { filename: `https://a.storyblok.com/f/287401/800x1120/abc/${file}`, alt: `Alt ${uid}` },
  Info: `Info ${uid}`,
  Tags: tags,
});

const view = parseMasonry({
  Tiles: [
    tile("a", "a.webp", ["Poster"]),
    tile("b", "b.mp4", ["Sound", "Branding"]),
    tile("c", "c.jpg", ["Research", "Poster"]),
  ],
});

beforeEach(() => {
  mockMatchMedia(() => false);
});

describe("filterTiles", () => {
  it("shows all tiles with no tag selected, else those with at least one selected tag", () => {
    const keys = (selected: string[]) => filterTiles(view.tiles, selected).map((t) => t.key);
    expect(keys([])).toEqual(["a", "b", "c"]);
    expect(keys(["Poster"])).toEqual(["a", "c"]);
    expect(keys(["Sound", "Research"])).toEqual(["b", "c"]);
    expect(keys(["Website"])).toEqual([]);
  });
});

describe("MasonryGrid", () => {
  it("marks an info text and an alt text written in the other language with lang", () => {
    const marked = parseMasonry({
      Tiles: [
        { ...tile("e", "e.webp", []), Info: "Screens for Loop Lab", InfoLanguage: "en", AltLanguage: "en" },
        tile("g", "g.webp", []),
      ],
    });
    render(<MasonryGrid tiles={marked.tiles} selected={[]} />);
    expect(grid().getByText("Screens for Loop Lab", { selector: "figcaption" }).getAttribute("lang")).toBe("en");
    expect(grid().getByRole("img", { name: "Alt e" }).getAttribute("lang")).toBe("en");
    expect(grid().getByText("Info g", { selector: "figcaption" }).hasAttribute("lang")).toBe(false);
    expect(grid().getByRole("img", { name: "Alt g" }).hasAttribute("lang")).toBe(false);
  });

  it("shows each tile's medium with its info text as an overlay caption, focusable for keyboards", () => {
    const { container } = render(<MasonryGrid tiles={view.tiles} selected={[]} />);
    expect(grid().getByRole("img", { name: "Alt a" }).closest("figure")?.textContent).toBe("Info a");
    expect(container.querySelector("video")).not.toBeNull();
    const caption = grid().getByText("Info a");
    expect(caption.tagName).toBe("FIGCAPTION");
    expect(caption.className).toBe("overlay");
    // keyboards reach the tile by the link that opens it full-screen; the overlay shows while it has focus
    const opener = grid().getByRole("link", { name: "Alt a" });
    expect(opener.getAttribute("href")).toBe("#media-1");
    expect(caption.closest("figure")?.contains(opener)).toBe(true);
    expect(grid().getByRole("link", { name: "Alt b" }).getAttribute("href")).toBe("#media-2");
    expect(container.querySelector("ul")?.className).toBe("grid");
  });

  it("names an image tile's link by its info text where the image has no alt text, and numbers a second grid's media apart", () => {
    const untitled = parseMasonry({
      Tiles: [{ ...tile("u", "u.webp", []), Media: { filename: tile("u", "u.webp", []).Media.filename, alt: "" } }],
    });
    render(<MasonryGrid tiles={untitled.tiles} selected={[]} lightboxSet={2} />);
    expect(grid().getByRole("link", { name: "Info u" }).getAttribute("href")).toBe("#media-2-1");
  });

  it("shows only the tiles of the selected tags", () => {
    const { container } = render(<MasonryGrid tiles={view.tiles} selected={["Research"]} />);
    expect([...container.querySelectorAll("figcaption")].map((caption) => caption.textContent)).toEqual(["Info c"]);
  });
});

describe("masonry-grid.module.css", () => {
  // the stylesheet itself: jsdom computes no layout, so the rules are read as written
  const source = readFileSync(path.resolve("app/components/masonry-grid/masonry-grid.module.css"), "utf8");
  const css = source.replace(/\/\*[\s\S]*?\*\//g, "");
  const gridColumns = (block: string) => /\.grid\s*\{[^}]*column-count:\s*(\d+)/.exec(block)?.[1];
  // at a window width: the rule outside the queries, then each max-width query that holds, in the stylesheet's order
  const columnsAt = (width: number) => {
    let columns = gridColumns(css.slice(0, css.indexOf("@media")));
    for (const [, max, block] of css.matchAll(/@media \(max-width: (\d+)px\) \{([\s\S]*?)\n\}/g)) {
      if (width <= Number(max)) columns = gridColumns(block!) ?? columns;
    }
    return columns;
  };

  it("has 4 columns wide, 2 at 1024 px and 768 px, 1 at 480 px", () => {
    expect(columnsAt(1280)).toBe("4");
    expect(columnsAt(1024)).toBe("2");
    expect(columnsAt(768)).toBe("2");
    expect(columnsAt(481)).toBe("2");
    expect(columnsAt(480)).toBe("1");
  });

  it("shows the overlay on hover and on keyboard focus", () => {
    expect(css).toMatch(/\.figure:hover \.overlay/);
    expect(css).toMatch(/\.figure:focus-visible \.overlay/);
    expect(css).toMatch(/\.overlay\s*\{[^}]*opacity:\s*0/);
  });
});
