import { RichText } from "~/components/rich-text/rich-text";
import type { AboutBlockView } from "~/content/about";
import styles from "./about-block.module.css";

/** `about_block`: an optional headline beside its rich text. */
export function AboutBlock({ blok }: { blok: AboutBlockView }) {
  return (
    <section className={styles.block} {...blok.editable}>
      {blok.headline ? <h2 className={styles.headline}>{blok.headline}</h2> : null}
      <RichText document={blok.text} className={styles.text} headingLevel={blok.headline ? 3 : 2} />
    </section>
  );
}
