import { useEffect, type RefObject } from "react";

/**
 * Tag toggles are native checkboxes so that a tap works from the first
 * paint: before the page has hydrated the browser checks the box (and CSS
 * shows it selected). React keeps such a box as it finds it when it
 * hydrates; this hook then brings the selection state up to what the
 * visitor chose, once, by toggling each tag whose box differs.
 */
export function useCheckedBeforeHydration(
  group: RefObject<HTMLElement | null>,
  selected: readonly string[],
  onToggle: (tag: string) => void,
): void {
  useEffect(() => {
    const boxes = group.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [];
    for (const box of boxes) {
      if (box.checked !== selected.includes(box.value)) onToggle(box.value);
    }
    // once, at hydration: later changes arrive as change events
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
