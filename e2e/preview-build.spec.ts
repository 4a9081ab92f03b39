import type { Locator } from "@playwright/test";
import {
  articlePath,
  articleVersions,
  builtArticle,
  layoutExpectations,
  richTextBlocks,
  text,
  type LayoutExpectations,
} from "./content";
import { animationFrames, scrollThroughShowingImages, shellLinks, visit, waitForHydration } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import { FIRST_SCREEN_WAIT_MS } from "../pipeline/defer-hydration";
import type { StoryJson } from "./fixtures";

/**
 * What only a build whose pages hydrate does, on the preview build (project `preview`, docs/decisions/0014,
 * "Parity"): it shows drafts (SPEC 7); its scripts load only after the page has loaded and painted, then React
 * hydrates it (docs/decisions/0005-hydrate-after-load.md); its links are React Router's client navigations, which
 * read each page's prerendered data without a full reload, show progress while that data is late, and render
 * images the lazy loader then loads. (The SPA fallback of a production build hydrates in the same way.) What a
 * visitor sees on the production build is checked in the other specs; the editor's own in `visual-editor.spec.ts`
 * and `editable.spec.ts`.
 */

declare global {
  interface Window {
    __sameDocument?: boolean;
    __scrollAtClick?: number;
  }
}

/** A paint's time can trail the frame's own callbacks by a frame on a busy machine. */
const FRAME_MS = 17;

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

test("shows the draft version of an article whose draft differs from the published one", async ({
  page,
  contentApi,
}) => {
  const versions = await articleVersions(contentApi);
  const changed = versions.find(
    (version) => version.published && text(version.published.content.Headline) !== text(version.draft.content.Headline),
  );
  expect(changed, "the demo has an article with a changed draft").toBeTruthy();
  const draft: StoryJson = changed!.draft;
  const published = changed!.published!;
  await visit(page, articlePath(draft.full_slug));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(text(draft.content.Headline));
  await expect(main).not.toContainText(text(published.content.Headline));
  const publishedText = richTextBlocks(published.content.Text);
  const draftOnly = richTextBlocks(draft.content.Text).filter((line) => !publishedText.includes(line));
  expect(draftOnly.length, "the draft adds text").toBeGreaterThan(0);
  for (const line of draftOnly) await expect(main).toContainText(line);
});

test("a prerendered page loads its scripts only after it has loaded and its largest paint, then hydrates", async ({
  page,
  contentApi,
}) => {
  const article = await builtArticle(contentApi);
  for (const path of ["/", "/index", "/about", articlePath(article.full_slug)]) {
    await visit(page, path);
    const timing = await page.evaluate(async () => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime);
      const largestPaints = await new Promise<number[]>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.startTime))).observe({
          type: "largest-contentful-paint",
          buffered: true,
        }),
      );
      return {
        loadStart: navigation.loadEventStart,
        loadEnd: navigation.loadEventEnd,
        scripts,
        largestPaint: Math.max(...largestPaints),
      };
    });
    expect(timing.scripts.length, path).toBeGreaterThan(0);
    // no script competes with the page's own images and fonts (docs/decisions/0005-hydrate-after-load.md)
    expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.loadEnd);
    // nor with the largest paint: the hero's fade and /about's first block count from their first frame.
    // A paint's time is when its frame was presented, which can trail the frame's own callbacks by a frame
    // on a busy machine: one frame of slack (before the first screen's wait, scripts started 30-100 ms early).
    // A first screen still not shown FIRST_SCREEN_WAIT_MS after load starts them regardless, by design (a CI
    // run's / painted its hero 1,256 ms in, scripts had started at 1,117): not before that.
    const notBefore = Math.min(timing.largestPaint - FRAME_MS, timing.loadStart + FIRST_SCREEN_WAIT_MS - 1);
    expect(
      Math.min(...timing.scripts),
      `${path}: scripts after the largest paint or the first screen's wait (${JSON.stringify(timing)})`,
    ).toBeGreaterThan(notBefore);
    const preloadsInHtml = await page.evaluate(
      async () => (await (await fetch(location.href)).text()).match(/rel="modulepreload"/g)?.length ?? 0,
    );
    expect(preloadsInHtml, path).toBe(0);
  }
});

