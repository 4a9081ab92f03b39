import { OverviewList } from "~/components/overview-list/overview-list";
import { RichText } from "~/components/rich-text/rich-text";
import type { OverviewView } from "~/content/about";
import { isRichTextEmpty } from "~/content/rich-text-outline";
import styles from "./overview.module.css";

/** `overview`: the about page's list of what the studio does. */
export function Overview({ blok }: { blok: OverviewView }) {
  return (
    <section className={styles.overview} {...blok.editable}>
      {blok.headline || !isRichTextEmpty(blok.text) ? (
        <div className={styles.intro}>
          {blok.headline ? <h2 className={styles.headline}>{blok.headline}</h2> : null}
          <RichText document={blok.text} className={styles.text} headingLevel={blok.headline ? 3 : 2} />
        </div>
      ) : null}
      <OverviewList items={blok.items} />
    </section>
  );
}
