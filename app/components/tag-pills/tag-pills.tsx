import { useRef, type CSSProperties } from "react";
import { tagColour } from "~/content/tag-colours";
import { useCheckedBeforeHydration } from "~/hooks/use-checked-before-hydration";
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
 * Each pill is a native checkbox, so a tap counts from the first paint.
 */
export function TagPills({ tags, selected, onToggle, label }: TagPillsProps) {
  const group = useRef<HTMLUListElement>(null);
  useCheckedBeforeHydration(group, selected, onToggle);
  if (tags.length === 0) return null;
  return (
    <ul ref={group} className={styles.pills} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <label className={styles.pill} style={{ "--tag-colour": tagColour(tag) } as CSSProperties}>
            <input
              type="checkbox"
              className={styles.box}
              value={tag}
              checked={selected.includes(tag)}
              onChange={() => onToggle(tag)}
            />
            <span className={styles.dot} aria-hidden="true" />
            {tag}
          </label>
        </li>
      ))}
    </ul>
  );
}
