import { afterEach, describe, expect, it, vi } from "vitest";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import { GALLERY_PAGE_SIZE, TILE_EXIT_MS, start } from "./gallery";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A prerendered home page: the filter's boxes, and 15 tiles, every third tagged "Poster", the others "Web". */
function home(count = 15) {
  const tiles = Array.from({ length: count }, (_, index) => {
    const tag = index % 3 === 0 ? "Poster" : "Web";
    return `<li data-tags="${tag}" style="--i:${index % 6}"><a href="/articles/${index}">${index}</a></li>`;
  }).join("");
  document.body.innerHTML = [
    '<div role="group"><label><input type="checkbox" name="tag" value="Poster">Poster</label>',
    '<label><input type="checkbox" name="tag" value="Web">Web</label></div>',
    `<section data-behaviour="gallery" data-entrance="static"><ul id="alle-projekte">${tiles}</ul>`,
    '<div aria-hidden="true" data-gallery-sentinel=""></div></section>',
  ].join("");
  const io = mockIntersectionObserver();
  start(document);
  const grid = document.querySelector("ul")!;
  const sentinel = document.querySelector("[data-gallery-sentinel]")!;
  return {
    io,
    grid,
    /** the numbers of the tiles in the grid (fading ones too) */
    shown: () => [...grid.children].map((tile) => Number(tile.textContent)),
    fading: () => [...grid.querySelectorAll("[data-exiting]")].map((tile) => Number(tile.textContent)),
    sentinelInView: () => io.observing(sentinel).forEach((observer) => observer.trigger(true)),
    toggle: (tag: string) => {
      const box = document.querySelector<HTMLInputElement>(`input[value="${tag}"]`)!;
      box.checked = !box.checked;
      box.dispatchEvent(new Event("change", { bubbles: true }));
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

describe("the home gallery without React", () => {
  it("takes over from the filter's CSS with the first page, then adds six at a time when the sentinel is fully in view", () => {
    mockMatchMedia(() => false);
    const gallery = home();
    expect(gallery.grid.hasAttribute("data-hydrated")).toBe(true);
    expect(gallery.shown()).toEqual(range(0, GALLERY_PAGE_SIZE));
    const [sentinelWatch] = gallery.io.observing(document.querySelector("[data-gallery-sentinel]")!);
    expect(sentinelWatch!.options?.threshold).toBe(1);
    // in part, or touching the window's edge: not yet
    sentinelWatch!.trigger(true, 0.5);
    sentinelWatch!.trigger(true, 0);
    expect(gallery.shown()).toEqual(range(0, GALLERY_PAGE_SIZE));
    gallery.sentinelInView();
    expect(gallery.shown()).toEqual(range(0, 12));
    // the new page's tiles stagger within their page
    expect((gallery.grid.children[7] as HTMLElement).style.getPropertyValue("--i")).toBe("1");
    gallery.sentinelInView();
    expect(gallery.shown()).toEqual(range(0, 15));
    // all shown: nothing watches the sentinel any more
    expect(gallery.io.observing(document.querySelector("[data-gallery-sentinel]")!)).toHaveLength(0);
  });

  it("fades the tiles a filter takes away for 0.4 s, then removes them; the filter starts again at page 1", () => {
    mockMatchMedia(() => false);
    vi.useFakeTimers();
    const gallery = home();
    gallery.sentinelInView();
    gallery.toggle("Poster");
    const posters = [0, 3, 6, 9, 12];
    const others = range(0, 12).filter((index) => !posters.includes(index));
    expect(gallery.fading()).toEqual(others);
    for (const tile of gallery.grid.querySelectorAll("[data-exiting]")) {
      expect(tile.getAttribute("aria-hidden")).toBe("true");
      expect((tile as HTMLElement).inert).toBe(true);
    }
    // the Poster tiles of page 1 (only five): none beyond them
    expect(gallery.shown().filter((index) => !others.includes(index))).toEqual(posters);
    vi.advanceTimersByTime(TILE_EXIT_MS - 1);
    expect(gallery.fading()).toEqual(others);
    vi.advanceTimersByTime(1);
    expect(gallery.shown()).toEqual(posters);
    expect(gallery.fading()).toEqual([]);

    // back to all: page 1, the tiles coming back in their places with their stagger
    gallery.toggle("Poster");
    // the Poster tiles beyond page 1 of all fade out in their turn
    expect(gallery.fading()).toEqual([6, 9, 12]);
    vi.advanceTimersByTime(TILE_EXIT_MS);
    expect(gallery.shown()).toEqual(range(0, 6));
    expect((gallery.grid.children[1] as HTMLElement).style.getPropertyValue("--i")).toBe("1");
  });

  it("keeps a fading tile that a change of filter brings back, without fading", () => {
    mockMatchMedia(() => false);
    vi.useFakeTimers();
    const gallery = home();
    const second = gallery.grid.children[1]!;
    gallery.toggle("Poster");
    expect(second.hasAttribute("data-exiting")).toBe(true);
    gallery.toggle("Poster");
    expect(second.hasAttribute("data-exiting")).toBe(false);
    vi.advanceTimersByTime(TILE_EXIT_MS);
    expect(second.isConnected).toBe(true);
    expect(gallery.shown()).toEqual(range(0, 6));
  });

  it("removes filtered tiles at once under reduced motion", () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    const gallery = home();
    gallery.toggle("Poster");
    expect(gallery.fading()).toEqual([]);
    expect(gallery.shown()).toEqual([0, 3, 6, 9, 12]);
  });

  it("follows a box checked before the module ran", () => {
    mockMatchMedia(() => false);
    document.body.innerHTML = "";
    mockIntersectionObserver();
    document.body.innerHTML =
      '<input type="checkbox" name="tag" value="Poster" checked><section data-behaviour="gallery"><ul>' +
      '<li data-tags="Web">0</li><li data-tags="Poster">1</li></ul></section>';
    start(document);
    expect([...document.querySelectorAll("li")].map((tile) => tile.textContent)).toEqual(["1"]);
  });

  it("hides the gallery below the fold until it scrolls in, then plays its entrance; not when in view at first", () => {
    mockMatchMedia(() => false);
    const below = home();
    const section = document.querySelector("section")!;
    const entrance = below.io.observers.find((record) => record.elements.has(section))!;
    expect(entrance.options?.rootMargin).toBe("0px 0px -10% 0px");
    entrance.trigger(false);
    expect(section.getAttribute("data-entrance")).toBe("waiting");
    entrance.trigger(true);
    expect(section.getAttribute("data-entrance")).toBe("entered");

    const inView = home();
    const other = document.querySelector("section")!;
    inView.io.observers.find((record) => record.elements.has(other))!.trigger(true);
    expect(other.getAttribute("data-entrance")).toBe("static");
  });

  it("plays no entrance under reduced motion", () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    const gallery = home();
    const section = document.querySelector("section")!;
    gallery.io.observers.find((record) => record.elements.has(section))!.trigger(false);
    expect(section.getAttribute("data-entrance")).toBe("static");
  });
});
