import { describe, expect, it, vi } from "vitest";
import {
  clearChunkReloadGuard,
  isChunkLoadError,
  reloadOnceForChunkError,
  type ReloadEnvironment,
} from "./route-chunk-reload";

function memoryEnvironment() {
  const items = new Map<string, string>();
  return {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    reload: vi.fn<() => void>(),
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

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Article not found"))).toBe(false);
    expect(isChunkLoadError({ status: 404, statusText: "Not Found" })).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

describe("reloadOnceForChunkError", () => {
  it("reloads once per path, not twice", () => {
    const env = memoryEnvironment();
    expect(reloadOnceForChunkError("/about", env)).toBe(true);
    expect(reloadOnceForChunkError("/about", env)).toBe(false);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it("keys the guard by path", () => {
    const env = memoryEnvironment();
    reloadOnceForChunkError("/about", env);
    expect(reloadOnceForChunkError("/index", env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it("may reload again after the path loaded successfully", () => {
    const env = memoryEnvironment();
    reloadOnceForChunkError("/about", env);
    clearChunkReloadGuard("/about", env);
    expect(reloadOnceForChunkError("/about", env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads without session storage, which could not stop a loop", () => {
    const env = { storage: null, reload: vi.fn<() => void>() };
    expect(reloadOnceForChunkError("/about", env)).toBe(false);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it("never reloads when storage throws", () => {
    const env: ReloadEnvironment = {
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException("QuotaExceededError");
        },
        removeItem: () => {},
      },
      reload: vi.fn<() => void>(),
    };
    expect(reloadOnceForChunkError("/about", env)).toBe(false);
    expect(env.reload).not.toHaveBeenCalled();
  });
});
