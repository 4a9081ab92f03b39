import type { Page } from "@playwright/test";
import {
  articlePath,
  asset,
  body,
  builtArticle,
  firstBody,
  layoutExpectations,
  multilink,
  richTextBlocks,
  storyPath,
  text,
} from "./content";
import { visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * Every route renders its content from the CMS, hydrates without a page
 * error or console error (the fixture fails the test otherwise), and shows
 * the header and footer. Expected values are read from the content API.
 */

async function expectShell(page: Page, layout: LayoutExpectations) {
  const header = page.getByRole("banner");
  await expect(header.locator('a[href="/"]').first()).toBeVisible();
  if (layout.header.logo.alt) await expect(header.getByRole("img", { name: layout.header.logo.alt })).toBeVisible();
  const nav = header.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: layout.header.index.label, exact: true })).toHaveAttribute(
    "href",
    layout.header.index.path,
  );
  await expect(nav.getByRole("link", { name: layout.header.link.label, exact: true })).toHaveAttribute(
    "href",
    layout.header.link.path,
  );
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(layout.footer.copyright);
  await expect(footer.getByRole("link", { name: layout.footer.imprint.label })).toHaveAttribute(
    "href",
    layout.footer.imprint.path,
  );
}

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

test("home shows the hero and the first gallery page from the home story", async ({ page, contentApi }) => {
  const home = await contentApi.story("home");
  const [hero, gallery] = body(home);
  await visit(page, "/");
  const main = page.getByRole("main");

  // the demo's hero starts with a linked slide with an alt text: both must be on the page
  const slides = (hero?.CaruselYN ? hero.Photo : hero?.Image) as unknown[];
  const firstSlide = (Array.isArray(slides) ? slides[0] : undefined) as Record<string, unknown> | undefined;
  const firstSlideAlt = asset(firstSlide?.Image).alt;
  expect(firstSlideAlt, "the demo's first slide has an alt text").toBeTruthy();
  await expect(main.locator(`a[href="${storyPath(multilink(firstSlide?.link))}"]`).first()).toBeAttached();
  await expect(main.getByAltText(firstSlideAlt!, { exact: true }).first()).toBeAttached();

  // SPEC: 6 tiles per page; the first page is there without scrolling
  const items = (Array.isArray(gallery?.ImageData) ? gallery.ImageData : []) as Array<Record<string, unknown>>;
  expect(items.length).toBeGreaterThan(0);
  const firstPage = items.slice(0, 6);
  for (const item of firstPage) {
    await expect(main.locator(`li:has(a[href="${storyPath(multilink(item.link))}"])`).first()).toBeAttached();
  }
  // an image tile shows its alt text (a video tile has none of its own)
  const imageTiles = firstPage.filter((item) => !/\.mp4$/i.test(asset(item.Image).filename ?? ""));
  expect(imageTiles.length).toBeGreaterThan(0);
  for (const item of imageTiles) {
    const tile = main.locator(`li:has(a[href="${storyPath(multilink(item.link))}"])`).first();
    await expect(tile.getByAltText(asset(item.Image).alt || "no information", { exact: true })).toBeAttached();
  }
  await expectShell(page, layout);
});

test("imprint shows its rich text", async ({ page, contentApi }) => {
  const imprint = firstBody(await contentApi.story("imprint"));
  const blocks = richTextBlocks(imprint.Text);
  expect(blocks.length).toBeGreaterThan(0);
  await visit(page, "/imprint");
  const main = page.getByRole("main");
  for (const block of blocks.slice(0, 5)) await expect(main).toContainText(block);
  await expectShell(page, layout);
});

test("about shows the published about story's blocks", async ({ page, contentApi }) => {
  // SPEC: the about entry is read in its published ("online") version
  const about = await contentApi.story("about", "published");
  const headlines = body(about)
    .map((blok) => text(blok.Headline))
    .filter(Boolean);
  expect(headlines.length).toBeGreaterThan(0);
  await visit(page, "/about");
  const main = page.getByRole("main");
  for (const headline of headlines) await expect(main).toContainText(headline);
  const firstText = richTextBlocks(body(about)[0]?.Text)[0];
  expect(firstText, "the demo's first about block has text").toBeTruthy();
  await expect(main).toContainText(firstText!);
  await expectShell(page, layout);
});

test("an article from the listing shows its headline and client", async ({ page, contentApi }) => {
  const story = await builtArticle(contentApi);
  await visit(page, articlePath(story.full_slug));
  const main = page.getByRole("main");
  await expect(main).toContainText(text(story.content.Headline));
  const info = (Array.isArray(story.content.info) ? story.content.info[0] : undefined) as
    Record<string, unknown> | undefined;
  expect(text(info?.Client), "the demo's first listed article names its client").not.toBe("");
  await expect(main).toContainText(text(info?.Client));
  await expectShell(page, layout);
});

test("an unknown path shows the not-found screen inside the shell", async ({ page }) => {
  await visit(page, `/e2e-no-such-page-${Date.now()}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main).toContainText("404");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectShell(page, layout);
});
