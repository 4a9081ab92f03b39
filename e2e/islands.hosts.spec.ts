import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { attribute, parseHtml, scriptType } from "../pipeline/html";
import { body, filterGallery, homeGallery, homeHero, records, type GalleryItemExpectation } from "./content";
import type { StoryJson } from "./fixtures";
import { hostsEnv, prerenderedPaths } from "./hosts";
import { CLIENT_DIR } from "../release/layout";
import { centredSlideIndex, visit } from "./page-helpers";

/**
 * Production pages without a framework runtime (docs/decisions/0014), checked on the production build as
 * Cloudflare's runtime serves it: a page whose behaviours all have a module ships none of React's scripts and
 * at most FIRST_LOAD_BUDGET_BYTES of JavaScript (gzip), and its behaviours work from those modules alone.
 */

const env = hostsEnv();
const clientDir = path.join(env.buildDir, CLIENT_DIR);
/** Issue 42: first-load JavaScript of a production page, gzip. */
const FIRST_LOAD_BUDGET_BYTES = 15 * 1024;
/** The pages that hydrated until their behaviours had modules (gallery, carousel, hero media, masonry, about). */
const HOME_AND_ABOUT = ["/", "/en", "/about", "/en/about"];

function fileOf(pagePath: string): string {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
}

