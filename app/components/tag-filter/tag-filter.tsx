import { useRef, type CSSProperties } from "react";
import { tagColour } from "~/content/tag-colours";
import { useCheckedBeforeHydration } from "~/hooks/use-checked-before-hydration";
import { useUiText } from "~/hooks/use-language";
import styles from "./tag-filter.module.css";

interface TagFilterProps {
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
}

/**
 * The gallery's filter: one checkbox pill per tag; 'Loading...' until there
 * are tags. Native checkboxes take a tap before the page has hydrated; the
 * gallery follows once it has.
 */
export function TagFilter({ tags, selected, onToggle }: TagFilterProps) {
  const text = useUiText();
  const group = useRef<HTMLDivElement>(null);
  useCheckedBeforeHydration(group, selected, onToggle);
  if (tags.length === 0) {
    return (
      <p className={styles.loading} role="status">
        {text.loadingCategories}
      </p>
    );
  }
  return (
    <div ref={group} className={styles.filter} role="group" aria-label={text.tagFilterLabel}>
      {tags.map((tag) => (
        <label key={tag} className={styles.tag} style={{ "--tag-colour": tagColour(tag) } as CSSProperties}>
          <input
            type="checkbox"
            className={styles.box}
            name="tag"
            value={tag}
            checked={selected.includes(tag)}
            onChange={() => onToggle(tag)}
          />
          {tag}
        </label>
      ))}
    </div>
  );
}
