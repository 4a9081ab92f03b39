import type { Locator, Page } from "@playwright/test";
import {
  articleMediaVideos,
  articlePath,
  extensionOf,
  filterGallery,
  homeGallery,
  publishedArticles,
  VIDEO_EXTENSIONS,
} from "./content";
import type { GalleryItemExpectation } from "./content";
import { createContentApi, expect, test } from "./fixtures";
import { IMAGE_FILE_TIMEOUT_MS, rootOverflowY } from "./page-helpers";

/**
 * Issue 40, item 3: a visitor without JavaScript (a privacy browser, a
 * script that failed) reaches every project of the home gallery, filtered
 * or not, sees a frame of every video rather than an empty player, and on
 * a page the build does not know gets the spec's error screen and the way
 * home rather than an empty page. Expected values come from the home story.
 */

test.use({ javaScriptEnabled: false });

const PAGE_SIZE = 6;
let gallery: GalleryItemExpectation[] = [];

test.beforeAll(async () => {
  gallery = homeGallery(await createContentApi().story("home"));
  expect(gallery.length, "the gallery has more than one page").toBeGreaterThan(PAGE_SIZE);
});

function galleryList(page: Page): Locator {
  return page.getByRole("main").locator("section > ul:has(> li[data-tags])");
}

/** The paths of the tiles a visitor sees (rendered ones), in their order. */
function shownTiles(page: Page): Promise<string[]> {
  return galleryList(page)
    .locator("> li")
    .evaluateAll((tiles) =>
      tiles
        .filter((tile) => tile.getClientRects().length > 0)
        .map((tile) => tile.querySelector("a")?.getAttribute("href") ?? ""),
    );
}

function showAll(page: Page): Locator {
  return page.getByRole("main").getByRole("link", { name: "Alle Projekte zeigen" });
}

const paths = (items: GalleryItemExpectation[]) => items.map((item) => item.path);

test("the home gallery shows its first page and a link that shows all its projects", async ({ page }) => {
  await page.goto("/");
  expect(await shownTiles(page)).toEqual(paths(gallery.slice(0, PAGE_SIZE)));
  await showAll(page).click();
  await expect.poll(() => shownTiles(page)).toEqual(paths(gallery));
  await expect(showAll(page)).toBeHidden();
});

test("a filtered gallery shows its first page and the link shows all its projects; a tag of one page has no link", async ({
  page,
}) => {
  const tags = [...new Set(gallery.flatMap((item) => item.tags))];
  const many = tags.find((tag) => filterGallery(gallery, [tag]).length > PAGE_SIZE);
  const few = tags.find((tag) => filterGallery(gallery, [tag]).length <= PAGE_SIZE);
  expect(many, "a tag with more tiles than a page").toBeDefined();
  expect(few, "a tag with no more tiles than a page").toBeDefined();
  const filtered = filterGallery(gallery, [many!]);

  await page.goto("/");
  const pills = page.getByRole("main").getByRole("group", { name: "Projekte nach Kategorie filtern" });
  await pills.locator("label", { has: page.locator(`input[value="${many}"]`) }).click();
  await expect.poll(() => shownTiles(page)).toEqual(paths(filtered.slice(0, PAGE_SIZE)));
  await showAll(page).click();
  await expect.poll(() => shownTiles(page)).toEqual(paths(filtered));

  await page.goto("/");
  await pills.locator("label", { has: page.locator(`input[value="${few}"]`) }).click();
  await expect.poll(() => shownTiles(page)).toEqual(paths(filterGallery(gallery, [few!])));
  await expect(showAll(page)).toBeHidden();
});

/** Each video the visitor sees shows a frame: it has loaded its first one, and no element waits for scripts. */
async function expectEveryVideoFramed(page: Page, expectedCount?: number) {
  const shown = page.getByRole("main").locator("video").filter({ visible: true });
  if (expectedCount !== undefined) await expect(shown).toHaveCount(expectedCount);
  const count = await shown.count();
  expect(count, "videos shown").toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const video = shown.nth(index);
    // the page's entrance animations may still run: scrolled by the page, not by an action that waits for them
    await video.evaluate((element) => element.scrollIntoView({ block: "center" }));
    expect(await video.getAttribute("preload"), "a video shown without scripts loads its first frame").not.toBe("none");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.videoWidth > 0), {
        timeout: IMAGE_FILE_TIMEOUT_MS,
      })
      .toBe(true);
  }
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the open menu holds the page behind it still, and lets go once it closes", async ({ page }) => {
    await page.goto("/");
    expect(await rootOverflowY(page)).not.toBe("hidden");
    // the burger is a popover's button: it opens the menu without a script
    await page.getByRole("banner").locator('button[popovertargetaction="show"]').click();
    await expect(page.locator("[popover]:popover-open")).toBeVisible();
    // without the head script's mark on the root (app/behaviours/menu.ts), the `:has()` rule holds it
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-menu"))).toBe(false);
    expect(await rootOverflowY(page)).toBe("hidden");
    // Escape is the popover's own light dismiss
    await page.keyboard.press("Escape");
    await expect(page.locator("[popover]:popover-open")).toHaveCount(0);
    expect(await rootOverflowY(page)).not.toBe("hidden");
  });
});

test("every video tile of the gallery shows its first frame", async ({ page }) => {
  await page.goto("/");
  await showAll(page).click();
  const videos = gallery.filter((item) => VIDEO_EXTENSIONS.includes(extensionOf(item.image.filename)));
  expect(videos.length, "the demo gallery has a video tile").toBeGreaterThan(0);
  await expectEveryVideoFramed(page);
  await expect(galleryList(page).locator("video").filter({ visible: true })).toHaveCount(videos.length);
});

test("every video of the about page shows its first frame", async ({ page }) => {
  await page.goto("/about");
  await expectEveryVideoFramed(page);
});

test("every video of an article's media shows its first frame", async ({ page, contentApi }) => {
  const article = (await publishedArticles(contentApi)).find((story) => articleMediaVideos(story).length > 0);
  expect(article, "a published article with a video in its media").toBeDefined();
  await page.goto(articlePath(article!.full_slug));
  await expectEveryVideoFramed(page, articleMediaVideos(article!).length);
});

for (const { path, heading, text, home, href } of [
  {
    path: "/articles/no-such-article-yet",
    heading: "Da ist etwas schief gelaufen",
    text: "Leider konnten wir die Seite nicht finden",
    home: "Zur Startseite",
    href: "/",
  },
  {
    path: "/en/articles/no-such-article-yet",
    heading: "Something went wrong",
    text: "Sorry, we could not find this page",
    home: "To the home page",
    href: "/en",
  },
]) {
  test(`a page the build does not know (${path}) shows the error screen and the way home`, async ({ page }) => {
    await page.goto(path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(main.getByText(text, { exact: true })).toBeVisible();
    const link = main.getByRole("link", { name: home });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
  });
}
