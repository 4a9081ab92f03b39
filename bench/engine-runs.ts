import { withTimeLimit, type EnginePage } from "../test-support/cross-engine/engine-page";
import type { Route } from "./context";
import { columnTable, fmtMs } from "./format";
import type { SummaryRow } from "./report";
import { maxBy, mediansOf, tallyRuns, type RunTally } from "./stats";
import { allOf, atMost, TARGETS, type Verdict } from "./targets";

/**
 * The runs of the engines section (sections/engines.ts): a first visit to a
 * route in Firefox ESR or WebKitGTK through the cross-engine suite's
 * EnginePage, a browser launched for the run alone, and what the report
 * makes of them. The engine is only a `launch` function here, so that the
 * time limits and the figures are tested without a browser
 * (engine-runs.test.ts).
 */

export type EngineName = "firefox" | "webkit";
export const ENGINE_LABELS: Record<EngineName, string> = { firefox: "Firefox ESR", webkit: "WebKitGTK" };

/** A phone's CSS viewport, as first-visit's slow phone (no device scale or touch: EnginePage sets neither). */
export const PHONE = { width: 375, height: 740 } as const;
/** How often the page looks for React's fiber on `main` (first-visit's waitForHydration polls as often). */
export const HYDRATION_POLL_MS = 100;

export interface RunLimits {
  /** starting the browser (the engines' fixture in e2e/engines.ts allows as much) */
  launchMs: number;
  /** the whole run once the browser is up: viewport, load, hydration, figures */
  runMs: number;
  /** closing the browser, whatever state it is in */
  closeMs: number;
  /** how long the page waits for hydration after load */
  hydrationMs: number;
}

/** A run longer than this has hung the engine (seen in WebKitGTK): it fails and the next run starts a new browser. */
export const RUN_LIMITS: RunLimits = { launchMs: 60_000, runMs: 90_000, closeMs: 15_000, hydrationMs: 15_000 };

export interface EngineRun {
  engine: EngineName;
  route: string;
  path: string;
  run: number;
  ok: boolean;
  error?: string;
  /** the browser's version, as its driver reported it (when it started) */
  version?: string;
  loadEventStart: number | null;
  /** null where the engine reports no first-contentful-paint entry (that alone does not fail a run) */
  fcp: number | null;
  /** startTime of the first resource named entry.client, minus loadEventStart */
  hydrationStartAfterLoad: number | null;
  hydratedBy: number | null;
  firstLook: number | null;
  /** whether the page ran a framework (null: not known, the run failed before it was seen) */
  framework: boolean | null;
}

/** The figures of a route's runs whose medians it reports. */
const MEDIANS = ["loadEventStart", "fcp", "hydrationStartAfterLoad", "hydratedBy", "firstLook"] as const;

export interface EngineRoute extends RunTally, Pick<EngineRun, (typeof MEDIANS)[number]> {
  /** every run that succeeded found a page without a framework: no hydration to measure */
  withoutFramework: boolean;
}

export interface RunId {
  engine: EngineName;
  route: Route;
  run: number;
}

function emptyRun({ engine, route, run }: RunId): EngineRun {
  return {
    engine,
    route: route.label,
    path: route.path,
    run,
    ok: false,
    loadEventStart: null,
    fcp: null,
    hydrationStartAfterLoad: null,
    hydratedBy: null,
    firstLook: null,
    framework: null,
  };
}

/** The first line of an error, as the report shows it. */
export function errorLine(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return (text.split("\n")[0] ?? "").slice(0, 300) || "unknown error";
}

/** A run's figures from what the page reported; it fails without load, or, on a page with a framework, without entry.client or hydration. */
export function runFromTimes(id: RunId, times: PageTimes, hydrationMs = RUN_LIMITS.hydrationMs): EngineRun {
  const result: EngineRun = {
    ...emptyRun(id),
    loadEventStart: times.loadEventStart,
    fcp: times.fcp,
    hydratedBy: times.hydratedBy,
    firstLook: times.firstLook,
    framework: times.framework,
  };
  // loadEventStart is 0 until the load event has begun
  const loaded = times.loadEventStart !== null && times.loadEventStart > 0;
  if (loaded && times.entryClientStart !== null)
    result.hydrationStartAfterLoad = times.entryClientStart - times.loadEventStart!;
  const problems: string[] = [];
  if (!loaded) problems.push("no loadEventStart");
  if (times.framework && times.entryClientStart === null) problems.push("no entry.client resource entry");
  if (times.framework && times.hydratedBy === null)
    problems.push(`main not hydrated within ${hydrationMs / 1000} s of load`);
  result.ok = problems.length === 0;
  if (!result.ok) result.error = problems.join("; ");
  return result;
}

