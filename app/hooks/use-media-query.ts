import { useEffect } from "react";
import { REDUCED_MOTION_QUERY } from "~/behaviours/media-queries";
import { useAfterHydration } from "./use-hydrated";

function matches(query: string, fallback: boolean): boolean {
  return typeof window === "undefined" || typeof window.matchMedia !== "function"
    ? fallback
    : window.matchMedia(query).matches;
}

/**
 * Whether a CSS media query matches. Prerendered HTML and hydration use
 * `serverValue` (no window there), so markup chosen by a query never
 * mismatches during hydration; the real value follows right after, as a
 * transition (use-hydrated.ts), and on every change of the query's result.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const [value, setValue] = useAfterHydration(serverValue, () => matches(query, serverValue));
  useEffect(() => {
    if (typeof window === "undefined" || typeof window.matchMedia !== "function") return;
    const list = window.matchMedia(query);
    const onChange = () => setValue(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query, setValue]);
  return value;
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
