import { launchPlaywright } from "../browser";
import type { BenchContext, SiteBuild } from "../context";
import { columnTable, fmtInt, fmtMs } from "../format";
import { SLOW_PHONE } from "../first-visit-runs";
import {
  aggregateNavigation,
  NAVIGATION_KINDS,
  navigationRun,
  navigationVerdict,
  type NavigationKind,
} from "../navigation-runs";
import { interleavedRuns } from "../stats";
import { allOf } from "../targets";
import type { SectionOutput } from "../report";

/**
 * From a gallery tile to its article on the slow phone: the time from the
 * tap to the article's largest contentful paint, cold and prefetched, for
 * the work tree's build and, with BENCH_BASELINE, the baseline's beside it
 * (issue 42: the browser's own navigation must be as fast as React Router's
 * client navigation was).
 */

/** The pages whose first tile is tapped: the home page's gallery in both languages. */
const FROM = [
  { label: "/ → article", path: "/" },
  { label: "/en → article", path: "/en" },
];

const keyOf = (build: string, from: string, kind: NavigationKind) => `${build}|${from}|${kind}`;

async function measure(ctx: BenchContext, builds: readonly SiteBuild[], runs: number) {
  const browser = await launchPlaywright(ctx.chromePath);
  // interleaved over the pages, kinds and builds
  const cases = FROM.flatMap((from) =>
    NAVIGATION_KINDS.flatMap((kind) => builds.map((build) => ({ from, kind, build }))),
  );
  const results = await interleavedRuns(cases, runs, async ({ from, kind, build }, run) => {
    const result = await navigationRun(browser, `${build.site.url}${from.path}`, kind, run, build.label);
    ctx.log(
      `navigation ${build.label} ${from.label} ${kind} run ${run}/${runs}: ` +
        (result.ok
          ? `${fmtMs(result.toLcp)} to LCP (${result.lcpElement ?? "?"}, ${result.documentNavigation ? "document" : "client"} navigation to ${result.article})`
          : `failed: ${result.error}`),
    );
    return result;
  }).finally(() => browser.close());
  const keys = cases.map((c) => keyOf(c.build.label, c.from.label, c.kind));
  const figures = new Map(cases.map((c, i) => [keys[i]!, aggregateNavigation(c.from, c.kind, results[i]!)]));
  return { figures, runs: Object.fromEntries(keys.map((key, i) => [key, results[i]!])) };
}

export async function navigationSection(ctx: BenchContext): Promise<SectionOutput> {
  const builds = await ctx.siteBuilds();
  const baseline = builds.find((b) => b.label === "baseline") ?? null;
  const runs = Math.max(1, ctx.options.runs);
  const { figures, runs: allRuns } = await measure(ctx, builds, runs);
  const get = (build: string, from: string, kind: NavigationKind) => figures.get(keyOf(build, from, kind));

  const summary: SectionOutput["summary"] = NAVIGATION_KINDS.map((kind) => {
    const rows = FROM.map((from) => ({
      from: from.label,
      now: get("now", from.label, kind)?.toLcp ?? null,
      before: get("baseline", from.label, kind)?.toLcp,
    }));
    const verdicts = rows.map((row) => navigationVerdict(row.now, row.before, baseline !== null));
    return {
      figure: `Tile → article, tap to the article's LCP, ${kind}, slow phone (medians)`,
      value: rows.map((row) => `${row.from} ${baseline ? `${fmtMs(row.before)} → ` : ""}${fmtMs(row.now)}`).join(" · "),
      target: baseline ? "no slower than the baseline's" : "– (BENCH_BASELINE compares)",
      verdict: allOf(verdicts),
    };
  });

  const rows = FROM.flatMap((from) =>
    NAVIGATION_KINDS.flatMap((kind) =>
      builds.map((build) => ({ from, kind, build, f: get(build.label, from.label, kind) })),
    ),
  );
  const table = columnTable(rows, [
    ["from", (r) => r.from.label],
    ["kind", (r) => r.kind],
    ["build", ({ build }) => (build.label === "baseline" ? `baseline ${build.commit?.slice(0, 7)}` : "now")],
    ["tap → LCP", (r) => fmtMs(r.f?.toLcp)],
    ["navigation", ({ f }) => (f?.documentNavigation == null ? "–" : f.documentNavigation ? "document" : "client")],
    ["LCP element", (r) => r.f?.lcpElement ?? "–"],
    ["runs ok", (r) => `${r.f?.runsOk ?? 0}/${r.f?.runs ?? 0}`],
  ]);
  const errors = [...figures.values()].flatMap((f) => f.errors.map((e) => `${f.route} ${f.kind} ${e}`));
  const markdown = [
    `From the first gallery tile of each page to its article, median of ${runs} run(s) per page, kind and build` +
      (baseline ? ` (baseline ${baseline.commit} = BENCH_BASELINE=${ctx.options.baseline}, runs interleaved)` : "") +
      `. Slow phone through CDP (CPU ${SLOW_PHONE.cpuRate}×, latency ${SLOW_PHONE.latencyMs} ms, ` +
      `${fmtInt(SLOW_PHONE.downloadBytesPerS)} B/s down), 375 × 740 px with a mouse, a fresh browser context a run. ` +
      "The page is loaded and settled first (network idle for 500 ms, React hydrated where it runs). Cold: the tile is " +
      "clicked at once (what a prefetch starts on the press itself is part of the time). Prefetched: the tile is hovered " +
      "until the page's own prefetch of the article has finished (the links React Router's `prefetch=\"intent\"` adds, " +
      "then the network idle again; or the speculation rules' prefetch reported Ready through CDP " +
      "`Preload.prefetchStatusUpdated`), then clicked. Tap → LCP = the " +
      "article's last largest-contentful-paint candidate (a new document's `largest-contentful-paint`, or a client " +
      "navigation's `interaction-contentful-paint`) − the click event's time, both on the browser's clock " +
      "(`performance.timeOrigin` + the entry's time), read after the network is idle again.",
    "",
    table,
    "",
    ...(errors.length ? [`Failed runs: ${errors.join("; ")}.`, ""] : []),
  ].join("\n");
  return { summary, markdown, data: { slowPhone: SLOW_PHONE, baseline: baseline?.commit ?? null, runs: allRuns } };
}
