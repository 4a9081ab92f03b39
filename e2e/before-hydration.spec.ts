import type { Page } from "@playwright/test";
import { categoryTags, filterGallery, homeGallery } from "./content";
import { centredSlideIndex, isHydrated, waitForHydration } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import { throttleToSlowPhone } from "./slow-phone";

/**
 * No half state before hydration: on a throttled phone (4x CPU, slow 3G)
 * with the page's scripts held back, a tap on a filter pill or a carousel
 * dot does its whole job at once (the pill selected and the gallery showing
 * the first page of its tiles; the slide moved and its dot drawn current),
 * and the page keeps it when the scripts arrive and hydrate it.
 */

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 60_000 });

/** Holds every script of the build until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens `path` throttled with its scripts held; resolves once `selector` is visible. */
async function openUnhydrated(page: Page, path: string, selector: string): Promise<() => void> {
  await throttleToSlowPhone(page);
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await page.locator(selector).first().waitFor({ state: "visible", timeout: 30_000 });
  return release;
}

/** The gallery's tiles a visitor sees, as their links' paths. */
const shownTiles = (page: Page) =>
  page
    .locator("main section > ul > li[data-tags]")
    .evaluateAll((tiles) =>
      tiles
        .filter((tile) => tile.getAttribute("aria-hidden") !== "true" && tile.getClientRects().length > 0)
        .map((tile) => new URL(tile.querySelector("a")!.href).pathname),
    );

test("a filter pill tapped before hydration shows the first page of its tiles at once", async ({ page }) => {
  const api = createContentApi();
  const [tags, home] = await Promise.all([categoryTags(api), api.story("home")]);
  const gallery = homeGallery(home);
  // a tag whose tiles are not all on the first page: the first page of its own is not the gallery's
  const tag = tags.find((candidate) => {
    const matching = filterGallery(gallery, [candidate]);
    return matching.length > 6 && matching.slice(0, 6).some((item) => !gallery.slice(0, 6).includes(item));
  });
  if (!tag) throw new Error("the demo content has no tag with more than a page of tiles");
  const expected = filterGallery(gallery, [tag])
    .slice(0, 6)
    .map((item) => item.path);
  const pill = page.locator(`main [role="group"] label:has(input[value="${tag}"])`);

  const release = await openUnhydrated(page, "/", `main [role="group"] label`);
  expect(await shownTiles(page)).toEqual(gallery.slice(0, 6).map((item) => item.path));
  await pill.tap();
  await expect(pill.getByRole("checkbox")).toBeChecked();
  expect(await shownTiles(page)).toEqual(expected);
  expect(await isHydrated(page), "the tap came before hydration").toBe(false);

  // a second tag: tiles having either
  const other = tags.find((candidate) => candidate !== tag && filterGallery(gallery, [candidate]).length > 0);
  if (!other) throw new Error("the demo content has only one tag");
  await page.locator(`main [role="group"] label:has(input[value="${other}"])`).tap();
  expect(await shownTiles(page)).toEqual(
    filterGallery(gallery, [tag, other])
      .slice(0, 6)
      .map((item) => item.path),
  );
  await page.locator(`main [role="group"] label:has(input[value="${other}"])`).tap();
  expect(await isHydrated(page), "the taps came before hydration").toBe(false);

  release();
  await waitForHydration(page);
  await expect(pill.getByRole("checkbox")).toBeChecked();
  await expect.poll(() => shownTiles(page)).toEqual(expected);
});

test("a carousel dot tapped before hydration moves its slide and is drawn current at once", async ({ page }) => {
  const dots = 'main [aria-roledescription="carousel"] > [role="group"] > a';
  const release = await openUnhydrated(page, "/", dots);
  const dotColour = (index: number) =>
    page
      .locator(dots)
      .nth(index)
      .evaluate((dot) => getComputedStyle(dot, "::before").backgroundColor);
  const ink = "rgb(17, 17, 17)";
  expect(await dotColour(0)).toBe(ink);

  await page.locator(dots).nth(2).tap();
  const centredSlide = () => page.evaluate(centredSlideIndex);
  await expect.poll(centredSlide).toBe(2);
  expect(await dotColour(2)).toBe(ink);
  expect(await dotColour(0)).not.toBe(ink);
  expect(await isHydrated(page), "the tap came before hydration").toBe(false);

  release();
  await waitForHydration(page);
  await expect(page.locator(dots).nth(2)).toHaveAttribute("aria-current", "true");
  expect(await dotColour(2)).toBe(ink);
  expect(await dotColour(0)).not.toBe(ink);
});

test("a swipe before hydration moves the dot with the slide, where the engine has scroll-driven animations", async ({
  page,
}) => {
  const dots = 'main [aria-roledescription="carousel"] > [role="group"] > a';
  const release = await openUnhydrated(page, "/", dots);
  const track = page.locator('main [aria-roledescription="slide"]').first().locator("..");
  const currentDots = () =>
    page
      .locator(dots)
      .evaluateAll((links) =>
        links.flatMap((dot, index) =>
          getComputedStyle(dot, "::before").backgroundColor === "rgb(17, 17, 17)" ? [index] : [],
        ),
      );
  expect(await currentDots()).toEqual([0]);
  // what a finger's swipe leaves: the row scrolled to the next slide (the snap brings it to the centre)
  await track.evaluate((row) => {
    const next = row.children[1] as HTMLElement;
    row.scrollTo({ left: next.offsetLeft + next.offsetWidth / 2 - row.clientWidth / 2 });
  });
  await expect.poll(currentDots).toEqual([1]);
  await track.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
  const last = (await page.locator(dots).count()) - 1;
  await expect.poll(currentDots).toEqual([last]);
  expect(await isHydrated(page), "the swipes came before hydration").toBe(false);

  release();
  await waitForHydration(page);
  await expect(page.locator(dots).nth(last)).toHaveAttribute("aria-current", "true");
  expect(await currentDots()).toEqual([last]);
});

test("a tag pill on the about page tapped before hydration filters the masonry at once", async ({ page }) => {
  const release = await openUnhydrated(page, "/about", 'main input[type="checkbox"]');
  const grid = page.locator("main ul:has(> li[data-tags] figure)");
  const visibleTags = () =>
    grid.evaluate((list) =>
      Array.from(list.children)
        .filter((tile) => tile.getClientRects().length > 0)
        .map((tile) => (tile.getAttribute("data-tags") ?? "").split(" ").map(decodeURIComponent)),
    );
  const all = await visibleTags();
  const tag = all.flat().find((candidate) => all.some((tags) => !tags.includes(candidate)));
  if (!tag) throw new Error("the masonry has no tag that some but not all tiles have");
  const box = page.locator(`main input[type="checkbox"][value="${tag}"]`);
  await box.evaluate((input) => input.scrollIntoView({ block: "center" }));
  await page.locator(`main label:has(input[type="checkbox"][value="${tag}"])`).tap();
  await expect(box).toBeChecked();
  const shown = await visibleTags();
  expect(shown).toEqual(all.filter((tags) => tags.includes(tag)));
  expect(await isHydrated(page), "the tap came before hydration").toBe(false);

  release();
  await waitForHydration(page);
  await expect.poll(visibleTags).toEqual(shown);
});
