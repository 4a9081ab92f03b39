import type { Page } from "@playwright/test";
import {
  articleMediaEntries,
  articleMediaVideos,
  articlePath,
  articleVersions,
  builtArticle,
  richTextBlocks,
  text,
} from "./content";
import { linksMovedAfterScroll, visit } from "./page-helpers";
import type { ArticleMediaExpectation } from "./content";
import { createContentApi, expect, test } from "./fixtures";
import type { StoryJson } from "./fixtures";

/**
 * SPEC section 2, Article: the headline's weight follows the scroll
 * position (100 at 100 px up to 800 at 800 px), the media layout variants,
 * two other projects, 'Article not found', 'no Image' for an article
 * without Wrapper (SPEC 8), on the production build: the published version
 * of each article (the drafts of SPEC 7 are the preview build's, which
 * preview-build.spec.ts checks).
 */

test.describe.configure({ mode: "parallel" });

let versions: Awaited<ReturnType<typeof articleVersions>>;

test.beforeAll(async () => {
  versions = await articleVersions(createContentApi());
});

function headline(page: Page) {
  return page.getByRole("main").getByRole("heading", { level: 1 });
}

test("the headline's weight follows the scroll position: 100 up to 100 px, then the scroll, up to 800", async ({
  page,
  contentApi,
}) => {
  const story = await builtArticle(contentApi);
  await visit(page, articlePath(story.full_slug));
  await expect(headline(page)).toHaveText(text(story.content.Headline));
  const weight = () => headline(page).evaluate((element) => Number(getComputedStyle(element).fontWeight));
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(1200);
  for (const [scroll, expected] of [
    [0, 100],
    [100, 100],
    [450, 450],
    [800, 800],
    [1200, 800],
    [300, 300],
  ] as const) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), scroll);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scroll);
    await expect.poll(weight, { message: `weight at ${scroll} px` }).toBeGreaterThanOrEqual(expected - 5);
    await expect.poll(weight, { message: `weight at ${scroll} px` }).toBeLessThanOrEqual(expected + 5);
  }
});

test("media layouts: Fullsize spans both columns, right is 60 % wide on the right, vertical and default take a column", async ({
  page,
}) => {
  const wanted = ["fullsize", "right", "vertical", "default"];
  const chosen = versions.find((version) => {
    const media = version.published ? articleMediaEntries(version.published) : null;
    return media && wanted.every((layout) => media.some((entry) => entry.layout === layout));
  });
  expect(chosen, "an article with every media layout").toBeTruthy();
  const media = articleMediaEntries(chosen!.published!) as ArticleMediaExpectation[];

  await visit(page, articlePath(chosen!.published!.full_slug));
  const grid = page.locator("main article > ul");
  await expect(grid.locator("> li")).toHaveCount(media.length);
  const boxes = await grid.evaluate((list) => {
    const style = getComputedStyle(list);
    const rect = list.getBoundingClientRect();
    const left = rect.left + parseFloat(style.paddingLeft);
    const right = rect.right - parseFloat(style.paddingRight);
    const gap = parseFloat(style.columnGap);
    return {
      left,
      right,
      gap,
      items: Array.from(list.children).map((item) => {
        const box = item.getBoundingClientRect();
        const medium = item.querySelector("img, video")?.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          width: box.width,
          mediaRatio: medium ? medium.height / medium.width : 0,
        };
      }),
    };
  });
  const width = boxes.right - boxes.left;
  const column = (width - boxes.gap) / 2;
  // how wide each layout is and which edge it keeps (1.6 px either way: toBeCloseTo's -0.5 digits)
  const near = (value: number) => expect.closeTo(value, -0.5);
  const expected = {
    fullsize: { width: near(width), left: near(boxes.left) },
    right: { width: near(width * 0.6), right: near(boxes.right) },
    // a portrait cell
    vertical: { width: near(column), portrait: true },
    default: { width: near(column) },
  };
  for (const [index, entry] of media.entries()) {
    const item = boxes.items[index]!;
    expect({ ...item, portrait: item.mediaRatio > 1 }, `item ${index} (${entry.layout})`).toMatchObject(
      expected[entry.layout],
    );
  }
});

test("each link of the article, its media grid, Other Projects and the footer stays where a scroll puts it: nothing above it or at the page's end changes its height a frame later", async ({
  browser,
  baseURL,
}) => {
  // a browser context of its own for each link, 30 to 40 visits: 1-1.4 min alone, 2.5 min beside the suite
  test.setTimeout(300_000);
  const [chosen] = versions
    .flatMap((version) => (version.published ? [version.published] : []))
    .sort((a, b) => (articleMediaEntries(b)?.length ?? 0) - (articleMediaEntries(a)?.length ?? 0));
  const media = chosen ? (articleMediaEntries(chosen) ?? []) : [];
  expect(media.length, "a published article with media").toBeGreaterThan(1);
  // the media grid has two columns at 1280 px, Other Projects' cards stack at 768 px
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 768, height: 1024 },
  ]) {
    // the lightbox's views are hidden: these are the links a visitor reaches
    const { shown, moved } = await linksMovedAfterScroll(
      browser,
      new URL(articlePath(chosen!.full_slug), baseURL).href,
      {
        selector: "main a, footer a",
        viewport,
      },
    );
    expect(shown, `${viewport.width} px: the grid's links, two cards, the footer's`).toBeGreaterThanOrEqual(
      media.length + 3,
    );
    expect(moved, `${viewport.width} px`).toEqual([]);
  }
});

