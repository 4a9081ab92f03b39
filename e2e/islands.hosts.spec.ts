import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { attribute, parseHtml, scriptType } from "../pipeline/html";
import { hostsEnv, prerenderedPaths } from "./hosts";

/**
 * Production pages without a framework runtime (docs/decisions/0014), checked on the production build as
 * Cloudflare's runtime serves it: a page whose behaviours all have a module ships none of React's scripts and
 * at most FIRST_LOAD_BUDGET_BYTES of JavaScript (gzip), and its behaviours work from those modules alone.
 */

const env = hostsEnv();
const clientDir = path.join(env.buildDir, "client");
/** Issue 42: first-load JavaScript of a production page, gzip. */
const FIRST_LOAD_BUDGET_BYTES = 15 * 1024;
/**
 * Pages with a behaviour that has no module yet (docs/decisions/0014, "Not yet"): the home page's gallery and
 * carousel, the about page's masonry. Every other page (articles, index, imprint, not-found) runs no framework code.
 */
const HYDRATED = new Set(["/", "/en", "/about", "/en/about"]);

function fileOf(pagePath: string): string {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
}

/** The JavaScript a page loads before anything the visitor does: its inline scripts and its module scripts, gzip. */
async function firstLoadJs(html: string): Promise<{ bytes: number; files: string[]; framework: boolean }> {
  const page = parseHtml(html);
  const scripts = page.elementsNamed("script").filter((script) => scriptType(script) !== "application/ld+json");
  const files = scripts.flatMap((script) => attribute(script, "src") ?? []);
  const preloads = page.modulePreloads().map((link) => attribute(link, "href")!);
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(page.contentOf(script)).length;
  for (const file of [...files, ...preloads]) bytes += gzipSync(await readFile(path.join(clientDir, file))).length;
  return { bytes, files, framework: html.includes("__reactRouterContext") || preloads.length > 0 };
}

test("every page but home and about ships no framework and at most 15 KB of JavaScript", async () => {
  const pages = await prerenderedPaths(env.buildDir);
  const measured = new Map<string, Awaited<ReturnType<typeof firstLoadJs>>>();
  for (const pagePath of pages) {
    measured.set(pagePath, await firstLoadJs(await readFile(path.join(clientDir, fileOf(pagePath)), "utf8")));
  }
  expect([...measured.keys()].filter((pagePath) => pagePath.includes("/articles/")).length).toBeGreaterThan(0);
  for (const [pagePath, page] of [...measured].filter(([pagePath]) => !HYDRATED.has(pagePath))) {
    expect(page.framework, `${pagePath}: no React Router context, no modulepreload`).toBe(false);
    expect(
      page!.files.every((file) => /^\/assets\/behaviour-[\w-]+\.js$/.test(file)),
      `${pagePath}: ${page!.files}`,
    ).toBe(true);
    expect(page!.bytes, `${pagePath}: first-load JavaScript (gzip)`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  }
  // every page without a framework keeps to the budget, whichever it is
  for (const [pagePath, page] of [...measured].filter(([, page]) => !page.framework)) {
    expect(page.bytes, `${pagePath}: first-load JavaScript (gzip)`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  }
});

/** Every console error, page error and CSP violation of the page from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

test.describe("at 375 px, on a page without a framework", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu takes the focus, keeps it inside, and gives it back to the burger on Escape", async ({ page }) => {
    const problems = problemsOf(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${env.cloudflareUrl}/imprint`, { waitUntil: "load" });
    expect(
      scripts.every((script) => script.startsWith("/assets/behaviour-")),
      scripts.join(", "),
    ).toBe(true);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

    const burger = page.getByRole("banner").locator('button[popovertargetaction="show"]');
    const dialog = page.getByRole("banner").getByRole("dialog");
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await burger.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(dialog.locator('button[popovertargetaction="hide"]')).toBeFocused();
    const stops = await dialog.locator('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])').count();
    for (let presses = 0; presses < stops + 1; presses++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `Tab ${presses + 1}`).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    expect(problems).toEqual([]);
  });

  test("a link is the browser's own navigation, prefetched by the page's speculation rules where Chromium has them", async ({
    page,
  }) => {
    const problems = problemsOf(page);
    await page.goto(`${env.cloudflareUrl}/index`, { waitUntil: "load" });
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(1);
    const article = page.getByRole("main").locator('a[href^="/articles/"]').first();
    const href = await article.getAttribute("href");
    await article.click();
    await expect(page).toHaveURL(`${env.cloudflareUrl}${href}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // the rules are allowed by the page's policy: a violation would be a console error
    expect(problems).toEqual([]);
  });
});

test("an article's full-screen view: keys step in place, Escape closes it and gives the focus back to the tile", async ({
  page,
}) => {
  const pages = await prerenderedPaths(env.buildDir);
  let article: string | undefined;
  for (const pagePath of pages.filter((candidate) => candidate.startsWith("/articles/"))) {
    const html = await readFile(path.join(clientDir, fileOf(pagePath)), "utf8");
    if ((html.match(/href="#media-\d+" class=/g) ?? []).length >= 2) {
      article = pagePath;
      break;
    }
  }
  expect(article, "an article with two media or more").toBeDefined();
  const problems = problemsOf(page);
  await page.goto(`${env.cloudflareUrl}${article}`, { waitUntil: "load" });
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const first = page.locator('main a[href="#media-1"]').first();
  await first.scrollIntoViewIfNeeded();
  await first.click();
  await expect(page).toHaveURL(/#media-1$/);
  const shown = page.locator("figure:target");
  await expect(shown).toBeVisible();
  await expect(shown.locator('a[data-part="control"]:not([data-direction])')).toBeFocused();
  const entries = await page.evaluate(() => history.length);
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/#media-2$/);
  await expect(page.locator("figure#media-2")).toBeVisible();
  expect(await page.evaluate(() => history.length), "a step adds no history entry").toBe(entries);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${env.cloudflareUrl}${article}`);
  await expect(page.locator("figure:target")).toHaveCount(0);
  await expect(page.locator('main a[href="#media-2"]').first()).toBeFocused();
  expect(problems).toEqual([]);
});
