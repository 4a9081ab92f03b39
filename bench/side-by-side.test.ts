import { describe, expect, it } from "vitest";
import { fmtMs } from "./format";
import { comparedCell, sideBySideTable } from "./side-by-side";
import { atMost } from "./targets";

interface Row {
  longest: number | null;
  restyled: number;
}

const columns = [
  {
    header: "longest task",
    value: (r: Row) => r.longest,
    format: fmtMs,
    verdict: (v: number | null | undefined) => atMost(v, 50),
  },
  { header: "restyled", value: (r: Row) => r.restyled, format: (v: number | null | undefined) => String(v ?? "–") },
];

describe("comparedCell", () => {
  it("shows the baseline's value, the work tree's and whether the latter meets its target", () => {
    expect(comparedCell(120, 40, fmtMs, (v) => atMost(v, 50))).toBe("120 ms → 40 ms (met)");
    expect(comparedCell(40, 120, fmtMs, (v) => atMost(v, 50))).toBe("40 ms → 120 ms (not met)");
    expect(comparedCell(null, 40, fmtMs)).toBe("– → 40 ms");
    expect(comparedCell(null, 40, fmtMs, undefined, false)).toBe("40 ms");
  });
});

describe("sideBySideTable", () => {
  it("gives each route the baseline's and the work tree's figures", () => {
    const table = sideBySideTable(
      ["/", "article"],
      new Map([
        ["/", { longest: 61, restyled: 187 }],
        ["article", { longest: 58, restyled: 124 }],
      ]),
      new Map([["/", { longest: 30, restyled: 0 }]]),
      columns,
    ).split("\n");
    expect(table[0]).toBe("| route | longest task (baseline → now) | restyled (baseline → now) |");
    expect(table[2]).toBe("| / | 61 ms → 30 ms (met) | 187 → 0 |");
    // a route the work tree's runs did not measure is not met silently
    expect(table[3]).toBe("| article | 58 ms → – (not measured) | 124 → – |");
  });

  it("shows the work tree's figures alone without a baseline", () => {
    const table = sideBySideTable(["/"], null, new Map([["/", { longest: 70, restyled: 3 }]]), columns).split("\n");
    expect(table[0]).toBe("| route | longest task | restyled |");
    expect(table[2]).toBe("| / | 70 ms (not met) | 3 |");
  });
});
