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
import type { StoryJson } from "./fixtures";

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

  const slides = (hero?.CaruselYN ? hero.Photo : hero?.Image) as unknown[];
  const firstSlide = (Array.isArray(slides) ? slides[0] : undefined) as Record<string, unknown> | undefined;
  if (firstSlide) {
    await expect(main.locator(`a[href="${storyPath(multilink(firstSlide.link))}"]`).first()).toBeAttached();
    const alt = asset(firstSlide.Image).alt;
    if (alt) await expect(main.getByAltText(alt, { exact: true }).first()).toBeAttached();
  }

  // SPEC: 6 tiles per page; the first page is there without scrolling
  const items = (Array.isArray(gallery?.ImageData) ? gallery.ImageData : []) as Array<Record<string, unknown>>;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items.slice(0, 6)) {
    const tile = main.locator(`li:has(a[href="${storyPath(multilink(item.link))}"])`).first();
    await expect(tile).toBeAttached();
    const image = asset(item.Image);
    if (image.filename && !/\.mp4$/i.test(image.filename)) {
      await expect(tile.getByAltText(image.alt || "no information", { exact: true })).toBeAttached();
    }
  }
  await expectShell(page, layout);
});

test("index lists the referenced, published articles in order", async ({ page, contentApi }) => {
  const index = firstBody(await contentApi.story("index"));
  const uuids = (Array.isArray(index.Articles) ? index.Articles : []) as string[];
  const published = await contentApi.stories({ by_uuids: uuids.join(","), version: "published" });
  const byUuid = new Map(published.map((story) => [story.uuid, story]));
  const expected = uuids.map((uuid) => byUuid.get(uuid)).filter((story): story is StoryJson => Boolean(story));
  expect(expected.length).toBeGreaterThan(0);

  await visit(page, "/index");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(text(index.Title) || "Index");
  const rows = main.locator('a[href^="/articles/"]');
  await expect(rows).toHaveCount(expected.length);
  for (const [position, story] of expected.entries()) {
    await expect(rows.nth(position)).toHaveAttribute("href", articlePath(story.full_slug));
    await expect(rows.nth(position)).toContainText(story.name);
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
  if (firstText) await expect(main).toContainText(firstText);
  await expectShell(page, layout);
});

test("an article from the listing shows its headline and client", async ({ page, contentApi }) => {
  const story = await builtArticle(contentApi);
  await visit(page, articlePath(story.full_slug));
  const main = page.getByRole("main");
  await expect(main).toContainText(text(story.content.Headline));
  const info = (Array.isArray(story.content.info) ? story.content.info[0] : undefined) as
    Record<string, unknown> | undefined;
  if (text(info?.Client)) await expect(main).toContainText(text(info?.Client));
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
