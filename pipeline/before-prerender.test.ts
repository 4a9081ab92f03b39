import { describe, expect, it, vi } from "vitest";
import { beforePrerender } from "./before-prerender";
import { writeBundleHook } from "./test/write-bundle-hook";

describe("beforePrerender", () => {
  it("runs once the server build is written, before React Router's own writeBundle prerenders with it", async () => {
    const action = vi.fn();
    const plugin = beforePrerender("test", action);
    expect(plugin).toMatchObject({ name: "test", apply: "build" });
    const hook = writeBundleHook(plugin, true, "build/server");
    expect(hook).toMatchObject({ order: "pre", sequential: true });
    await hook.handler();
    expect(action).toHaveBeenCalledExactlyOnceWith("build/server");
  });

  it("leaves the client build alone: its pages are not prerendered yet", async () => {
    const action = vi.fn();
    await writeBundleHook(beforePrerender("test", action), false).handler();
    expect(action).not.toHaveBeenCalled();
  });

  it("holds React Router back until the action is done", async () => {
    let finished = false;
    const hook = writeBundleHook(
      beforePrerender("test", async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        finished = true;
      }),
      true,
    );
    await hook.handler();
    expect(finished).toBe(true);
  });
});
