import type { CSSProperties } from "react";
import { tagColour } from "~/content/tag-colours";
import styles from "./tag-pills.module.css";

interface TagPillsProps {
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
  /** names the group for assistive technology */
  label?: string;
}

/**
 * Category pills (SPEC 2, About): each tag in its own colour (black when
 * unknown); a pill toggles its tag and the selected ones are set in italics.
 */
export function TagPills({ tags, selected, onToggle, label }: TagPillsProps) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.pills} aria-label={label}>
      {tags.map((tag) => {
        const isSelected = selected.includes(tag);
        const style = { "--tag-colour": tagColour(tag), fontStyle: isSelected ? "italic" : "normal" } as CSSProperties;
        return (
          <li key={tag}>
            <button
              type="button"
              className={isSelected ? `${styles.pill} ${styles.selected}` : styles.pill}
              style={style}
              aria-pressed={isSelected}
              onClick={() => onToggle(tag)}
            >
              <span className={styles.dot} aria-hidden="true" />
              {tag}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
