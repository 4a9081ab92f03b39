import type { Browser, BrowserContextOptions, CDPSession, Page, Request } from "@playwright/test";
import type { Route } from "./context";
import { median, tallyRuns, type RunTally } from "./stats";

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

/** A long task is one over this; what lies beyond it is blocking time (as in Lighthouse's TBT). */
export const LONG_TASK_MS = 50;
/** Playwright's "networkidle": no request in flight for this long. */
export const QUIET_MS = 500;

export interface LongTask {
  startTime: number;
  duration: number;
}

export interface LongTaskFigures {
  count: number;
  /** ms; 0 when there was none */
  longest: number;
  /** ms: the sum of (duration - 50 ms) */
  beyond50: number;
}

/**
 * The long tasks after the first contentful paint: a task that began before
 * it and ended after it counts with its part after it, as in Lighthouse's
 * Total Blocking Time (which also ends at Time to Interactive; here the
 * window ends when the network is idle after hydration).
 */
export function longTasksAfter(tasks: readonly LongTask[], fcp: number): LongTaskFigures {
  const figures: LongTaskFigures = { count: 0, longest: 0, beyond50: 0 };
  for (const task of tasks) {
    const duration = task.startTime + task.duration - Math.max(task.startTime, fcp);
    if (duration <= LONG_TASK_MS) continue;
    figures.count += 1;
    figures.longest = Math.max(figures.longest, duration);
    figures.beyond50 += duration - LONG_TASK_MS;
  }
  return figures;
}

export type ByteKind = "images" | "scripts" | "rest";

/** CDP's resource type of a response, as the report splits the bytes. */
export function byteKind(resourceType: string | undefined): ByteKind {
  if (resourceType === "Image") return "images";
  if (resourceType === "Script") return "scripts";
  return "rest";
}

export interface SlowRun {
  route: string;
  run: number;
  ok: boolean;
  error?: string;
  fcp: number | null;
  loadEventStart: number | null;
  /** startTime of the first resource named entry.client, minus loadEventStart */
  hydrationStartAfterLoad: number | null;
  /** page time at which `main` was first seen hydrated (polled every 100 ms) */
  hydratedBy: number | null;
  longTasks: LongTaskFigures | null;
  /** those of longTasks from the request of entry.client on */
  longTasksFromHydration: LongTaskFigures | null;
  /** every long task of the page (start, duration), before the first paint too */
  allLongTasks: LongTask[];
  idleTimedOut: boolean;
}

export interface SlowRoute extends RunTally {
  fcp: number | null;
  loadEventStart: number | null;
  hydrationStartAfterLoad: number | null;
  hydratedBy: number | null;
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

/** Requests in flight on a page, to wait for Playwright's "networkidle" at any later moment (its own fires once). */
function inflightTracker(page: Page) {
  const inflight = new Set<Request>();
  let lastChange = performance.now();
  const start = (request: Request) => {
    inflight.add(request);
    lastChange = performance.now();
  };
  const end = (request: Request) => {
    inflight.delete(request);
    lastChange = performance.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    /** Resolves true once no request has been in flight for QUIET_MS, false at the timeout. */
    async idle(timeoutMs: number): Promise<boolean> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        if (inflight.size === 0 && performance.now() - lastChange >= QUIET_MS) return true;
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * Waits until React has hydrated `main` (a fiber key on it); resolves the page's time at that moment, or null at
 * once for a page without a framework (no React Router on window: pipeline/islands.ts), whose behaviour modules
 * ran before `load`.
 */
async function waitForHydration(page: Page, timeoutMs: number): Promise<number | null> {
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return null;
  const handle = await page.waitForFunction(
    () => {
      const main = document.querySelector("main");
      return main && Object.keys(main).some((key) => key.startsWith("__reactFiber")) ? performance.now() : false;
    },
    undefined,
    { polling: 100, timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

function recordLongTasks(): void {
  const w = window as unknown as { __benchLongTasks: LongTask[]; __benchLongTaskObserver?: PerformanceObserver };
  w.__benchLongTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.__benchLongTasks.push({ startTime: entry.startTime, duration: entry.duration });
  });
  observer.observe({ type: "longtask", buffered: true });
  w.__benchLongTaskObserver = observer;
}

export async function slowRun(browser: Browser, url: string, route: Route, run: number): Promise<SlowRun> {
  const result: SlowRun = {
    route: route.label,
    run,
    ok: false,
    fcp: null,
    loadEventStart: null,
    hydrationStartAfterLoad: null,
    hydratedBy: null,
    longTasks: null,
    longTasksFromHydration: null,
    allLongTasks: [],
    idleTimedOut: false,
  };
  const context = await browser.newContext(SCREENS["375 px"]);
  try {
    await context.addInitScript(recordLongTasks);
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
    const network = inflightTracker(page);
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    result.hydratedBy = await waitForHydration(page, 60_000);
    const framework = result.hydratedBy !== null;
    result.idleTimedOut = !(await network.idle(60_000));
    const measured = await page.evaluate(() => {
      const w = window as unknown as { __benchLongTasks?: LongTask[]; __benchLongTaskObserver?: PerformanceObserver };
      // entries of a task that just ended may not have reached the callback yet
      for (const entry of w.__benchLongTaskObserver?.takeRecords() ?? [])
        w.__benchLongTasks?.push({ startTime: entry.startTime, duration: entry.duration });
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const entryClient = performance.getEntriesByType("resource").find((e) => e.name.includes("entry.client"));
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        loadEventStart: navigation?.loadEventStart ?? null,
        entryClientStart: entryClient?.startTime ?? null,
        tasks: w.__benchLongTasks ?? null,
      };
    });
    await cdp.detach().catch(() => undefined);
    result.fcp = measured.fcp;
    result.loadEventStart = measured.loadEventStart;
    result.allLongTasks = measured.tasks ?? [];
    if (measured.entryClientStart !== null && measured.loadEventStart !== null)
      result.hydrationStartAfterLoad = measured.entryClientStart - measured.loadEventStart;
    const problems: string[] = [];
    if (measured.tasks === null) problems.push("the long-task observer did not run");
    if (measured.fcp === null) problems.push("no first-contentful-paint entry");
    if (framework && measured.entryClientStart === null) problems.push("no entry.client resource entry");
    if (measured.tasks !== null && measured.fcp !== null) {
      result.longTasks = longTasksAfter(measured.tasks, measured.fcp);
      if (measured.entryClientStart !== null)
        result.longTasksFromHydration = longTasksAfter(
          measured.tasks,
          Math.max(measured.fcp, measured.entryClientStart),
        );
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
  return {
    ...tally,
    fcp: median(ok.map((r) => r.fcp)),
    loadEventStart: median(ok.map((r) => r.loadEventStart)),
    hydrationStartAfterLoad: median(ok.map((r) => r.hydrationStartAfterLoad)),
    hydratedBy: median(ok.map((r) => r.hydratedBy)),
    count: median(ok.map((r) => r.longTasks?.count)),
    countFromHydration: median(ok.map((r) => r.longTasksFromHydration?.count)),
    longest: median(ok.map((r) => r.longTasks?.longest)),
    beyond50: median(ok.map((r) => r.longTasks?.beyond50)),
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
  result.largest.sort((a, b) => b.bytes - a.bytes);
  result.largest = result.largest.slice(0, 6);
  return result;
}
