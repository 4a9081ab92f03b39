import type { ArticleImage } from "~/content/article";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import styles from "./article-hero.module.css";

/**
 * The article's full-bleed header image (SPEC 2). It is the page's largest
 * paint: fetched first (fetchPriority high, never lazy), sized by its
 * width/height so nothing shifts, and faded in by CSS alone.
 */
export function ArticleHero({ image }: { image: ArticleImage | null }) {
  if (!image) return null;
  return (
    <div className={styles.hero}>
      <ResponsiveImage
        className={styles.image}
        src={image.src}
        renditions={IMAGE_SLOTS.articleHero}
        sizes="100vw"
        alt={image.alt}
        fetchPriority="high"
        loading="eager"
      />
    </div>
  );
}
