import { launchPlaywright } from "../browser";
import type { BenchContext, MainBuild, Route, SiteBuild } from "../context";
import { columnTable, fmtInt, fmtKB, fmtMs, pathOf, routesLine } from "../format";
import { sideBySideTable } from "../side-by-side";
import { atMost, TARGETS } from "../targets";
import {
  aggregateSlow,
  bytesRun,
  SCREENS,
  SETTLE_ATTEMPTS,
  SETTLE_MS,
  SLOW_PHONE,
  slowRun,
  type BytesRun,
  type Screen,
  type SlowRoute,
  type SlowRun,
} from "../first-visit-runs";
import type { SectionOutput, SummaryRow } from "../report";
import { interleavedRuns, maxBy } from "../stats";
import { QUIET_MS } from "../../test-support/inflight-requests";

/**
 * A visitor's first visit to each route of the main build, served by the
 * bench's site server, and with BENCH_BASELINE of the baseline's build beside
 * it in the same run. On a slow phone (DevTools' "Slow 4G" network and 4×
 * CPU slowdown through CDP, 375 × 740 px): the long tasks after the first
 * contentful paint, the elements restyled after it and when hydration
 * starts after the load event, from a trace recorded through CDP (nothing
 * runs in the page while it is measured; median of BENCH_RUNS runs, a fresh
 * browser context each). Unthrottled, at 375 and at 1280 px: the bytes the
 * main build's visit transfers until the network is idle after hydration,
 * without scrolling, split into images, scripts and the rest.
 */

/** A bytes run's total and its kinds. */
const bytesText = ({ total, byKind }: BytesRun) =>
  `${fmtKB(total)} (images ${fmtKB(byKind.images)}, scripts ${fmtKB(byKind.scripts)}, rest ${fmtKB(byKind.rest)})`;

/** One line of the log per bytes run. */
function logBytesRun(ctx: BenchContext, screen: Screen, route: Route, result: BytesRun): void {
  ctx.log(
    `first-visit bytes ${screen} ${route.label}: ` +
      (result.ok
        ? `${bytesText(result)}${result.idleTimedOut ? ", network never idle" : ""}`
        : `failed: ${result.error}`),
  );
}

/** One line of the log per slow-phone run. */
function logSlowRun(ctx: BenchContext, label: string, route: Route, run: number, runs: number, result: SlowRun): void {
  ctx.log(
    `first-visit slow phone ${label} ${route.label} run ${run}/${runs}: ` +
      (result.ok
        ? `FCP ${fmtMs(result.fcp)}, load ${fmtMs(result.loadEventStart)}` +
          (result.framework
            ? `, hydration start after load ${fmtMs(result.hydrationStartAfterLoad)}`
            : ", no framework") +
          `, long tasks after FCP ${result.longTasks?.count ?? "–"} (longest ${fmtMs(result.longTasks?.longest)}: ${result.longestWork}; beyond 50 ms ${fmtMs(result.longTasks?.beyond50)}), ` +
          `elements restyled after FCP ${fmtInt(result.restyled)} (largest recalculation ${fmtInt(result.largestRestyle)})` +
          (result.idleTimedOut ? ", network never idle" : "")
        : `failed: ${result.error}`),
  );
}

/** The unthrottled bytes runs, then the slow-phone runs of each build; runs by build label and route label. */
async function measureFirstVisits(ctx: BenchContext, main: MainBuild, builds: SiteBuild[], runs: number) {
  const bytes: BytesRun[] = [];
  const slow = new Map<string, SlowRun[]>();
  const browser = await launchPlaywright(ctx.chromePath);
  try {
    // first, as it is unthrottled: it also lets the image service render every size the slow runs ask for
    for (const screen of Object.keys(SCREENS) as Screen[]) {
      for (const route of main.routes) {
        const result = await bytesRun(browser, `${main.site.url}${route.path}`, route, screen);
        bytes.push(result);
        logBytesRun(ctx, screen, route, result);
      }
    }
    // runs interleaved over the routes and the builds
    const cases = main.routes.flatMap((route) => builds.map((build) => ({ route, build })));
    const results = await interleavedRuns(cases, runs, async ({ route, build }, run) => {
      const result = await slowRun(browser, `${build.site.url}${route.path}`, route, run, build.label);
      logSlowRun(ctx, build.label, route, run, runs, result);
      return result;
    });
    for (const [i, { route, build }] of cases.entries()) slow.set(slowKey(build.label, route.label), results[i]!);
  } finally {
    await browser.close();
  }
  return { bytes, slow };
}

