import { Link } from "react-router";
import type { ArticleListEntry } from "~/content/article-index";
import { assetDimensions, imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";
import styles from "./article-index-list.module.css";

const PREVIEW_WIDTH = 600;

/**
 * The project index: one row per article linking to its page, with its tags
 * (hidden on phones) and a preview image that appears beside the list while
 * the row is hovered or focused.
 */
export function ArticleIndexList({ articles }: { articles: readonly ArticleListEntry[] }) {
  return (
    <ul className={styles.list}>
      {articles.map((article) => (
        <li key={article.uuid} className={styles.item}>
          <Link to={`/articles/${article.slug}`} prefetch="intent" className={styles.row}>
            <span className={styles.name}>{article.name}</span>
            {article.tags.length > 0 ? <span className={styles.tags}>{article.tags.join(", ")}</span> : null}
            {article.img ? <PreviewImage src={article.img} alt={article.alt} /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PreviewImage({ src, alt }: { src: string; alt: string }) {
  const size = assetDimensions(src);
  return (
    <span className={styles.preview} aria-hidden="true">
      <img
        className={styles.previewImage}
        src={
          isTransformable(src)
            ? imageServiceUrl(src, { width: PREVIEW_WIDTH, filters: { quality: 70, format: "webp" } })
            : src
        }
        srcSet={imageSrcSet(src, [PREVIEW_WIDTH, PREVIEW_WIDTH * 2])}
        sizes={`${PREVIEW_WIDTH}px`}
        width={size?.width}
        height={size?.height}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    </span>
  );
}
