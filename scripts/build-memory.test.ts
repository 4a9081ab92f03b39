import type { Plugin, ResolvedConfig } from "vite";
import { describe, expect, it, vi } from "vitest";
import { collectGarbage, collectGarbageBeforePrerender } from "./build-memory";

type WriteBundleHook = { order: string; sequential: boolean; handler: () => void };

function build(plugin: Plugin, ssr: boolean): WriteBundleHook {
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ build: { ssr } } as ResolvedConfig);
  return plugin.writeBundle as unknown as WriteBundleHook;
}

describe("collectGarbage", () => {
  it("frees an object nothing refers to any more", async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ pages: Array.from({ length: 100_000 }, (_, index) => `page ${index}`) });
    })();
    // a WeakRef's target lives until the job that made it ends
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref?.deref()).toBeUndefined();
  });
});

describe("collectGarbageBeforePrerender", () => {
  it("collects once when the server bundle is written, before React Router's own writeBundle prerenders", () => {
    const collect = vi.fn();
    const plugin = collectGarbageBeforePrerender(collect);
    expect(plugin.apply).toBe("build");
    const hook = build(plugin, true);
    expect(hook).toMatchObject({ order: "pre", sequential: true });
    hook.handler();
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("leaves the client build alone: its pages are not prerendered yet", () => {
    const collect = vi.fn();
    build(collectGarbageBeforePrerender(collect), false).handler();
    expect(collect).not.toHaveBeenCalled();
  });
});