const slowKey = (build: string, route: string) => `${build}|${route}`;

/** The slow-phone figures per route of a build's runs, medians. */
function slowByRoute(main: MainBuild, slow: Map<string, SlowRun[]>, build: string): Map<string, SlowRoute> {
  return new Map(
    main.routes.map((route) => [route.label, aggregateSlow(route, slow.get(slowKey(build, route.label)) ?? [])]),
  );
}

/** The first visits of the main build and the baseline's (where there is one), and their medians per route. */
async function firstVisitFigures(ctx: BenchContext) {
  const main = await ctx.mainBuild();
  const builds = await ctx.siteBuilds();
  const baseline = builds.find((b) => b.label === "baseline") ?? null;
  const runs = Math.max(1, ctx.options.runs);
  const { bytes, slow } = await measureFirstVisits(ctx, main, builds, runs);
  const nowByRoute = slowByRoute(main, slow, "now");
  const baselineByRoute = baseline ? slowByRoute(main, slow, "baseline") : null;
  const homeBytes = bytes.find((b) => b.screen === "375 px" && b.path === "/");
  return { main, baseline, runs, bytes, slow, nowByRoute, baselineByRoute, homeBytes };
}

type FirstVisitFigures = Awaited<ReturnType<typeof firstVisitFigures>>;

/** Hydration start after load, the latest route's against the target; of the routes that load a framework only. */
export function hydrationRow(measured: readonly SlowRoute[]): SummaryRow {
  const figure = "Hydration start after load, slow phone, latest route (medians)";
  const target = `≤ ${fmtMs(TARGETS.hydrationAfterLoadMaxMs)} where a framework runs`;
  if (measured.length === 0) return { figure, value: "no run measured", target, verdict: "error" };
  // a production page without a framework hydrates nothing (decision 0014)
  const hydrating = measured.filter((r) => r.framework);
  if (hydrating.length === 0)
    return { figure, value: "no route loads a framework: nothing hydrates", target, verdict: "info" };
  // a route never seen hydrating is the latest: it fails the target
  const latest = maxBy(hydrating, (r) => r.hydrationStartAfterLoad ?? Infinity)!;
  return {
    figure,
    value: `${fmtMs(latest.hydrationStartAfterLoad)} (${latest.route}); per route: ${hydrating.map((r) => `${r.route} ${fmtMs(r.hydrationStartAfterLoad)}`).join(" · ")}`,
    target,
    verdict: atMost(latest.hydrationStartAfterLoad, TARGETS.hydrationAfterLoadMaxMs),
  };
}

const measuredRoutes = (byRoute: Map<string, SlowRoute>) => [...byRoute.values()].filter((r) => r.runsOk > 0);

function firstVisitSummary({
  baseline,
  nowByRoute,
  baselineByRoute,
  homeBytes,
}: FirstVisitFigures): SectionOutput["summary"] {
  const measured = measuredRoutes(nowByRoute);
  const longest = maxBy(measured, (r) => r.longest);
  const mostBlocking = maxBy(measured, (r) => r.beyond50);
  const noneMeasured = measured.length === 0;
  const baselineLongest = baselineByRoute ? maxBy(measuredRoutes(baselineByRoute), (r) => r.longest) : undefined;
  return [
    {
      figure: "Longest long task after FCP, slow phone, all routes (medians)",
      value: noneMeasured
        ? "no run measured"
        : `${fmtMs(longest?.longest)} (${longest?.route}); per route: ${measured.map((r) => `${r.route} ${fmtMs(r.longest)}`).join(" · ")}` +
          (baseline
            ? `; baseline ${baseline.commit?.slice(0, 7)}: ${fmtMs(baselineLongest?.longest)} (${baselineLongest?.route ?? "–"})`
            : ""),
      target: `no long task (none over ${TARGETS.longTaskMaxMs} ms)`,
      verdict: noneMeasured ? "error" : atMost(longest?.longest, TARGETS.longTaskMaxMs),
    },
    {
      figure: "Largest sum of long tasks beyond 50 ms after FCP, slow phone (medians)",
      value: noneMeasured
        ? "no run measured"
        : `${fmtMs(mostBlocking?.beyond50)} (${mostBlocking?.route}); per route: ${measured.map((r) => `${r.route} ${fmtMs(r.beyond50)}`).join(" · ")}`,
      target: "–",
      verdict: noneMeasured ? "error" : "info",
    },
    hydrationRow(measured),
    {
      figure: "Bytes of a first visit to / at 375 px",
      value: homeBytes?.ok ? bytesText(homeBytes) : `not measured${homeBytes?.error ? `: ${homeBytes.error}` : ""}`,
      target: "–",
      verdict: homeBytes?.ok ? "info" : "error",
    },
  ];
}

