import { Link } from "react-router";
import { useLanguage } from "~/hooks/use-language";
import { localizedPath } from "~/language";
import type { ArticleListEntry } from "~/content/article-index";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import styles from "./article-index-list.module.css";

/**
 * The project index: one row per article linking to its page, with its tags
 * (hidden on phones) and a preview image that appears beside the list while
 * the row is hovered or focused.
 */
export function ArticleIndexList({ articles }: { articles: readonly ArticleListEntry[] }) {
  return (
    <ul className={styles.list}>
      {articles.map((article) => (
        <IndexRow key={article.uuid} article={article} />
      ))}
    </ul>
  );
}

function IndexRow({ article }: { article: ArticleListEntry }) {
  const language = useLanguage();
  return (
    <li className={styles.item}>
      <Link to={localizedPath(`/articles/${article.slug}`, language)} prefetch="intent" className={styles.row}>
        <span className={styles.name}>{article.name}</span>
        {article.tags.length > 0 ? <span className={styles.tags}>{article.tags.join(", ")}</span> : null}
        {article.img ? <PreviewImage src={article.img} alt={article.alt} focus={article.focus} /> : null}
      </Link>
    </li>
  );
}

function PreviewImage({ src, alt, focus }: { src: string; alt: string; focus: string | undefined }) {
  return (
    <span className={styles.preview} aria-hidden="true">
      <ResponsiveImage
        className={styles.previewImage}
        src={src}
        renditions={IMAGE_SLOTS.indexPreview}
        sizes="600px"
        alt={alt}
        focus={focus}
        // thousands of rows: one <picture> each, not a placeholder and a <noscript> copy beside it
        shownOnDemand
      />
    </span>
  );
}
