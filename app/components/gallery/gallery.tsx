import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { GalleryTile } from "~/components/gallery-tile/gallery-tile";
import { FilterBeforeHydration } from "~/components/tag-filter/filter-before-hydration";
import type { GalleryItem } from "~/content/home";
import { useEntrance } from "~/hooks/use-in-view";
import { usePrefersReducedMotion } from "~/hooks/use-media-query";
import { useExitingKeys } from "~/hooks/use-exiting-keys";
import { useHydrated } from "~/hooks/use-hydrated";
import { useUiText } from "~/hooks/use-language";
import styles from "./gallery.module.css";
import { behaviour } from "~/behaviours/markers";
import {
  ENTRANCE_ROOT_MARGIN,
  GALLERY_PAGE_SIZE,
  TILE_EXIT_MS,
  pageOf,
  staggerOf,
  watchSentinel,
} from "~/behaviours/gallery";
import { showsWithTags } from "~/behaviours/tag-match";

/** The id of the grid: the target of the link to all tiles on a page without scripts. */
export const GALLERY_ALL_ID = "alle-projekte";

interface GalleryProps {
  /** null when the content holds no list (SPEC 5) */
  items: GalleryItem[] | null;
  selectedTags: readonly string[];
}

/** SPEC 4: no tag selected shows all; otherwise items with at least one selected tag. */
export function filterGalleryItems(items: readonly GalleryItem[], selectedTags: readonly string[]): GalleryItem[] {
  return items.filter((item) => showsWithTags(item.tags, selectedTags));
}

export function Gallery({ items, selectedTags }: GalleryProps) {
  const text = useUiText();
  if (items === null) return <p className={styles.message}>{text.notAList}</p>;
  return <GalleryGrid items={items} selectedTags={selectedTags} />;
}

interface Paging {
  filterKey: string;
  pages: number;
}

/** SPEC 4: paging is incremental, and a change of filters starts again at page 1. */
function usePaging(filterKey: string): [number, Dispatch<SetStateAction<Paging>>] {
  const [paging, setPaging] = useState<Paging>({ filterKey, pages: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, pages: 1 });
  return [paging.filterKey === filterKey ? paging.pages : 1, setPaging];
}

/** The 1 px sentinel under the grid: the next page arrives when it is fully visible. */
function useNextPageSentinel({
  hasMore,
  pages,
  filterKey,
  setPaging,
}: Paging & { hasMore: boolean; setPaging: Dispatch<SetStateAction<Paging>> }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    // a fresh watch per page reports at once when the sentinel is still in view
    return watchSentinel(element, () =>
      setPaging((current) => ({ filterKey, pages: (current.filterKey === filterKey ? current.pages : 1) + 1 })),
    );
  }, [hasMore, pages, filterKey, setPaging]);
  return sentinel;
}

/** One tile per link may grow into the article's hero: the one the visitor chose, else the first shown. */
function heroTileKeys(visible: readonly GalleryItem[], chosen: string | null): Set<string> {
  const heroKeys = new Set<string>(chosen === null ? [] : [chosen]);
  const linked = new Set<string>(visible.filter((item) => item.key === chosen).map((item) => item.link.href));
  for (const { key, link } of visible) {
    if (!link.href || linked.has(link.href)) continue;
    linked.add(link.href);
    heroKeys.add(key);
  }
  return heroKeys;
}

function GalleryGrid({ items, selectedTags }: { items: GalleryItem[]; selectedTags: readonly string[] }) {
  const text = useUiText();
  const filterKey = selectedTags.join("\u0000");
  const filtered = useMemo(() => filterGalleryItems(items, selectedTags), [items, selectedTags]);

  const [pages, setPaging] = usePaging(filterKey);
  const { shown: shownCount, hasMore } = pageOf(filtered.length, pages);
  const visible = filtered.slice(0, shownCount);
  const visibleKeys = visible.map((item) => item.key);
  const reducedMotion = usePrefersReducedMotion();
  const exiting = useExitingKeys(visibleKeys, reducedMotion ? 0 : TILE_EXIT_MS);

  const stagger = new Map(visible.map((item, index) => [item.key, staggerOf(index)]));
  const [chosen, setChosen] = useState<string | null>(null);
  const heroKeys = heroTileKeys(visible, chosen);
  const shown = items.filter((item) => stagger.has(item.key) || exiting.has(item.key));
  const sentinel = useNextPageSentinel({ hasMore, pages, filterKey, setPaging });

  const { ref: entranceRef, state: entrance } = useEntrance<HTMLElement>({ rootMargin: ENTRANCE_ROOT_MARGIN });

  // Until hydration every tile is in the page and CSS shows the first page of the filter's choice: a pill
  // tapped then shows the right tiles at once. React pages and filters from hydration on.
  const hydrated = useHydrated();
  const tagsOfTiles = useMemo(() => items.flatMap((item) => item.tags), [items]);
  const listed = hydrated ? shown : items;

  return (
    <section
      ref={entranceRef}
      className={styles.gallery}
      data-entrance={entrance}
      aria-label={text.galleryLabel}
      {...behaviour("gallery")}
    >
      <ul id={GALLERY_ALL_ID} className={styles.grid} data-hydrated={hydrated ? "" : undefined}>
        {listed.map((item, index) => (
          <GalleryTile
            key={item.key}
            item={item}
            stagger={hydrated ? (stagger.get(item.key) ?? 0) : staggerOf(index)}
            exiting={hydrated && !stagger.has(item.key)}
            heroTransition={heroKeys.has(item.key)}
            onChoose={() => setChosen(item.key)}
          />
        ))}
      </ul>
      <FilterBeforeHydration
        // the tag filter is the sibling before the gallery's wrapper (routes/home.tsx); child combinators all the
        // way, so that matching a tile walks no ancestor but the known ones
        boxes='input[name="tag"]'
        tiles={`* > .${styles.gallery} > .${styles.grid}:not([data-hydrated])>li`}
        tags={tagsOfTiles}
        pageSize={GALLERY_PAGE_SIZE}
        // by its href: its class names are two (it composes the way home's)
        showAll={{ target: GALLERY_ALL_ID, link: `* > .${styles.gallery} > noscript > a[href="#${GALLERY_ALL_ID}"]` }}
      />
      {/* without scripts nothing adds the next pages: a link shows them all (the rules above hide it when done) */}
      {items.length > GALLERY_PAGE_SIZE ? (
        <noscript>
          <a className={styles.showAll} href={`#${GALLERY_ALL_ID}`}>
            {text.galleryShowAll}
          </a>
        </noscript>
      ) : null}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" data-gallery-sentinel="" />
    </section>
  );
}
