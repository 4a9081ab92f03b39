import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/ensure-chromium";

/**
 * Browser tests. Run them with `npm run test:e2e` (scripts/run-e2e.ts), which
 * builds the site once, starts the content service and the site server on
 * free loopback ports and passes their addresses in E2E_* variables.
 *
 * Two projects: `browser` runs fully parallel; `faults` holds the specs that
 * change the content service's fault injection (`*.faults.spec.ts`), which
 * affects every request, so it runs on one worker after `browser` is done
 * (as its teardown project, so it runs even when a `browser` test failed;
 * Playwright runs a teardown project whatever file filter is given, so use
 * `--project browser` to leave the fault specs out).
 */
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // 2 cores: one browser per worker
  workers: 2,
  retries: isCI ? 1 : 0,
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
      testIgnore: /\.faults\.spec\.ts$/,
      fullyParallel: true,
      teardown: "faults",
    },
    {
      name: "faults",
      testMatch: /\.faults\.spec\.ts$/,
      fullyParallel: false,
      workers: 1,
    },
  ],
});
