import type { Location } from "react-router";
import { CLOSED_HASH } from "~/components/lightbox/lightbox-hash";

/**
 * React Router's scroll restoration key (`<ScrollRestoration getKey>`, app/root.tsx): a history entry's own key, but
 * the full-screen view's entries (`#media…`) share the key of the page they open over. The browser adds those
 * entries itself (a tile is a fragment link, app/behaviours/lightbox.ts), so React Router meets them as a POP
 * without a key of their own: all of them "default", and it restored the position saved when the last of them was
 * left (an earlier opening's), so the page behind the view jumped (e2e/preview-build.spec.ts). With the page's key
 * it restores the position it has just saved for the page.
 */
export function createScrollKey(): (location: Location) => string {
  // the last page entry React Router asked about: it saves the page's position before it restores the view's
  let pageKey: string | null = null;
  return (location) => {
    if (!location.hash.startsWith(CLOSED_HASH)) pageKey = location.key;
    return pageKey ?? location.key;
  };
}
