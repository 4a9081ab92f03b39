import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { collectGarbage, collectGarbageBeforePrerender } from "./build-memory";
import { writeBundleHook } from "./test/write-bundle-hook";

/** The `gc` of `node --expose-gc`, in a test process started without the flag. */
function exposedGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

describe("collectGarbage", () => {
  it("frees an object nothing refers to any more", async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ pages: Array.from({ length: 100_000 }, (_, index) => `page ${index}`) });
    })();
    // a WeakRef's target lives until the job that made it ends
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(collectGarbage({ gc: exposedGc() })).toBe(true);
    expect(ref?.deref()).toBeUndefined();
  });

  it("collects nothing, and says so, in a process started without --expose-gc", () => {
    expect(collectGarbage({})).toBe(false);
  });
});

describe("collectGarbageBeforePrerender", () => {
  it("collects once when the server bundle is written, and not for the client build", async () => {
    const collect = vi.fn();
    await writeBundleHook(collectGarbageBeforePrerender(collect), false).handler();
    expect(collect).not.toHaveBeenCalled();
    await writeBundleHook(collectGarbageBeforePrerender(collect), true).handler();
    expect(collect).toHaveBeenCalledTimes(1);
  });
});
