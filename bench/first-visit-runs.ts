import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from "@playwright/test";
import { inflightTracker } from "../test-support/inflight-requests";
import type { Route } from "./context";
import { median, medianIndex, mediansOf, tallyRuns, type RunTally } from "./stats";
import { analyseTrace, LONG_TASK_MS, startTrace, stopTrace, type TraceTask } from "./trace";

/**
 * The runs of the first-visit section (sections/first-visit.ts): one page
 * load on a slow phone (long tasks, hydration start), or unthrottled at a
 * screen's width (the bytes it transfers), in a fresh browser context.
 */

/** DevTools' slow phone: "Slow 4G" and the 4× CPU slowdown of a mid-tier mobile. */
export const SLOW_PHONE = { cpuRate: 4, latencyMs: 562.5, downloadBytesPerS: 180_000, uploadBytesPerS: 84_375 };

export type Screen = "375 px" | "1280 px";
export const SCREENS: Record<Screen, BrowserContextOptions> = {
  "375 px": { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  "1280 px": { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
};

/**
 * After the network is idle the trace runs on this long, for the tasks the last responses start (module
 * evaluation, hydration); a framework page not hydrated by its end is visited anew with twice the time (at
 * most SETTLE_ATTEMPTS visits), then fails the run rather than miss its tasks.
 */
export const SETTLE_MS = 1500;
export const SETTLE_ATTEMPTS = 3;

export type ByteKind = "images" | "scripts" | "rest";

/** CDP's resource type of a response, as the report splits the bytes. */
export function byteKind(resourceType: string | undefined): ByteKind {
  if (resourceType === "Image") return "images";
  if (resourceType === "Script") return "scripts";
  return "rest";
}

/**
 * The figures of the long tasks from `from` on (ms from navigation start); a task spanning it counts with its part
 * after it. The longest in ms (0 when there was none); beyond50 in ms, the sum of (duration - 50 ms).
 */
export function longTaskFigures(tasks: readonly TraceTask[], from: number) {
  const figures = { count: 0, longest: 0, beyond50: 0 };
  for (const task of tasks) {
    const duration = task.start + task.duration - Math.max(task.start, from);
    if (duration <= LONG_TASK_MS) continue;
    figures.count += 1;
    figures.longest = Math.max(figures.longest, duration);
    figures.beyond50 += duration - LONG_TASK_MS;
  }
  return figures;
}

type LongTaskFigures = ReturnType<typeof longTaskFigures>;

/** What the longest task spent its time on, e.g. "style 31 ms, layout 12 ms (187 elements restyled)". */
export function taskWork(task: TraceTask | undefined): string {
  if (!task) return "–";
  const parts = Object.entries(task.work)
    .filter(([, ms]) => (ms ?? 0) >= 1)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([kind, ms]) => `${kind} ${Math.round(ms ?? 0)} ms`);
  const notes = [
    ...(task.elementsRestyled ? [`${task.elementsRestyled} elements restyled`] : []),
    ...(task.cpu === null ? [] : [`on a CPU ${Math.round(task.cpu)} ms`]),
  ];
  return `${parts.join(", ") || "no known work"}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

export interface SlowRun {
  route: string;
  /** the build measured: "now" or "baseline" */
  build: string;
  run: number;
  ok: boolean;
  error?: string;
  fcp: number | null;
  loadEventStart: number | null;
  /** startTime of the first resource named entry.client, minus loadEventStart; null on a page without a framework */
  hydrationStartAfterLoad: number | null;
  /** the page runs React (hydrates after load) */
  framework: boolean;
  /** the long tasks after the first contentful paint (from the trace) */
  longTasks: LongTaskFigures | null;
  /** those of longTasks from the request of entry.client on */
  longTasksFromHydration: LongTaskFigures | null;
  /** what the longest of them did */
  longestWork: string;
  /** elements restyled by every Recalculate Style after the first contentful paint, and by the largest one */
  restyled: number | null;
  largestRestyle: number | null;
  /** ms of style, layout and paint in the whole visit, before the first paint too (trace.ts, visitRendering) */
  rendering: number | null;
  /** every long task of the page after the first paint (start, duration, work) */
  allLongTasks: TraceTask[];
  idleTimedOut: boolean;
}

/** The figures of a run that a route reports the medians of. */
type MedianFigure = "fcp" | "loadEventStart" | "hydrationStartAfterLoad" | "restyled" | "largestRestyle" | "rendering";

/**
 * A route's runs: whether one loaded a framework (React Router: a production page has none, decision 0014), the
 * medians of their figures, and the longest task's work in the run with the median longest task.
 */
export interface SlowRoute extends RunTally, Pick<SlowRun, MedianFigure | "framework" | "longestWork"> {
  count: number | null;
  countFromHydration: number | null;
  longest: number | null;
  beyond50: number | null;
}

export interface BytesRun {
  route: string;
  path: string;
  screen: Screen;
  ok: boolean;
  error?: string;
  total: number;
  requests: number;
  byKind: Record<ByteKind, number>;
  /** by CDP resource type: responses and bytes */
  byType: Record<string, { count: number; bytes: number }>;
  largest: { url: string; type: string; bytes: number }[];
  idleTimedOut: boolean;
}

/** A new page of `context` on the slow phone's network and CPU (through its CDP session), its requests tracked. */
export async function slowPhonePage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerS,
    uploadThroughput: SLOW_PHONE.uploadBytesPerS,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuRate });
  return { page, cdp, network: inflightTracker(page) };
}

/**
 * Whether React has hydrated `main` (a fiber key on it); null on a page without a framework (pipeline/islands.ts).
 * Runs in the page.
 */
function mainHydrated(): boolean | null {
  if (!("__reactRouterContext" in window)) return null;
  const main = document.querySelector("main");
  return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
}

/**
 * Waits until React has hydrated `main`, polled from the page (a script in it: only where nothing is measured,
 * the bytes); at once on a page without a framework, whose behaviours start in the tasks after its parse
 * (app/behaviours/start-page.ts) and fetch no content.
 */
export async function waitForHydration(page: Page, timeoutMs: number): Promise<void> {
  if ((await page.evaluate(mainHydrated)) === null) return;
  await page.waitForFunction(mainHydrated, undefined, { polling: 100, timeout: timeoutMs });
}

/**
 * One first visit on the slow phone, traced through CDP from before the navigation until the network has been
 * idle for QUIET_MS and SETTLE_MS more: nothing runs in the page under test while it is traced (the page's
 * figures are read after the trace has ended).
 */
export async function slowRun(
  browser: Browser,
  url: string,
  route: Route,
  run: number,
  build = "now",
): Promise<SlowRun> {
  let result: SlowRun | undefined;
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
    result = await slowVisit(browser, url, route, run, build, SETTLE_MS * 2 ** attempt);
    if (result.ok || result.error !== NOT_HYDRATED) break;
  }
  return result!;
}

const NOT_HYDRATED = "hydration had not finished when the trace ended";

/** A run that has measured nothing yet. */
function emptySlowRun(route: Route, run: number, build: string): SlowRun {
  return {
    route: route.label,
    build,
    run,
    ok: false,
    fcp: null,
    loadEventStart: null,
    hydrationStartAfterLoad: null,
    framework: false,
    longTasks: null,
    longTasksFromHydration: null,
    longestWork: "–",
    restyled: null,
    largestRestyle: null,
    rendering: null,
    allLongTasks: [],
    idleTimedOut: false,
  };
}

/** The page's load event and the start of the entry.client script's request, read from the page. */
function loadTimings(page: Page): Promise<{ loadEventStart: number | null; entryClientStart: number | null }> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const entryClient = performance.getEntriesByType("resource").find((e) => e.name.includes("entry.client"));
    return { loadEventStart: navigation?.loadEventStart ?? null, entryClientStart: entryClient?.startTime ?? null };
  });
}

async function slowVisit(
  browser: Browser,
  url: string,
  route: Route,
  run: number,
  build: string,
  settleMs: number,
): Promise<SlowRun> {
  const result = emptySlowRun(route, run, build);
  const context = await browser.newContext(SCREENS["375 px"]);
  try {
    const { page, cdp, network } = await slowPhonePage(context);
    await startTrace(cdp);
    let events;
    try {
      await page.goto(url, { waitUntil: "load", timeout: 120_000 });
      result.idleTimedOut = !(await network.idle(60_000));
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    } finally {
      events = await stopTrace(cdp);
    }
    const trace = analyseTrace(events);
    // read after the trace: these scripts are not measured
    const isHydrated = await page.evaluate(mainHydrated);
    const measured = await loadTimings(page);
    await cdp.detach().catch(() => undefined);
    result.framework = isHydrated !== null;
    result.fcp = trace.fcp;
    result.loadEventStart = measured.loadEventStart;
    result.allLongTasks = trace.longTasks;
    if (measured.entryClientStart !== null && measured.loadEventStart !== null)
      result.hydrationStartAfterLoad = measured.entryClientStart - measured.loadEventStart;
    const problems: string[] = [];
    if (trace.fcp === null) problems.push("no first contentful paint in the trace");
    if (isHydrated === false) problems.push(NOT_HYDRATED);
    if (result.framework && measured.entryClientStart === null) problems.push("no entry.client resource entry");
    if (trace.fcp !== null) {
      result.longTasks = longTaskFigures(trace.longTasks, trace.fcp);
      if (measured.entryClientStart !== null)
        result.longTasksFromHydration = longTaskFigures(
          trace.longTasks,
          Math.max(trace.fcp, measured.entryClientStart),
        );
      const longest = [...trace.longTasks].sort((a, b) => b.duration - a.duration)[0];
      result.longestWork = taskWork(longest);
      result.restyled = trace.styleRecalcs.reduce((sum, recalc) => sum + recalc.elementCount, 0);
      result.largestRestyle = trace.largestRecalc?.elementCount ?? 0;
      result.rendering = trace.visitRendering;
    }
    result.ok = problems.length === 0;
    if (!result.ok) result.error = problems.join("; ");
  } catch (error) {
    result.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    await context.close().catch(() => undefined);
  }
  return result;
}

export function aggregateSlow(route: Route, runs: SlowRun[]): SlowRoute {
  const { ok, tally } = tallyRuns(route, runs);
  const rep = ok[medianIndex(ok.map((r) => r.longTasks?.longest))];
  return {
    ...tally,
    framework: ok.some((r) => r.framework),
    ...mediansOf(ok, ["fcp", "loadEventStart", "hydrationStartAfterLoad"]),
    count: median(ok.map((r) => r.longTasks?.count)),
    countFromHydration: median(ok.map((r) => r.longTasksFromHydration?.count)),
    longest: median(ok.map((r) => r.longTasks?.longest)),
    beyond50: median(ok.map((r) => r.longTasks?.beyond50)),
    ...mediansOf(ok, ["restyled", "largestRestyle", "rendering"]),
    longestWork: rep?.longestWork ?? "–",
  };
}

export async function bytesRun(browser: Browser, url: string, route: Route, screen: Screen): Promise<BytesRun> {
  const result: BytesRun = {
    route: route.label,
    path: route.path,
    screen,
    ok: false,
    total: 0,
    requests: 0,
    byKind: { images: 0, scripts: 0, rest: 0 },
    byType: {},
    largest: [],
    idleTimedOut: false,
  };
  const context = await browser.newContext(SCREENS[screen]);
  let cdp: CDPSession | undefined;
  try {
    const page = await context.newPage();
    cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const add = (url: string, type: string, bytes: number) => {
      result.total += bytes;
      result.requests += 1;
      result.byKind[byteKind(type)] += bytes;
      const entry = (result.byType[type] ??= { count: 0, bytes: 0 });
      entry.count += 1;
      entry.bytes += bytes;
      result.largest.push({ url, type, bytes });
    };
    cdp.on("Network.requestWillBeSent", (event) => {
      // a redirect's response arrives here, under the same request id as the request it leads to
      if (event.redirectResponse) add(event.redirectResponse.url, "Redirect", event.redirectResponse.encodedDataLength);
      if (event.type) types.set(event.requestId, event.type);
      urls.set(event.requestId, event.request.url);
    });
    cdp.on("Network.responseReceived", (event) => {
      types.set(event.requestId, event.type);
      urls.set(event.requestId, event.response.url);
    });
    cdp.on("Network.loadingFinished", (event) => {
      add(urls.get(event.requestId) ?? "?", types.get(event.requestId) ?? "Other", event.encodedDataLength);
    });
    await cdp.send("Network.enable");
    const network = inflightTracker(page);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await waitForHydration(page, 30_000);
    result.idleTimedOut = !(await network.idle(30_000));
    result.ok = true;
  } catch (error) {
    result.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    await cdp?.detach().catch(() => undefined);
    await context.close().catch(() => undefined);
  }
  result.largest = result.largest.sort((a, b) => b.bytes - a.bytes).slice(0, 6);
  return result;
}
