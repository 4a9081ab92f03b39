import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./test-support/ensure-chromium";

/**
 * Browser tests. Run them with `npm run test:e2e` (test-support/run-e2e.ts), which
 * builds the site once, starts the content service and the site server on
 * free loopback ports and passes their addresses in E2E_* variables.
 *
 * Four projects: `browser` runs fully parallel against the site server;
 * `nginx` runs the specs about how pages are served (CSP, HTTP headers and
 * statuses, navigation) against nginx with the nginx site the build wrote;
 * `faults` holds the specs that change state every other test sees: the
 * content service's fault injection (`*.faults.spec.ts`) and the content
 * itself (`*.serial.spec.ts`, publish to live). It runs on one worker after
 * the others are done (as their teardown project, so it runs even when one
 * of their tests failed; Playwright runs a teardown project whatever file
 * filter is given, so use `--project browser` to leave it out). `hosts`
 * (`*.hosts.spec.ts`) checks a production build as Cloudflare's and
 * Netlify's own runtimes serve it, with the Nu Html Checker and a link
 * checker; run-e2e starts them in a whole run (or with E2E_HOSTS=1).
 */
const isCI = Boolean(process.env.CI);
const SERIAL_SPECS = /\.(faults|serial)\.spec\.ts$/;
const HOSTS_SPECS = /\.hosts\.spec\.ts$/;
/** What a server decides: the same answers are expected from the site server and from nginx. */
const SERVED_SPECS = /\/(csp|http|navigation)\.spec\.ts$/;

export default defineConfig({
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
  use: {
    baseURL: process.env.E2E_BASE_URL,
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
      testIgnore: [SERIAL_SPECS, HOSTS_SPECS],
      fullyParallel: true,
      teardown: "faults",
    },
    {
      name: "nginx",
      testMatch: SERVED_SPECS,
      fullyParallel: true,
      use: { baseURL: process.env.E2E_NGINX_URL },
      teardown: "faults",
    },
    {
      name: "hosts",
      testMatch: HOSTS_SPECS,
      fullyParallel: true,
    },
    {
      name: "faults",
      testMatch: SERIAL_SPECS,
      fullyParallel: false,
      workers: 1,
    },
  ],
});
