import { describe, expect, it } from "vitest";
import { below, floorVerdict, memoryGrowthBySize, memoryGrowthVerdict, TARGETS } from "./targets";

const MB = 1024 * 1024;

describe("memoryGrowthBySize", () => {
  it("measures each larger size against the smallest, per 1,000 articles", () => {
    const growth = memoryGrowthBySize([
      { articles: 10_000, peakRssBytes: 500 * MB, contentBytes: 100.3 * MB },
      { articles: 30, peakRssBytes: 300.6 * MB, contentBytes: 0.3 * MB },
      { articles: 1000, peakRssBytes: 320 * MB, contentBytes: 10 * MB },
    ]);
    expect(growth.map(({ from, articles }) => [from, articles])).toEqual([
      [30, 1000],
      [30, 10_000],
    ]);
    // (320 - 300.6) MB over 0.97 thousand articles; the content (10 - 0.3) MB over the same span
    expect(growth[0]!.rssMBPer1000).toBeCloseTo(20, 6);
    expect(growth[0]!.contentMBPer1000).toBeCloseTo(10, 6);
    expect(growth[0]!.ratio).toBeCloseTo(2, 6);
    expect(growth[1]!.rssMBPer1000).toBeCloseTo(199.4 / 9.97, 6);
    expect(growth[1]!.ratio).toBeCloseTo(199.4 / 100, 6);
  });

  it("needs two sizes", () => {
    expect(memoryGrowthBySize([])).toEqual([]);
    expect(memoryGrowthBySize([{ articles: 30, peakRssBytes: MB, contentBytes: MB }])).toEqual([]);
  });
});

describe("memoryGrowthVerdict", () => {
  const at = (articles: number, ratio: number) => ({
    articles,
    from: 30,
    rssMBPer1000: ratio * 10,
    contentMBPer1000: 10,
    ratio,
  });

  it("holds the memory to twice the content's JSON (issue 18)", () => {
    expect(TARGETS.memoryPerContentMax).toBe(2);
  });

  it("passes only when every size is within the target", () => {
    expect(memoryGrowthVerdict([at(1000, 1.9), at(10_000, 2)])).toBe("pass");
    expect(memoryGrowthVerdict([at(1000, 2.1), at(10_000, 1.2)])).toBe("fail");
    expect(memoryGrowthVerdict([at(1000, 1.2), at(10_000, 2.1)])).toBe("fail");
  });

  it("fails a ratio that could not be computed, and says nothing without sizes", () => {
    expect(memoryGrowthVerdict([at(1000, Number.NaN)])).toBe("fail");
    expect(memoryGrowthVerdict([])).toBe("info");
  });
});

describe("floorVerdict", () => {
  it("passes only within the target against both floors", () => {
    expect(floorVerdict(1.2, 1.1)).toBe("pass");
    expect(floorVerdict(1.3, 1.3)).toBe("pass");
    // /index against /'s image floor is fine, against its own text floor it is not
    expect(floorVerdict(1.12, 2.45)).toBe("fail");
    expect(floorVerdict(1.47, 1.29)).toBe("fail");
  });

  it("needs only `/`'s floor where the route has none of its own", () => {
    expect(floorVerdict(1.19, undefined)).toBe("pass");
    expect(floorVerdict(1.31, undefined)).toBe("fail");
  });

  it("fails a missing measurement", () => {
    expect(floorVerdict(null, 1.1)).toBe("fail");
    expect(floorVerdict(1.1, null)).toBe("fail");
  });
});

describe("mobile TBT target", () => {
  it("is under 50 ms", () => {
    expect(TARGETS.mobileTbtBelowMs).toBe(50);
    expect(below(49.9, TARGETS.mobileTbtBelowMs)).toBe("pass");
    expect(below(50, TARGETS.mobileTbtBelowMs)).toBe("fail");
  });
});
