import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches. Prerendered HTML and the first render
 * after hydration use `serverValue` (no window there), so markup chosen by a
 * query never mismatches during hydration; the real value follows at once.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const snapshot = () =>
    typeof window === "undefined" || typeof window.matchMedia !== "function"
      ? serverValue
      : window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => serverValue);
}

/** SPEC section 9: phones are 768 px wide or narrower. */
export const PHONE_QUERY = "(max-width: 768px)";
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
