import type { CSSProperties } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useUiText } from "~/hooks/use-language";
import styles from "./carousel-dots.module.css";

interface CarouselDotsProps {
  /** the ids of the slides, in order: each dot links to its slide */
  slideIds: readonly string[];
  selected: number;
  onSelect: (index: number) => void;
  /** the id of the slides' container, which the dots control */
  controls?: string;
}

/** The name of a slide's view timeline, which its dot follows before hydration (the slide's carousel declares it). */
export function slideTimeline(slideId: string): string {
  return `--${slideId}`;
}

/**
 * Round dots under a carousel: the current one dark, the others light grey.
 * Each dot is a link to its slide, so before the page has hydrated the
 * browser itself scrolls the snapping row to it; afterwards the carousel
 * moves it (smoothly, without touching the URL).
 */
export function CarouselDots({ slideIds, selected, onSelect, controls }: CarouselDotsProps) {
  const text = useUiText();
  // before hydration CSS draws the dot of the slide a dot's link made the :target as the current one
  const hydrated = useHydrated();
  if (slideIds.length < 2) return null;
  return (
    <div
      className={styles.dots}
      role="group"
      aria-label={text.carouselDotsLabel}
      data-hydrated={hydrated ? "" : undefined}
    >
      {slideIds.map((slideId, index) => (
        <a
          key={slideId}
          href={`#${slideId}`}
          className={styles.dot}
          data-carousel-dot=""
          style={{ "--slide-timeline": slideTimeline(slideId) } as CSSProperties}
          aria-label={text.carouselDotLabel(index + 1, slideIds.length)}
          aria-current={index === selected ? "true" : undefined}
          aria-controls={controls}
          onClick={(event) => {
            event.preventDefault();
            onSelect(index);
          }}
        />
      ))}
    </div>
  );
}
