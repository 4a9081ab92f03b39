import { useState } from "react";
import { MasonryGrid } from "~/components/masonry-grid/masonry-grid";
import { TagPills } from "~/components/tag-pills/tag-pills";
import type { MasonryView } from "~/content/about";
import styles from "./masonry.module.css";

/** `masonry`: category pills over a masonry of media tiles they filter. */
export function Masonry({ blok }: { blok: MasonryView }) {
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (tag: string) =>
    setSelected((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));
  if (blok.tiles.length === 0) return null;
  return (
    <section className={styles.masonry} {...blok.editable}>
      {blok.headline ? <h2 className={styles.headline}>{blok.headline}</h2> : null}
      <div className={styles.pills}>
        <TagPills tags={blok.tags} selected={selected} onToggle={toggle} label={blok.headline || undefined} />
      </div>
      <MasonryGrid tiles={blok.tiles} selected={selected} lightboxSet={blok.lightboxSet} />
    </section>
  );
}
