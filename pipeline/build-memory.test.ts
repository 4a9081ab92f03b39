import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { BUILD_NODE_FLAGS, collectGarbage, collectGarbageBeforePrerender } from "./build-memory";
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

describe("BUILD_NODE_FLAGS", () => {
  it("leave the young generation its default size: every MB a page allocates is no scavenge", async () => {
    const { execFileSync } = await import("node:child_process");
    const newSpace = execFileSync(
      process.execPath,
      [
        ...BUILD_NODE_FLAGS,
        "-e",
        'const v8 = require("node:v8"); const kept = [];' +
          'for (let i = 0; i < 1e6; i++) { const page = { i, text: "x" + i }; if (i % 100 === 0) kept.push(page); }' +
          'console.log(v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size)',
      ],
      { encoding: "utf8" },
    );
    // V8 grows each semi-space to 8 MB and more by then; --optimize-for-size pins them to 1 MB (new space 2 MB)
    expect(Number(newSpace) / 1024 / 1024).toBeGreaterThanOrEqual(16);
  });
});
