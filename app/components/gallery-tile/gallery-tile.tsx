import type { CSSProperties } from "react";
import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import { ContentLink } from "~/components/content-link/content-link";
import type { GalleryItem } from "~/content/home";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import { assetDimensions } from "~/content/image-service";
import { mediaKind } from "~/content/media-type";
import { useUiText } from "~/hooks/use-language";
import styles from "./gallery-tile.module.css";

const TILE_SIZES = "(max-width: 480px) 90vw, (max-width: 1024px) 45vw, 30vw";

interface GalleryTileProps {
  item: GalleryItem;
  /** position within its page of six: the fade-in waits 0.1 s per step */
  stagger: number;
  /** filtered away: fades out over 0.4 s, then the gallery removes it */
  exiting?: boolean;
}

export function GalleryTile({ item, stagger, exiting = false }: GalleryTileProps) {
  const text = useUiText();
  const caption = item.name || text.tileCaptionFallback;
  return (
    <li
      className={exiting ? `${styles.tile} ${styles.exiting}` : styles.tile}
      style={{ "--i": stagger } as CSSProperties}
      aria-hidden={exiting || undefined}
      inert={exiting || undefined}
      {...item.editable}
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
  const text = useUiText();
  const { filename } = item.image;
  const kind = mediaKind(filename);
  if (kind === "none" || kind === "unknown") {
    return <span className={styles.message}>{kind === "none" ? text.noImage : text.unknownFormat}</span>;
  }
  if (kind === "video") {
    const size = assetDimensions(filename);
    return (
      <span className={styles.media} role="img" aria-label={item.image.alt || text.altFallback}>
        <AutoplayVideo className={styles.fill} src={filename} width={size?.width} height={size?.height} />
      </span>
    );
  }
  return (
    <span className={styles.media}>
      <ResponsiveImage
        className={styles.fill}
        src={filename}
        renditions={IMAGE_SLOTS.galleryTile}
        sizes={TILE_SIZES}
        alt={item.image.alt || text.altFallback}
      />
    </span>
  );
}
