import type { Page, Request } from "@playwright/test";
import { articlePath, builtArticle } from "./content";
import {
  IMAGE_FILE_TIMEOUT_MS,
  expectImagesInViewShown,
  followLink,
  LOAD_EVERY_IMAGE_MS,
  boxesChanged,
  intersectionsReported,
  lazyImageBoxes,
  stillLoading,
  scrollThroughShowingImages,
  visit,
} from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";

/**
 * Images below the fold and the carousel's other slides are fetched only
 * when they come near the viewport (app/components/lazy-image), by the same
 * inline loader before and after hydration; without JavaScript every image
 * is still there.
 */

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, hasTouch: true, isMobile: true });

/** Pathnames of the images the page requested (not the data: placeholders), as they happen. */
function imageRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "image" && request.url().includes("/m/"))
      paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/**
 * Resolves once the lazy loader has looked at the first screen: it starts observing its images at the first
 * contentful paint, so an observer made after that paint reports after the loader's, which has then set (or
 * withheld) every image's `srcset`.
 */
async function loaderHasLookedAtFirstScreen(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list, paints) => {
          if (list.getEntriesByName("first-contentful-paint").length === 0) return;
          paints.disconnect();
          const probe = new IntersectionObserver(() => {
            probe.disconnect();
            resolve();
          });
          probe.observe(document.documentElement);
        }).observe({ type: "paint", buffered: true });
      }),
  );
}

/** The files (without rendition) of the lazy images of the page, in document order. */
const lazyFiles = (page: Page) =>
  page.$$eval("img[data-lazy]", (images) =>
    images.map((image) => (image.getAttribute("data-srcset") ?? "").split("/m/")[0]!.replace(/^https?:\/\/[^/]+/, "")),
  );

test("on a phone, / fetches only the first screen's images until it has loaded, then those near it", async ({
  page,
  openRequests,
}) => {
  test.setTimeout(LOAD_EVERY_IMAGE_MS + 30_000);
  const requested = imageRequests(page);
  // hold the page's load: the preloaded font, never answered, keeps `load` from firing
  await page.route(/\.woff2$/, () => {});
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.locator('img[fetchpriority="high"]')).toBeVisible();
  await loaderHasLookedAtFirstScreen(page);
  const lazy = await lazyFiles(page);
  expect(lazy.length).toBeGreaterThan(4);
  const belowFold = await page.$$eval("img[data-lazy]", (images) =>
    images
      .filter((image) => image.getBoundingClientRect().top > innerHeight + 1000)
      .map((image) => (image.getAttribute("data-srcset") ?? "").split("/m/")[0]!.replace(/^https?:\/\/[^/]+/, "")),
  );
  expect(belowFold.length).toBeGreaterThan(0);
  // the loader left them waiting (the requests below are the network's side of the same)
  expect(
    await page.$$eval("img[data-lazy]", (images) =>
      images
        // loaded: its srcset is its data-srcset (until then it holds the placeholder where sizes asks for one)
        .filter((image) => image.getAttribute("srcset") === image.getAttribute("data-srcset"))
        .filter((image) => image.getBoundingClientRect().top > innerHeight + 1000)
        .map((image) => image.getAttribute("alt")),
    ),
  ).toEqual([]);
  const started = [...requested];
  for (const file of belowFold)
    expect(
      started.filter((path) => path.startsWith(file)),
      file,
    ).toEqual([]);
  // the carousel's other slides wait for the page's load too
  const otherSlides = await page.$$eval("#hero-slide-2 img[data-lazy], #hero-slide-3 img[data-lazy]", (images) =>
    images.map((image) => (image.getAttribute("data-srcset") ?? "").split("/m/")[0]!.replace(/^https?:\/\/[^/]+/, "")),
  );
  expect(otherSlides.length, "the hero's slides 2 and 3 have lazy images").toBeGreaterThan(0);
  for (const file of otherSlides)
    expect(
      started.filter((path) => path.startsWith(file)),
      file,
    ).toEqual([]);

  // scrolling down: each image is fetched once, as it comes near, and shown
  await page.unroute(/\.woff2$/);
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await intersectionsReported(page);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // the scroll asked for every rendition at once (see LOAD_EVERY_IMAGE_MS)
  await expect
    .poll(() => openRequests().filter((request) => request.resourceType() === "image").length, {
      timeout: LOAD_EVERY_IMAGE_MS,
    })
    .toBe(0);
  await expectImagesInViewShown(page);
  // once at most (a file the header's menu shows too comes from the memory cache)
  for (const file of belowFold) {
    expect(requested.filter((path) => path.startsWith(file)).length, file).toBeLessThanOrEqual(1);
  }
});

