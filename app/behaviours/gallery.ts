/**
 * The home gallery (SPEC 2 and 4) on a page without React; its paging,
 * filter and sentinel functions are app/components/gallery's too. The
 * prerendered grid holds every tile with its `data-tags`, and until a
 * script runs CSS shows the first page of what the filter's checkboxes
 * choose (filter-before-hydration.tsx). This takes over from that CSS, as
 * hydration does (the grid gets `data-hydrated`), and adds what CSS cannot:
 *
 * - SPEC 4's paging: six tiles a page, the next page added when the 1 px
 *   sentinel under the grid is fully visible, page 1 again on a change of
 *   filters;
 * - a tile filtered away fades out for TILE_EXIT_MS (`data-exiting`, no
 *   fade under reduced motion) and leaves the grid, as React removes it; a
 *   tile that comes is put back in its place and fades in, 0.1 s after the
 *   one before it within its page (`--i`);
 * - the gallery's entrance: below the fold at first, it waits hidden and
 *   rises when it scrolls into view (`data-entrance`).
 *
 * The gallery's element carries the marker (`[data-behaviour~="gallery"]`);
 * the filter's boxes are the page's `input[name="tag"]`.
 */

import { reducedMotionList } from "./media-queries";
import { checkedTokens, placeTiles, showsWithTags, tileTokens } from "./tag-match";

/** SPEC 9: six tiles per page. */
export const GALLERY_PAGE_SIZE = 6;
/** SPEC 9: a filtered-away tile fades out for 0.4 s before it is removed. */
export const TILE_EXIT_MS = 400;
/** The entrance plays once the gallery is this far inside the viewport's bottom edge. */
export const ENTRANCE_ROOT_MARGIN = "0px 0px -10% 0px";

/** How many of `matching` tiles show after `pages` pages, and whether there are more. */
export function pageOf(matching: number, pages: number): { shown: number; hasMore: boolean } {
  const shown = Math.min(matching, pages * GALLERY_PAGE_SIZE);
  return { shown, hasMore: shown < matching };
}

/** A tile's place in the fade-in's stagger: its position within its page. */
export function staggerOf(position: number): number {
  return position % GALLERY_PAGE_SIZE;
}

/**
 * Calls `onVisible` once, when `sentinel` is fully visible (SPEC 9: threshold 1); a fresh watch reports at once
 * when it is in view already. Returns the function that stops it.
 */
export function watchSentinel(sentinel: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      // (an observer reports at once, and when the sentinel only touches the edge: that is no page yet)
      if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= 1)) return;
      observer.disconnect();
      onVisible();
    },
    { threshold: 1 },
  );
  observer.observe(sentinel);
  return () => observer.disconnect();
}

export type EntranceState = "static" | "waiting" | "entered";

/**
 * The entrance's state: "static" when it was in view at the first observation (or under reduced motion), else
 * "waiting" until it is in view, then "entered".
 */
export function entranceState(inViewAtStart: boolean | undefined, inView: boolean, reducedMotion: boolean) {
  if (inViewAtStart !== false || reducedMotion) return "static" as EntranceState;
  return (inView ? "entered" : "waiting") as EntranceState;
}

/** Tiles filtered away fade out (TILE_EXIT_MS), hidden and inert, before they leave the grid. */
function tileExits() {
  const exits = new Map<HTMLElement, ReturnType<typeof setTimeout>>();
  const stopExit = (tile: HTMLElement) => {
    clearTimeout(exits.get(tile));
    exits.delete(tile);
    tile.removeAttribute("data-exiting");
    tile.removeAttribute("aria-hidden");
    tile.inert = false;
  };
  const exit = (tile: HTMLElement) => {
    tile.setAttribute("data-exiting", "");
    tile.setAttribute("aria-hidden", "true");
    tile.inert = true;
    exits.set(
      tile,
      setTimeout(() => {
        stopExit(tile);
        tile.remove();
      }, TILE_EXIT_MS),
    );
  };
  return { exits, exit, stopExit };
}

/** The gallery's entrance (`data-entrance`, entranceState) as it comes into view; returns the function that stops it. */
function followEntrance(gallery: HTMLElement, motion: MediaQueryList | null): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  let inViewAtStart: boolean | undefined;
  const entrance = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      inViewAtStart ??= entry.isIntersecting;
      gallery.setAttribute(
        "data-entrance",
        entranceState(inViewAtStart, entry.isIntersecting, motion?.matches ?? false),
      );
      if (entry.isIntersecting) entrance.disconnect();
    },
    { rootMargin: ENTRANCE_ROOT_MARGIN },
  );
  entrance.observe(gallery);
  return () => entrance.disconnect();
}

/** Follows one gallery; returns the function that stops it. */
export function followGallery(gallery: HTMLElement): () => void {
  const document = gallery.ownerDocument;
  const grid = gallery.querySelector<HTMLElement>("ul");
  if (!grid) return () => {};
  const tiles = [...grid.children] as HTMLElement[];
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[name="tag"]')];
  const sentinel = gallery.querySelector("[data-gallery-sentinel]");
  const motion = reducedMotionList();
  const { exits, exit, stopExit } = tileExits();
  let pages = 1;
  let stopWatch = () => {};

  /** Shows the pages' tiles of the filter's choice; `first`: those CSS showed stay as they are, the others go. */
  const render = (first: boolean) => {
    const selected = checkedTokens(boxes);
    const matching = tiles.filter((tile) => showsWithTags(tileTokens(tile), selected));
    const { shown, hasMore } = pageOf(matching.length, pages);
    const visible = new Set(matching.slice(0, shown));
    const reducedMotion = motion?.matches ?? false;
    let position = 0;
    for (const tile of tiles) {
      if (visible.has(tile)) {
        if (exits.has(tile)) stopExit(tile);
        tile.style.setProperty("--i", String(staggerOf(position++)));
      } else if (!first && !reducedMotion && tile.isConnected && !exits.has(tile)) {
        exit(tile);
      }
    }
    // a tile filtered away stays while it fades out; one that comes is inserted in its place and fades in
    placeTiles(grid, tiles, (tile) => visible.has(tile as HTMLElement) || exits.has(tile as HTMLElement));
    stopWatch();
    stopWatch = hasMore && sentinel ? watchSentinel(sentinel, nextPage) : () => {};
  };
  const nextPage = () => {
    pages += 1;
    render(false);
  };
  const onChange = () => {
    pages = 1;
    render(false);
  };

  // the CSS that filtered before (its rules require the grid without this) ends as the tiles get their state
  grid.setAttribute("data-hydrated", "");
  render(true);
  for (const box of boxes) box.addEventListener("change", onChange);

  const stopEntrance = followEntrance(gallery, motion);

  return () => {
    stopWatch();
    stopEntrance();
    for (const box of boxes) box.removeEventListener("change", onChange);
    for (const tile of [...exits.keys()]) stopExit(tile);
  };
}

export function start(document: Document): void {
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-behaviour~="gallery"]')) followGallery(gallery);
}
