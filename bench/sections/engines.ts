import { withTimeLimit, type EnginePage } from "../../test-support/cross-engine/engine-page";
import { launchFirefox } from "../../test-support/cross-engine/firefox-page";
import { launchWebKit } from "../../test-support/cross-engine/webkit-page";
import { ensureFirefox, ensureWebKit } from "../../test-support/ensure-engines";
import type { BenchContext, MainBuild, SiteBuild } from "../context";
import {
  aggregateEngineRoute,
  ENGINE_LABELS,
  engineRun,
  engineSummaryRow,
  engineTable,
  errorLine,
  HYDRATION_POLL_MS,
  PHONE,
  RUN_LIMITS,
  runLine,
  startedBeforeLoad,
  type EngineName,
} from "../engine-runs";
import { fmtMs, routesLine } from "../format";
import { HYDRATION_DEADLINE_MS, LOAD_GRACE_MS } from "../../pipeline/defer-hydration";
import type { SectionOutput } from "../report";
import { interleavedRuns } from "../stats";

/**
 * Hydration start after load in the two other engines of the target
 * ("preview pages hydrate within 1 s of load in Chromium, Firefox and
 * WebKit"): a first visit to each route of the preview build (the visual
 * editor's: production pages run no framework, decision 0014) in Firefox
 * ESR and in WebKitGTK, driven by the
 * cross-engine suite's EnginePage (test-support/cross-engine/), a new
 * browser per run, at a phone's width. These drivers can throttle neither
 * CPU nor network: the figures are unthrottled.
 */

type Launch = (origin: string) => Promise<EnginePage>;

interface Engine {
  name: EngineName;
  launch?: Launch;
  setupError?: string;
}

/** An engine found (or installed) by `ensure`, or why it could not be. */
async function engine<T>(
  name: EngineName,
  ensure: () => Promise<T>,
  launch: (found: T, origin: string) => Promise<EnginePage>,
): Promise<Engine> {
  try {
    const found = await ensure();
    return { name, launch: (origin) => launch(found, origin) };
  } catch (error) {
    return { name, setupError: errorLine(error) };
  }
}

/** The engines, found (or installed) one after the other as test-support/run-e2e.ts does: each may run apt. */
async function findEngines(): Promise<Engine[]> {
  const firefox = await engine("firefox", ensureFirefox, launchFirefox);
  if (process.platform !== "linux")
    return [firefox, { name: "webkit", setupError: "WebKitGTK and Xvfb run on Linux only" }];
  return [firefox, await engine("webkit", ensureWebKit, launchWebKit)];
}

/**
 * A launcher that keeps the browser of the run in progress, closed by the bench's cleanup too (Ctrl-C):
 * WebKit's driver and Xvfb would outlive the bench.
 */
function trackedLauncher(ctx: BenchContext, origin: string): (launch: Launch) => Promise<EnginePage> {
  let current: EnginePage | undefined;
  ctx.onCleanup(async () => {
    const page = current;
    current = undefined;
    if (page) await withTimeLimit(page.close(), RUN_LIMITS.closeMs, "closing the browser");
  });
  return async (launch) => {
    const page = await launch(origin);
    current = page;
    return {
      ...page,
      async close() {
        if (current === page) current = undefined;
        await page.close();
      },
    };
  };
}

/** One engine's runs over every route, interleaved as in first-visit: drift of the machine hits every route alike. */
async function measureEngine(
  ctx: BenchContext,
  main: MainBuild,
  runs: number,
  engine: Engine,
  launch: () => Promise<EnginePage>,
) {
  const byRoute = await interleavedRuns(main.routes, runs, async (route, run) => {
    const result = await engineRun(launch, { engine: engine.name, route, run });
    ctx.log(`engines ${engine.name} ${route.label} run ${run}/${runs}: ${runLine(result)}`);
    return result;
  });
  const done = byRoute.flat();
  const version = done.find((r) => r.version)?.version ?? "version unknown (no browser started)";
  ctx.log(`engines ${engine.name}: ${version}`);
  return { version, runs: done, routes: main.routes.map((route, i) => aggregateEngineRoute(route, byRoute[i]!)) };
}

type EngineResult = Awaited<ReturnType<typeof measureEngine>>;
type EngineResults = Partial<Record<EngineName, EngineResult>>;

/** Every engine that could be set up, one after the other. */
async function measureEngines(
  ctx: BenchContext,
  main: MainBuild,
  preview: SiteBuild,
  runs: number,
  engines: readonly Engine[],
): Promise<EngineResults> {
  const tracked = trackedLauncher(ctx, preview.site.url);
  const results: EngineResults = {};
  for (const engine of engines) {
    const launch = engine.launch;
    if (!launch) {
      ctx.log(`engines ${engine.name}: not measured: ${engine.setupError ?? "unknown error"}`);
      continue;
    }
    results[engine.name] = await measureEngine(ctx, main, runs, engine, () => tracked(launch));
  }
  return results;
}

