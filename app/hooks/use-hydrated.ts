import { startTransition, useEffect, useState } from "react";

/**
 * Set by the first effect after the page's hydration: from then on, React
 * renders on the client only (client navigations, lazy parts), and a new
 * component starts from the browser's own values. Hydration is one render
 * pass (the site has no Suspense boundary around prerendered markup), so no
 * component is still being hydrated once an effect has run. Module-level: the
 * page hydrates once, for every component.
 */
let hydrationDone = false;

/** Tests only (app/test/setup.ts): each test starts as a page that has not hydrated yet. */
export function resetHydrationForTests(): void {
  hydrationDone = false;
}

/**
 * A value the prerendered HTML cannot know (a media query, whether the page
 * runs): `serverValue` in the prerendered HTML and while React hydrates it,
 * `clientValue()` from the first render after. The switch after hydration
 * is a transition, not a synchronous re-render: it is rendered in slices
 * the browser can interrupt, and commits after hydration's own commit
 * rather than inside its task. Components mounted later (client
 * navigations) start from the client's value.
 */
export function useAfterHydration<T>(serverValue: T, clientValue: () => T): [T, (next: T) => void] {
  // whether this component was hydrated (so started from the server's value), and how to read its first
  // client value: both fixed at its first render; later changes are the caller's to report through setValue
  const [first] = useState(() => ({ hydrating: !hydrationDone, readClient: clientValue }));
  const [value, setValue] = useState<T>(() => (first.hydrating ? serverValue : clientValue()));
  useEffect(() => {
    hydrationDone = true;
    // an unchanged value renders nothing: React bails out of an update to the same value
    if (first.hydrating) startTransition(() => setValue(first.readClient()));
  }, [first]);
  return [value, setValue];
}

/**
 * Marks the page hydrated from the root's shell, which every page renders:
 * a page none of whose components reads a value after hydration (the SPA
 * fallback's "not found" screen) still counts as hydrated, so the page a
 * client navigation renders next starts from the client's values, not the
 * prerendered HTML's (whose filter `<style>` the page's CSP would refuse).
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    hydrationDone = true;
  }, []);
}

/**
 * False in the prerendered HTML and while React hydrates it, true from the
 * render right after hydration (and in every render of a client
 * navigation). Markup that serves only the page before its scripts run
 * (CSS that does a control's job) is rendered while this is false and
 * dropped, or switched off, once it is true.
 */
export function useHydrated(): boolean {
  return useAfterHydration(false, () => true)[0];
}
