/** The media queries the behaviours and the components share: one definition each. */

/** SPEC 9: phones are 768 px wide or narrower. */
export const PHONE_QUERY = "(max-width: 768px)";

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** The visitor's motion setting, followed live; null where there is no matchMedia (a test DOM). */
export function reducedMotionList(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}
