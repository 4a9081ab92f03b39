import { useEffect, useRef, type CSSProperties } from "react";
import { REDUCED_MOTION_QUERY } from "~/hooks/use-media-query";
import styles from "./scroll-weight-headline.module.css";
import { behaviour } from "~/behaviours/markers";

/** SPEC 9: the weight follows the scroll position from 100 px (weight 100) to 800 px (weight 800). */
export const MIN_WEIGHT = 100;
export const MAX_WEIGHT = 800;
/** The weight shown when motion is reduced. */
export const STATIC_WEIGHT = 500;

export function weightForScroll(scrollY: number): number {
  if (!Number.isFinite(scrollY)) return MIN_WEIGHT;
  return Math.round(Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, scrollY)));
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * The article headline whose font weight grows with scrolling. A passive
 * scroll listener writes the weight into a CSS variable once per animation
 * frame: no React render per scroll event. Under reduced motion the weight
 * stays put.
 */
interface ScrollWeightHeadlineProps {
  children: string;
  id?: string;
  /** the headline's language where the content knows it (it is then hyphenated); else the page's is not assumed */
  lang?: string;
}

export function ScrollWeightHeadline({ children, id, lang }: ScrollWeightHeadlineProps) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    const motion = typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
    let frame = 0;
    const apply = () => {
      frame = 0;
      const weight = prefersReducedMotion() ? STATIC_WEIGHT : weightForScroll(window.scrollY);
      element.style.setProperty("--headline-weight", String(weight));
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(apply);
    };
    apply();
    window.addEventListener("scroll", schedule, { passive: true });
    motion?.addEventListener?.("change", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      motion?.removeEventListener?.("change", schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <h1
      ref={heading}
      id={id}
      lang={lang}
      className={styles.headline}
      {...behaviour("headline-weight")}
      style={{ "--headline-weight": MIN_WEIGHT } as CSSProperties}
    >
      {children}
    </h1>
  );
}
