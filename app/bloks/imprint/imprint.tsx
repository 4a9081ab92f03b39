import { RichText } from "~/components/rich-text/rich-text";
import type { ImprintPage } from "~/content/imprint";
import styles from "./imprint.module.css";

/** `imprint`: the legal text's rich text blocks under the story's name. */
export function ImprintView({ page }: { page: ImprintPage }) {
  return (
    <article className={styles.page} aria-labelledby="imprint-heading">
      <h1 id="imprint-heading" className={styles.heading}>
        {page.title}
      </h1>
      <div className={styles.blocks}>
        {page.blocks.map((block) => (
          <RichText key={block.key} document={block.text} className={styles.text} headingLevel={2} />
        ))}
      </div>
    </article>
  );
}
