/**
 * The about page's masonry filter (SPEC 2, About; SPEC 4's rule) on a page
 * without React, as app/components/masonry-grid does once hydrated. Until
 * a script runs CSS hides the tiles the pills beside the grid leave out
 * (filter-before-hydration.tsx); this takes over from it as hydration does
 * (the grid gets `data-hydrated`, the left-out tiles leave it, as React
 * removes them), and makes
 * the full-screen view step through the tiles shown, as the hydrated view
 * does: each shown medium's figure links its previous and next control to
 * the shown neighbours (round the end), the others to their neighbours in
 * the whole grid (a shared link may name one filtered away), and its
 * counter ("2 / 5") counts in the same sequence.
 *
 * The grid carries the marker (`[data-behaviour~="masonry"]`); the pills are
 * the checkboxes of its parent.
 */

import { checkedTokens, placeTiles, showsWithTags, tileTokens } from "./tag-match";

/** The previous and the next of `item` in `sequence`, round the ends. */
export function neighboursIn<T>(sequence: readonly T[], item: T): { previous: T; next: T } | null {
  const position = sequence.indexOf(item);
  if (position < 0) return null;
  const count = sequence.length;
  return { previous: sequence[(position + count - 1) % count]!, next: sequence[(position + 1) % count]! };
}

/** Points the full-screen view's figure of each tile link in `all` at its neighbours (in `shown` where it is one). */
function linkFigures(document: Document, all: readonly string[], shown: readonly string[]): void {
  for (const hash of all) {
    const figure = document.getElementById(hash.slice(1));
    const neighbours = neighboursIn(shown.includes(hash) ? shown : all, hash);
    if (!figure || !neighbours) continue;
    for (const direction of ["previous", "next"] as const) {
      figure
        .querySelector(`a[data-part="control"][data-direction="${direction}"]`)
        ?.setAttribute("href", neighbours[direction]);
    }
    // "2 / 5" and its spoken form count within the same sequence
    const sequence = shown.includes(hash) ? shown : all;
    for (const count of figure.querySelectorAll('[data-part="counter"] span')) {
      count.textContent = (count.textContent ?? "").replace(
        /\d+(\D+)\d+/,
        `${sequence.indexOf(hash) + 1}$1${sequence.length}`,
      );
    }
  }
}

/** Follows one grid; returns the function that stops it. */
export function followMasonry(grid: HTMLElement): () => void {
  const document = grid.ownerDocument;
  const tiles = [...grid.children] as HTMLElement[];
  const boxes = [...(grid.parentElement?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
  const hashOf = (tile: Element) => tile.querySelector("a[href^='#']")?.getAttribute("href") ?? null;
  const all = tiles.flatMap((tile) => hashOf(tile) ?? []);

  const render = () => {
    const selected = checkedTokens(boxes);
    placeTiles(grid, tiles, (tile) => showsWithTags(tileTokens(tile), selected));
    const shown = tiles.filter((tile) => tile.isConnected).flatMap((tile) => hashOf(tile) ?? []);
    linkFigures(document, all, shown);
  };
  // the CSS that filtered before (its rules require the grid without this) ends as the tiles get their state
  grid.setAttribute("data-hydrated", "");
  render();
  for (const box of boxes) box.addEventListener("change", render);
  return () => {
    for (const box of boxes) box.removeEventListener("change", render);
  };
}

export function start(document: Document): void {
  for (const grid of document.querySelectorAll<HTMLElement>('[data-behaviour~="masonry"]')) followMasonry(grid);
}
