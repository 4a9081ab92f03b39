/** Small numeric helpers for the bench; pure, unit-tested in stats.test.ts. */

/** The median of the finite values, or null when there are none. */
export function median(values: readonly (number | null | undefined)[]): number | null {
  const finite = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return null;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 === 1 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/** a / b, or null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b) || b === 0)
    return null;
  return a / b;
}

/** Least-squares slope of y over x; null with fewer than two distinct x. */
export function slope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}

/** The median of each of `fields` over the runs (of their finite values). */
export function mediansOf<K extends string, R extends Record<K, number | null | undefined>>(
  runs: readonly R[],
  fields: readonly K[],
): Record<K, number | null> {
  const medians = {} as Record<K, number | null>;
  for (const field of fields) medians[field] = median(runs.map((run) => run[field]));
  return medians;
}

/** The index of the run whose value is the median (the lower one for an even count); -1 if none. */
export function medianIndex(values: readonly (number | null | undefined)[]): number {
  const indexed = values
    .map((v, i) => ({ v, i }))
    .filter((e): e is { v: number; i: number } => typeof e.v === "number" && Number.isFinite(e.v))
    .sort((a, b) => a.v - b.v);
  if (indexed.length === 0) return -1;
  return indexed[Math.floor((indexed.length - 1) / 2)]!.i;
}

/** What a route's runs add up to whatever they measured: how many, how many succeeded, each failure's error. */
export interface RunTally {
  route: string;
  path: string;
  runs: number;
  runsOk: number;
  errors: string[];
}

/** A route's runs that succeeded (to take medians of), and the tally of all of them. */
export function tallyRuns<R extends { ok: boolean; run: number; error?: string }>(
  route: { label: string; path: string },
  runs: readonly R[],
): { ok: R[]; tally: RunTally } {
  const ok = runs.filter((r) => r.ok);
  return {
    ok,
    tally: {
      route: route.label,
      path: route.path,
      runs: runs.length,
      runsOk: ok.length,
      errors: runs.filter((r) => !r.ok).map((r) => `run ${r.run}: ${r.error ?? "unknown error"}`),
    },
  };
}

/**
 * `measure` of every case, `runs` times, interleaved (run 1 of each case, then run 2, ...) so that drift of the
 * machine hits every case alike: each case's results, in the order of `cases`.
 */
export async function interleavedRuns<C, R>(
  cases: readonly C[],
  runs: number,
  measure: (item: C, run: number) => Promise<R>,
): Promise<R[][]> {
  const results = cases.map((): R[] => []);
  for (let run = 1; run <= runs; run++) {
    for (const [i, item] of cases.entries()) results[i]!.push(await measure(item, run));
  }
  return results;
}

/** The first item with the highest figure, of those that have one; undefined when none has. */
export function maxBy<T>(items: readonly T[], figure: (item: T) => number | null | undefined): T | undefined {
  let best: { item: T; value: number } | undefined;
  for (const item of items) {
    const value = figure(item);
    if (typeof value === "number" && (best === undefined || value > best.value)) best = { item, value };
  }
  return best?.item;
}
