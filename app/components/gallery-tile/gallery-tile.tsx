import type { CSSProperties } from "react";
import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import { ContentLink } from "~/components/content-link/content-link";
import type { GalleryItem } from "~/content/home";
import { assetDimensions, imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";
import { MEDIA_MESSAGES, mediaKind } from "~/content/media-type";
import styles from "./gallery-tile.module.css";

const TILE_WIDTHS = [360, 480, 640, 800, 1200] as const;
const TILE_SIZES = "(max-width: 480px) 90vw, (max-width: 1024px) 45vw, 30vw";

interface GalleryTileProps {
  item: GalleryItem;
  /** position within its page of six: the fade-in waits 0.1 s per step */
  stagger: number;
  /** filtered away: fades out over 0.4 s, then the gallery removes it */
  exiting?: boolean;
}

export function GalleryTile({ item, stagger, exiting = false }: GalleryTileProps) {
  const caption = item.name || "More";
  return (
    <li
      className={exiting ? `${styles.tile} ${styles.exiting}` : styles.tile}
      style={{ "--i": stagger } as CSSProperties}
      aria-hidden={exiting || undefined}
      inert={exiting || undefined}
    >
      <ContentLink link={item.link} className={styles.link}>
        <TileMedia item={item} />
        <span className={styles.caption}>
          <span className={styles.captionText}>{caption}</span>
        </span>
      </ContentLink>
    </li>
  );
}

function TileMedia({ item }: { item: GalleryItem }) {
  const { filename } = item.image;
  const kind = mediaKind(filename);
  if (kind === "none" || kind === "unknown") {
    return (
      <span className={styles.message}>{kind === "none" ? MEDIA_MESSAGES.noImage : MEDIA_MESSAGES.unknownFormat}</span>
    );
  }
  const size = assetDimensions(filename);
  if (kind === "video") {
    return (
      <span className={styles.media} role="img" aria-label={item.image.alt || "no information"}>
        <AutoplayVideo className={styles.fill} src={filename} width={size?.width} height={size?.height} />
      </span>
    );
  }
  return (
    <span className={styles.media}>
      <img
        className={styles.fill}
        src={
          isTransformable(filename)
            ? imageServiceUrl(filename, { width: 800, filters: { quality: 70, format: "webp" } })
            : filename
        }
        srcSet={imageSrcSet(filename, TILE_WIDTHS)}
        sizes={TILE_SIZES}
        width={size?.width}
        height={size?.height}
        alt={item.image.alt || "no information"}
        loading="lazy"
        decoding="async"
      />
    </span>
  );
}
