import type { Page } from "@playwright/test";
import { articlePath, builtArticle } from "./content";
import { animationFrames, isHydrated, scrollThrough, waitForHydration } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";

/**
 * Nothing a visitor has seen changes when the scripts arrive: every text and every image source the prerendered
 * page shows before its scripts run (the whole page scrolled through, its lazy images loaded) is the same once
 * they have run (hydration, or on a page without a framework its behaviour modules). The article's "Other Projects" are a random choice (SPEC 2), made before the first paint.
 */

test.describe.configure({ timeout: 60_000 });

let article = "";

test.beforeAll(async () => {
  article = articlePath((await builtArticle(createContentApi())).full_slug);
});

/** Every text shown and every image source shown, in document order. */
function shownContent(page: Page): Promise<{ texts: string[]; images: string[] }> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement?.checkVisibility({ visibilityProperty: true })) texts.push(text);
    }
    const images = [...document.querySelectorAll("img")]
      .filter((image) => image.checkVisibility({ visibilityProperty: true }))
      .map((image) => image.currentSrc);
    return { texts, images };
  });
}

/**
 * Resolves once every image of the page that is shown has loaded what it was given (a lazy image out of the
 * loader's reach, a carousel's far slide, keeps its placeholder, before and after alike).
 */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("img")].filter((image) => image.checkVisibility()).every((image) => image.complete),
    undefined,
    { timeout: 30_000 },
  );
}

for (const path of ["article", "/about", "/index"]) {
  test(`${path}: every text and image shown before hydration stays once it hydrates`, async ({ page }) => {
    const route = path === "article" ? article : path;
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (request) => {
      await scriptsReleased;
      await request.fallback();
    });
    // a fixed draw, far from the build's first two: a second draw after the scripts, anywhere, would show another pair
    await page.addInitScript(() => {
      Math.random = () => 0.99;
    });
    // the parser is done: a page without a framework holds DOMContentLoaded and `load` for its behaviours' module
    await page.goto(route, { waitUntil: "commit" });
    await page.waitForFunction(() => document.readyState !== "loading");
    await scrollThrough(page);
    await imagesLoaded(page);
    const before = await shownContent(page);
    expect(await isHydrated(page), "recorded before hydration").toBe(false);

    releaseScripts();
    await waitForHydration(page);
    // what hydration's effects render has been drawn
    await animationFrames(page, 3);
    await scrollThrough(page);
    await imagesLoaded(page);
    const after = await shownContent(page);
    expect(after.texts).toEqual(before.texts);
    expect(after.images).toEqual(before.images);
  });
}
