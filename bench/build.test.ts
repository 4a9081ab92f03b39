import { describe, expect, it } from "vitest";
import { buildScriptNodeFlags, phaseDurations } from "./build";

describe("phaseDurations", () => {
  it("splits the build's wall time at its first page and its Content: line", () => {
    expect(phaseDurations(1000, 21_000, 81_000, 141_000)).toEqual({ bundle: 20_000, pages: 60_000, lastStep: 60_000 });
  });

  it("leaves out the phases a build did not reach, and gives the last one reached the rest", () => {
    expect(phaseDurations(0, 30_000, null, 45_000)).toEqual({ bundle: 30_000, pages: 15_000, lastStep: null });
    expect(phaseDurations(0, null, null, 9_000)).toEqual({ bundle: 9_000, pages: null, lastStep: null });
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
