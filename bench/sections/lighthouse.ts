import { mkdir, readFile, rm } from "node:fs/promises";
import type { BrowserContextOptions } from "@playwright/test";
import path from "node:path";
import {
  CATEGORIES,
  launchPlaywright,
  runLighthouse,
  type Category,
  type LighthouseRun,
  type Preset,
} from "../browser";
import { inflightTracker, mediaRequests } from "../../test-support/inflight-requests";
import { startClientOnlyServer } from "../client-only-server";
import { prerenderedFile, type BenchContext, type MainBuild, type Route, type SiteBuild } from "../context";
import type { SectionOutput, SummaryRow } from "../report";
import { columnTable, fmtCls, fmtInt, fmtMs, fmtRatio, fmtScore, pathOf, routesLine } from "../format";
import { sideBySideTable } from "../side-by-side";
import { floorPage } from "../html";
import { interleavedRuns, median, medianIndex, mediansOf, ratio } from "../stats";
import { startPagesServer } from "../static-pages-server";
import { allOf, atLeast, atMost, below, floorVerdict, TARGETS, type Verdict } from "../targets";

/**
 * Lighthouse 12, mobile (default simulated throttling) and desktop presets,
 * on each route of three variants: the site (prerendered), the floor (a bare
 * page holding only the route's LCP element) and client-only (the same build
 * answering every document with the SPA fallback). Runs are interleaved so
 * that drift of the machine hits every variant alike; figures are medians.
 */

const VARIANTS = ["site", "floor", "client-only", "baseline"] as const;
type Variant = (typeof VARIANTS)[number];
const PRESETS: Preset[] = ["mobile", "desktop"];

/** Lighthouse's emulated screens: the same image candidates get rendered in the warm-up. */
const SCREENS: Record<Preset, BrowserContextOptions> = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false },
};

/** The medians of one route's runs: the same figures as a single run. */
function aggregate({ variant, preset, route, url, runs }: Measured) {
  const ok = runs.filter((r) => r.ok);
  const scores: Partial<Record<Category, number | null>> = {};
  for (const category of CATEGORIES) {
    if (ok.some((r) => r.scores[category] !== undefined)) scores[category] = median(ok.map((r) => r.scores[category]));
  }
  // the run whose LCP is the median: its element, phases, opportunities
  const representative = ok[medianIndex(ok.map((r) => r.lcp))];
  return {
    variant,
    preset,
    route: route.label,
    url,
    runsOk: ok.length,
    runs: runs.length,
    scores,
    ...mediansOf(ok, ["lcp", "fcp", "tbt", "cls", "si"]),
    representative,
    errors: runs.filter((r) => !r.ok).map((r) => r.error ?? "unknown error"),
  };
}

type Aggregate = ReturnType<typeof aggregate>;

