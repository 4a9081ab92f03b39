import type { CSSProperties } from "react";
import { tagColour } from "~/content/tag-colours";
import styles from "./tag-filter.module.css";

interface TagFilterProps {
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
}

/** The gallery's filter: one toggle button per tag; 'Loading...' until there are tags. */
export function TagFilter({ tags, selected, onToggle }: TagFilterProps) {
  if (tags.length === 0) {
    return (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  }
  return (
    <div className={styles.filter} role="group" aria-label="Projekte nach Kategorie filtern">
      {tags.map((tag) => (
        <button
          key={tag}
          type="button"
          className={styles.tag}
          style={{ "--tag-colour": tagColour(tag) } as CSSProperties}
          aria-pressed={selected.includes(tag)}
          onClick={() => onToggle(tag)}
        >
          {tag}
        </button>
      ))}
    </div>
  );
}