/** Every route's slow-phone figures, the baseline's first. */
function slowRunsTable(nowByRoute: Map<string, SlowRoute>, baselineByRoute: Map<string, SlowRoute> | null): string {
  const builds = [...(baselineByRoute ? [["baseline", baselineByRoute] as const] : []), ["now", nowByRoute] as const];
  const count = (n: number | null) => (n === null ? "–" : String(n));
  return columnTable(
    builds.flatMap(([build, byRoute]) => [...byRoute.values()].map((r) => ({ ...r, build }))),
    [
      ["route", (r) => r.route],
      ["build", (r) => r.build],
      ["FCP", (r) => fmtMs(r.fcp)],
      ["load", (r) => fmtMs(r.loadEventStart)],
      ["hydration start after load", (r) => fmtMs(r.hydrationStartAfterLoad)],
      ["long tasks", (r) => count(r.count)],
      ["of them from hydration start", (r) => count(r.countFromHydration)],
      ["longest", (r) => fmtMs(r.longest)],
      ["its work", (r) => r.longestWork],
      ["runs ok", (r) => `${r.runsOk}/${r.runs}`],
    ],
  );
}

/** The failed runs, and those whose network never went idle. */
function slowFailures(
  routes: SlowRoute[],
  baselineByRoute: Map<string, SlowRoute> | null,
  slow: Map<string, SlowRun[]>,
): string[] {
  const md: string[] = [];
  const slowErrors = [...(baselineByRoute?.values() ?? []), ...routes].flatMap((r) =>
    r.errors.map((e) => `${r.route} ${e}`),
  );
  if (slowErrors.length) md.push(`Failed runs: ${slowErrors.join("; ")}.`, "");
  const neverIdle = [...slow.values()].flat().filter((r) => r.idleTimedOut);
  if (neverIdle.length)
    md.push(
      `The network never went idle within 60 s after hydration in ${neverIdle.length} run(s) (${neverIdle.map((r) => `${r.build} ${r.route} run ${r.run}`).join(", ")}): their long tasks end there.`,
      "",
    );
  return md;
}

/** The slow phone's part of the report: how it was measured, the builds side by side, every route's figures. */
function slowPhoneMarkdown(ctx: BenchContext, figures: FirstVisitFigures): string[] {
  const { main, baseline, runs, slow, nowByRoute, baselineByRoute } = figures;
  return [
    `A first visit to each route of the main build, served by the bench's site server (\`${main.site.url}\`), ` +
      "in Playwright's Chromium, a fresh browser context (empty cache) per run.",
    "",
    routesLine(main.routes),
    "",
    "### Slow phone: long tasks, restyles and hydration start",
    "",
    `Median of ${runs} run(s) per route` +
      (baseline
        ? `, for the baseline's build (${baseline.commit} = BENCH_BASELINE=${ctx.options.baseline}, \`${baseline.site.url}\`) and the work tree's, ` +
          "on the same content, runs interleaved (run 1 of each route on both builds, then run 2, ...)"
        : "") +
      `. DevTools' slow phone through CDP: \`Emulation.setCPUThrottlingRate\` ${SLOW_PHONE.cpuRate}, ` +
      `\`Network.emulateNetworkConditions\` latency ${SLOW_PHONE.latencyMs} ms, download ${fmtInt(SLOW_PHONE.downloadBytesPerS)} B/s, ` +
      `upload ${fmtInt(SLOW_PHONE.uploadBytesPerS)} B/s (its "Slow 4G"); 375 × 740 px, device scale 2, mobile, touch. ` +
      "Every figure comes from a performance trace recorded through CDP (`Tracing.start` before the navigation): nothing runs " +
      "in the page under test while it is traced (a `PerformanceObserver` or a polled `waitForFunction` would be a script of " +
      `its own, measured with the page's). The trace ends when the network has been idle for ${QUIET_MS} ms and ${SETTLE_MS} ms more; ` +
      `a page with React that has not hydrated by then is visited anew with twice the time, at most ${SETTLE_ATTEMPTS} visits, then fails the run. ` +
      "Long tasks: the page's main-thread tasks (`RunTask`) over " +
      `${TARGETS.longTaskMaxMs} ms after the first contentful paint (a task spanning it counts with its part after it, as in Lighthouse's TBT); ` +
      "beyond 50 ms = the sum of (duration − 50 ms); the longest one's work by kind (style = Recalculate Style and stylesheet " +
      "parsing, layout, script, parse = HTML, paint) from the median run. Restyled = the elements of every Recalculate Style " +
      "(`UpdateLayoutTree`) after the first paint, summed, and of the largest one: counts, not times, so they do not move with " +
      "the machine's load, but they move with where the first paint falls in the parse (a page painted earlier restyles " +
      "more after it). Style, layout and paint, whole visit = their time in every task of the page's main thread from " +
      "its navigation to the trace's end, before the first paint too: a time, so it moves with the load, but not with " +
      "where the first paint falls. Hydration start after load = `startTime` of the first resource named `entry.client` − the " +
      "navigation's `loadEventStart` (read after the trace), on the pages that still run React.",
    "",
    sideBySideTable(
      main.routes.map((r) => r.label),
      baselineByRoute,
      nowByRoute,
      [
        {
          header: "longest task",
          value: (r) => r.longest,
          format: fmtMs,
          verdict: (v) => atMost(v, TARGETS.longTaskMaxMs),
        },
        { header: "beyond 50 ms", value: (r) => r.beyond50, format: fmtMs },
        { header: "elements restyled", value: (r) => r.restyled, format: fmtInt },
        { header: "largest restyle", value: (r) => r.largestRestyle, format: fmtInt },
        { header: "style, layout and paint, whole visit", value: (r) => r.rendering, format: fmtMs },
      ],
    ),
    "",
    slowRunsTable(nowByRoute, baselineByRoute),
    "",
    ...slowFailures([...nowByRoute.values()], baselineByRoute, slow),
  ];
}

