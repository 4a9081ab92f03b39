import { describe, expect, it, vi } from "vitest";
import {
  clearChunkReloadGuard,
  installChunkErrorRecovery,
  isChunkLoadError,
  loadOnceForChunkError,
  navigationTarget,
  type ReloadEnvironment,
} from "./route-chunk-reload";
import { ROUTE_MODULE_FAILURE_HOOK } from "./route-module-failure-hook";

function memoryEnvironment() {
  const items = new Map<string, string>();
  return {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    load: vi.fn<(href: string) => void>(),
  } satisfies ReloadEnvironment;
}

describe("isChunkLoadError", () => {
  it("recognises failed dynamic imports in each browser", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/about-1a2b.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: https://x/a.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/about.css"))).toBe(true);
  });

  it("recognises React Router's error for a route whose clientLoader chunk failed", () => {
    expect(isChunkLoadError(new Error("No result returned from dataStrategy for route routes/imprint"))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Article not found"))).toBe(false);
    expect(isChunkLoadError({ status: 404, statusText: "Not Found" })).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

describe("loadOnceForChunkError", () => {
  it("loads a path once, not twice", () => {
    const env = memoryEnvironment();
    expect(loadOnceForChunkError("/about", env)).toBe(true);
    expect(loadOnceForChunkError("/about?x=1", env)).toBe(false);
    expect(env.load).toHaveBeenCalledTimes(1);
    expect(env.load).toHaveBeenCalledWith("/about");
  });

  it("keys the guard by path", () => {
    const env = memoryEnvironment();
    loadOnceForChunkError("/about", env);
    expect(loadOnceForChunkError("/index", env)).toBe(true);
    expect(env.load).toHaveBeenCalledTimes(2);
  });

  it("may load again after the path loaded successfully", () => {
    const env = memoryEnvironment();
    loadOnceForChunkError("/about", env);
    clearChunkReloadGuard("/about", env);
    expect(loadOnceForChunkError("/about", env)).toBe(true);
    expect(env.load).toHaveBeenCalledTimes(2);
  });

  it("never loads without session storage, which could not stop a loop", () => {
    const env = { storage: null, load: vi.fn<(href: string) => void>() };
    expect(loadOnceForChunkError("/about", env)).toBe(false);
    expect(env.load).not.toHaveBeenCalled();
  });

  it("never loads when storage throws", () => {
    const env: ReloadEnvironment = {
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException("QuotaExceededError");
        },
        removeItem: () => {},
      },
      load: vi.fn<(href: string) => void>(),
    };
    expect(loadOnceForChunkError("/about", env)).toBe(false);
    expect(env.load).not.toHaveBeenCalled();
  });
});

describe("navigationTarget", () => {
  const windowAt = (path: string, navigating?: string) =>
    ({
      location: new URL(path, "http://site.test"),
      __reactRouterDataRouter: {
        state: { navigation: navigating ? { location: new URL(navigating, "http://site.test") } : {} },
      },
    }) as unknown as Window;

  it("is where a client navigation under way is going, not the page it started from", () => {
    expect(navigationTarget(windowAt("/index", "/imprint?x=1#top"))).toBe("/imprint?x=1#top");
  });

  it("is the current page when no navigation is under way", () => {
    expect(navigationTarget(windowAt("/about?y=2"))).toBe("/about?y=2");
  });
});

describe("installChunkErrorRecovery", () => {
  it("loads the navigation's target once for a failed import nobody awaited, and consumes the rejection", () => {
    const target = new EventTarget() as unknown as Window;
    Object.assign(target, {
      location: new URL("http://site.test/index"),
      __reactRouterDataRouter: { state: { navigation: { location: new URL("http://site.test/imprint") } } },
    });
    const env = memoryEnvironment();
    installChunkErrorRecovery(target, env);
    const rejection = (reason: unknown) => {
      const event = new Event("unhandledrejection", { cancelable: true });
      Object.assign(event, { reason });
      target.dispatchEvent(event);
      return event;
    };
    expect(rejection(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")).defaultPrevented).toBe(
      true,
    );
    expect(env.load).toHaveBeenCalledWith("/imprint");
    expect(rejection(new Error("something else")).defaultPrevented).toBe(false);
    expect(env.load).toHaveBeenCalledTimes(1);

    // no navigation under way: the page's own lazy code, or a page being left (the browser aborts its loads)
    Object.assign(target, { __reactRouterDataRouter: { state: { navigation: {} } } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // consumed (the page stays as it is, and says why), not loaded
    expect(rejection(new TypeError("error loading dynamically imported module: /assets/y.js")).defaultPrevented).toBe(
      true,
    );
    expect(warn).toHaveBeenCalledTimes(1);
    const preloadError = new Event("vite:preloadError", { cancelable: true });
    target.dispatchEvent(preloadError);
    expect(preloadError.defaultPrevented).toBe(false);
    expect(env.load).toHaveBeenCalledTimes(1);

    // the route module of the navigation fails again, twice, while the load of its target is under way: nothing
    // reloads the page the visitor was on (that would cancel the load), nothing loads twice
    const reload = vi.fn();
    Object.assign(target, {
      location: { pathname: "/index", search: "", hash: "", reload },
      __reactRouterDataRouter: { state: { navigation: { location: new URL("http://site.test/imprint") } } },
    });
    const hook = (target as unknown as Record<string, () => void>)[ROUTE_MODULE_FAILURE_HOOK]!;
    hook();
    hook();
    expect(reload).not.toHaveBeenCalled();
    expect(env.load).toHaveBeenCalledTimes(1);

    // back from the back-forward cache the page runs again: a failure then loads its target anew (once per path)
    target.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    Object.assign(target, {
      __reactRouterDataRouter: { state: { navigation: { location: new URL("http://site.test/about") } } },
    });
    hook();
    expect(env.load).toHaveBeenLastCalledWith("/about");
  });
});