function slugOf(route: string): string {
  return route === "/" ? "home" : route.replace(/^\//, "").replace(/[^\w-]+/g, "-");
}

type FloorKinds = Record<string, { kind: string; element: string }>;
type UrlOf = (variant: Variant, route: Route) => string;

/**
 * The servers of the variants besides the site: the floor of each route, from its prerendered HTML, and the
 * client-only build; closed by the bench's cleanup. Hands back each variant's URL of a route.
 */
async function startVariantServers(
  ctx: BenchContext,
  main: MainBuild,
  baseline: SiteBuild | null,
  routes: readonly Route[],
): Promise<{ urlOf: UrlOf; floorKinds: FloorKinds }> {
  const floorPages = new Map<string, string>();
  const floorKinds: FloorKinds = {};
  for (const route of routes) {
    const html = await readFile(prerenderedFile(main.clientDir, route), "utf8");
    const floor = floorPage(html);
    floorPages.set(`/floor/${slugOf(route.path)}`, floor.html);
    floorKinds[route.label] = { kind: floor.kind, element: floor.element };
  }
  const floors = await startPagesServer(floorPages);
  ctx.onCleanup(() => floors.close());
  const clientOnly = await startClientOnlyServer(main.clientDir);
  ctx.onCleanup(() => clientOnly.close());

  const urlOf = (variant: Variant, route: Route): string => {
    if (variant === "site") return `${main.site.url}${route.path}`;
    if (variant === "client-only") return `${clientOnly.url}${route.path}`;
    if (variant === "baseline" && baseline) return `${baseline.site.url}${route.path}`;
    return `${floors.url}/floor/${slugOf(route.path)}`;
  };
  return { urlOf, floorKinds };
}

/** Warm-up: the image service renders each size once, so no run pays for a cold render. */
async function warmUp(ctx: BenchContext, variants: readonly Variant[], routes: readonly Route[], urlOf: UrlOf) {
  ctx.log("lighthouse: warming up the image service and the servers ...");
  const browser = await launchPlaywright(ctx.chromePath);
  try {
    for (const preset of PRESETS) {
      const context = await browser.newContext(SCREENS[preset]);
      const page = await context.newPage();
      const network = inflightTracker(page);
      for (const variant of variants) {
        for (const route of routes) {
          // a warm-up that fails is logged, not fatal: the measured runs that follow report the page's failure
          const url = urlOf(variant, route);
          try {
            await page.goto(url, { waitUntil: "load", timeout: 60_000 });
            if (!(await network.idle(15_000, mediaRequests))) {
              ctx.log(`lighthouse: warm-up of ${url}: the network was not quiet after 15 s`);
            }
          } catch (error) {
            ctx.log(`lighthouse: warm-up of ${url} failed: ${String(error)}`);
          }
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Every run, interleaved over the presets, routes and variants, each one's report in `outDir`: each preset, route and
 * variant measured, and its runs.
 */
async function measureRuns(
  ctx: BenchContext,
  outDir: string,
  variants: readonly Variant[],
  routes: readonly Route[],
  urlOf: UrlOf,
) {
  const cases = PRESETS.flatMap((preset) =>
    routes.flatMap((route) => variants.map((variant) => ({ variant, preset, route, url: urlOf(variant, route) }))),
  );
  const total = ctx.options.runs * cases.length;
  let done = 0;
  const runs = await interleavedRuns(cases, ctx.options.runs, async ({ variant, preset, route, url }, run) => {
    const result = await runLighthouse(url, preset, {
      chromePath: ctx.chromePath,
      tempDir: ctx.tempDir,
      reportFile: path.join(outDir, `${preset}-${variant}-${slugOf(route.path)}-run${run}.json`),
      // the floor is only there for its timings
      categories: variant === "floor" ? ["performance"] : CATEGORIES,
    });
    done += 1;
    ctx.log(
      `lighthouse ${done}/${total}: ${preset} ${variant} ${route.label} run ${run}: ` +
        (result.ok
          ? `perf ${fmtScore(result.scores.performance)}, LCP ${fmtMs(result.lcp)}, TBT ${fmtMs(result.tbt)}, CLS ${fmtCls(result.cls)}`
          : `failed: ${result.error}`),
    );
    return result;
  });
  return cases.map((item, i) => ({ ...item, runs: runs[i]! }));
}

type Measured = Awaited<ReturnType<typeof measureRuns>>[number];

type FindAggregate = (variant: Variant, preset: Preset, route: string) => Aggregate | undefined;

/** A Lighthouse score (0..1) as the 0..100 figure the targets are in. */
const score100 = (score: number | null | undefined) => (score == null ? null : Math.round(score * 100));

/** The site's scores and timings on each preset and route against the targets. */
function scoreRows(find: FindAggregate, routes: readonly Route[]): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const preset of PRESETS) {
    for (const route of routes) {
      const a = find("site", preset, route.label);
      if (!a) continue;
      const perf = a.scores.performance;
      const verdicts: Verdict[] = [
        preset === "mobile" ? atLeast(score100(perf), TARGETS.mobilePerformance.worst) : "info",
        ...(["accessibility", "best-practices", "seo"] as const).map((c) =>
          atLeast(score100(a.scores[c]), TARGETS.categoryScore),
        ),
        atMost(a.cls, TARGETS.clsMax),
        preset === "mobile" ? below(a.tbt, TARGETS.mobileTbtBelowMs) : "info",
      ];
      rows.push({
        figure: `Lighthouse ${preset} ${route.label}`,
        value:
          `perf ${fmtScore(perf)} · a11y ${fmtScore(a.scores.accessibility)} · BP ${fmtScore(a.scores["best-practices"])} · ` +
          `SEO ${fmtScore(a.scores.seo)} · CLS ${fmtCls(a.cls)} · LCP ${fmtMs(a.lcp)} · TBT ${fmtMs(a.tbt)}` +
          (a.runsOk < a.runs ? ` (${a.runs - a.runsOk} run(s) failed)` : ""),
        target:
          `${preset === "mobile" ? `perf ${TARGETS.mobilePerformance.ideal} (≥ ${TARGETS.mobilePerformance.worst})` : "perf –"} · ` +
          `a11y/BP/SEO ${TARGETS.categoryScore} · CLS 0` +
          (preset === "mobile" ? ` · TBT < ${TARGETS.mobileTbtBelowMs} ms` : ""),
        verdict: a.runsOk === 0 ? "error" : allOf(verdicts),
      });
    }
  }
  return rows;
}

interface LcpRatios {
  route: string;
  floor: number | null;
  ownFloor: number | null;
  clientOnly: number | null;
}

/**
 * The site's mobile LCP over its floors' (the floor is the bare page holding `/`'s LCP image; each route also
 * gets one of its own LCP element, details) and over the client-only build's.
 */
function lcpRows(find: FindAggregate, routes: readonly Route[], floorKinds: FloorKinds) {
  const heroFloor = find("floor", "mobile", routes[0]?.label ?? "/");
  const floorRows: SummaryRow[] = [];
  const clientOnlyRows: SummaryRow[] = [];
  const ratios: LcpRatios[] = [];
  for (const route of routes) {
    const site = find("site", "mobile", route.label);
    const own = find("floor", "mobile", route.label);
    const co = find("client-only", "mobile", route.label);
    const vsFloor = ratio(site?.lcp, heroFloor?.lcp);
    const vsOwn = ratio(site?.lcp, own?.lcp);
    const vsClient = ratio(site?.lcp, co?.lcp);
    ratios.push({ route: route.label, floor: vsFloor, ownFloor: vsOwn, clientOnly: vsClient });
    const ownNote =
      own && own !== heroFloor
        ? `; vs a bare page of its own LCP element (${floorKinds[route.label]?.kind ?? "?"}, ${fmtMs(own.lcp)}): ${fmtRatio(vsOwn)}`
        : "";
    floorRows.push({
      figure: `LCP site/floor, mobile ${route.label}`,
      value: `${fmtRatio(vsFloor)} (${fmtMs(site?.lcp)} / ${fmtMs(heroFloor?.lcp)})${ownNote}`,
      target: `≤ ${TARGETS.lcpVsFloorMax}× against each floor`,
      verdict: floorVerdict(vsFloor, own && own !== heroFloor ? vsOwn : undefined),
    });
    clientOnlyRows.push({
      figure: `LCP site/client-only, mobile ${route.label}`,
      value: `${fmtRatio(vsClient)} (${fmtMs(site?.lcp)} / ${fmtMs(co?.lcp)})`,
      target: `≤ ${TARGETS.lcpVsClientOnlyMax}×`,
      verdict: atMost(vsClient, TARGETS.lcpVsClientOnlyMax),
    });
  }
  return { floorRows, clientOnlyRows, ratios };
}

/**
 * Each page's mobile figures for issue 42's targets: performance 100 and TBT within 10 ms of the bare page of the
 * route's own LCP element.
 */
function pageFigures(find: FindAggregate, routes: readonly Route[], variant: Variant) {
  return new Map(
    routes.map((route) => {
      const a = find(variant, "mobile", route.label);
      const floor = find("floor", "mobile", route.label);
      const overFloor = a?.tbt != null && floor?.tbt != null ? a.tbt - floor.tbt : null;
      return [
        route.label,
        { perf: score100(a?.scores.performance), tbt: a?.tbt ?? null, overFloor, lcp: a?.lcp ?? null },
      ];
    }),
  );
}

type PageFigures = ReturnType<typeof pageFigures>;

/** Issue 42's targets per route, before (with BENCH_BASELINE) and after. */
function pageRows(routes: readonly Route[], nowFigures: PageFigures, baselineFigures: PageFigures | null) {
  return routes.map((route) => {
    const now = nowFigures.get(route.label)!;
    const before = baselineFigures?.get(route.label);
    return {
      figure: `Mobile ${route.label}: performance, TBT over its floor's`,
      value:
        `perf ${now.perf ?? "–"} · TBT ${fmtMs(now.tbt)} (${fmtMs(now.overFloor)} over the floor)` +
        (before
          ? `; baseline perf ${before.perf ?? "–"} · TBT ${fmtMs(before.tbt)} (${fmtMs(before.overFloor)} over)`
          : ""),
      target: `perf ${TARGETS.mobilePerformance.ideal} · TBT ≤ floor + ${TARGETS.tbtOverFloorMaxMs} ms`,
      verdict: allOf([
        atLeast(now.perf, TARGETS.mobilePerformance.ideal),
        atMost(now.overFloor, TARGETS.tbtOverFloorMaxMs),
      ]),
    };
  });
}

function pagesTable(routes: readonly Route[], nowFigures: PageFigures, baselineFigures: PageFigures | null): string {
  return sideBySideTable(
    routes.map((r) => r.label),
    baselineFigures,
    nowFigures,
    [
      {
        header: "perf",
        value: (f) => f.perf,
        format: fmtInt,
        verdict: (v) => atLeast(v, TARGETS.mobilePerformance.ideal),
      },
      { header: "TBT", value: (f) => f.tbt, format: fmtMs },
      {
        header: "TBT over the floor's",
        value: (f) => f.overFloor,
        format: fmtMs,
        verdict: (v) => atMost(v, TARGETS.tbtOverFloorMaxMs),
      },
      { header: "LCP", value: (f) => f.lcp, format: fmtMs },
    ],
  );
}

/** Printed at once, as the brief asks. */
function logRatios(ctx: BenchContext, ratios: readonly LcpRatios[]): void {
  ctx.log("LCP ratios (mobile, medians):");
  for (const r of ratios) {
    ctx.log(
      `  ${r.route.padEnd(8)} site/floor ${fmtRatio(r.floor)}  site/own-element floor ${fmtRatio(r.ownFloor)}  site/client-only ${fmtRatio(r.clientOnly)}`,
    );
  }
}

/** Lighthouse's CPU benchmark index over all runs, or nothing where no run reported it. */
function cpuNote(allRuns: readonly LighthouseRun[]): string {
  const benchmarkIndexes = allRuns.map((r) => r.benchmarkIndex).filter((v): v is number => typeof v === "number");
  return benchmarkIndexes.length > 0
    ? `Lighthouse's CPU benchmark index over the runs: median ${Math.round(median(benchmarkIndexes) ?? 0)} ` +
        `(${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}); it falls when other work ` +
        "competes for the CPU, and the simulated mobile CPU (4× slowdown of what was observed) slows with it."
    : "";
}

export async function lighthouseSection(ctx: BenchContext): Promise<SectionOutput> {
  const main = await ctx.mainBuild();
  const baseline = await ctx.baselineBuild();
  // Lighthouse refuses a document answered with 404: the not-found pages are measured by first-visit only
  const routes = main.routes.filter((route) => !route.notFound);
  const variants = VARIANTS.filter((variant) => variant !== "baseline" || baseline);
  const outDir = path.join(ctx.reportDir, "lighthouse");
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  const { urlOf, floorKinds } = await startVariantServers(ctx, main, baseline, routes);
  await warmUp(ctx, variants, routes, urlOf);
  const measured = await measureRuns(ctx, outDir, variants, routes, urlOf);
  const aggregates = measured.map(aggregate);
  const find: FindAggregate = (variant, preset, route) =>
    aggregates.find((a) => a.variant === variant && a.preset === preset && a.route === route);

  const lcp = lcpRows(find, routes, floorKinds);
  const nowFigures = pageFigures(find, routes, "site");
  const baselineFigures = baseline ? pageFigures(find, routes, "baseline") : null;
  const summary = [
    ...scoreRows(find, routes),
    ...lcp.floorRows,
    ...lcp.clientOnlyRows,
    ...pageRows(routes, nowFigures, baselineFigures),
  ];
  logRatios(ctx, lcp.ratios);

  const runs = ctx.options.runs;
  return {
    summary,
    markdown: `### Mobile, the issue's targets${baseline ? `: baseline ${baseline.commit} (BENCH_BASELINE=${ctx.options.baseline}) and the work tree, same run` : ""}

Performance score ${TARGETS.mobilePerformance.ideal} and TBT within ${TARGETS.tbtOverFloorMaxMs} ms of the floor's (the bare page of the route's own LCP element, same run); medians of ${runs} run(s). The not-found pages are answered with status 404, which Lighthouse refuses to load: section first-visit measures them.

${pagesTable(routes, nowFigures, baselineFigures)}

${renderDetails(aggregates, routes, floorKinds, runs)}
${cpuNote(measured.flatMap((m) => m.runs))}
`,
    data: {
      aggregates,
      ratios: lcp.ratios,
      floorKinds,
      baseline: baseline?.commit ?? null,
      pages: { now: Object.fromEntries(nowFigures), baseline: baselineFigures && Object.fromEntries(baselineFigures) },
      runs: Object.fromEntries(measured.map((m) => [`${m.variant}|${m.preset}|${m.route.label}`, m.runs])),
    },
  };
}

/** How the runs were made, and what each variant is. */
function methodMarkdown(routes: readonly Route[], runs: number): string[] {
  return [
    `Median of ${runs} run(s) per line; each run in a fresh Chromium with a fresh profile. Mobile: Lighthouse's default ` +
      "(Moto G Power emulation, simulated slow 4G and 4× CPU slowdown); desktop: its desktop preset. " +
      "floor = a bare static page holding only the LCP image of `/` (its `<picture>` with the same src, srcset, sizes, width " +
      "and height; no CSS file, font or script): it is the floor of every route's ratio; the floor lines of the other routes " +
      "are a bare page of that route's own LCP candidate (its high-priority image, else its heading text); client-only = the same build, every document answered " +
      "with `__spa-fallback.html` and `.data` with 404. Full results: `bench-report/lighthouse/*.json`.",
    "",
    routesLine(routes),
    "",
  ];
}

/** Every aggregate's scores and timings, one table per preset. */
function presetTables(aggregates: readonly Aggregate[]): string[] {
  return PRESETS.flatMap((preset) => [
    `### ${preset}`,
    "",
    columnTable(
      aggregates.filter((a) => a.preset === preset),
      [
        ["route", (a) => a.route],
        ["variant", (a) => a.variant],
        ["perf", (a) => fmtScore(a.scores.performance)],
        ["a11y", (a) => fmtScore(a.scores.accessibility)],
        ["BP", (a) => fmtScore(a.scores["best-practices"])],
        ["SEO", (a) => fmtScore(a.scores.seo)],
        ["LCP", (a) => fmtMs(a.lcp)],
        ["FCP", (a) => fmtMs(a.fcp)],
        ["TBT", (a) => fmtMs(a.tbt)],
        ["CLS", (a) => fmtCls(a.cls)],
        ["SI", (a) => fmtMs(a.si)],
        ["runs ok", (a) => `${a.runsOk}/${a.runs}`],
      ],
    ),
    "",
  ]);
}

/** The median-LCP run's LCP element and phases, and what each floor holds. */
function lcpMarkdown(aggregates: readonly Aggregate[], floorKinds: FloorKinds): string[] {
  const phasesText = (phases: Record<string, number> | undefined) =>
    phases
      ? Object.entries(phases)
          .map(([k, v]) => `${k} ${fmtMs(v)}`)
          .join(", ")
      : "–";
  return [
    "### LCP element and phases (site; client-only on mobile; median-LCP run)",
    "",
    columnTable(
      aggregates.filter((a) => a.variant === "site" || (a.variant === "client-only" && a.preset === "mobile")),
      [
        ["preset", (a) => a.preset],
        ["route", (a) => `${a.route}${a.variant === "site" ? "" : " (client-only)"}`],
        ["LCP", (a) => fmtMs(a.lcp)],
        ["phases", (a) => phasesText(a.representative?.lcpPhases)],
        ["element", ({ representative: rep }) => (rep?.lcpElement ? `\`${rep.lcpElement.slice(0, 160)}\`` : "–")],
      ],
    ),
    "",
    "Floors: " +
      Object.entries(floorKinds)
        .map(([route, f]) => `${route}: ${f.kind} (${f.element.slice(0, 90)})`)
        .join("; ") +
      ".",
    "",
  ];
}

/** The median-LCP run's opportunities and main-thread time by script, site on mobile. */
function costsMarkdown(aggregates: readonly Aggregate[]): string[] {
  const out = ["### What costs time (site, mobile, median-LCP run)", ""];
  for (const a of aggregates.filter((x) => x.variant === "site" && x.preset === "mobile")) {
    const rep = a.representative;
    if (!rep) continue;
    const opps = rep.opportunities.map(
      (o) => `${o.id}${o.displayValue ? ` (${o.displayValue})` : ""}: LCP −${fmtMs(o.lcpMs)}, TBT −${fmtMs(o.tbtMs)}`,
    );
    const scripts = rep.scriptTime.map((s) => `${pathOf(s.url)} ${fmtMs(s.totalMs)}`);
    out.push(
      `- **${a.route}**: opportunities: ${opps.length ? opps.join("; ") : "none"}. Main-thread time by script: ${scripts.length ? scripts.join(", ") : "–"}.`,
    );
  }
  out.push("");
  return out;
}

/** The audits below 100 and the failed runs. */
function failuresMarkdown(aggregates: readonly Aggregate[]): string[] {
  const failed = aggregates
    .filter((a) => a.variant !== "floor")
    .flatMap((a) =>
      (a.representative?.failedAudits ?? []).map(
        (f) => `${a.preset} ${a.variant} ${a.route}: ${f.category} \`${f.id}\` (${f.title})`,
      ),
    );
  const out = [
    "### Audits below 100 (accessibility, best practices, SEO)",
    "",
    failed.length ? failed.map((f) => `- ${f}`).join("\n") : "None.",
    "",
  ];
  const errors = aggregates.flatMap((a) => a.errors.map((e) => `${a.preset} ${a.variant} ${a.route}: ${e}`));
  if (errors.length) out.push("### Failed runs", "", errors.map((e) => `- ${e}`).join("\n"), "");
  return out;
}

function renderDetails(aggregates: Aggregate[], routes: Route[], floorKinds: FloorKinds, runs: number): string {
  return [
    ...methodMarkdown(routes, runs),
    ...presetTables(aggregates),
    ...lcpMarkdown(aggregates, floorKinds),
    ...costsMarkdown(aggregates),
    ...failuresMarkdown(aggregates),
  ].join("\n");
}
