import { describe, expect, it } from "vitest";
import { fmtCls, fmtInt, fmtKB, fmtMB, fmtMs, fmtRatio, fmtScore, markdownTable } from "./format";
import { allOf, atLeast, atMost, below, verdictMark } from "./targets";

describe("formatting", () => {
  it("formats durations", () => {
    expect(fmtMs(850.4)).toBe("850 ms");
    expect(fmtMs(4.26)).toBe("4.3 ms");
    expect(fmtMs(1234)).toBe("1.23 s");
    expect(fmtMs(125_000)).toBe("2 min 05 s");
    expect(fmtMs(119_700)).toBe("2 min 00 s");
    expect(fmtMs(null)).toBe("–");
    expect(fmtMs(-192.5)).toBe("-193 ms");
    expect(fmtMs(-1500)).toBe("-1.50 s");
  });
  it("formats scores, sizes, ratios and counts", () => {
    expect(fmtScore(0.985)).toBe("99");
    expect(fmtScore(1)).toBe("100");
    expect(fmtKB(143_360)).toBe("140.0 KB");
    expect(fmtMB(3 * 1024 * 1024)).toBe("3.0 MB");
    expect(fmtRatio(1.234)).toBe("1.23×");
    expect(fmtCls(0.00012)).toBe("0.000");
    expect(fmtInt(10000)).toBe("10,000");
    expect(fmtInt(undefined)).toBe("–");
  });
  it("builds a Markdown table and escapes pipes", () => {
    expect(markdownTable(["a", "b"], [["1", "x|y"]])).toBe("| a | b |\n|---|---|\n| 1 | x\\|y |");
  });
});

describe("verdicts", () => {
  it("compares against limits and treats a missing value as a miss", () => {
    expect(atMost(1.3, 1.3)).toBe("pass");
    expect(atMost(1.31, 1.3)).toBe("fail");
    expect(below(120_000, 120_000)).toBe("fail");
    expect(atLeast(98, 98)).toBe("pass");
    expect(atLeast(null, 98)).toBe("fail");
  });
  it("combines verdicts", () => {
    expect(allOf(["pass", "info", "pass"])).toBe("pass");
    expect(allOf(["pass", "fail"])).toBe("fail");
    expect(allOf(["fail", "error"])).toBe("error");
    expect(allOf(["info"])).toBe("info");
    expect(verdictMark("pass")).toContain("pass");
  });
});