/**
 * Runs in the page once `load` has fired: polls for React's fiber on `main`
 * (on a page with React Router), then reads the navigation, paint and
 * resource entries: what the page reports once hydrated (or once it stopped
 * waiting), page times from navigation start. Self-contained, as it is sent
 * to the page as source.
 */
export async function measurePage(pollMs: number, waitMs: number) {
  // the first look, once the driver had returned from `load`: hydratedBy is never earlier
  const firstLook = performance.now();
  const deadline = firstLook + waitMs;
  // when `main` was first seen hydrated; null when it was not within the wait
  let hydratedBy: number | null = null;
  // whether the page runs React Router (its context on window): a production page without a framework
  // (pipeline/islands.ts) has none and no hydration to wait for; its behaviours start in the tasks after its parse
  // (app/behaviours/start-page.ts) and fetch no content
  const framework = "__reactRouterContext" in window;
  // a page without a framework has nothing to wait for
  while (framework && performance.now() < deadline) {
    const main = document.querySelector("main");
    if (main && Object.keys(main).some((key) => key.startsWith("__reactFiber"))) {
      hydratedBy = performance.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const entryClient = performance.getEntriesByType("resource").find((entry) => entry.name.includes("entry.client"));
  return {
    loadEventStart: navigation?.loadEventStart ?? null,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    entryClientStart: entryClient?.startTime ?? null,
    hydratedBy,
    firstLook,
    framework,
  };
}

export type PageTimes = Awaited<ReturnType<typeof measurePage>>;

/**
 * One first visit: a browser of its own (an empty cache and profile),
 * the phone's viewport, the route, the figures. Every step is bounded: a
 * run that hangs or throws is returned as failed with its error, and the
 * browser is closed in any case (also one whose launch ends after the run
 * gave up on it).
 */
export async function engineRun(
  launch: () => Promise<EnginePage>,
  id: RunId,
  limits: RunLimits = RUN_LIMITS,
): Promise<EngineRun> {
  let page: EnginePage | undefined;
  let gaveUp = false;
  const launching = launch();
  const closeLate = (late: EnginePage) =>
    withTimeLimit(late.close(), limits.closeMs, "closing the browser").catch(() => undefined);
  // a launch that ends after the run gave up on it still leaves a browser behind
  launching.then((late) => (gaveUp ? closeLate(late) : undefined)).catch(() => undefined);
  let result: EngineRun;
  try {
    page = await withTimeLimit(launching, limits.launchMs, "starting the browser");
    const open = page;
    const measured = async () => {
      await open.setViewport(PHONE.width, PHONE.height);
      await open.open(id.route.path);
      return open.evaluate(measurePage, HYDRATION_POLL_MS, limits.hydrationMs);
    };
    result = runFromTimes(id, await withTimeLimit(measured(), limits.runMs, "the run"), limits.hydrationMs);
  } catch (error) {
    result = { ...emptyRun(id), error: errorLine(error) };
  }
  gaveUp = page === undefined;
  if (page) {
    result.version = page.version;
    await closeLate(page);
  }
  return result;
}

export function aggregateEngineRoute(route: Route, runs: readonly EngineRun[]): EngineRoute {
  const { ok, tally } = tallyRuns(route, runs);
  return {
    ...tally,
    ...mediansOf(ok, MEDIANS),
    withoutFramework: ok.length > 0 && ok.every((r) => r.framework === false),
  };
}

/**
 * The routes where entry.client was requested before `load` (a negative
 * hydration start after load): `load` came well after the first screen
 * was shown, or after hydration's deadline (pipeline/defer-hydration.ts). In route order, with the number
 * of such runs of those that succeeded.
 */
export function startedBeforeLoad(runs: readonly EngineRun[]): { route: string; runs: number; of: number }[] {
  const byRoute = new Map<string, { route: string; runs: number; of: number }>();
  for (const run of runs) {
    if (!run.ok) continue;
    const entry = byRoute.get(run.route) ?? { route: run.route, runs: 0, of: 0 };
    entry.of += 1;
    if (run.hydrationStartAfterLoad !== null && run.hydrationStartAfterLoad < 0) entry.runs += 1;
    byRoute.set(run.route, entry);
  }
  return [...byRoute.values()].filter((entry) => entry.runs > 0);
}

/** The measured route whose median hydration start after load is the latest. */
export function latestRoute(routes: readonly EngineRoute[]): EngineRoute | undefined {
  return maxBy(routes, (r) => r.hydrationStartAfterLoad);
}

/**
 * The engine's line of the summary: the latest route's median against the
 * target. A route that no run measured is an error, not a pass: the target
 * holds for every route.
 */
export function engineSummaryRow(engine: EngineName, routes: readonly EngineRoute[], setupError?: string): SummaryRow {
  const figure = `Hydration start after load, ${ENGINE_LABELS[engine]}, preview build, 375 px unthrottled, latest route (medians)`;
  const target = `≤ ${fmtMs(TARGETS.hydrationAfterLoadMaxMs)}`;
  if (setupError) return { figure, value: `not measured: ${setupError}`, target, verdict: "error" };
  const latest = latestRoute(routes);
  if (!latest) return { figure, value: "no run measured", target, verdict: "error" };
  // a route without a framework has no hydration: not a gap
  const unmeasured = routes.filter((r) => r.hydrationStartAfterLoad === null && !r.withoutFramework);
  const withoutFramework = routes.filter((r) => r.withoutFramework);
  const failed = routes.reduce((sum, r) => sum + r.runs - r.runsOk, 0);
  const total = routes.reduce((sum, r) => sum + r.runs, 0);
  const measured = routes.filter((r) => r.hydrationStartAfterLoad !== null);
  const value =
    `${fmtMs(latest.hydrationStartAfterLoad)} (${latest.route}); per route: ` +
    measured.map((r) => `${r.route} ${fmtMs(r.hydrationStartAfterLoad)}`).join(" · ") +
    (withoutFramework.length ? `; no framework: ${withoutFramework.map((r) => r.route).join(", ")}` : "") +
    (unmeasured.length ? `; not measured: ${unmeasured.map((r) => r.route).join(", ")}` : "") +
    (failed ? `; ${failed} of ${total} runs failed` : "");
  const verdicts: Verdict[] = [
    atMost(latest.hydrationStartAfterLoad, TARGETS.hydrationAfterLoadMaxMs),
    unmeasured.length ? "error" : "info",
  ];
  return { figure, value, target, verdict: allOf(verdicts) };
}

/** The table of an engine: one line per route, medians of the runs that succeeded. */
export function engineTable(routes: readonly EngineRoute[]): string {
  return columnTable(routes, [
    ["route", (r) => r.route],
    ["load", (r) => fmtMs(r.loadEventStart)],
    ["FCP", (r) => fmtMs(r.fcp)],
    ["hydration start after load", (r) => (r.withoutFramework ? "no framework" : fmtMs(r.hydrationStartAfterLoad))],
    ["hydrated by", (r) => (r.withoutFramework ? "no framework" : fmtMs(r.hydratedBy))],
    ["first look", (r) => fmtMs(r.firstLook)],
    ["runs ok", (r) => `${r.runsOk}/${r.runs}`],
  ]);
}

/** One run for the progress log. */
export function runLine(result: EngineRun): string {
  return result.ok
    ? `load ${fmtMs(result.loadEventStart)}, FCP ${fmtMs(result.fcp)}, hydration start after load ${fmtMs(result.hydrationStartAfterLoad)}, hydrated by ${fmtMs(result.hydratedBy)} (first look ${fmtMs(result.firstLook)})`
    : `failed: ${result.error ?? "unknown error"}`;
}