/** The chunks a built module imports statically (`import"./x.js"`, `from"./x.js"` in Vite's minified output). */
function staticImportsOf(code: string, file: string): string[] {
  const imports = [...code.matchAll(/(?:\bimport|\bfrom)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return imports.map((specifier) => path.posix.join(path.posix.dirname(file), specifier));
}

/**
 * The JavaScript a page loads before anything the visitor does: its inline scripts, its module scripts and their
 * static imports, gzip.
 */
async function firstLoadJs(
  html: string,
): Promise<{ bytes: number; files: string[]; framework: boolean; react: string[] }> {
  const page = parseHtml(html);
  const scripts = page.elementsNamed("script").filter((script) => scriptType(script) !== "application/ld+json");
  const sources = scripts.flatMap((script) => attribute(script, "src") ?? []);
  const preloads = page.modulePreloads().map((link) => attribute(link, "href")!);
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(page.contentOf(script)).length;
  const files = new Set<string>();
  // React's elements are marked by symbols of these names: code that has them is React's
  const react: string[] = [];
  const pending = [...sources, ...preloads];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    const code = await readFile(path.join(clientDir, file));
    bytes += gzipSync(code).length;
    if (code.includes('Symbol.for("react.')) react.push(file);
    pending.push(...staticImportsOf(code.toString("utf8"), file));
  }
  return {
    bytes,
    files: [...files],
    // a preload of React's chunks is caught by `react`; the modules' shared chunk is preloaded with them
    framework: html.includes("__reactRouterContext"),
    react,
  };
}

test("every page is sent whole: no Suspense boundary waits for an inline script to fill it in after the first paint", async () => {
  const pages = await prerenderedPaths(env.buildDir);
  expect(pages.length).toBeGreaterThan(0);
  for (const pagePath of pages) {
    const page = parseHtml(await readFile(path.join(clientDir, fileOf(pagePath)), "utf8"));
    // React's streaming: a `<template id="B:n">` in place of a boundary, and `$RC`/`$RT` scripts that swap it later
    const placeholders = page.elementsNamed("template").map((template) => attribute(template, "id"));
    const fillers = page.inlineScripts().filter((script) => /\$R[A-Z]\b/.test(page.contentOf(script))).length;
    expect({ placeholders, fillers }, pagePath).toEqual({ placeholders: [], fillers: 0 });
  }
});

test("every page ships no framework and at most 15 KB of JavaScript, its behaviour modules' imports included", async () => {
  const pages = await prerenderedPaths(env.buildDir);
  const measured = new Map<string, Awaited<ReturnType<typeof firstLoadJs>>>();
  for (const pagePath of pages) {
    measured.set(pagePath, await firstLoadJs(await readFile(path.join(clientDir, fileOf(pagePath)), "utf8")));
  }
  expect([...measured.keys()].filter((pagePath) => pagePath.includes("/articles/")).length).toBeGreaterThan(0);
  for (const pagePath of HOME_AND_ABOUT) expect(measured.has(pagePath), pagePath).toBe(true);
  for (const [pagePath, page] of measured) {
    expect(page.framework, `${pagePath}: no React Router context`).toBe(false);
    // behaviour modules and what they import: no entry.client, no first-load chunk (react-dom, the router)
    expect(page.files.length, `${pagePath}: its behaviour modules`).toBeGreaterThan(0);
    expect(
      page.files.filter(
        (file) => !/^\/assets\/[\w.-]+\.js$/.test(file) || /\/(first-load|entry\.client|root)-/.test(file),
      ),
      `${pagePath}: ${page.files}`,
    ).toEqual([]);
    expect(page.react, `${pagePath}: React's code`).toEqual([]);
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
    await visit(page, `${env.cloudflareUrl}/imprint`, { waitUntil: "load" });
    expect(
      // the behaviours' module and its chunk (behaviours-shared)
      scripts.every((script) => /^\/assets\/behaviours-/.test(script)),
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
  await visit(page, `${env.cloudflareUrl}${article}`, { waitUntil: "load" });
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

/* ------------------- home and about: every behaviour from its module, no framework ------------------- */

/** A story of the demo content the production build was made from (the repository's, published). */
async function demoStory(name: string): Promise<StoryJson> {
  const file = path.join(process.cwd(), "content", "stories", `${name}.json`);
  return (JSON.parse(await readFile(file, "utf8")) as { story: StoryJson }).story;
}

/** Loads `pagePath` and checks it ran none of React's code: every script it asked for is a behaviour module's. */
async function visitWithoutFramework(page: Page, pagePath: string): Promise<string[]> {
  const problems = problemsOf(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // (and its behaviours started: a task each, `load` may come before the last)
  await visit(page, `${env.cloudflareUrl}${pagePath}`, { waitUntil: "load" });
  expect(scripts.length, `${pagePath}: its behaviour modules`).toBeGreaterThan(0);
  expect(
    scripts.filter((script) => /\/(first-load|entry\.client|root)-/.test(script)),
    scripts.join(", "),
  ).toEqual([]);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  return problems;
}

function gallery(page: Page) {
  return page.locator('[data-behaviour~="gallery"]');
}

/** The tiles the gallery shows: in its grid and not fading out, by their links. */
function shownTilePaths(page: Page): Promise<string[]> {
  return gallery(page)
    .locator("> ul > li:not([data-exiting])")
    .evaluateAll((tiles) => tiles.map((tile) => tile.querySelector("a")?.getAttribute("href") ?? ""));
}

/**
 * Toggles the filter's box of `tag`, and counts the tiles fading out right after, in the same task (the fade
 * lasts 0.4 s).
 */
function toggleTag(page: Page, tag: string): Promise<number> {
  return page.evaluate((value) => {
    const box = [...document.querySelectorAll<HTMLInputElement>('input[name="tag"]')].find(
      (each) => each.value === value,
    )!;
    box.click();
    return document.querySelectorAll('[data-behaviour~="gallery"] > ul > li[data-exiting]').length;
  }, tag);
}

/** The page's path of a tile's link on the page of `language` (the English page's links lead to English pages). */
function localized(paths: string[], pagePath: string): string[] {
  return pagePath.startsWith("/en") ? paths.map((each) => (each === "/" ? "/en" : `/en${each}`)) : paths;
}

for (const pagePath of ["/", "/en"]) {
  test.describe(`${pagePath} without a framework, at 1280 px`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the gallery pages by six at its sentinel, filters, fades the tiles it filters away, and starts again at page 1", async ({
      page,
    }) => {
      const items = homeGallery(await demoStory("home"));
      expect(items.length, "the demo gallery has more than two pages").toBeGreaterThan(12);
      const problems = await visitWithoutFramework(page, pagePath);
      const paths = (list: GalleryItemExpectation[]) =>
        localized(
          list.map((item) => item.path),
          pagePath,
        );
      expect(await shownTilePaths(page)).toEqual(paths(items.slice(0, 6)));

      const sentinel = gallery(page).locator("[data-gallery-sentinel]");
      await sentinel.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
      await expect.poll(() => shownTilePaths(page)).toEqual(paths(items.slice(0, 12)));

      // the tag whose tiles are most: more than a page, so the filter pages too
      const tags = [...new Set(items.flatMap((item) => item.tags))];
      const tag = tags.reduce((most, each) =>
        filterGallery(items, [each]).length > filterGallery(items, [most]).length ? each : most,
      );
      const having = filterGallery(items, [tag]);
      expect(having.length).toBeGreaterThan(6);
      // the sentinel out of view, else each fresh page's watch adds the next at once (as React's did)
      await page.evaluate(() => window.scrollTo(0, 0));
      const fading = await toggleTag(page, tag);
      expect(fading, "tiles fade out before they leave").toBeGreaterThan(0);
      // page 1 of the filter's choice, once the faded tiles have left
      await expect(gallery(page).locator("> ul > li[data-exiting]")).toHaveCount(0);
      expect(await shownTilePaths(page)).toEqual(paths(having.slice(0, 6)));
      await sentinel.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
      await expect.poll(() => shownTilePaths(page)).toEqual(paths(having.slice(0, 12)));

      await page.evaluate(() => window.scrollTo(0, 0));
      await toggleTag(page, tag);
      await expect(gallery(page).locator("> ul > li[data-exiting]")).toHaveCount(0);
      expect(await shownTilePaths(page)).toEqual(paths(items.slice(0, 6)));
      expect(problems).toEqual([]);
    });

    test("under reduced motion a filtered tile leaves at once", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const items = homeGallery(await demoStory("home"));
      const tag = items[0]!.tags[0]!;
      await visitWithoutFramework(page, pagePath);
      const fading = await toggleTag(page, tag);
      expect(fading).toBe(0);
      const expected = localized(
        filterGallery(items, [tag])
          .slice(0, 6)
          .map((item) => item.path),
        pagePath,
      );
      expect(await shownTilePaths(page)).toEqual(expected);
    });

    test("the carousel: keys, dots and horizontal wheel swipes move it, its dot follows, the URL stays", async ({
      page,
    }) => {
      const { carousel, slides } = homeHero(await demoStory("home"));
      expect(carousel && slides.length >= 3, "the demo hero is a carousel of 3 slides or more").toBe(true);
      const problems = await visitWithoutFramework(page, pagePath);
      const track = page.locator("[data-carousel-track]");
      const dots = page.locator("a[data-carousel-dot]");
      const current = () =>
        dots.evaluateAll((links) => links.findIndex((link) => link.getAttribute("aria-current") === "true"));
      const nearest = () => page.evaluate(centredSlideIndex);
      await expect(dots).toHaveCount(slides.length);
      expect(await current()).toBe(0);

      await track.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(current).toBe(1);
      await expect.poll(nearest).toBe(1);
      await page.keyboard.press("End");
      await expect.poll(nearest).toBe(slides.length - 1);
      await expect.poll(current).toBe(slides.length - 1);
      await page.keyboard.press("Home");
      await expect.poll(nearest).toBe(0);

      await dots.nth(2).click();
      await expect.poll(nearest).toBe(2);
      await expect.poll(current).toBe(2);
      expect(new URL(page.url()).hash, "a dot moves the row, not the URL").toBe("");

      await track.hover();
      await page.mouse.wheel(-(150 + 50), 0);
      await expect.poll(nearest).toBe(1);
      await expect.poll(current).toBe(1);
      expect(problems).toEqual([]);
    });
  });
}

test.describe("the hero's video names its file by the window's width, without a framework", () => {
  for (const { width, screen } of [
    { width: 375, screen: "phone" },
    { width: 1280, screen: "desktop" },
  ] as const) {
    test(`at ${width} px the ${screen} file's alt text`, async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
      const { slides } = homeHero(await demoStory("home"));
      const video = slides.find((slide) => slide.desktop.filename?.endsWith(".mp4"));
      expect(video, "the demo carousel has a video slide").toBeDefined();
      expect(video!.phone.alt, "its files have alt texts of their own").not.toBe(video!.desktop.alt);
      await visitWithoutFramework(page, "/");
      const frame = page.locator('[data-behaviour~="hero-media"][role="img"]');
      await expect(frame).toHaveAttribute("aria-label", video![screen].alt ?? "");
      // across 768 px it follows
      await page.setViewportSize({ width: screen === "phone" ? 1280 : 375, height: 812 });
      await expect(frame).toHaveAttribute("aria-label", video![screen === "phone" ? "desktop" : "phone"].alt ?? "");
    });
  }
});

