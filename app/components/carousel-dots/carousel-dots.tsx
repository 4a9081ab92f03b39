import styles from "./carousel-dots.module.css";

interface CarouselDotsProps {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  /** the id of the slides' container, which the dots control */
  controls?: string;
}

/** Round dot buttons under a carousel: the current one dark, the others light grey. */
export function CarouselDots({ count, selected, onSelect, controls }: CarouselDotsProps) {
  if (count < 2) return null;
  return (
    <div className={styles.dots} role="group" aria-label="Slides">
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className={styles.dot}
          aria-label={`Slide ${index + 1} von ${count}`}
          aria-current={index === selected ? "true" : undefined}
          aria-controls={controls}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
