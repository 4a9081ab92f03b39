import { describe, expect, it } from "vitest";
import { median, medianIndex, ratio, slope } from "./stats";

describe("median", () => {
  it("takes the middle of an odd count and the mean of the middle two of an even count", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it("ignores missing and non-finite values", () => {
    expect(median([null, 5, undefined, Number.NaN, 1, Infinity])).toBe(3);
    expect(median([])).toBeNull();
    expect(median([null])).toBeNull();
  });
});

describe("medianIndex", () => {
  it("points at the run holding the median value", () => {
    expect(medianIndex([90, 100, 95])).toBe(2);
    expect(medianIndex([null, 10, 30, 20, 40])).toBe(3);
    expect(medianIndex([null])).toBe(-1);
  });
});

describe("ratio", () => {
  it("divides, and is null for missing values or a zero divisor", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(null, 2)).toBeNull();
    expect(ratio(2, undefined)).toBeNull();
  });
});

describe("slope", () => {
  it("fits a straight line", () => {
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 10, y: 21 },
        { x: 20, y: 41 },
      ]),
    ).toBeCloseTo(2);
  });
  it("is null without two distinct x", () => {
    expect(slope([{ x: 1, y: 1 }])).toBeNull();
    expect(
      slope([
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toBeNull();
  });
});
