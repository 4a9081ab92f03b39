import { AboutMedia } from "~/components/about-media/about-media";
import type { MasonryTile } from "~/content/about";
import styles from "./masonry-grid.module.css";

/** Tiles having at least one selected tag; all tiles when none is selected (SPEC 4). */
export function filterTiles(tiles: readonly MasonryTile[], selected: readonly string[]): MasonryTile[] {
  if (selected.length === 0) return [...tiles];
  return tiles.filter((tile) => tile.tags.some((tag) => selected.includes(tag)));
}

/**
 * A masonry of media tiles in CSS columns: 4 wide, 2 at 1024 px and
 * 768 px, 1 at 480 px. Each tile shows its info text over the medium on
 * hover and on keyboard focus.
 */
export function MasonryGrid({ tiles, selected }: { tiles: readonly MasonryTile[]; selected: readonly string[] }) {
  const shown = filterTiles(tiles, selected);
  // the first image of the unfiltered grid: a filter chosen later does not move the priority
  const firstImage = tiles.find((tile) => tile.media.kind === "image");
  return (
    <ul className={styles.grid}>
      {shown.map((tile) => (
        <li key={tile.key} className={styles.tile} {...tile.editable}>
          <figure className={styles.figure} tabIndex={tile.info ? 0 : undefined}>
            <AboutMedia
              media={tile.media}
              className={styles.media}
              sizes="(max-width: 480px) 100vw, (max-width: 1024px) 50vw, 25vw"
              first={tile.key === firstImage?.key}
            />
            {tile.info ? <figcaption className={styles.overlay}>{tile.info}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
