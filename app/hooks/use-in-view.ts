import { useCallback, useEffect, useState } from "react";
import { entranceState } from "~/behaviours/gallery";
import { usePrefersReducedMotion } from "./use-media-query";

/**
 * Whether an element intersects the viewport (by `rootMargin`): `undefined` until the first observation
 * (prerendered HTML, or no IntersectionObserver), then a boolean; once it has been in view, it stays so.
 */
function useInViewOnce<T extends Element>(rootMargin: string | undefined) {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState<boolean | undefined>(undefined);
  const ref = useCallback((node: T | null) => setElement(node), []);

  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        setInView(entry.isIntersecting);
        if (entry.isIntersecting) observer.disconnect();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin]);

  return { ref, inView };
}

/**
 * An entrance animation that plays when an element scrolls into view.
 * "static" (prerendered HTML, no JS, already in view when the page loaded,
 * or prefers-reduced-motion) shows the element as is; "waiting" hides it
 * below the fold; "entered" plays the entrance. Hiding only ever starts
 * after hydration, so content is never invisible without JavaScript.
 */
export function useEntrance<T extends Element>({ rootMargin }: { rootMargin?: string } = {}) {
  const { ref, inView } = useInViewOnce<T>(rootMargin);
  const reducedMotion = usePrefersReducedMotion();
  // whether it was in view at the first observation: then it never hides
  const [inViewAtStart, setInViewAtStart] = useState<boolean | undefined>(undefined);
  if (inViewAtStart === undefined && inView !== undefined) setInViewAtStart(inView);
  return { ref, state: entranceState(inViewAtStart, inView === true, reducedMotion) };
}
