import { describe, expect, it, vi } from "vitest";
import { buildProgress, buildScriptNodeFlags, phaseDurations } from "./build";

describe("buildProgress", () => {
  it("starts the memory phases at the build's events and collects its pages, steps and request count", () => {
    const sampler = { enterPhase: vi.fn() };
    const progress = buildProgress(sampler);
    progress.onEvent({ event: "step", step: "listing of all stories", ms: 900, cpuMs: 400, peakRssBytes: 3e8 });
    expect(sampler.enterPhase).not.toHaveBeenCalled();
    progress.onEvent({ event: "prerender-start" });
    expect(sampler.enterPhase).toHaveBeenLastCalledWith("pages");
    expect(progress.prerenderAt).toEqual(expect.any(Number));
    progress.onEvent({ event: "page", file: "index.html" });
    progress.onEvent({ event: "page", file: "en/index.html" });
    progress.onEvent({ event: "warning", text: "WARNING: something" });
    expect(progress.lastStepAt).toBeNull();
    progress.onEvent({ event: "content-requests", count: 20 });
    expect(sampler.enterPhase).toHaveBeenLastCalledWith("last step");
    expect(sampler.enterPhase).toHaveBeenCalledTimes(2);
    expect(progress).toMatchObject({
      pages: 2,
      reported: 20,
      lastStepAt: expect.any(Number),
      stepTimes: [{ step: "listing of all stories", ms: 900, cpuMs: 400 }],
    });
  });
});

describe("phaseDurations", () => {
  it("splits the build's wall time at its prerender-start and content-requests events", () => {
    expect(phaseDurations(1000, 21_000, 81_000, 141_000)).toEqual({ bundle: 20_000, pages: 60_000, lastStep: 60_000 });
  });

  it("leaves out the phases a build did not reach, and gives the last one reached the rest", () => {
    expect(phaseDurations(0, 30_000, null, 45_000)).toEqual({ bundle: 30_000, pages: 15_000, lastStep: null });
    expect(phaseDurations(0, null, null, 9_000)).toEqual({ bundle: 9_000, pages: null, lastStep: null });
  });

  it("knows no phase of a build that succeeded without an events file (a baseline from before it)", () => {
    expect(phaseDurations(0, null, null, 100_000, true)).toEqual({ bundle: null, pages: null, lastStep: null });
    expect(phaseDurations(0, 20_000, 60_000, 100_000, true)).toEqual({
      bundle: 20_000,
      pages: 40_000,
      lastStep: 40_000,
    });
  });
});

describe("buildScriptNodeFlags", () => {
  it("reads the V8 flags of a checkout's own build script, so a baseline builds as it did", () => {
    expect(
      buildScriptNodeFlags("node --optimize-for-size --expose-gc node_modules/@react-router/dev/bin.js build"),
    ).toEqual(["--optimize-for-size", "--expose-gc"]);
    expect(buildScriptNodeFlags("node node_modules/@react-router/dev/bin.js build")).toEqual([]);
  });
  it("has none for a script of another form", () => {
    expect(buildScriptNodeFlags("react-router build")).toBeNull();
    expect(buildScriptNodeFlags("node node_modules/@react-router/dev/bin.js typegen")).toBeNull();
    expect(buildScriptNodeFlags("node -r x node_modules/@react-router/dev/bin.js build")).toBeNull();
  });
});