for (const pagePath of ["/about", "/en/about"]) {
  test(`${pagePath} without a framework: the orange body, and the masonry's pills filter its tiles and the view's steps`, async ({
    page,
  }) => {
    const about = await demoStory("about");
    const masonry = body(about).find((blok) => blok.component === "masonry");
    const tiles = records(masonry?.Tiles).map((tile) =>
      Array.isArray(tile.Tags) ? tile.Tags.map((tag) => String(tag).trim()) : [],
    );
    const problems = await visitWithoutFramework(page, pagePath);
    await expect(page.locator("body")).toHaveClass(/(^| )about-page( |$)/);
    const grid = page.locator('[data-behaviour~="masonry"]');
    await expect(grid.locator("> li")).toHaveCount(tiles.length);
    const [first, second] = [...new Set(tiles.flat())];
    const having = (selected: string[]) => tiles.filter((tags) => tags.some((tag) => selected.includes(tag))).length;
    expect(having([first!])).toBeLessThan(tiles.length);

    const pill = (tag: string) => grid.locator("..").locator(`label:has(input[value="${tag}"])`);
    await pill(first!).click();
    await expect(grid.locator("> li")).toHaveCount(having([first!]));
    await pill(second!).click();
    await expect(grid.locator("> li")).toHaveCount(having([first!, second!]));

    // the full-screen view steps through the tiles shown, round the end
    const shown = await grid
      .locator("> li a[href^='#']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(shown.length).toBeGreaterThan(1);
    await grid.locator(`a[href="${shown[0]}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${shown[0]}$`));
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(new RegExp(`${shown.at(-1)}$`));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(new RegExp(`${shown[1]}$`));
    await page.keyboard.press("Escape");

    await pill(first!).click();
    await pill(second!).click();
    await expect(grid.locator("> li")).toHaveCount(tiles.length);
    expect(problems).toEqual([]);
  });
}
