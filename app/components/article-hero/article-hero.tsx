import type { ArticleImage } from "~/content/article";
import { imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";
import styles from "./article-hero.module.css";

/**
 * Renditions for a full-bleed image, from phones to wide 2x screens; 800
 * because the most common phones (390-412 px at 1.75-2x) need 720-780.
 */
const HERO_WIDTHS = [640, 800, 960, 1280, 1600, 1920, 2560] as const;

/**
 * The article's full-bleed header image (SPEC 2). It is the page's largest
 * paint: fetched first (fetchPriority high, never lazy), sized by its
 * width/height so nothing shifts, and faded in by CSS alone.
 */
export function ArticleHero({ image }: { image: ArticleImage | null }) {
  if (!image) return null;
  const transformable = isTransformable(image.src);
  return (
    <div className={styles.hero}>
      <img
        className={styles.image}
        src={
          transformable
            ? imageServiceUrl(image.src, { width: 1600, filters: { quality: 75, format: "webp" } })
            : image.src
        }
        srcSet={imageSrcSet(image.src, HERO_WIDTHS, 75)}
        sizes={transformable ? "100vw" : undefined}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        alt={image.alt}
        fetchPriority="high"
        loading="eager"
        decoding="async"
      />
    </div>
  );
}
