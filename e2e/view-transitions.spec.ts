import type { Page } from "@playwright/test";
import { visit } from "./page-helpers";
import { expect, test } from "./fixtures";

/**
 * Pages flow into each other: a client navigation from a gallery tile runs
 * a view transition in which the tile's medium (and no other element) and
 * the article's hero carry the transition name, and it ends on the article
 * at the top. Under reduced motion none runs. Before hydration the
 * browser's cross-document form cross-fades the full page loads.
 */

test.describe.configure({ mode: "parallel" });

interface TransitionRecord {
  old: string[];
  new: string[] | null;
  finished: boolean;
}

/**
 * Wraps document.startViewTransition before the page's scripts run: each call records the named elements of the
 * state it leaves and of the state it enters, by tag and alt text (or the alt text of the image inside).
 */
async function recordViewTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const records: TransitionRecord[] = [];
    (window as unknown as { viewTransitions: TransitionRecord[] }).viewTransitions = records;
    const original = Document.prototype.startViewTransition;
    if (typeof original !== "function") return;
    const named = () =>
      Array.from(document.querySelectorAll("body *"))
        .filter((element) => element.getClientRects().length > 0)
        .filter((element) => getComputedStyle(element).viewTransitionName !== "none")
        .map(
          (element) =>
            `${element.localName} ${element.getAttribute("alt") ?? element.querySelector("img")?.getAttribute("alt") ?? ""}`,
        );
    Document.prototype.startViewTransition = function (this: Document, update?: unknown) {
      const record: TransitionRecord = { old: named(), new: null, finished: false };
      records.push(record);
      const callback = typeof update === "function" ? (update as () => unknown) : undefined;
      const transition = original.call(this, async () => {
        await callback?.();
        record.new = named();
      });
      void transition.finished.finally(() => (record.finished = true));
      return transition;
    } as typeof original;
  });
}

const transitions = (page: Page) =>
  page.evaluate(() => (window as unknown as { viewTransitions: TransitionRecord[] }).viewTransitions);

/** The first gallery tile that links to an article, scrolled into view. */
async function articleTile(page: Page) {
  const link = page.locator('main section ul > li a[href*="/articles/"]').first();
  await link.scrollIntoViewIfNeeded();
  return { link, href: (await link.getAttribute("href"))!, alt: (await link.locator("img").getAttribute("alt")) ?? "" };
}

test("a gallery tile's image becomes the article's hero, and the article starts at the top", async ({ page }) => {
  await recordViewTransitions(page);
  await visit(page, "/");
  const tile = await articleTile(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await tile.link.click();
  await expect(page).toHaveURL(new RegExp(`${tile.href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(async () => (await transitions(page))[0]?.new ?? null).not.toBeNull();
  const [transition, ...more] = await transitions(page);
  expect(more).toEqual([]);
  // only the clicked tile's medium leaves with the name, and the hero takes it
  expect(transition!.old).toEqual([`span ${tile.alt}`]);
  expect(transition!.new).toHaveLength(1);
  expect(transition!.new![0]).toMatch(/^img /);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // once it has run, nothing keeps the name
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll("body *")).filter(
            (element) => element.getClientRects().length > 0 && getComputedStyle(element).viewTransitionName !== "none",
          ).length,
      ),
    )
    .toBe(0);
});

test("under reduced motion no view transition runs", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await recordViewTransitions(page);
  await visit(page, "/");
  const tile = await articleTile(page);
  await tile.link.click();
  await expect(page).toHaveURL(new RegExp(`${tile.href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await transitions(page)).toEqual([]);
  // the router resets the scroll after it has rendered the article: awaited, not read at once
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("before hydration", () => {
  /** Holds the page's scripts back, so its links are full page loads. */
  async function withoutScripts(page: Page) {
    await page.route(/\.js(\?|$)/, () => new Promise<void>(() => {}));
  }

  /** Tells, in each new document, whether the browser revealed it with a view transition. */
  async function recordReveal(page: Page) {
    await page.addInitScript(() => {
      window.addEventListener("pagereveal", (event) => {
        (window as unknown as { revealedByTransition: boolean }).revealedByTransition = Boolean(
          (event as Event & { viewTransition?: unknown }).viewTransition,
        );
      });
    });
  }

  const revealed = (page: Page) =>
    page.evaluate(() => (window as unknown as { revealedByTransition?: boolean }).revealedByTransition ?? null);

  test("a full page load from a tile cross-fades: both pages opt in from their inline style", async ({ page }) => {
    await withoutScripts(page);
    await recordReveal(page);
    await page.goto("/", { waitUntil: "load" });
    // the first screen's inline style carries the rule (the stylesheets come after the first paint)
    const optIn = await page.evaluate(() => {
      const found: string[] = [];
      const walk = (rules: CSSRuleList, media: string) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSMediaRule) walk(rule.cssRules, rule.conditionText);
          else if (rule.cssText.startsWith("@view-transition")) found.push(`${media} ${rule.cssText}`);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) {
        if (sheet.ownerNode instanceof HTMLStyleElement) walk(sheet.cssRules, "");
      }
      return found;
    });
    expect(optIn).toEqual([
      expect.stringMatching(/^\(prefers-reduced-motion: no-preference\) @view-transition \{ navigation: auto; \}/),
    ]);

    const tile = await articleTile(page);
    await tile.link.click();
    await expect(page).toHaveURL(new RegExp(`${tile.href}$`));
    await expect.poll(() => revealed(page)).toBe(true);
  });

  test("under reduced motion the full page load does not transition", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await withoutScripts(page);
    await recordReveal(page);
    await page.goto("/", { waitUntil: "load" });
    const tile = await articleTile(page);
    await tile.link.click();
    await expect(page).toHaveURL(new RegExp(`${tile.href}$`));
    await expect.poll(() => revealed(page)).toBe(false);
  });
});

test("Back from the article, once its transition has run, returns to the gallery where it was", async ({ page }) => {
  await recordViewTransitions(page);
  await visit(page, "/");
  const tile = await articleTile(page);
  await tile.link.click();
  await expect(page).toHaveURL(new RegExp(`${tile.href}$`));
  // (a Back while it still runs is React Router's interruption of a view transition: not covered here)
  await expect.poll(async () => (await transitions(page))[0]?.finished).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // the gallery's entrance still moves it when the tile is clicked: the tile is in view again, not a pixel count
  await expect(page.locator(`main section ul > li a[href="${tile.href}"]`)).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
