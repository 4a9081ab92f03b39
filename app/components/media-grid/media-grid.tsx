import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import type { ArticleMediaItem, MediaLayout } from "~/content/article";
import { imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";
import styles from "./media-grid.module.css";

const MEDIA_WIDTHS = [480, 720, 960, 1280, 1600, 1920] as const;

/** How wide each variant is drawn (2 columns, 1 on phones), for the browser's srcset choice. */
const SIZES: Record<MediaLayout, string> = {
  fullsize: "100vw",
  right: "(max-width: 768px) 100vw, 60vw",
  vertical: "(max-width: 768px) 100vw, 50vw",
  default: "(max-width: 768px) 100vw, 50vw",
};

export const LAYOUT_CLASS: Record<MediaLayout, string> = {
  fullsize: styles.fullsize!,
  right: styles.right!,
  vertical: styles.vertical!,
  default: styles.default!,
};

function MediaContent({ item }: { item: ArticleMediaItem }) {
  if (item.kind === "message") return <p className={styles.message}>{item.text}</p>;
  if (item.kind === "video") {
    return (
      <AutoplayVideo
        className={styles.media}
        src={item.src}
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        preload="none"
        standalone
        label={item.caption}
      />
    );
  }
  const transformable = isTransformable(item.src);
  return (
    <img
      className={styles.media}
      src={
        transformable ? imageServiceUrl(item.src, { width: 1280, filters: { quality: 75, format: "webp" } }) : item.src
      }
      srcSet={imageSrcSet(item.src, MEDIA_WIDTHS, 75)}
      sizes={transformable ? SIZES[item.layout] : undefined}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      alt={item.alt}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * The article's media (SPEC 2, 4): a two-column grid (one column on
 * phones). Fullsize spans both columns, right is 60 % wide on the right,
 * vertical is a portrait cell, default a plain cell. Entries without a
 * usable file show the spec's message in their place.
 */
export function MediaGrid({ items }: { items: ArticleMediaItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
        <li key={item.key} className={`${styles.item} ${LAYOUT_CLASS[item.layout]}`} data-layout={item.layout}>
          <figure className={styles.figure}>
            <MediaContent item={item} />
            {item.kind !== "message" && item.caption ? (
              <figcaption className={styles.caption}>{item.caption}</figcaption>
            ) : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
