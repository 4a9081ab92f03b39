import { readFileSync } from "node:fs";
import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseGallery, type GalleryItem } from "~/content/home";
import { mockIntersectionObserver, mockMatchMedia, entranceWhenScrolledIn } from "~/test/browser-mocks";
import { GALLERY_PAGE_SIZE, TILE_EXIT_MS } from "~/behaviours/gallery";
import { filterGalleryItems, Gallery } from "./gallery";

const TAGS = ["Poster", "Branding", "Typefont"];

/** 20 items: item n has tag TAGS[n % 3]; every fifth also has "Sound". */
function items(count = 20): GalleryItem[] {
  return parseGallery({
    ImageData: Array.from({ length: count }, (_, n) => ({
      _uid: `item-${n}`,
      component: "gallery_item",
      Image: { filename: `https://a.storyblok.com/f/287401/900x1200/abc/item-${n}.jpg`, alt: `Item ${n}` },
      Name: `Item ${n}`,
      Tags: n % 5 === 0 ? [TAGS[n % 3], "Sound"] : [TAGS[n % 3]],
      link: { linktype: "story", cached_url: `articles/item-${n}` },
    })),
  }).items!;
}

let io: ReturnType<typeof mockIntersectionObserver>;
let setTags: (tags: string[]) => void = () => {};

function Harness({ list }: { list: GalleryItem[] | null }) {
  const [selected, setSelected] = useState<string[]>([]);
  setTags = setSelected;
  return <Gallery items={list} selectedTags={selected} />;
}

function renderGallery(list: GalleryItem[] | null = items()) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Harness list={list} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

// exiting tiles are aria-hidden, so they are looked up in the DOM, not by role
const tiles = () => Array.from(document.querySelectorAll("li"));
const tileNames = () => tiles().map((li) => li.textContent);
const liveTileNames = () =>
  tiles()
    .filter((li) => !li.className.includes("exiting"))
    .map((li) => li.textContent);

function sentinel(container: HTMLElement): HTMLElement {
  return container.querySelector("[class*='sentinel']")!;
}

/** The sentinel becomes fully visible. */
function revealSentinel(container: HTMLElement) {
  const observers = io.observing(sentinel(container));
  expect(observers.length).toBe(1);
  act(() => observers[0]!.trigger(true, 1));
}