test("a tap on a carousel dot shows its slide's image", async ({ page }) => {
  await page.goto("/");
  const dots = page.locator('a[href^="#hero-slide-"]');
  const last = (await dots.count()) - 1;
  await dots.nth(last).tap();
  const slide = page.locator(`#hero-slide-${last + 1}`);
  await expect
    .poll(() => slide.evaluate((element) => Math.abs(element.getBoundingClientRect().left - 10) < 20))
    .toBe(true);
  await expectImagesInViewShown(page);
  await dots.nth(0).tap();
  await expectImagesInViewShown(page);
});

test("an article opened from a gallery tile shows its images as they come into view", async ({ page }) => {
  const article = await builtArticle(createContentApi());
  const path = articlePath(article.full_slug);
  await visit(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await followLink(page, page.locator(`main a[href="${path}"]`).first(), path);
  await expect(page.locator("main img[data-lazy]").first()).toBeAttached();
  await scrollThroughShowingImages(page);
});

test("printing loads every image", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  const images = await page.$$eval("img[data-lazy]", (lazy) => ({
    lazy: lazy.length,
    waiting: lazy.filter((image) => image.getAttribute("srcset") !== image.getAttribute("data-srcset")).length,
  }));
  expect(images.lazy, "the page has lazy images").toBeGreaterThan(0);
  expect(images.waiting, "lazy images still without their file").toBe(0);
});

for (const path of ["/", "/about"]) {
  test(`${path}: a lazy image's placeholder holds the box its file gets (no layout shift as it loads)`, async ({
    page,
  }) => {
    test.setTimeout(LOAD_EVERY_IMAGE_MS + 30_000);
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready.then(() => true));
    const before = await page.evaluate(lazyImageBoxes);
    const waiting = before.flatMap((box, index) => (box.placeholder && box.width > 0 ? [index] : []));
    expect(waiting.length).toBeGreaterThan(2);
    // printing loads every image; the measured ones are waited for (see LOAD_EVERY_IMAGE_MS)
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await expect
      .poll(async () => stillLoading(await page.evaluate(lazyImageBoxes), waiting), { timeout: LOAD_EVERY_IMAGE_MS })
      .toBe(0);
    const after = await page.evaluate(lazyImageBoxes);
    expect(boxesChanged(before, after, waiting)).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/", "/about"]) {
    test(`${path} shows every image, none of them a placeholder`, async ({ page }) => {
      await page.goto(path);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
      const images = await page.$$eval("img", (all) =>
        all.map((image) => ({
          placeholder: image.hasAttribute("data-lazy"),
          shown: getComputedStyle(image).display !== "none",
          src: image.currentSrc,
        })),
      );
      expect(images.filter((image) => image.placeholder && image.shown)).toEqual([]);
      const shown = images.filter((image) => image.shown);
      expect(shown.length).toBeGreaterThan(3);
      await expect
        .poll(
          () => page.$$eval("img", (all) => all.filter((image) => image.complete && image.naturalWidth > 0).length),
          { timeout: IMAGE_FILE_TIMEOUT_MS },
        )
        .toBeGreaterThanOrEqual(shown.length - 1);
    });
  }
});

test("the article fallbacks, German and English, carry the loader: an article added after the build shows its images", async ({
  request,
}) => {
  // the inline script that installs the loader (pipeline/head-script.ts)
  const loader = (html: string) =>
    [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1]!)
      .find((body) => body.includes("img[data-lazy]"));
  const prerendered = loader(await (await request.get("/")).text());
  expect(prerendered, "a prerendered page carries the loader").toBeTruthy();
  for (const path of ["/articles/no-such-article-yet", "/en/articles/no-such-article-yet"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(prerendered!);
  }
});
