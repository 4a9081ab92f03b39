/**
 * Each medium of the full-screen view has a URL fragment (`#media-3`): the
 * id of its prerendered figure, and what the page's URL names while it is
 * open.
 */

/** The fragment that names nothing, which the close controls point to (app/behaviours/lightbox.ts). */
export { CLOSED_HASH } from "~/behaviours/lightbox";

/**
 * The element id of the `index`th medium (0-based) of the page's `set`th
 * grid, counted from 1 as the counter shows it: `media-3` in the first
 * grid (a page has one, as a rule), `media-2-3` in a second one.
 */
export function lightboxId(index: number, set = 1): string {
  return set === 1 ? `media-${index + 1}` : `media-${set}-${index + 1}`;
}

/** The fragment of that medium: what the URL names while it is open. */
export function lightboxHref(index: number, set = 1): string {
  return `#${lightboxId(index, set)}`;
}