beforeEach(() => {
  mockMatchMedia();
  io = mockIntersectionObserver();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("filterGalleryItems", () => {
  it("shows everything with no tag selected, else items having at least one selected tag", () => {
    const all = items(10);
    expect(filterGalleryItems(all, [])).toHaveLength(10);
    expect(filterGalleryItems(all, ["Poster"]).map((i) => i.name)).toEqual(["Item 0", "Item 3", "Item 6", "Item 9"]);
    expect(filterGalleryItems(all, ["Poster", "Sound"]).map((i) => i.name)).toEqual([
      "Item 0",
      "Item 3",
      "Item 5",
      "Item 6",
      "Item 9",
    ]);
    expect(filterGalleryItems(all, ["Nothing"])).toEqual([]);
  });
});

describe("Gallery", () => {
  it("says 'Keine Bilddaten vorhanden.' when ImageData is not a list", () => {
    renderGallery(parseGallery({ ImageData: "oops" }).items);
    expect(screen.getByText("Keine Bilddaten vorhanden.").className).toBe("message");
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("renders the first page of six tiles, staggered by their place in the page", () => {
    renderGallery();
    expect(GALLERY_PAGE_SIZE).toBe(6);
    expect(tileNames()).toEqual(["Item 0", "Item 1", "Item 2", "Item 3", "Item 4", "Item 5"]);
    const staggers = screen.getAllByRole("listitem").map((li) => li.style.getPropertyValue("--i"));
    expect(staggers).toEqual(["0", "1", "2", "3", "4", "5"]);
  });

  it("adds the next page when the 1 px sentinel is fully visible (threshold 1)", () => {
    const { container } = renderGallery();
    const [observer] = io.observing(sentinel(container));
    expect(observer!.options?.threshold).toBe(1);

    act(() => observer!.trigger(false, 0));
    expect(tileNames()).toHaveLength(6);

    revealSentinel(container);
    expect(tileNames()).toHaveLength(12);
    // the new page staggers from 0 again
    expect(screen.getAllByRole("listitem")[6]!.style.getPropertyValue("--i")).toBe("0");

    revealSentinel(container);
    expect(tileNames()).toHaveLength(18);
    revealSentinel(container);
    expect(tileNames()).toHaveLength(20);
    // everything shown: nothing more to observe
    expect(io.observing(sentinel(container))).toHaveLength(0);
  });

  it("filters by any selected tag and goes back to page 1 when the filters change", () => {
    const { container } = renderGallery();
    revealSentinel(container);
    expect(tileNames()).toHaveLength(12);

    act(() => setTags(["Poster"]));
    // Poster: items 0, 3, 6, 9, 12, 15, 18 -> page 1 holds six
    expect(liveTileNames()).toEqual(["Item 0", "Item 3", "Item 6", "Item 9", "Item 12", "Item 15"]);

    revealSentinel(container);
    expect(liveTileNames()).toHaveLength(7);

    act(() => setTags(["Poster", "Sound"]));
    expect(liveTileNames()).toEqual(["Item 0", "Item 3", "Item 5", "Item 6", "Item 9", "Item 10"]);

    act(() => setTags([]));
    expect(liveTileNames()).toEqual(["Item 0", "Item 1", "Item 2", "Item 3", "Item 4", "Item 5"]);
  });

  it("fades a filtered-away tile out over 0.4 s before removing it", () => {
    vi.useFakeTimers();
    renderGallery(items(6));
    act(() => setTags(["Branding"])); // items 1 and 4 stay
    const leaving = screen.getByText("Item 0").closest("li")!;
    expect(leaving.className).toContain("exiting");
    expect(screen.getByText("Item 1").closest("li")!.className).not.toContain("exiting");
    // still in its place in the grid while it fades
    expect(tileNames()).toEqual(["Item 0", "Item 1", "Item 2", "Item 3", "Item 4", "Item 5"]);

    act(() => vi.advanceTimersByTime(TILE_EXIT_MS - 1));
    expect(leaving.isConnected).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Item 0")).toBeNull();
    expect(tileNames()).toEqual(["Item 1", "Item 4"]);
  });

  it("a tile selected back while fading out stays", () => {
    vi.useFakeTimers();
    renderGallery(items(6));
    act(() => setTags(["Branding"]));
    act(() => vi.advanceTimersByTime(200));
    act(() => setTags([]));
    const back = screen.getByText("Item 0").closest("li")!;
    expect(back.className).not.toContain("exiting");
    act(() => vi.advanceTimersByTime(TILE_EXIT_MS));
    expect(tileNames()).toHaveLength(6);
  });

  it("rises into view when it scrolls in (after hydration, never before)", () => {
    const { container } = renderGallery();
    const section = container.querySelector("section")!;
    expect(section.getAttribute("data-entrance")).toBe("static");
    expect(entranceWhenScrolledIn(io, section)).toEqual(["waiting", "entered"]);
  });

  it("does not hide a gallery that is already in view when the page starts", () => {
    const { container } = renderGallery();
    const section = container.querySelector("section")!;
    const entranceObserver = io.observers.find((record) => record.elements.has(section))!;
    act(() => entranceObserver.trigger(true));
    expect(section.getAttribute("data-entrance")).toBe("static");
  });

  it("keeps the spec's entrance values in its stylesheet", () => {
    const css = readFileSync("app/components/gallery/gallery.module.css", "utf8");
    expect(css).toMatch(/\[data-entrance="entered"\]\s*{[^}]*animation: rise 1s ease-out 0\.1s/);
    expect(css).toMatch(/@keyframes rise\s*{\s*from\s*{[^}]*translateY\(50px\)/);
    expect(css).toMatch(/\.sentinel\s*{[^}]*height: 1px/);
  });
});
