import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { writeBundleHook } from "./test/write-bundle-hook";
import type { BuildEvent } from "./build-events";
import { PRERENDER_STEP, peakRssSoFar, prerenderStepTime, stepRecorder, timedStep } from "./step-times";
import { tempDirOfThisTest } from "../test-support/temp-dir";

describe("stepRecorder", () => {
  it("prints the step's line for people and hands its event, in whole ms, to the events file", () => {
    const log = vi.fn();
    const events = vi.fn();
    const peakRss = () => 612 * 2 ** 20 + 300_000;
    stepRecorder(
      events,
      log,
      peakRss,
    )({ step: "second pass (critical CSS, security headers)", ms: 61_040.4, cpuMs: 98_760.6 });
    expect(log).toHaveBeenCalledExactlyOnceWith(
      "Step time: second pass (critical CSS, security headers): 61.0 s (CPU 98.8 s, peak RSS 612 MB)",
    );
    expect(events).toHaveBeenCalledExactlyOnceWith({
      event: "step",
      step: "second pass (critical CSS, security headers)",
      ms: 61_040,
      cpuMs: 98_761,
      peakRssBytes: 612 * 2 ** 20 + 300_000,
    });
  });
});

describe("peakRssSoFar", () => {
  it("is the process's peak resident memory in bytes: at least what it holds now, and not a thousand times more", () => {
    const now = process.memoryUsage().rss;
    const peak = peakRssSoFar();
    expect(peak).toBeGreaterThanOrEqual(now * 0.95);
    expect(peak).toBeLessThan(now * 100);
  });
});

describe("timedStep", () => {
  it("records the step's wall and CPU time once it has ended, and returns its result", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const record = vi.fn();
      const cpu = vi.fn().mockReturnValueOnce(10_000).mockReturnValueOnce(14_100);
      const step = timedStep(
        "font subset",
        () => new Promise((resolve) => setTimeout(() => resolve(7), 2500)),
        record,
        cpu,
      );
      expect(record).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2500);
      await expect(step).resolves.toBe(7);
      expect(record).toHaveBeenCalledExactlyOnceWith({ step: "font subset", ms: 2500, cpuMs: 4100 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("records nothing for a step that failed", async () => {
    const record = vi.fn();
    await expect(timedStep("precompression", () => Promise.reject(new Error("disk full")), record)).rejects.toThrow(
      "disk full",
    );
    expect(record).not.toHaveBeenCalled();
  });
});

describe("prerenderStepTime", () => {
  it("times the server build's writeBundle hooks from the first to the last, not the client build's", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const build = await tempDirOfThisTest("prerender-step-");
    try {
      const log = vi.fn();
      const events: BuildEvent[] = [];
      const cpu = vi.fn().mockReturnValueOnce(1000).mockReturnValueOnce(61_000);
      const [start, end] = prerenderStepTime(
        () => (event) => events.push(event),
        log,
        cpu,
        () => 2 ** 30,
      );
      await writeBundleHook(start!, false).handler();
      await writeBundleHook(end!, false).handler();
      expect(log).not.toHaveBeenCalled();
      expect(events).toEqual([]);
      const serverStart = writeBundleHook(start!, true, path.join(build, "server"));
      const serverEnd = writeBundleHook(end!, true, path.join(build, "server"));
      await serverStart.handler();
      expect(events).toEqual([{ event: "prerender-start" }]);
      // React Router prerenders between them
      await mkdir(path.join(build, "client", "en"), { recursive: true });
      await writeFile(path.join(build, "client", "index.html"), "<p>home");
      await writeFile(path.join(build, "client", "en", "index.html"), "<p>home");
      await writeFile(path.join(build, "client", "_root.data"), "[]");
      vi.advanceTimersByTime(42_000);
      await serverEnd.handler();
      expect(serverStart.order).toBe("pre");
      expect(serverEnd.order).toBe("post");
      expect(log).toHaveBeenCalledExactlyOnceWith(
        `Step time: ${PRERENDER_STEP}: 42.0 s (CPU 60.0 s, peak RSS 1024 MB)`,
      );
      expect(events.slice(1)).toEqual([
        { event: "page", file: "en/index.html" },
        { event: "page", file: "index.html" },
        { event: "step", step: PRERENDER_STEP, ms: 42_000, cpuMs: 60_000, peakRssBytes: 2 ** 30 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
