import { AboutMedia } from "~/components/about-media/about-media";
import { RichText } from "~/components/rich-text/rich-text";
import type { OverviewItem } from "~/content/about";
import styles from "./overview-list.module.css";

/**
 * The overview's items (SPEC 2, About): headline, asset and text. Images and
 * videos show; an asset of another type is simply left out.
 */
export function OverviewList({ items }: { items: OverviewItem[] }) {
  if (items.length === 0) return null;
  const firstImage = items.find((item) => item.media?.kind === "image");
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.key} className={styles.item} {...item.editable}>
          {item.media ? (
            <AboutMedia
              media={item.media}
              className={styles.media}
              sizes="(max-width: 480px) 100vw, (max-width: 1024px) 50vw, 33vw"
              first={item === firstImage}
            />
          ) : null}
          {item.headline ? <h3 className={styles.headline}>{item.headline}</h3> : null}
          <RichText document={item.text} className={styles.text} headingLevel={item.headline ? 4 : 3} />
        </li>
      ))}
    </ul>
  );
}