test("header and footer links navigate on the client, reading each page's data file", async ({ page }) => {
  const dataAnswers: Array<{ url: string; status: number }> = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".data"))
      dataAnswers.push({ url: response.url(), status: response.status() });
  });
  await visit(page, "/");
  await page.evaluate(() => (window.__sameDocument = true));
  const steps = shellLinks(page, layout);
  for (const step of steps) {
    await step.link.first().click();
    await expect(page).toHaveURL((url) => url.pathname === step.path);
    await expect(page.getByRole("main")).toBeVisible();
  }
  expect(await page.evaluate(() => window.__sameDocument), "no full reload").toBe(true);
  expect(dataAnswers.length).toBeGreaterThanOrEqual(steps.length);
  for (const answer of dataAnswers) expect(answer.status, answer.url).toBe(200);

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === steps[1]!.path);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === steps[0]!.path);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a client navigation whose data is late shows progress until the page arrives", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // the index's prerendered data is held until the progress has been seen
    let releaseData = () => {};
    const dataReleased = new Promise<void>((resolve) => {
      releaseData = resolve;
    });
    await page.route(/\/index\.data(\?|$)/, async (route) => {
      await dataReleased;
      await route.continue();
    });
    const progress = page.getByRole("progressbar", { name: "Seite wird geladen" });
    await expect(progress).toHaveCount(0);
    await page.getByRole("banner").getByRole("button", { name: "Menü öffnen" }).tap();
    await page.getByRole("banner").getByRole("dialog").getByRole("link").first().tap();
    await expect(progress).toBeVisible();
    await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
    releaseData();
    await expect(page).toHaveURL(/\/index$/, { timeout: 10_000 });
    await expect(progress).toHaveCount(0);
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  });
});

test("images added after hydration load too: a client navigation to an article shows its images", async ({ page }) => {
  const article = await builtArticle(createContentApi());
  await visit(page, "/");
  await page.evaluate(() => (window.__sameDocument = true));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const link = page.locator(`main a[href="${articlePath(article.full_slug)}"]`).first();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${articlePath(article.full_slug)}$`));
  // the article's own headline: until it shows, `main` still holds the home page and its images
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(text(article.content.Headline));
  await expect(page.locator("main img[data-lazy]").first()).toBeAttached();
  await scrollThroughShowingImages(page);
  expect(await page.evaluate(() => window.__sameDocument), "no full reload").toBe(true);
});

test("the full-screen view of a hydrated page is the one a page without React has, after a client navigation too", async ({
  page,
}) => {
  const article = await builtArticle(createContentApi());
  await visit(page, "/");
  await page.evaluate(() => (window.__sameDocument = true));
  await page
    .locator(`main a[href="${articlePath(article.full_slug)}"]`)
    .first()
    .click();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(text(article.content.Headline));
  const scrollY = () => page.evaluate(() => window.scrollY);
  /**
   * Scrolls `tile` into view, again on each try: the headline's weight follows a frame later and its line breaks move
   * what lies below (scroll anchoring), and React Router's restoring of the page's position after a close may come
   * after a scroll. Done once the tile is in view and two frames pass without a change.
   */
  const scrolledTo = async (tile: Locator) => {
    await expect
      .poll(async () => {
        await tile.scrollIntoViewIfNeeded();
        const before = await scrollY();
        await animationFrames(page, 2);
        return (await scrollY()) === before;
      })
      .toBe(true);
    return scrollY();
  };
  /**
   * Clicks `tile`; answers the page's position when the click came. Playwright may scroll before it clicks (it
   * scrolls again when a first look at the point it aims for fails): what must stand still is the page from the
   * click on.
   */
  const clickedAt = async (tile: Locator) => {
    await page.evaluate(() =>
      addEventListener("click", () => (window.__scrollAtClick = window.scrollY), { capture: true, once: true }),
    );
    await tile.click();
    return page.evaluate(() => window.__scrollAtClick);
  };
  const view = page.getByRole("dialog", { name: "Großansicht" });
  const tiles = page.locator('main ul a[href^="#media-"]');

  // the grid came after app/behaviours/lightbox.ts started (app/root.tsx): a tile opens its figure as a dialog
  await scrolledTo(tiles.first());
  const first = await clickedAt(tiles.first());
  await expect(view.getByText(/^1 \/ \d+$/)).toBeVisible();
  await expect(view.getByRole("button", { name: "Schließen" })).toBeFocused();
  expect(await scrollY(), "the page behind the view stands still").toBe(first);
  await page.keyboard.press("ArrowRight");
  await expect(view.getByText(/^2 \/ \d+$/)).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#media-2");
  await page.keyboard.press("Escape");
  await expect(view).toBeHidden();
  await expect(tiles.nth(1)).toBeFocused();
  expect(new URL(page.url()).hash).toBe("");

  // opened again further down: the browser's entries for the view have no key of their own, and React Router
  // restored the position of the last one (the first opening's) until they shared the page's (routing/scroll-key.ts)
  await scrolledTo(tiles.last());
  const last = await clickedAt(tiles.last());
  expect(last).not.toBe(first);
  await expect(view.getByText(/^(\d+) \/ \1$/)).toBeVisible();
  expect(await scrollY(), "the page behind the view stands still").toBe(last);
  await page.keyboard.press("Escape");
  await expect(view).toBeHidden();

  // each opening added one entry, the step replaced it, closing went back: Back now leaves the article
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect(await page.evaluate(() => window.__sameDocument), "no full reload").toBe(true);
});