test("a video of the media grid loads nothing until it nears the window, plays there and pauses out of it", async ({
  page,
}) => {
  // on a phone it is a cell far below the first screen
  await page.setViewportSize({ width: 375, height: 740 });
  const chosen = versions
    .map((version) => version.published)
    .find((story) => story && articleMediaVideos(story).length === 1);
  expect(chosen, "a published article with one video in its media").toBeDefined();
  await visit(page, articlePath(chosen!.full_slug));
  const video = page.locator("main article > ul > li video");
  await expect(video).toHaveCount(1);
  const state = () =>
    video.evaluate((element: HTMLVideoElement) => ({
      playing: !element.paused && element.currentTime > 0,
      loaded: element.readyState > 0,
    }));
  expect(await state(), "far below the window, after the page's scripts started").toEqual({
    playing: false,
    loaded: false,
  });
  await video.scrollIntoViewIfNeeded();
  await expect.poll(state, { message: "in the window" }).toEqual({ playing: true, loaded: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused), { message: "back at the top" })
    .toBe(true);
});

test("Other Projects: two other articles that link to their pages; following one lands at the top", async ({
  page,
  contentApi,
}) => {
  const story = await builtArticle(contentApi);
  // the production build's cards and pages show each article's published version
  const byPath = new Map(
    versions.flatMap(({ published }) => (published ? [[articlePath(published.full_slug), published] as const] : [])),
  );
  await visit(page, articlePath(story.full_slug));
  const section = page.getByRole("region", { name: "Other Projects" });
  const cards = section.getByRole("link");
  await expect(cards).toHaveCount(2);
  const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(new Set(hrefs).size).toBe(2);
  for (const [index, href] of hrefs.entries()) {
    expect(href).toMatch(/^\/articles\/[^/]+$/);
    expect(href, "not the current article").not.toBe(articlePath(story.full_slug));
    const other = byPath.get(href);
    expect(other, `${href} is an article`).toBeTruthy();
    await expect(cards.nth(index)).toContainText(other!.name);
  }

  const target = byPath.get(hrefs[0]!)!;
  await cards.first().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await cards.first().click();
  await expect(page).toHaveURL(hrefs[0]!);
  await expect(headline(page)).toHaveText(text(target.content.Headline));
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: "scrolled to the top" }).toBe(0);
});

test("an unknown slug shows 'Article not found'", async ({ page, expectConsoleError }) => {
  // the missing prerendered data (404), then the content service's 404, logged as the spec says
  expectConsoleError(/status of 404/);
  expectConsoleError(/^Artikel nicht gefunden:/);
  await visit(page, `/articles/e2e-no-such-article-${Date.now()}`);
  await expect(headline(page)).toHaveText("Article not found");
  // the tab says so too, not 'Loading article...'
  await expect(page).toHaveTitle(/Article not found$/);
  await expect(page.locator("head title")).toHaveCount(1);
});

test("an article without a Wrapper list shows 'no Image'", async ({ page }) => {
  const without = versions.find((version) => version.published && articleMediaEntries(version.published) === null);
  expect(without, "the demo has an article without Wrapper").toBeTruthy();
  await visit(page, articlePath(without!.published!.full_slug));
  await expect(headline(page)).toHaveText(text(without!.published!.content.Headline));
  await expect(page.getByRole("main").locator("article")).toContainText("no Image");
});

test("shows the published version of an article whose draft differs from it, none of the draft's changes", async ({
  page,
}) => {
  // the production build (a preview build shows the draft: preview-build.spec.ts)
  const changed = versions.find(
    (version) => version.published && text(version.published.content.Headline) !== text(version.draft.content.Headline),
  );
  expect(changed, "the demo has an article with a changed draft").toBeTruthy();
  const draft: StoryJson = changed!.draft;
  const published = changed!.published!;
  await visit(page, articlePath(published.full_slug));
  const main = page.getByRole("main");
  await expect(headline(page)).toHaveText(text(published.content.Headline));
  await expect(main).not.toContainText(text(draft.content.Headline));
  const publishedText = richTextBlocks(published.content.Text);
  const draftOnly = richTextBlocks(draft.content.Text).filter((line) => !publishedText.includes(line));
  expect(draftOnly.length, "the draft adds text").toBeGreaterThan(0);
  for (const line of draftOnly) await expect(main).not.toContainText(line);
  for (const line of publishedText) await expect(main).toContainText(line);
});
