import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { parseMasonry } from "~/content/about";
import { hiddenByRules } from "~/test/hidden-by-rules";
import { mockMatchMedia } from "~/test/browser-mocks";
import { Masonry } from "./masonry";

const tile = (uid: string, tags: string[]) => ({
  _uid: uid,
  Media: { filename: `https://a.storyblok.com/f/287401/800x1120/abc/${uid}.webp`, alt: `Alt ${uid}` },
  Info: `Info ${uid}`,
  Tags: tags,
});

beforeEach(() => {
  mockMatchMedia(() => false);
});

describe("Masonry blok", () => {
  const blok = parseMasonry({
    Headline: "Aus dem Archiv",
    Tiles: [tile("a", ["Poster"]), tile("b", ["Sound"]), tile("c", ["Poster", "Research"])],
  });
  // the grid's tiles (the full-screen view's figures beside it hold the same media)
  const visible = () =>
    within(document.querySelector<HTMLElement>('[data-behaviour~="masonry"]')!)
      .queryAllByRole("img")
      .map((img) => img.getAttribute("alt"));

  it("shows the tiles' distinct tags as pills above the grid", () => {
    render(<Masonry blok={blok} />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Aus dem Archiv");
    expect(screen.getAllByRole<HTMLInputElement>("checkbox").map((b) => b.value)).toEqual([
      "Poster",
      "Sound",
      "Research",
    ]);
    expect(visible()).toEqual(["Alt a", "Alt b", "Alt c"]);
  });

  it("filters by the selected pills, toggling them on and off", async () => {
    render(<Masonry blok={blok} />);
    const poster = screen.getByRole<HTMLInputElement>("checkbox", { name: "Poster" });
    await userEvent.click(poster);
    expect(poster.checked).toBe(true);
    expect(visible()).toEqual(["Alt a", "Alt c"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "Sound" }));
    expect(visible()).toEqual(["Alt a", "Alt b", "Alt c"]);
    await userEvent.click(poster);
    expect(visible()).toEqual(["Alt b"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "Sound" }));
    expect(visible()).toEqual(["Alt a", "Alt b", "Alt c"]);
    expect(poster.checked).toBe(false);
  });

  it("renders nothing without tiles", () => {
    const { container } = render(<Masonry blok={parseMasonry({ Tiles: [] })} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("Masonry blok before scripts", () => {
  it("filters each of two blocks by its own pills: the rules of one leave the other's tiles alone", () => {
    const first = parseMasonry({ Tiles: [tile("a", ["Poster"]), tile("b", ["Sound"])] }, 1);
    const second = parseMasonry({ Tiles: [tile("c", ["Research"]), tile("d", ["Sound"])] }, 2);
    // a parsed page runs no scripts: the prerendered rules apply
    document.body.innerHTML = renderToString(
      <>
        <Masonry blok={first} />
        <Masonry blok={second} />
      </>,
    );
    const css = [...document.querySelectorAll("div[hidden] > style")].map((style) => style.textContent!).join("\n");
    const shown = () =>
      [...document.querySelectorAll<HTMLElement>('[data-behaviour~="masonry"] > li')].map(
        (tile) => !hiddenByRules(css, tile),
      );
    expect(shown()).toEqual([true, true, true, true]);
    // "Research" checked in the second block: its other tile hides, the first block's stay
    const research = document.querySelectorAll<HTMLInputElement>('input[value="Research"]');
    expect(research).toHaveLength(1);
    research[0]!.checked = true;
    expect(shown()).toEqual([true, true, true, false]);
  });
});
