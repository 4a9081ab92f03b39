import { AboutMedia } from "~/components/about-media/about-media";
import type { LightboxItem } from "~/components/lightbox/lightbox-item";
import { LightboxOpener } from "~/components/lightbox/lightbox-opener";
import { LightboxTargets } from "~/components/lightbox/lightbox-targets";
import { FilterBeforeHydration, tileTagsAttribute } from "~/components/tag-filter/filter-before-hydration";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLangOf } from "~/hooks/use-language";
import type { MasonryTile } from "~/content/about";
import styles from "./masonry-grid.module.css";
import { behaviour } from "~/behaviours/markers";
import { showsWithTags } from "~/behaviours/tag-match";

const TILE_SIZES = "(max-width: 480px) 100vw, (max-width: 1024px) 50vw, 25vw";

/** Tiles having at least one selected tag; all tiles when none is selected (SPEC 4). */
export function filterTiles(tiles: readonly MasonryTile[], selected: readonly string[]): MasonryTile[] {
  return tiles.filter((tile) => showsWithTags(tile.tags, selected));
}

/** What the full-screen view shows of a tile: its medium, its alt text or label, and its info text. */
function lightboxItemOf(tile: MasonryTile): LightboxItem {
  const { media } = tile;
  const captionLanguage = tile.infoLanguage;
  if (media.kind === "video")
    return { kind: "video", src: media.src, alt: media.label, caption: tile.info, captionLanguage };
  const { src, alt, altLanguage, copyright } = media;
  return { kind: "image", src, alt, altLanguage, caption: tile.info, captionLanguage, copyright };
}

/**
 * A masonry of media tiles in CSS columns: 4 wide, 2 at 1024 px and
 * 768 px, 1 at 480 px. Each tile shows its info text over the medium on
 * hover and on keyboard focus, and opens the medium full-screen on a
 * click (LightboxTargets), which steps through the tiles the filter shows.
 */
export function MasonryGrid({
  tiles,
  selected,
  lightboxSet = 1,
}: {
  tiles: readonly MasonryTile[];
  selected: readonly string[];
  /** the grid's place among the page's grids with a full-screen view (lightbox-hash.ts; default 1) */
  lightboxSet?: number;
}) {
  const shown = filterTiles(tiles, selected);
  // the first image of the unfiltered grid: a filter chosen later does not move the priority
  const firstImage = tiles.find((tile) => tile.media.kind === "image");
  // until hydration CSS filters the tiles by the pills beside the grid (the same parent), React after it
  const hydrated = useHydrated();
  const langOf = useLangOf();
  // numbered over all tiles, so that a medium's fragment stays the same whatever the filter shows
  const media = tiles.map(lightboxItemOf);
  return (
    <>
      <ul
        className={styles.grid}
        // before data-hydrated, which hydration adds: the attributes keep one order in every render
        {...behaviour("masonry", "lightbox")}
        // tells this grid's tiles from another masonry's on the page, for its rules before scripts
        data-lightbox-set={lightboxSet}
        data-hydrated={hydrated ? "" : undefined}
      >
        {shown.map((tile) => {
          const index = tiles.indexOf(tile);
          return (
            <li key={tile.key} className={styles.tile} data-tags={tileTagsAttribute(tile.tags)} {...tile.editable}>
              <figure className={styles.figure}>
                <LightboxOpener index={index} item={media[index]!} set={lightboxSet}>
                  <AboutMedia
                    media={tile.media}
                    className={styles.media}
                    sizes={TILE_SIZES}
                    first={tile.key === firstImage?.key}
                  />
                </LightboxOpener>
                {tile.info ? (
                  <figcaption className={styles.overlay} lang={langOf(tile.infoLanguage)}>
                    {tile.info}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
      <FilterBeforeHydration
        // the pills are before the grid, in the same parent (bloks/masonry)
        boxes='input[type="checkbox"]'
        tiles={`.${styles.grid}[data-lightbox-set="${lightboxSet}"]:not([data-hydrated])>li`}
        tags={tiles.flatMap((tile) => tile.tags)}
      />
      <LightboxTargets items={media} set={lightboxSet} order={shown.map((tile) => tiles.indexOf(tile))} />
    </>
  );
}
