import { test as base, expect } from "@playwright/test";
import { sleep, withTimeLimit, type EnginePage } from "../test-support/cross-engine/engine-page";
import { launchFirefox } from "../test-support/cross-engine/firefox-page";
import { launchWebKit } from "../test-support/cross-engine/webkit-page";
import { ensureFirefox, ensureWebKit } from "../test-support/ensure-engines";
import { articleMediaVideos, articlePath, homeGallery, publishedArticles } from "./content";
import { createContentApi, e2eEnv, type StoryJson } from "./fixtures";
import { BEHAVIOURS, scriptsDone } from "./page-helpers";

/**
 * The `test` of the engines' specs (`*.engines.spec.ts`): the site in
 * Firefox ESR and WebKitGTK, driven through test-support/cross-engine/'s
 * `EnginePage`, never Playwright's own browsers (no `page` fixture). A
 * project per engine (`engine`, playwright.config.ts) and a file per
 * `scripts` setting each get a browser of their own (worker-scoped: an
 * engine turns a page's scripts off only for the whole browser); every test
 * gets that browser's page at its `width`. After a test the page's console
 * errors, uncaught errors and CSP violations fail it; a failed test gets a
 * screenshot of the engine's viewport. A failure ends the worker, so the
 * next test starts in a fresh browser.
 */

export type EngineName = "firefox" | "webkit";

/** Worker options: what needs a browser of its own. */
export interface EngineOptions {
  engine: EngineName;
  /** false: the page's own scripts are off (the checks' still run: the driver's) */
  scripts: boolean;
}

export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;
/** The widths every check runs at, each in a describe block of its own. */
export const WIDTHS = [DESKTOP_WIDTH, PHONE_WIDTH] as const;
export const VIEWPORT_HEIGHT: Record<number, number> = { [DESKTOP_WIDTH]: 900, 768: 1000, [PHONE_WIDTH]: 740 };
export const PAGE_SIZE = 6;

/**
 * What the checks expect, from the published content the production build shows: the home gallery, the first
 * published article the build prerendered and the first with a video in its media.
 */
async function readExpectations() {
  const env = e2eEnv();
  const api = createContentApi(env, "published");
  const gallery = homeGallery(await api.story("home"));
  const prerendered: StoryJson[] = [];
  for (const story of await publishedArticles(api)) {
    const page = await fetch(new URL(articlePath(story.full_slug), env.baseURL), { method: "HEAD" });
    if (page.ok) prerendered.push(story);
  }
  const [first] = prerendered;
  if (!first) throw new Error("the site has no prerendered article");
  const withVideo = prerendered.find((story) => articleMediaVideos(story).length > 0);
  return {
    /** the home gallery in content order */
    gallery,
    /** a prerendered article's path */
    articlePath: articlePath(first.full_slug),
    /** a prerendered article with a video in its media, or null where none has one */
    videoArticlePath: withVideo ? articlePath(withVideo.full_slug) : null,
  };
}

async function launchEngine(engine: EngineName, origin: string, scripts: boolean): Promise<EnginePage> {
  if (engine === "firefox") return launchFirefox(await ensureFirefox(), origin, { scripts });
  if (process.platform !== "linux") {
    throw new Error(
      "WebKitGTK and Xvfb run on Linux only: leave the engines out with E2E_ENGINES=0 " +
        "(or run Firefox alone: E2E_ENGINES=only npm run test:e2e -- --project engines-firefox)",
    );
  }
  return launchWebKit(await ensureWebKit(), origin, { scripts });
}

type WorkerFixtures = {
  /** The worker's browser (its engine, its scripts setting), on the production build's site server. */
  engineBrowser: EnginePage;
  expectations: Awaited<ReturnType<typeof readExpectations>>;
};

type TestFixtures = {
  /** The CSS viewport's width the test runs at (its height: VIEWPORT_HEIGHT). */
  width: number;
  /** The worker's browser, its viewport set to `width`. */
  enginePage: EnginePage;
};

export const test = base.extend<TestFixtures, EngineOptions & WorkerFixtures>({
  engine: ["firefox", { scope: "worker", option: true }],
  scripts: [true, { scope: "worker", option: true }],
  width: [DESKTOP_WIDTH, { option: true }],

  engineBrowser: [
    async ({ engine, scripts }, provide) => {
      const page = await launchEngine(engine, e2eEnv().baseURL, scripts);
      await provide(page);
      // WebKitWebDriver's quit can hang: its close stops the driver and the display after 10 s all the same
      // (webkit-page.ts). Every test has its verdict by now, and a close that fails is no finding about the site
      await withTimeLimit(page.close(), 15_000, "closing the browser").catch((error: unknown) =>
        console.warn(`closing ${engine}: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    // a browser that takes longer has hung starting (run-e2e installed the engines before)
    { scope: "worker", timeout: 60_000 },
  ],

  expectations: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      await provide(await readExpectations());
    },
    { scope: "worker" },
  ],

  enginePage: async ({ engineBrowser, width }, provide, testInfo) => {
    await engineBrowser.setViewport(width, VIEWPORT_HEIGHT[width]!);
    await provide(engineBrowser);
    const passed = testInfo.status === testInfo.expectedStatus;
    // a passing test's page is asked for its errors too; a failed one's engine may hang
    const errors = passed ? await engineBrowser.takeErrors() : [];
    if (!passed || errors.length > 0) {
      const file = testInfo.outputPath("test-failed.png");
      const taken = await withTimeLimit(engineBrowser.screenshot(file), 10_000, "the screenshot").then(
        () => true,
        () => false,
      );
      if (taken) await testInfo.attach("screenshot", { path: file, contentType: "image/png" });
    }
    if (errors.length > 0) throw new Error(`errors in the page: ${errors.join("; ")}`);
  },
});

export { expect };

/** Polls `condition` until it returns true, and fails with its last error (or none) after `timeoutMs`. */
export async function expectEventually(
  page: EnginePage,
  description: string,
  condition: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await condition()) return;
      lastError = undefined;
    } catch (error) {
      // a page that navigates throws while it does: asked again
      lastError = error;
    }
    await sleep(100);
  }
  const reason = lastError instanceof Error ? `: ${lastError.message}` : "";
  throw new Error(`${page.engine}: timed out waiting for ${description}${reason}`);
}

/**
 * Waits until the first screen's entrances have ended: the running animations of the document's timeline that have
 * an end (not a scroll's, nor the endless ones; a paused one waits below the fold for the visitor).
 */
export function entrancesEnded(page: EnginePage): Promise<void> {
  return page.evaluate(async () => {
    const entrances = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === "running" &&
          animation.timeline === document.timeline &&
          animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    await Promise.all(entrances.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Opens `path` and resolves once the page's scripts have run, as e2e/page-helpers.ts waits for them (`scriptsDone`). */
export async function openHydrated(page: EnginePage, path: string): Promise<void> {
  await page.open(path);
  await expectEventually(page, "hydration or the behaviours", () => page.evaluate(scriptsDone, BEHAVIOURS), 15_000);
}

/** The hrefs of the gallery's tiles as a visitor sees them (leaving tiles and hidden ones left out). */
export function shownTiles(page: EnginePage): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLIElement>("main section ul > li[data-tags]"))
      .filter((tile) => tile.getAttribute("aria-hidden") !== "true" && tile.getClientRects().length > 0)
      .map((tile) => new URL(tile.querySelector("a")!.href).pathname),
  );
}
