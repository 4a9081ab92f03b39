import { useEffect, useRef } from "react";

/**
 * SPEC section 8, "Route code fails to load: the page reloads". After a new
 * deploy an open tab may ask for route chunks that no longer exist; a reload
 * fetches the new HTML and its chunk names. A chunk that is really missing
 * would reload forever, so each path reloads once per session until it has
 * loaded successfully.
 */

const KEY_PREFIX = "route-chunk-reload:";

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk \S+ failed/i,
];

export interface ReloadEnvironment {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  reload: () => void;
}

function browserEnvironment(): ReloadEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // storage disabled (privacy mode): without a guard we must not reload at all
  }
  return { storage, reload: () => window.location.reload() };
}

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/** Reloads the page unless this path already reloaded for a chunk error; true when it reloads. */
export function reloadOnceForChunkError(path: string, env: ReloadEnvironment = browserEnvironment()): boolean {
  if (!env.storage) return false;
  const key = KEY_PREFIX + path;
  try {
    if (env.storage.getItem(key) !== null) return false;
    env.storage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

export function clearChunkReloadGuard(path: string, env: ReloadEnvironment = browserEnvironment()): void {
  try {
    env.storage?.removeItem(KEY_PREFIX + path);
  } catch {
    // nothing to clear
  }
}

/** In an error boundary: a chunk load error reloads the page once. */
export function useChunkErrorReload(error: unknown, pathname: string): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForChunkError(pathname);
  }, [error, pathname]);
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

let preloadListenerInstalled = false;

/**
 * Vite fires `vite:preloadError` when a dynamic import's preloads fail.
 * Preventing the event stops the error; we do that only when we reload.
 */
export function installPreloadErrorReload(target: Window = window): void {
  if (preloadListenerInstalled) return;
  preloadListenerInstalled = true;
  target.addEventListener("vite:preloadError", (event) => {
    if (reloadOnceForChunkError(target.location.pathname)) event.preventDefault();
  });
}
