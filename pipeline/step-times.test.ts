import { describe, expect, it, vi } from "vitest";
import { writeBundleHook } from "./test/write-bundle-hook";
import { PRERENDER_STEP, parseStepTimes, prerenderStepTime, stepTimeLine, timedStep } from "./step-times";

describe("stepTimeLine and parseStepTimes", () => {
  it("read back each step's name, wall time and CPU time from the build's output, in order", () => {
    const output = [
      "vite v7.3.8 building ssr environment for production...",
      stepTimeLine("listing of all stories", 1234, 310),
      "Prerender (html): / -> build/client/index.html",
      stepTimeLine("second pass (critical CSS, security headers)", 61_040, 98_760),
    ].join("\n");
    expect(parseStepTimes(output)).toEqual([
      { step: "listing of all stories", ms: 1200, cpuMs: 300 },
      { step: "second pass (critical CSS, security headers)", ms: 61_000, cpuMs: 98_800 },
    ]);
  });

  it("read a build's lines from before the CPU time (a baseline's) with its CPU time unknown", () => {
    expect(parseStepTimes("Step time: font subset (woff2): 0.8 s")).toEqual([
      { step: "font subset (woff2)", ms: 800, cpuMs: null },
    ]);
  });
});

describe("timedStep", () => {
  it("logs the step's wall and CPU time once it has ended, and returns its result", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const log = vi.fn();
      const cpu = vi.fn().mockReturnValueOnce(10_000).mockReturnValueOnce(14_100);
      const step = timedStep(
        "font subset",
        () => new Promise((resolve) => setTimeout(() => resolve(7), 2500)),
        log,
        cpu,
      );
      expect(log).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2500);
      await expect(step).resolves.toBe(7);
      expect(log).toHaveBeenCalledExactlyOnceWith("Step time: font subset: 2.5 s (CPU 4.1 s)");
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs nothing for a step that failed", async () => {
    const log = vi.fn();
    await expect(timedStep("precompression", () => Promise.reject(new Error("disk full")), log)).rejects.toThrow(
      "disk full",
    );
    expect(log).not.toHaveBeenCalled();
  });
});

describe("prerenderStepTime", () => {
  it("times the server build's writeBundle hooks from the first to the last, not the client build's", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const log = vi.fn();
      const cpu = vi.fn().mockReturnValueOnce(1000).mockReturnValueOnce(61_000);
      const [start, end] = prerenderStepTime(log, cpu);
      await writeBundleHook(start!, false).handler();
      await writeBundleHook(end!, false).handler();
      expect(log).not.toHaveBeenCalled();
      const serverStart = writeBundleHook(start!, true);
      const serverEnd = writeBundleHook(end!, true);
      await serverStart.handler();
      // React Router prerenders between them
      vi.advanceTimersByTime(42_000);
      await serverEnd.handler();
      expect(serverStart.order).toBe("pre");
      expect(serverEnd.order).toBe("post");
      expect(log).toHaveBeenCalledExactlyOnceWith(`Step time: ${PRERENDER_STEP}: 42.0 s (CPU 60.0 s)`);
    } finally {
      vi.useRealTimers();
    }
  });
});
