import { useCallback, useEffect, useState } from "react";
import { entranceState } from "~/behaviours/gallery";
import { usePrefersReducedMotion } from "./use-media-query";

export interface InViewOptions {
  rootMargin?: string;
  threshold?: number | number[];
  /** Stop observing once the element has been in view. */
  once?: boolean;
}

/**
 * Whether an element intersects the viewport: `undefined` until the first
 * observation (prerendered HTML, or no IntersectionObserver), then a boolean.
 * With a threshold, "in view" means at least that much of it is visible
 * (clipped by scrolling ancestors, such as a carousel's row), not merely
 * some of it, which is all the observer's `isIntersecting` says.
 */
function useInView<T extends Element>({ rootMargin, threshold, once = false }: InViewOptions = {}) {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState<boolean | undefined>(undefined);
  const ref = useCallback((node: T | null) => setElement(node), []);
  const thresholdKey = JSON.stringify(threshold ?? 0);

  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const thresholds = JSON.parse(thresholdKey) as number | number[];
    const least = Math.min(...[thresholds].flat());
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const visible = entry.isIntersecting && entry.intersectionRatio >= least;
        setInView(visible);
        if (visible && once) observer.disconnect();
      },
      { rootMargin, threshold: thresholds },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, thresholdKey, once]);

  return { ref, inView };
}

export type { EntranceState } from "~/behaviours/gallery";

/**
 * An entrance animation that plays when an element scrolls into view.
 * "static" (prerendered HTML, no JS, already in view when the page loaded,
 * or prefers-reduced-motion) shows the element as is; "waiting" hides it
 * below the fold; "entered" plays the entrance. Hiding only ever starts
 * after hydration, so content is never invisible without JavaScript.
 */
export function useEntrance<T extends Element>(options: Omit<InViewOptions, "once"> = {}) {
  const { ref, inView } = useInView<T>({ ...options, once: true });
  const reducedMotion = usePrefersReducedMotion();
  // whether it was in view at the first observation: then it never hides
  const [inViewAtStart, setInViewAtStart] = useState<boolean | undefined>(undefined);
  if (inViewAtStart === undefined && inView !== undefined) setInViewAtStart(inView);
  return { ref, state: entranceState(inViewAtStart, inView === true, reducedMotion) };
}
