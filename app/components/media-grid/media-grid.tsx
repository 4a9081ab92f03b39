import { StandaloneVideo } from "~/components/autoplay-video/autoplay-video";
import type { LightboxItem } from "~/components/lightbox/lightbox-item";
import { LightboxOpener } from "~/components/lightbox/lightbox-opener";
import { LightboxTargets } from "~/components/lightbox/lightbox-targets";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import type { ArticleMediaItem, MediaLayout } from "~/content/article-media";
import { useLangOf, useUiText } from "~/hooks/use-language";
import styles from "./media-grid.module.css";
import { behaviour } from "~/behaviours/markers";

/** How wide each variant is drawn (2 columns, 1 on phones), for the browser's srcset choice. */
const SIZES: Record<MediaLayout, string> = {
  fullsize: "100vw",
  right: "(max-width: 768px) 100vw, 60vw",
  vertical: "(max-width: 768px) 100vw, 50vw",
  default: "(max-width: 768px) 100vw, 50vw",
};

function MediaContent({ item }: { item: ArticleMediaItem }) {
  const langOf = useLangOf();
  if (item.kind === "message") return <p className={styles.message}>{item.text}</p>;
  if (item.kind === "video") return <StandaloneVideo className={styles.media} src={item.src} label={item.caption} />;
  return (
    <ResponsiveImage
      className={styles.media}
      src={item.src}
      renditions={IMAGE_SLOTS.articleMedia}
      sizes={SIZES[item.layout]}
      alt={item.alt}
      lang={langOf(item.altLanguage)}
      focus={item.focus}
    />
  );
}

/**
 * The article's media (SPEC 2, 4): a two-column grid (one column on
 * phones). Fullsize spans both columns, right is 60 % wide on the right,
 * vertical is a portrait cell, default a plain cell. Entries without a
 * usable file show the spec's message in their place. A click on an image
 * or a video opens it full-screen (LightboxTargets).
 */
export function MediaGrid({ items }: { items: ArticleMediaItem[] }) {
  const text = useUiText();
  const langOf = useLangOf();
  if (items.length === 0) return null;
  // the images and videos, numbered as the view counts them (messages have no place there)
  const media: LightboxItem[] = [];
  const cells = items.map((item) => {
    // what the full-screen view shows of an entry: the image or video itself
    const medium = item.kind === "message" ? null : item;
    const content = <MediaContent item={item} />;
    return (
      <li
        key={item.key}
        // each layout has the class of its name
        className={`${styles.item} ${styles[item.layout]}`}
        data-layout={item.layout}
        {...item.editable}
      >
        <figure className={styles.figure}>
          {medium ? (
            <LightboxOpener index={media.push(medium) - 1} item={medium}>
              {content}
            </LightboxOpener>
          ) : (
            content
          )}
          {item.kind !== "message" && (item.caption || (item.kind === "image" && item.copyright)) ? (
            <figcaption className={styles.caption}>
              {/* the caption in its language, the credit in the page's */}
              {item.caption && langOf(item.captionLanguage) ? (
                <span lang={langOf(item.captionLanguage)}>{item.caption}</span>
              ) : (
                item.caption
              )}
              {item.kind === "image" && item.copyright ? (
                <small className={styles.credit}>{text.imageCredit(item.copyright)}</small>
              ) : null}
            </figcaption>
          ) : null}
        </figure>
      </li>
    );
  });
  return (
    <>
      <ul className={styles.grid} {...(media.length > 0 ? behaviour("lightbox") : {})}>
        {cells}
      </ul>
      <LightboxTargets items={media} />
    </>
  );
}
