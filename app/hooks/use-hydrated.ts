import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from the
 * render right after hydration (and in every render of a client
 * navigation). Markup that serves only the page before its scripts run
 * (CSS that does a control's job) is rendered while this is false and
 * dropped, or switched off, once it is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
