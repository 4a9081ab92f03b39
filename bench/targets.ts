import { MB } from "./format";

/**
 * The budgets the bench checks (shared/DESIGN.md "Budgets" and the bench
 * brief), and the verdicts. A missed target is reported, never thrown.
 */

export type Verdict = "pass" | "fail" | "info" | "error";

export const TARGETS = {
  /** Lighthouse mobile performance: 100 wanted, 98 the worst accepted. */
  mobilePerformance: { ideal: 100, worst: 98 },
  /** Accessibility, best practices, SEO (both presets). */
  categoryScore: 100,
  /** CLS shown by Lighthouse as 0 (it rounds to 3 decimals). */
  clsMax: 0.0005,
  /** Mobile LCP of the site over the bare page holding only its LCP element, and over `/`'s floor. */
  lcpVsFloorMax: 1.3,
  /** Lighthouse mobile Total Blocking Time: under this, on each route (issue 18). */
  mobileTbtBelowMs: 50,
  /** ... and at most this over the TBT of the bare page of the route's own LCP element (issue 42). */
  tbtOverFloorMaxMs: 10,
  /** Mobile LCP of the site over the same build rendered only in the browser. */
  lcpVsClientOnlyMax: 0.5,
  /** Content API requests of a whole build of 1,000 articles: at most 25 per language (German and English). */
  buildRequests1000Max: 50,
  build1000MaxMs: 2 * 60_000,
  /** DESIGN.md: a publish reaches the prerendered HTML within 15 s at 1,000 articles. */
  publish1000MaxMs: 15_000,
  build10000MaxMs: 15 * 60_000,
  /**
   * Peak build memory may grow per 1,000 articles by at most this multiple of
   * the content's own JSON per 1,000 articles, at 1,000 and at 10,000
   * articles, with no heap cap (issue 18): the build holds one page's data
   * at a time and keeps the stories on disk, so what grows is a summary per
   * story and the garbage V8 has not collected yet.
   */
  memoryPerContentMax: 2,
  /** A first visit on DevTools' slow phone (section first-visit): no long task (over 50 ms) after the first contentful paint ... */
  longTaskMaxMs: 50,
  /** ... and hydration (the request of entry.client) starts within this of the load event. */
  hydrationAfterLoadMaxMs: 1000,
  /** gzip, any production page (issue 42: no framework runtime; was 140 with React on every page) */
  firstLoadJsMaxKB: 15,
  firstLoadCssMaxKB: 20,
} as const;

/** "pass" when `value` is a finite number that `holds`, else "fail" (a missing value misses the target). */
function verdictOf(value: number | null | undefined, holds: (value: number) => boolean): Verdict {
  return typeof value === "number" && Number.isFinite(value) && holds(value) ? "pass" : "fail";
}

export const atMost = (value: number | null | undefined, max: number) => verdictOf(value, (v) => v <= max);
export const below = (value: number | null | undefined, limit: number) => verdictOf(value, (v) => v < limit);
export const atLeast = (value: number | null | undefined, min: number) => verdictOf(value, (v) => v >= min);

/**
 * LCP site/floor of one route: within the target against `/`'s floor and
 * against the floor of its own LCP element (when it has one of its own).
 */
export function floorVerdict(vsHeroFloor: number | null | undefined, vsOwnFloor: number | null | undefined): Verdict {
  return allOf([
    atMost(vsHeroFloor, TARGETS.lcpVsFloorMax),
    vsOwnFloor === undefined ? "info" : atMost(vsOwnFloor, TARGETS.lcpVsFloorMax),
  ]);
}

/** All must pass; any "error" wins over "fail", and "info" entries are ignored. */
export function allOf(verdicts: readonly Verdict[]): Verdict {
  const relevant = verdicts.filter((v) => v !== "info");
  if (relevant.length === 0) return "info";
  if (relevant.includes("error")) return "error";
  return relevant.every((v) => v === "pass") ? "pass" : "fail";
}

/** A growth build's measured size: its article count, peak RSS and content JSON. */
export interface GrowthPoint {
  articles: number;
  peakRssBytes: number;
  contentBytes: number;
}

/**
 * Peak memory growth per 1,000 articles from the smallest size that built
 * to each larger one, against the content's JSON growth over the same span:
 * the memory target holds at every size, not only on a line fitted through
 * all of them.
 */
export function memoryGrowthBySize(points: readonly GrowthPoint[]) {
  const sorted = [...points].sort((a, b) => a.articles - b.articles);
  const base = sorted[0];
  if (!base) return [];
  return sorted
    .filter((point) => point.articles > base.articles)
    .map((point) => {
      const thousands = (point.articles - base.articles) / 1000;
      const rssMBPer1000 = (point.peakRssBytes - base.peakRssBytes) / MB / thousands;
      const contentMBPer1000 = (point.contentBytes - base.contentBytes) / MB / thousands;
      return {
        // the larger of the two sizes the growth is measured between, and the smaller one
        articles: point.articles,
        from: base.articles,
        rssMBPer1000,
        contentMBPer1000,
        ratio: contentMBPer1000 > 0 ? rssMBPer1000 / contentMBPer1000 : Number.NaN,
      };
    });
}

export type MemoryGrowth = ReturnType<typeof memoryGrowthBySize>[number];

/** Pass when the memory grows at most TARGETS.memoryPerContentMax times the content at every size measured (and one was). */
export function memoryGrowthVerdict(growth: readonly MemoryGrowth[]): Verdict {
  if (growth.length === 0) return "info";
  return allOf(growth.map((entry) => atMost(entry.ratio, TARGETS.memoryPerContentMax)));
}

const MARKS: Record<Verdict, string> = { pass: "✅ pass", fail: "❌ fail", error: "⚠️ error", info: "–" };

export function verdictMark(verdict: Verdict): string {
  return MARKS[verdict];
}
