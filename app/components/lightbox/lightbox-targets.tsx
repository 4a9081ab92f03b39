import { useLangOf, useUiText } from "~/hooks/use-language";
import { LazyImage, Picture } from "~/components/lazy-image/lazy-image";
import { assetDimensions } from "~/content/image-service";
import { LightboxFrame, LightboxIcon, LightboxVideo } from "./lightbox-frame";
import { CLOSED_HASH, lightboxHref, lightboxId } from "./lightbox-hash";
import { fullScreenSources, mediaSizeStyle, stillStyle, type LightboxItem } from "./lightbox-item";
import styles from "./lightbox.module.css";
import { neighboursIn } from "~/behaviours/masonry";

/**
 * A prerendered figure's medium, which loads nothing while hidden: its image is fetched by the page's lazy
 * image loader once the figure is shown (a hidden image never comes near the viewport), its video has no
 * preload. Without JavaScript, where lazy loading is off and every image of a page loads, the figure draws
 * a full-screen rendition as its background, fetched once it shows (stillStyle).
 */
function PrerenderedMedia({ item }: { item: LightboxItem }) {
  const langOf = useLangOf();
  if (item.kind === "video") return <LightboxVideo item={item} />;
  const style = mediaSizeStyle(item.src);
  const sources = fullScreenSources(item.src);
  const size = assetDimensions(item.src);
  const image = {
    "data-part": "media",
    style,
    src: sources.src,
    srcSet: sources.srcSet,
    sizes: sources.sizes,
    alt: item.alt ?? "",
    lang: langOf(item.altLanguage),
  };
  if (!size) {
    // no size to reserve a placeholder's box with: the browser's own lazy loading
    return (
      <Picture sources={sources.sources} sizes={sources.sizes}>
        <img {...image} loading="lazy" draggable={false} />
      </Picture>
    );
  }
  return (
    <LazyImage
      {...image}
      sources={sources.sources}
      width={size.width}
      height={size.height}
      // a drag across the image is a swipe (app/behaviours/lightbox.ts), not the start of dragging it out of the page
      draggable={false}
      noscript={
        <noscript>
          <span
            data-part="media"
            data-still=""
            role="img"
            aria-label={item.alt ?? ""}
            lang={langOf(item.altLanguage)}
            style={{ ...style, ...stillStyle(item.src, size.width) }}
          />
        </noscript>
      }
    />
  );
}

/**
 * The full-screen view (docs/decisions/0006), the same with React, before
 * the page runs and without JavaScript: one hidden figure per medium, shown
 * by CSS while the URL's fragment names it (`:target`). A tile is a link to
 * its figure, and the figure's controls are links too: previous and next to
 * their figures, close (and a tap beside the medium) to a fragment that
 * names nothing, which hides it without scrolling. Hidden, a figure's lazy
 * image and its video load nothing. What links cannot do (keys, swipes,
 * focus, the modal's semantics) is app/behaviours/lightbox.ts's, on every
 * page. The wrapper's class brings the view's stylesheet into the page's.
 *
 * A figure of a medium in `order` (the grid's shown media, which its filter
 * chooses) steps through and counts within those; any other (a shared link
 * may name one filtered away) within all.
 */
export function LightboxTargets({
  items,
  set,
  order,
}: {
  items: readonly LightboxItem[];
  /** the grid's place among the page's grids with a view, from 1: names its media's fragments (lightbox-hash.ts) */
  set?: number;
  order?: readonly number[];
}) {
  const text = useUiText();
  if (items.length === 0) return null;
  const all = items.map((_, index) => index);
  const link = (target: number, direction: "previous" | "next") => (
    <a
      href={lightboxHref(target, set)}
      data-part="control"
      data-direction={direction}
      aria-label={direction === "next" ? text.lightboxNext : text.lightboxPrevious}
    >
      <LightboxIcon name={direction} />
    </a>
  );
  return (
    <div className={styles.lightbox}>
      {items.map((item, index) => {
        const sequence = order?.includes(index) ? order : all;
        const neighbours = neighboursIn(sequence, index)!;
        return (
          <figure key={lightboxId(index, set)} id={lightboxId(index, set)} aria-label={text.lightboxLabel}>
            <a href={CLOSED_HASH} data-part="backdrop" tabIndex={-1} aria-hidden="true" />
            <LightboxFrame
              item={item}
              position={sequence.indexOf(index) + 1}
              count={sequence.length}
              media={<PrerenderedMedia item={item} />}
              close={
                <a href={CLOSED_HASH} data-part="control" aria-label={text.lightboxClose}>
                  <LightboxIcon name="close" />
                </a>
              }
              previous={sequence.length > 1 ? link(neighbours.previous, "previous") : null}
              next={sequence.length > 1 ? link(neighbours.next, "next") : null}
            />
          </figure>
        );
      })}
    </div>
  );
}
