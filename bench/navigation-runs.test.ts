import { describe, expect, it } from "vitest";
import { aggregateNavigation, navigationVerdict, type NavigationRun } from "./navigation-runs";

const run = (toLcp: number | null, n: number, error?: string): NavigationRun => ({
  build: "now",
  kind: "cold",
  run: n,
  ok: error === undefined,
  ...(error === undefined ? {} : { error }),
  article: "/articles/a",
  toLcp,
  documentNavigation: true,
  lcpElement: "img a.webp",
});

describe("aggregateNavigation", () => {
  it("takes the median of the runs that measured, and lists the others' errors", () => {
    const figures = aggregateNavigation({ label: "/ → article", path: "/" }, "cold", [
      run(900, 1),
      run(null, 2, "no contentful paint of the article was reported"),
      run(1_100, 3),
      run(950, 4),
    ]);
    expect(figures.toLcp).toBe(950);
    expect(figures.runsOk).toBe(3);
    expect(figures.runs).toBe(4);
    expect(figures.errors).toEqual(["run 2: no contentful paint of the article was reported"]);
    expect(figures.documentNavigation).toBe(true);
  });
});

describe("navigationVerdict", () => {
  it("meets the target when no slower than the baseline", () => {
    expect(navigationVerdict(900, 2_000, true)).toBe("pass");
    expect(navigationVerdict(2_000, 2_000, true)).toBe("pass");
    expect(navigationVerdict(2_001, 2_000, true)).toBe("fail");
  });

  it("cannot judge without both figures, and only informs without a baseline", () => {
    expect(navigationVerdict(null, 2_000, true)).toBe("error");
    expect(navigationVerdict(900, null, true)).toBe("error");
    expect(navigationVerdict(900, undefined, false)).toBe("info");
  });
});
