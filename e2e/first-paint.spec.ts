import type { Page } from "@playwright/test";
import { builtArticle, articlePath, categoryTags, filterGallery, homeGallery } from "./content";
import { centredSlideIndex, isHydrated, waitForHydration } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import { throttleToSlowPhone } from "./slow-phone";

/**
 * Every tap counts: on a throttled phone (4x slower CPU, a slow 3G-like
 * network) the page paints long before its scripts hydrate it. A tap on the
 * burger, a filter pill or a carousel dot in that window takes effect, and
 * the page keeps it once it has hydrated. Slow client navigations show
 * progress; 'Other Projects' differ between visits.
 */

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

/** Opens `path` throttled and resolves once `selector` is visible, before the page's scripts run. */
async function atFirstPaint(page: Page, path: string, selector: string) {
  await throttleToSlowPhone(page);
  await page.goto(path, { waitUntil: "commit" });
  await page.locator(selector).first().waitFor({ state: "visible", timeout: 20_000 });
  expect(await isHydrated(page), "the page has not hydrated yet").toBe(false);
}

test.describe("before hydration, on a throttled phone", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a tap on the burger opens the menu, which stays open once the page hydrates", async ({ page }) => {
    const burger = 'header button[popovertargetaction="show"]';
    await atFirstPaint(page, "/", burger);
    await page.locator(burger).tap();
    const menu = page.getByRole("banner").getByRole("dialog");
    await expect(menu).toBeVisible();
    expect(await isHydrated(page), "the tap came before hydration").toBe(false);
    // the page behind it does not scroll
    await page.mouse.wheel(0, 600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await waitForHydration(page);
    await expect(menu).toBeVisible();
    await expect(page.locator(burger)).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("button").tap();
    await expect(menu).toBeHidden();
  });

  test("a tap on a filter pill selects it, and the gallery follows once the page hydrates", async ({ page }) => {
    const api = createContentApi();
    const [tags, home] = await Promise.all([categoryTags(api), api.story("home")]);
    const tag = tags.find((candidate) => {
      const count = filterGallery(homeGallery(home), [candidate]).length;
      return count > 0 && count < homeGallery(home).length;
    })!;
    const pill = `main [role="group"] label:has(input[value="${tag}"])`;
    await atFirstPaint(page, "/", pill);
    await page.locator(pill).tap();
    await expect(page.locator(pill).getByRole("checkbox")).toBeChecked();
    expect(await isHydrated(page), "the tap came before hydration").toBe(false);

    await waitForHydration(page);
    await expect(page.locator(pill).getByRole("checkbox")).toBeChecked();
    const expected = filterGallery(homeGallery(home), [tag])
      .slice(0, 6)
      .map((item) => item.path);
    const shown = () =>
      page
        .locator('main section:has(> ul > li) > ul > li:not([aria-hidden="true"]) a')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    await expect.poll(shown, { timeout: 10_000 }).toEqual(expected);
  });

  test("a tap on a carousel dot moves to its slide, and the dot is current once the page hydrates", async ({
    page,
  }) => {
    const dot = 'main [aria-roledescription="carousel"] [role="group"][aria-label="Slides"] a';
    await atFirstPaint(page, "/", dot);
    await page.locator(dot).nth(1).tap();
    const centredSlide = () => page.evaluate(centredSlideIndex);
    await expect.poll(centredSlide).toBe(1);
    expect(await isHydrated(page), "the tap came before hydration").toBe(false);

    await waitForHydration(page);
    await expect(page.locator(dot).nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page.locator(dot).nth(0)).not.toHaveAttribute("aria-current", "true");
    expect(await centredSlide()).toBe(1);
  });
});

test("two visits to an article can show different 'Other Projects'", async ({ browser }) => {
  const article = await builtArticle(createContentApi());
  const visitWith = async (random: number) => {
    const context = await browser.newContext();
    // a fixed random source per visit: the two visits differ by construction, never by chance
    await context.addInitScript((value) => {
      Math.random = () => value;
    }, random);
    const page = await context.newPage();
    await page.goto(articlePath(article.full_slug));
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Other Projects" });
    await section.scrollIntoViewIfNeeded();
    const titles = await section.getByRole("link").allTextContents();
    await context.close();
    return titles;
  };
  const first = await visitWith(0);
  const second = await visitWith(0.999);
  expect(first).toHaveLength(2);
  expect(second).toHaveLength(2);
  expect(first).not.toEqual(second);
});