/** How the engines were driven and what each figure is. */
function methodMarkdown(main: MainBuild, preview: SiteBuild, runs: number): string[] {
  return [
    "A first visit to each route of the work tree's preview build (draft content, React Router hydrating every page, " +
      `as in the visual editor), served by the bench's site server (\`${preview.site.url}\`), ` +
      "in Firefox ESR (puppeteer-core over WebDriver BiDi, headless) and WebKitGTK (the suite's webkit-shell.py through WebKitWebDriver, " +
      "in Xvfb), with the cross-engine suite's drivers (test-support/cross-engine/). " +
      `Median of ${runs} run(s) per route, interleaved over the routes; each run starts a new browser, so the cache is empty ` +
      "(Firefox: a new temporary profile; the WebKit shell: ephemeral website data). " +
      `${PHONE.width} × ${PHONE.height} px CSS viewport (device scale 1, no touch emulation: EnginePage sets neither).`,
    "",
    "**Unthrottled:** WebDriver BiDi in Firefox and WebKitWebDriver offer no CPU or network throttling, so these are the " +
      "figures of this machine's CPU and loopback network, not of a slow phone; compare them with each other, not with " +
      "first-visit's slow-phone figures.",
    "",
    routesLine(main.routes),
    "",
    "Times from navigation start. Load = the navigation's `loadEventStart`; FCP = the `first-contentful-paint` paint entry " +
      "(– where the engine reports none); hydration start after load = `startTime` of the first resource named " +
      "`entry.client` − `loadEventStart`; hydrated by = the page's time when a `__reactFiber` key was first seen on `main`, " +
      `polled in the page every ${HYDRATION_POLL_MS} ms from the first look, the page's time when the driver had returned ` +
      "from `load` (hydrated by equal to it: hydrated before the driver looked, so only an upper bound). " +
      `A run fails without load, \`entry.client\` or hydration within ${RUN_LIMITS.hydrationMs / 1000} s, and when it takes ` +
      `longer than ${fmtMs(RUN_LIMITS.launchMs)} to start the browser or ${fmtMs(RUN_LIMITS.runMs)} for the rest ` +
      "(a hung engine); its browser is closed and the next run goes on. In WebKitGTK the driver turns looping off on the " +
      "page's videos after `load` (a GStreamer deadlock of Debian 12, test-support/cross-engine/webkit-page.ts).",
    "",
  ];
}

/** One engine's part of the report: its version, its table, early hydrations and failed runs. */
function engineMarkdown(engine: Engine, result: EngineResult | undefined): string[] {
  const md: string[] = [`### ${ENGINE_LABELS[engine.name]}`, ""];
  if (!result) {
    md.push(`Not measured: ${engine.setupError ?? "unknown error"}.`, "");
    return md;
  }
  md.push(`${result.version}.`, "", engineTable(result.routes), "");
  const early = startedBeforeLoad(result.runs);
  if (early.length)
    md.push(
      `Hydration started before \`load\` (a negative figure) on ${early.map((e) => `${e.route} (${e.runs} of ${e.of} runs)`).join(", ")}: ` +
        `\`load\` came more than ${fmtMs(LOAD_GRACE_MS)} after the first screen was shown, or later than hydration's deadline of ` +
        `${fmtMs(HYDRATION_DEADLINE_MS)} after parsing (pipeline/defer-hydration.ts).`,
      "",
    );
  const errors = result.routes.flatMap((r) => r.errors.map((e) => `${r.route} ${e}`));
  if (errors.length) md.push(`Failed runs: ${errors.join("; ")}.`, "");
  return md;
}

export async function enginesSection(ctx: BenchContext): Promise<SectionOutput> {
  const main = await ctx.mainBuild();
  const preview = await ctx.previewBuild();
  const runs = Math.max(1, ctx.options.runs);
  const engines = await findEngines();
  const results = await measureEngines(ctx, main, preview, runs, engines);

  const summary: SectionOutput["summary"] = engines.map((engine) =>
    engineSummaryRow(engine.name, results[engine.name]?.routes ?? [], engine.setupError),
  );
  const md = [
    ...methodMarkdown(main, preview, runs),
    ...engines.flatMap((engine) => engineMarkdown(engine, results[engine.name])),
  ];

  return {
    summary,
    markdown: md.join("\n"),
    data: {
      viewport: PHONE,
      limits: RUN_LIMITS,
      engines: Object.fromEntries(
        engines.map(({ name, setupError }) => [
          name,
          { version: null, setupError, routes: [], runs: [], ...results[name] },
        ]),
      ),
    },
  };
}
