import { defineConfig } from "@playwright/test";
import type { EngineOptions } from "./e2e/engines";
import type { BuildOptions } from "./e2e/fixtures";
import { CHROMIUM_ARGS } from "./test-support/ensure-chromium";
import { ENGINES_STAGE_VARIABLE } from "./test-support/ensure-engines";
import { e2ePlan, webServersOf } from "./test-support/e2e-servers";

/**
 * Browser tests. Run them with `npm run test:e2e` (test-support/run-e2e.ts: the
 * installs and the stages). Playwright starts the servers (`webServer`,
 * test-support/e2e-servers.ts): the content service on a copy of the content,
 * the production and preview builds made against it and served, nginx and the
 * hosts' runtimes, on loopback ports whose addresses the specs read in E2E_*
 * variables, and stops them at the end.
 *
 * Five projects. A visitor's behaviours are checked on the production build
 * (published content, pages without a framework where their behaviours have
 * modules: docs/decisions/0014, "Parity"): `browser` runs fully parallel
 * against the site server; `nginx` runs the specs about how pages are served
 * (CSP, HTTP headers and statuses, navigation) against nginx with the nginx
 * site the build wrote; `faults` holds the specs that change state every
 * other test sees: the content service's fault injection
 * (`*.faults.spec.ts`) and the content itself (`*.serial.spec.ts`, publish
 * to live). It runs on one worker after the others are done (as their
 * teardown project, so it runs even when one of their tests failed;
 * Playwright runs a teardown project whatever file filter is given, so use
 * `--project browser` to leave it out). `hosts` (`*.hosts.spec.ts`) checks
 * the same build as Cloudflare's and Netlify's own runtimes serve it, with
 * the Nu Html Checker and a link checker; they are started in run-e2e's hosts
 * stage (or with `--project hosts`, E2E_HOSTS=1), and only such a run has the
 * project (plan.hosts). `preview` runs the specs that need a preview build
 * (drafts, the editor's bridge, React hydrating every page: PREVIEW_SPECS)
 * against a site server of its own. `engines-firefox` and `engines-webkit`
 * (`*.engines.spec.ts`, e2e/engines.ts) run the cross-engine checks on the
 * production build in Firefox ESR and WebKitGTK, driven through
 * test-support/cross-engine/ (never Playwright's own browsers); run-e2e runs
 * them after the others (`--project "engines-*"`; E2E_ENGINES=only alone),
 * and only that stage has them (ENGINES_STAGE_VARIABLE).
 */
const isCI = Boolean(process.env.CI);
const plan = await e2ePlan();
const SERIAL_SPECS = /\.(faults|serial)\.spec\.ts$/;
const HOSTS_SPECS = /\.hosts\.spec\.ts$/;
const ENGINES_SPECS = /\.engines\.spec\.ts$/;
/**
 * What only a preview build has: the visual editor and click-to-edit, and hydration itself (taps before it,
 * failed chunks of a client navigation, scripts after the load event, the router's client navigations). And the
 * view transitions' spec (`view-transitions`): it records the router's tile-to-hero morph of a client
 * navigation; a production page's morph across documents is `hero-morph.spec.ts`'s (docs/decisions/0014).
 */
const PREVIEW_SPECS =
  /\/(visual-editor|editable|before-hydration|chunk-failure|preview-build|view-transitions)\.spec\.ts$/;
/** What a server decides: the same answers are expected from the site server and from nginx. */
const SERVED_SPECS = /\/(csp|http|navigation)\.spec\.ts$/;

export default defineConfig<BuildOptions, EngineOptions>({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // 2 cores: one browser per worker
  workers: 2,
  // no retry: a test that fails once is a finding (fixed the day it is seen), never retried away
  retries: 0,
  forbidOnly: isCI,
  reporter: [["list"], ["./e2e/summary-reporter.ts"]],
  webServer: webServersOf(plan),
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // the production build's content (e2e/fixtures.ts: expected values come from what the build shows)
    contentVersion: "published",
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 720 },
    // failure screenshots come from e2e/fixtures.ts (see attachOnFailure)
    screenshot: "off",
    trace: "off",
    video: "off",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // Debian's Chromium: Playwright's own browser download cannot work offline
    launchOptions: { executablePath: process.env.CHROME_PATH, args: [...CHROMIUM_ARGS] },
  },
  projects: [
    {
      name: "browser",
      testIgnore: [SERIAL_SPECS, HOSTS_SPECS, PREVIEW_SPECS, ENGINES_SPECS],
      fullyParallel: true,
      teardown: "faults",
    },
    {
      name: "preview",
      testMatch: PREVIEW_SPECS,
      fullyParallel: true,
      // e2e/fixtures.ts: what the specs expect to be shown
      use: { baseURL: process.env.E2E_PREVIEW_URL, contentVersion: "draft" },
      teardown: "faults",
    },
    {
      name: "nginx",
      testMatch: SERVED_SPECS,
      fullyParallel: true,
      use: { baseURL: process.env.E2E_NGINX_URL },
      teardown: "faults",
    },
    ...(plan.hosts ? [{ name: "hosts", testMatch: HOSTS_SPECS, fullyParallel: true }] : []),
    {
      name: "faults",
      testMatch: SERIAL_SPECS,
      fullyParallel: false,
      workers: 1,
    },
    // each file in one worker, its tests in order: a worker is one browser of the engine (e2e/engines.ts)
    ...(process.env[ENGINES_STAGE_VARIABLE] === "1" ? (["firefox", "webkit"] as const) : []).map((engine) => ({
      name: `engines-${engine}`,
      testMatch: ENGINES_SPECS,
      fullyParallel: false,
      // a check that takes longer has hung the engine (seen once in WebKitGTK)
      timeout: 90_000,
      use: { engine },
    })),
  ],
});
