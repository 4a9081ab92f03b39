import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EnginePage } from "../test-support/cross-engine/engine-page";
import {
  aggregateEngineRoute,
  engineRun,
  engineSummaryRow,
  engineTable,
  latestRoute,
  runFromTimes,
  startedBeforeLoad,
  type EngineRoute,
  type EngineRun,
  type PageTimes,
  type RunLimits,
} from "./engine-runs";

const route = { path: "/about", label: "/about" };
const id = { engine: "webkit" as const, route, run: 2 };
const times = (over: Partial<PageTimes> = {}): PageTimes => ({
  loadEventStart: 3600,
  fcp: 900,
  entryClientStart: 3700,
  hydratedBy: 3950,
  firstLook: 3800,
  framework: true,
  ...over,
});

describe("runFromTimes", () => {
  it("takes hydration start after load as entry.client's start minus loadEventStart", () => {
    const run = runFromTimes(id, times());
    expect(run.ok).toBe(true);
    expect(run.hydrationStartAfterLoad).toBe(100);
    expect(run).toMatchObject({ route: "/about", path: "/about", run: 2, engine: "webkit", hydratedBy: 3950 });
  });
  it("keeps a run without a paint entry: not every engine reports FCP", () => {
    const run = runFromTimes(id, times({ fcp: null }));
    expect(run.ok).toBe(true);
    expect(run.fcp).toBeNull();
  });
  it("can be negative when entry.client was requested before load", () => {
    expect(runFromTimes(id, times({ entryClientStart: 3500 })).hydrationStartAfterLoad).toBe(-100);
  });
  it("fails without entry.client, hydration or a load event, naming each", () => {
    const noScript = runFromTimes(id, times({ entryClientStart: null }));
    expect(noScript.ok).toBe(false);
    expect(noScript.hydrationStartAfterLoad).toBeNull();
    expect(noScript.error).toContain("entry.client");
    const notHydrated = runFromTimes(id, times({ hydratedBy: null }), 15_000);
    expect(notHydrated.ok).toBe(false);
    expect(notHydrated.error).toContain("not hydrated within 15 s");
    // loadEventStart stays 0 until the load event begins
    const notLoaded = runFromTimes(id, times({ loadEventStart: 0 }));
    expect(notLoaded.ok).toBe(false);
    expect(notLoaded.hydrationStartAfterLoad).toBeNull();
    expect(notLoaded.error).toContain("loadEventStart");
  });
  it("measures a page without a framework (no React Router on window) with no entry.client and no hydration", () => {
    const run = runFromTimes(id, times({ framework: false, entryClientStart: null, hydratedBy: null }));
    expect(run.ok).toBe(true);
    expect(run.framework).toBe(false);
    expect(run.hydrationStartAfterLoad).toBeNull();
    // a page with the framework still fails without them
    expect(runFromTimes(id, times({ entryClientStart: null, hydratedBy: null })).ok).toBe(false);
  });
});

function okRun(run: number, hydrationStartAfterLoad: number, load: number): EngineRun {
  return {
    engine: "firefox",
    route: "/about",
    path: "/about",
    run,
    ok: true,
    loadEventStart: load,
    fcp: null,
    hydrationStartAfterLoad,
    hydratedBy: load + hydrationStartAfterLoad + 50,
    firstLook: load + 20,
    framework: true,
  };
}

describe("aggregateEngineRoute", () => {
  it("takes the medians of the runs that succeeded and lists the failed ones", () => {
    const failed: EngineRun = { ...okRun(2, 0, 0), ok: false, error: "the run took more than 90 s" };
    const aggregated = aggregateEngineRoute(route, [okRun(1, 60, 500), failed, okRun(3, 140, 700), okRun(4, 90, 600)]);
    expect(aggregated).toMatchObject({
      runs: 4,
      runsOk: 3,
      loadEventStart: 600,
      hydrationStartAfterLoad: 90,
      hydratedBy: 740,
      firstLook: 620,
      fcp: null,
    });
    expect(aggregated.errors).toEqual(["run 2: the run took more than 90 s"]);
  });
  it("marks a route without a framework when every run that succeeded found none", () => {
    const bare = (run: number): EngineRun => ({ ...okRun(run, 0, 500), framework: false });
    expect(aggregateEngineRoute(route, [bare(1), bare(2)]).withoutFramework).toBe(true);
    expect(aggregateEngineRoute(route, [bare(1), okRun(2, 60, 500)]).withoutFramework).toBe(false);
    expect(aggregateEngineRoute(route, [{ ...bare(1), ok: false }]).withoutFramework).toBe(false);
  });
  it("has no figures when every run failed", () => {
    const failed: EngineRun = { ...okRun(1, 80, 400), ok: false, error: "hung" };
    expect(aggregateEngineRoute(route, [failed]).hydrationStartAfterLoad).toBeNull();
  });
});

const routeFigures = (label: string, hydration: number | null, runsOk = 2): EngineRoute => ({
  route: label,
  path: label,
  runs: 2,
  runsOk,
  loadEventStart: hydration === null ? null : 1000,
  fcp: null,
  hydrationStartAfterLoad: hydration,
  hydratedBy: hydration === null ? null : 1000 + hydration + 30,
  firstLook: hydration === null ? null : 1010,
  errors: [],
  withoutFramework: false,
});