/** The bytes' part of the report: per screen, and the largest responses of `/` at 375 px. */
function bytesMarkdown({ bytes, homeBytes }: FirstVisitFigures): string[] {
  const md = [
    "### Bytes of a first visit",
    "",
    "Unthrottled, one run each (the bytes do not vary between runs): 375 × 740 px at device scale 2 (mobile, touch) and " +
      "1280 × 900 px at device scale 1. The sum of CDP `Network.loadingFinished` `encodedDataLength` (bytes received, headers " +
      "included, compressed as sent) of every response of the page from navigation until the network is idle after hydration, " +
      "without scrolling; split by CDP resource type: images (`Image`), scripts (`Script`), the rest (document, stylesheets, " +
      "fonts, media, fetches). KB = 1,024 bytes.",
    "",
  ];
  // a failed run's row says why in its total, and nothing else
  const ifOk = (cellOf: (b: BytesRun) => string) => (b: BytesRun) => (b.ok ? cellOf(b) : "–");
  for (const screen of Object.keys(SCREENS) as Screen[]) {
    md.push(
      `#### ${screen}`,
      "",
      columnTable(
        bytes.filter((b) => b.screen === screen),
        [
          ["route", (b) => b.route],
          ["total", (b) => (b.ok ? fmtKB(b.total) : `failed: ${b.error ?? "?"}`)],
          ["images", ifOk((b) => fmtKB(b.byKind.images))],
          ["scripts", ifOk((b) => fmtKB(b.byKind.scripts))],
          ["rest", ifOk((b) => fmtKB(b.byKind.rest))],
          ["responses", ifOk((b) => String(b.requests) + (b.idleTimedOut ? " (network never idle)" : ""))],
        ],
      ),
      "",
    );
  }
  if (homeBytes?.ok) {
    md.push(
      "Largest responses of `/` at 375 px: " +
        homeBytes.largest.map((l) => `\`${pathOf(l.url).slice(0, 100)}\` (${l.type}) ${fmtKB(l.bytes)}`).join(", ") +
        ".",
      "",
    );
  }
  return md;
}

export async function firstVisitSection(ctx: BenchContext): Promise<SectionOutput> {
  const figures = await firstVisitFigures(ctx);
  const { baseline, bytes, slow, nowByRoute, baselineByRoute } = figures;
  return {
    summary: firstVisitSummary(figures),
    markdown: [...slowPhoneMarkdown(ctx, figures), ...bytesMarkdown(figures)].join("\n"),
    data: {
      slowPhone: SLOW_PHONE,
      baseline: baseline?.commit ?? null,
      routes: [...nowByRoute.values()],
      baselineRoutes: baselineByRoute ? [...baselineByRoute.values()] : null,
      runs: Object.fromEntries(slow),
      bytes,
    },
  };
}
