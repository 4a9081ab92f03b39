import { markdownTable } from "./format";
import type { Verdict } from "./targets";

/**
 * One table of a page-level section with BENCH_BASELINE: each route's
 * figures for the baseline's build and the work tree's, measured in the
 * same run, and whether the work tree's meets its target. Pure
 * (side-by-side.test.ts).
 */

export interface Column<T> {
  header: string;
  value: (row: T) => number | null | undefined;
  format: (value: number | null | undefined) => string;
  /** the target's verdict on the work tree's value; none: the column only informs */
  verdict?: (value: number | null | undefined) => Verdict;
}

const MARK: Record<Verdict, string> = { pass: "met", fail: "not met", error: "not measured", info: "" };

/** "baseline → now (met)", or "now (met)" without a baseline. */
export function comparedCell(
  before: number | null | undefined,
  after: number | null | undefined,
  format: Column<unknown>["format"],
  verdict?: Column<unknown>["verdict"],
  withBaseline = true,
): string {
  const mark = verdict ? MARK[verdict(after)] : "";
  const shown = withBaseline ? `${format(before)} → ${format(after)}` : format(after);
  return mark ? `${shown} (${mark})` : shown;
}

/**
 * Rows by route label: `now` holds the work tree's, `baseline` the baseline's (null: the run had none, and the
 * table shows the work tree's alone).
 */
export function sideBySideTable<T>(
  routes: readonly string[],
  baseline: ReadonlyMap<string, T> | null,
  now: ReadonlyMap<string, T>,
  columns: readonly Column<T>[],
): string {
  return markdownTable(
    ["route", ...columns.map((c) => (baseline ? `${c.header} (baseline → now)` : c.header))],
    routes.map((route) => {
      const before = baseline?.get(route);
      const after = now.get(route);
      return [
        route,
        ...columns.map((c) =>
          comparedCell(
            before === undefined ? null : c.value(before),
            after === undefined ? null : c.value(after),
            c.format,
            c.verdict && (after === undefined ? () => "error" : c.verdict),
            baseline !== null,
          ),
        ),
      ];
    }),
  );
}
