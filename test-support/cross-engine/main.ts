import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFirefox, ensureWebKit } from "../ensure-engines";
import { CHECKS, CHECKS_WITHOUT_SCRIPTS, DESKTOP_WIDTH, PHONE_WIDTH, type Check, type Expectations } from "./checks";
import { withTimeLimit, type EnginePage } from "./engine-page";
import { readExpectations } from "./expectations";
import { launchFirefox } from "./firefox-page";
import { launchWebKit } from "./webkit-page";

/**
 * The cross-engine suite: the site in Firefox ESR and WebKitGTK at a
 * desktop's and a phone's width, the checks of checks.ts in each (then, in
 * a browser with the pages' scripts off, those without scripts). Started
 * by test-support/run-e2e.ts after Playwright, on the same build and site
 * server (E2E_BASE_URL, E2E_CONTENT_ORIGIN, E2E_PREVIEW_TOKEN). A failed
 * check keeps a screenshot in test-results/cross-engine/. Ends with
 * `engines: N passed, M failed`; exits 1 when a check failed.
 * E2E_ENGINE=firefox or webkit runs one engine; E2E_ENGINE_CHECKS=<text> only the checks whose name holds it. E2E_ENGINE_SHOTS=<folder> also keeps a screenshot of each route at
 * 1280, 768 and 375 px, to look at.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const failureDir = path.join(repo, "test-results", "cross-engine");
const VIEWPORT_HEIGHT: Record<number, number> = { [DESKTOP_WIDTH]: 900, 768: 1000, [PHONE_WIDTH]: 740 };
const SHOT_ROUTES = ["/", "/about", "/index", "ARTICLE", "/imprint"];

interface Engine {
  name: string;
  /** `scripts: false`: the page's own scripts are off (the checks' still run) */
  launch(origin: string, options?: { scripts?: boolean }): Promise<EnginePage>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the cross-engine suite runs from test-support/run-e2e.ts`);
  return value;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

async function keepShots(page: EnginePage, folder: string, expect: Expectations): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const width of [DESKTOP_WIDTH, 768, PHONE_WIDTH]) {
    await page.setViewport(width, VIEWPORT_HEIGHT[width]!);
    for (const route of SHOT_ROUTES) {
      const routePath = route === "ARTICLE" ? expect.articlePath : route;
      await page.open(routePath);
      // hydration, then the entrance animations of the first screen
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await page.screenshot(path.join(folder, `${page.engine}-${width}-${slug(routePath) || "home"}.png`));
    }
  }
}

/** A check that takes longer has hung the engine (seen once in WebKitGTK): it fails and the engine starts anew. */
const CHECK_TIME_LIMIT_MS = 90_000;
const LAUNCH_TIME_LIMIT_MS = 60_000;

/**
 * The page open now, closed by a signal too (the engines run as child processes of their own); module-level, for
 * the signal handlers.
 */
let openPage: EnginePage | undefined;

async function closeOpenPage(): Promise<void> {
  const page = openPage;
  openPage = undefined;
  await withTimeLimit(page?.close() ?? Promise.resolve(), 15_000, "closing the browser").catch((error: unknown) =>
    console.error(`cross-engine: ${error instanceof Error ? error.message : String(error)}`),
  );
}

interface Tally {
  passed: number;
  failed: number;
}

/** Runs every check at both widths, counting into `tally` (kept when the engine itself fails half way). */
async function runEngine(engine: Engine, origin: string, expect: Expectations, tally: Tally): Promise<void> {
  await runChecks(engine, origin, expect, tally, CHECKS, true);
  // a browser of its own: an engine turns a page's scripts off only for the whole browser
  await runChecks(engine, origin, expect, tally, CHECKS_WITHOUT_SCRIPTS, false);
}

async function runChecks(
  engine: Engine,
  origin: string,
  expect: Expectations,
  tally: Tally,
  checks: readonly Check[],
  scripts: boolean,
): Promise<void> {
  const launch = () => withTimeLimit(engine.launch(origin, { scripts }), LAUNCH_TIME_LIMIT_MS, "starting the browser");
  openPage = await launch();
  try {
    for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
      await openPage.setViewport(width, VIEWPORT_HEIGHT[width]!);
      for (const check of checks) {
        if (check.widths && !check.widths.includes(width)) continue;
        if (!check.name.includes(process.env.E2E_ENGINE_CHECKS ?? "")) continue;
        const label = `${engine.name} ${width}px: ${check.name}`;
        const started = performance.now();
        const page: EnginePage = openPage;
        try {
          const checked = async () => {
            await check.run({ page, width, expect });
            const errors = await page.takeErrors();
            if (errors.length > 0) throw new Error(`errors in the page: ${errors.join("; ")}`);
          };
          await withTimeLimit(checked(), CHECK_TIME_LIMIT_MS, "the check");
          tally.passed++;
          console.info(`  ok   ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        } catch (error) {
          tally.failed++;
          const file = path.join(failureDir, `${engine.name}-${width}-${slug(check.name)}.png`);
          await mkdir(failureDir, { recursive: true });
          await withTimeLimit(page.screenshot(file), 10_000, "the screenshot").catch(() => undefined);
          const reason = error instanceof Error ? error.message || `${error.name} ${error.stack ?? ""}` : String(error);
          console.error(`  FAIL ${label}\n       ${reason}\n       ${file}`);
          // the next checks start from a fresh browser: a failure may have left this one stuck
          await closeOpenPage();
          openPage = await launch();
          await openPage.setViewport(width, VIEWPORT_HEIGHT[width]!);
        }
      }
    }
    const shots = process.env.E2E_ENGINE_SHOTS;
    if (shots && scripts) await keepShots(openPage, path.resolve(shots), expect);
  } finally {
    await closeOpenPage();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void closeOpenPage().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

async function main(): Promise<number> {
  const origin = required("E2E_BASE_URL");
  const expect = await readExpectations(origin, required("E2E_CONTENT_ORIGIN"), required("E2E_PREVIEW_TOKEN"));
  const choice = process.env.E2E_ENGINE;
  if (choice && choice !== "firefox" && choice !== "webkit") throw new Error(`E2E_ENGINE=${choice}: firefox or webkit`);
  const wanted = (name: string) => !choice || choice === name;
  if (wanted("webkit") && process.platform !== "linux") {
    throw new Error(
      "WebKitGTK and Xvfb run on Linux only: leave the cross-engine suite out with E2E_ENGINES=0 " +
        "(or run Firefox alone with E2E_ENGINE=firefox)",
    );
  }
  // one after the other: each may install Debian's packages
  const engines: Engine[] = [];
  if (wanted("firefox")) {
    const firefox = await ensureFirefox();
    engines.push({ name: "firefox", launch: (site, options) => launchFirefox(firefox, site, options) });
  }
  if (wanted("webkit")) {
    const webkit = await ensureWebKit();
    engines.push({ name: "webkit", launch: (site, options) => launchWebKit(webkit, site, options) });
  }
  const tally: Tally = { passed: 0, failed: 0 };
  for (const engine of engines) {
    const started = performance.now();
    console.info(`cross-engine: ${engine.name}`);
    try {
      await runEngine(engine, origin, expect, tally);
    } catch (error) {
      tally.failed++;
      console.error(`  FAIL ${engine.name}: ${error instanceof Error ? error.stack : String(error)}`);
    }
    console.info(`cross-engine: ${engine.name} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  console.info(`engines: ${tally.passed} passed, ${tally.failed} failed`);
  return tally.failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`cross-engine: ${error instanceof Error ? error.message : String(error)}`);
    console.info("engines: 0 passed, 1 failed");
    process.exit(1);
  },
);
