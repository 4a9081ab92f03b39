/**
 * SPEC 4's tag filter, shared by the components that render a filtered
 * list (app/components/gallery, masonry-grid) and the modules that filter
 * the prerendered one on a page without React (gallery.ts, masonry.ts):
 * no tag selected shows all; otherwise what has at least one selected tag.
 * Tiles carry their tags as `data-tags` tokens (tileTagsAttribute).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether something with `tags` shows while `selected` are chosen. */
export function showsWithTags(tags: readonly string[], selected: readonly string[]): boolean {
  return selected.length === 0 || tags.some((tag) => selected.includes(tag));
}

/** A tag as one token of a `data-tags` list (`~=` matches whole space-separated tokens). */
export function tagToken(tag: string): string {
  // a lone surrogate (hostile content) cannot be URI-encoded; the page's UTF-8 turns it into U+FFFD anyway
  return encodeURIComponent(tag.replace(LONE_SURROGATE, "\uFFFD"));
}

/** The `data-tags` value of a tile: its tags, each as a token. */
export function tileTagsAttribute(tags: readonly string[]): string {
  return tags.map(tagToken).join(" ");
}

/** The tags of a prerendered tile, as tokens (compare them with `tagToken` of a box's value). */
export function tileTokens(tile: Element): string[] {
  return (tile.getAttribute("data-tags") ?? "").split(" ").filter(Boolean);
}

/** The tokens of the checked boxes among `boxes`. */
export function checkedTokens(boxes: Iterable<HTMLInputElement>): string[] {
  return [...boxes].filter((box) => box.checked).map((box) => tagToken(box.value));
}

/**
 * Puts the tiles `shows` keeps into `grid` in the order of `tiles` and takes the others out, as React renders a
 * filtered list: a tile that stays is not moved (its animations go on), one that comes back is inserted in its place.
 */
export function placeTiles(grid: Element, tiles: readonly Element[], shows: (tile: Element) => boolean): void {
  let previous: Element | null = null;
  for (const tile of tiles) {
    if (!shows(tile)) {
      tile.remove();
      continue;
    }
    if (tile.parentElement !== grid || tile.previousElementSibling !== previous) {
      if (previous) previous.after(tile);
      else grid.prepend(tile);
    }
    previous = tile;
  }
}
