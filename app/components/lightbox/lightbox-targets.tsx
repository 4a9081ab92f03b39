import { useLangOf, useUiText } from "~/hooks/use-language";
import { LazyImage, Picture } from "~/components/lazy-image/lazy-image";
import { assetDimensions } from "~/content/image-service";
import { LightboxFrame, LightboxIcon, LightboxVideo } from "./lightbox-frame";
import { CLOSED_HASH, lightboxHref, lightboxId } from "./lightbox-hash";
import { fullScreenSources, mediaSizeStyle, stillStyle, type LightboxItem } from "./lightbox-item";

/**
 * A prerendered figure's medium, which loads nothing while hidden: its image is fetched by the page's lazy
 * image loader once the figure is shown (a hidden image never comes near the viewport), its video has no
 * preload. Without JavaScript, where lazy loading is off and every image of a page loads, the figure draws
 * a full-screen rendition as its background, fetched once it shows (stillStyle).
 */
function PrerenderedMedia({ item }: { item: LightboxItem }) {
  const langOf = useLangOf();
  if (item.kind === "video") return <LightboxVideo item={item} preload="none" />;
  const style = mediaSizeStyle(item.src);
  const sources = fullScreenSources(item.src);
  const size = assetDimensions(item.src);
  if (!size) {
    // no size to reserve a placeholder's box with: the browser's own lazy loading
    return (
      <Picture sources={sources.sources} sizes={sources.sizes}>
        <img
          data-part="media"
          style={style}
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.sizes}
          alt={item.alt ?? ""}
          lang={langOf(item.altLanguage)}
          loading="lazy"
          draggable={false}
        />
      </Picture>
    );
  }
  return (
    <LazyImage
      data-part="media"
      style={style}
      src={sources.src}
      srcSet={sources.srcSet}
      sources={sources.sources}
      sizes={sources.sizes}
      width={size.width}
      height={size.height}
      alt={item.alt ?? ""}
      lang={langOf(item.altLanguage)}
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
 * The full-screen view as the prerendered page has it, before its scripts
 * run and without JavaScript (docs/decisions/0006): one hidden figure per
 * medium, shown by CSS while the URL's fragment names it (`:target`). A
 * tile is a link to its figure, and the figure's controls are links too:
 * previous and next to their figures, close (and a tap beside the medium)
 * to a fragment that names nothing, which hides it without scrolling.
 * Hidden, a figure's lazy image and its video load nothing.
 */
export function LightboxTargets({ items, set }: { items: readonly LightboxItem[]; set?: number }) {
  const text = useUiText();
  const count = items.length;
  if (count === 0) return null;
  const link = (index: number, direction: "previous" | "next") => (
    <a
      href={lightboxHref((index + (direction === "next" ? 1 : count - 1)) % count, set)}
      data-part="control"
      data-direction={direction}
      aria-label={direction === "next" ? text.lightboxNext : text.lightboxPrevious}
    >
      <LightboxIcon name={direction} />
    </a>
  );
  return (
    <>
      {items.map((item, index) => (
        <figure key={lightboxId(index, set)} id={lightboxId(index, set)} aria-label={text.lightboxLabel}>
          <a href={CLOSED_HASH} data-part="backdrop" tabIndex={-1} aria-hidden="true" />
          <LightboxFrame
            item={item}
            position={index + 1}
            count={count}
            media={<PrerenderedMedia item={item} />}
            close={
              <a href={CLOSED_HASH} data-part="control" aria-label={text.lightboxClose}>
                <LightboxIcon name="close" />
              </a>
            }
            previous={count > 1 ? link(index, "previous") : null}
            next={count > 1 ? link(index, "next") : null}
          />
        </figure>
      ))}
    </>
  );
}