describe("latestRoute and engineSummaryRow", () => {
  it("judges the route that hydrates latest against 1 s", () => {
    const routes = [routeFigures("/", 120), routeFigures("/index", 480), routeFigures("/about", 45)];
    expect(latestRoute(routes)?.route).toBe("/index");
    const row = engineSummaryRow("firefox", routes);
    expect(row.verdict).toBe("pass");
    expect(row.value.startsWith("480 ms (/index)")).toBe(true);
    expect(row.figure).toContain("Firefox ESR");
  });
  it("fails when a route starts hydrating more than 1 s after load", () => {
    const row = engineSummaryRow("webkit", [routeFigures("/", 200), routeFigures("article", 1001)]);
    expect(row.verdict).toBe("fail");
    expect(row.value).toContain("(article)");
  });
  it("is an error when a route was not measured, even if the others pass", () => {
    const row = engineSummaryRow("webkit", [routeFigures("/", 200), routeFigures("/en", null, 0)]);
    expect(row.verdict).toBe("error");
    expect(row.value).toContain("not measured: /en");
    expect(row.value).toContain("2 of 4 runs failed");
  });
  it("counts a route without a framework as measured, naming it, and shows it so in the table", () => {
    const bare = { ...routeFigures("/index", null), withoutFramework: true, loadEventStart: 900, firstLook: 910 };
    const row = engineSummaryRow("webkit", [routeFigures("/", 200), bare]);
    expect(row.verdict).toBe("pass");
    expect(row.value).toContain("no framework: /index");
    expect(row.value).not.toContain("not measured");
    expect(engineTable([bare]).split("\n")[2]).toBe(
      "| /index | 900 ms | – | no framework | no framework | 910 ms | 2/2 |",
    );
  });
  it("is an error when the engine could not be started or nothing was measured", () => {
    expect(engineSummaryRow("webkit", [], "WebKitGTK and Xvfb run on Linux only").verdict).toBe("error");
    expect(engineSummaryRow("firefox", [routeFigures("/", null, 0)]).verdict).toBe("error");
    expect(latestRoute([routeFigures("/", null, 0)])).toBeUndefined();
  });
});

describe("engineTable", () => {
  it("shows the medians per route and the runs that succeeded", () => {
    const table = engineTable([routeFigures("/", 120, 1)]).split("\n");
    expect(table[0]).toBe("| route | load | FCP | hydration start after load | hydrated by | first look | runs ok |");
    expect(table[2]).toBe("| / | 1.00 s | – | 120 ms | 1.15 s | 1.01 s | 1/2 |");
  });
});

const fast: RunLimits = { launchMs: 200, runMs: 200, closeMs: 100, hydrationMs: 50 };

/** A page that answers with fixed times, or hangs in `open`; counts its closes. */
function fakePage(behaviour: { hangOpen?: boolean; times?: PageTimes }) {
  const state = { closed: 0, opened: [] as string[], viewport: [] as number[] };
  const page: EnginePage = {
    engine: "fake",
    version: "Fake 1.0",
    async setViewport(width, height) {
      state.viewport = [width, height];
    },
    async open(path) {
      state.opened.push(path);
      if (behaviour.hangOpen) await new Promise(() => undefined);
    },
    async evaluate() {
      return (behaviour.times ?? times()) as never;
    },
    async click() {},
    async hover() {},
    async wheel() {},
    async screenshot() {},
    async takeErrors() {
      return [];
    },
    async close() {
      state.closed += 1;
    },
  };
  return { page, state };
}

describe("engineRun", () => {
  // the time limits run on a fake clock: what a test proves does not depend on how busy the machine is
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the route at a phone's width in a browser of its own and closes it", async () => {
    const { page, state } = fakePage({});
    const run = await engineRun(async () => page, id, fast);
    expect(run.ok).toBe(true);
    expect(run.hydrationStartAfterLoad).toBe(100);
    expect(run.version).toBe("Fake 1.0");
    expect(state).toEqual({ closed: 1, opened: ["/about"], viewport: [375, 740] });
  });
  it("fails a run whose engine hangs, within its time limit, and still closes the browser", async () => {
    const { page, state } = fakePage({ hangOpen: true });
    const running = engineRun(async () => page, id, fast);
    // a run that ignored its limit would never settle here
    await vi.advanceTimersByTimeAsync(fast.runMs);
    const run = await running;
    expect(run.ok).toBe(false);
    expect(run.error).toBe("the run took more than 0.2 s");
    expect(state.closed).toBe(1);
  });
  it("fails a run whose browser does not start, and closes it should it start later", async () => {
    const { page, state } = fakePage({});
    const running = engineRun(() => new Promise((resolve) => setTimeout(() => resolve(page), 400)), id, fast);
    await vi.advanceTimersByTimeAsync(fast.launchMs);
    const run = await running;
    expect(run.ok).toBe(false);
    expect(run.error).toBe("starting the browser took more than 0.2 s");
    expect(state.closed).toBe(0);
    // the browser comes up after all: it is closed at once, never used
    await vi.advanceTimersByTimeAsync(400 - fast.launchMs);
    expect(state.closed).toBe(1);
    expect(state.opened).toEqual([]);
  });
  it("records a launch error as the run's error", async () => {
    const run = await engineRun(() => Promise.reject(new Error("Xvfb exited (1)\nmore")), id, fast);
    expect(run).toMatchObject({ ok: false, error: "Xvfb exited (1)" });
  });
});

describe("startedBeforeLoad", () => {
  it("names the routes whose script was requested before load, counting only runs that succeeded", () => {
    const early = (route: string, run: number, after: number, ok = true): EngineRun => ({
      ...okRun(run, after, 3400),
      route,
      path: route,
      ok,
    });
    expect(
      startedBeforeLoad([
        early("/", 1, -200),
        early("/index", 1, 240),
        early("/", 2, 35),
        early("/about", 1, -300),
        early("/about", 2, -250),
        early("/en", 1, -10, false),
      ]),
    ).toEqual([
      { route: "/", runs: 1, of: 2 },
      { route: "/about", runs: 2, of: 2 },
    ]);
  });
});
