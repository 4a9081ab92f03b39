import { describe, expect, it } from "vitest";
import type { SlowRoute } from "../first-visit-runs";
import { hydrationRow } from "./first-visit";

const route = (name: string, framework: boolean, hydrationStartAfterLoad: number | null): SlowRoute => ({
  route: name,
  path: name,
  runs: 3,
  runsOk: 3,
  errors: [],
  framework,
  fcp: 900,
  loadEventStart: 1500,
  hydrationStartAfterLoad,
  count: 0,
  countFromHydration: null,
  longest: 0,
  beyond50: 0,
  restyled: 0,
  largestRestyle: 0,
  rendering: 0,
  longestWork: "–",
});

describe("hydrationRow", () => {
  it("holds the routes that load a framework to the target, the latest one named", () => {
    const row = hydrationRow([route("/", false, null), route("/spa", true, 400), route("/late", true, 1200)]);
    expect(row.verdict).toBe("fail");
    expect(row.value).toMatch(/^1\.20 s \(\/late\); per route: \/spa 400 ms · \/late 1\.20 s$/);
    expect(hydrationRow([route("/", false, null), route("/spa", true, 400)]).verdict).toBe("pass");
  });

  it("fails a route that loads a framework but was never seen hydrating", () => {
    expect(hydrationRow([route("/spa", true, null), route("/b", true, 300)]).verdict).toBe("fail");
  });

  it("has nothing to hold when no route loads a framework, and no run is an error", () => {
    const row = hydrationRow([route("/", false, null), route("/about", false, null)]);
    expect([row.verdict, row.value]).toEqual(["info", "no route loads a framework: nothing hydrates"]);
    expect(hydrationRow([]).verdict).toBe("error");
  });
});
