import { useEffect, useRef } from "react";
import { ROUTE_MODULE_FAILURE_HOOK } from "./route-module-failure-hook";

/**
 * SPEC section 8, "Route code fails to load: the page reloads". After a new
 * deploy an open tab may ask for chunks that no longer exist. The visitor
 * then gets the page they asked for as a full page load, which fetches the
 * new HTML and its chunk names: the target of the navigation under way, not
 * the page they came from (their click would be lost). A chunk that is
 * really missing would load forever, so each path is loaded this way once
 * per session until it has loaded successfully; after that the prerendered
 * HTML, or the error screen, stays.
 */

const KEY_PREFIX = "route-chunk-reload:";

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk \S+ failed/i,
  // React Router's words when a route's split clientLoader chunk failed to load (the import error itself is
  // dropped): docs/react-router-couplings.md, data-strategy-message
  /^No result returned from dataStrategy for route /,
];

export interface ReloadEnvironment {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** a full page load of the given URL */
  load: (href: string) => void;
}

function browserEnvironment(): ReloadEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // storage disabled (privacy mode): without a guard we must not reload at all
  }
  return { storage, load: (href) => window.location.assign(href) };
}

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where the visitor is going: the location of the client navigation under
 * way (React Router's router, which the framework keeps on `window`:
 * docs/react-router-couplings.md, data-router-global), else the page they
 * are on.
 */
export function navigationTarget(target: Window = window): string {
  return (
    clientNavigationTarget(target) ?? `${target.location.pathname}${target.location.search}${target.location.hash}`
  );
}

/** The location of the client navigation under way; null when none is. */
function clientNavigationTarget(target: Window): string | null {
  const router = (
    target as Window & { __reactRouterDataRouter?: { state?: { navigation?: { location?: RouterLocation } } } }
  ).__reactRouterDataRouter;
  const next = router?.state?.navigation?.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : null;
}

/** Loads `href` unless its path was already loaded this way; true when it loads. */
export function loadOnceForChunkError(href: string, env: ReloadEnvironment = browserEnvironment()): boolean {
  if (!env.storage) return false;
  const key = KEY_PREFIX + new URL(href, "http://site.invalid").pathname;
  try {
    if (env.storage.getItem(key) !== null) return false;
    env.storage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  env.load(href);
  return true;
}

/**
 * A full page load this page has asked for: it is on its way out. A navigation's chunk can fail more than once
 * before the browser leaves (React Router imports a route module for its loader and for its component), and a
 * later failure found the guard set and reloaded the page the visitor was on, cancelling the load of the page
 * they asked for. Until the page goes (or comes back from the back-forward cache) every failure waits for it.
 * Module-level: one per page, whichever route's chunk failed.
 */
let pageLoadRequested = false;

/** loadOnceForChunkError, unless a load is already under way (then true: nothing more to do). */
function loadTargetOnce(href: string, env?: ReloadEnvironment): boolean {
  if (pageLoadRequested) return true;
  pageLoadRequested = loadOnceForChunkError(href, env);
  return pageLoadRequested;
}

export function clearChunkReloadGuard(path: string, env: ReloadEnvironment = browserEnvironment()): void {
  try {
    env.storage?.removeItem(KEY_PREFIX + path);
  } catch {
    // nothing to clear
  }
}

/** In an error boundary: a chunk load error loads the page once. */
export function useChunkErrorReload(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) loadTargetOnce(navigationTarget());
  }, [error]);
}

/**
 * In the app shell: a path counts as loaded once the app rendered it and the
 * visitor moved on from it without an error; then its guard is cleared. (It
 * is not cleared on mount: a page whose lazy code fails after mounting would
 * otherwise reload in a loop.)
 */
export function useChunkReloadGuardReset(pathname: string): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== pathname) clearChunkReloadGuard(previous.current);
    previous.current = pathname;
  }, [pathname]);
}

// module-level: the page's listeners are installed once, whichever component asks first
let recoveryInstalled = false;

/**
 * Chunk failures that reach no error boundary: Vite's `vite:preloadError`
 * (a route's CSS or a dependency failed to preload) and a failed import that
 * nothing awaited (React Router starts a route's chunks in parallel and
 * drops the failures of those it no longer needs). Each loads the
 * navigation's target once; the event is consumed only then.
 */
export function installChunkErrorRecovery(target: Window = window, env?: ReloadEnvironment): void {
  if (recoveryInstalled) return;
  recoveryInstalled = true;
  // React Router's own moment: a route module failed to import during a navigation (pipeline/route-module-failure.ts)
  Object.assign(target, {
    [ROUTE_MODULE_FAILURE_HOOK]: () => {
      if (!loadTargetOnce(navigationTarget(target), env)) target.location.reload();
    },
  });
  // back from the back-forward cache, the page runs again: its next failure may load anew
  target.addEventListener("pageshow", (event) => {
    if ((event as PageTransitionEvent).persisted) pageLoadRequested = false;
  });
  // Only during a client navigation: a failure outside one is the page's own lazy code, which handles it (the
  // full-screen view keeps its prerendered figures), or the loads of a page being left, which the browser
  // aborts when the visitor goes elsewhere; loading the page again would pull them back to it.
  target.addEventListener("vite:preloadError", (event) => {
    const next = clientNavigationTarget(target);
    if (next !== null && loadTargetOnce(next, env)) event.preventDefault();
  });
  target.addEventListener("unhandledrejection", (event) => {
    if (!isChunkLoadError(event.reason)) return;
    // on its way to a full page load, or the page stays as it is (a load was tried, or no navigation is under way)
    event.preventDefault();
    const next = clientNavigationTarget(target);
    if (next === null || !loadTargetOnce(next, env)) console.warn("Code of this page failed to load:", event.reason);
  });
}
