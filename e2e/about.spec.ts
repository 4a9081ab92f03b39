import type { Locator, Page } from "@playwright/test";
import {
  asset,
  body,
  extensionOf,
  firstBody,
  IMAGE_EXTENSIONS,
  layoutExpectations,
  records,
  richTextBlocks,
  text,
  VIDEO_EXTENSIONS,
} from "./content";
import { ABOUT_OVERVIEW, linksMovedAfterScroll, overviewMediaOffsets, visit } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import type { StoryJson } from "./fixtures";

/**
 * SPEC section 2, About: the published ("online") about story; the orange
 * body while the page is shown; the overview's media rules by extension;
 * the masonry's columns per width; the tag pills (italic when selected, a
 * colour per tag, black for unknown tags).
 */

test.describe.configure({ mode: "parallel" });

/** SPEC section 9: #F388CC. */
const ORANGE = "rgb(243, 136, 204)";
/** SPEC section 3: the tags with a colour of their own; any other tag is black. */
const KNOWN_TAGS = ["Research", "Typefont", "Poster", "Digital", "Animation", "Website", "Branding"];

let published: StoryJson;
let draft: StoryJson;

test.beforeAll(async () => {
  const api = createContentApi();
  [published, draft] = await Promise.all([api.story("about", "published"), api.story("about", "draft")]);
});

function blok(story: StoryJson, component: string) {
  const found = body(story).find((item) => item.component === component);
  if (!found) throw new Error(`the about story has no ${component} blok`);
  return found;
}

/** The body's background, and the root's, which paints the canvas beyond the page (a phone's overscroll band). */
function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body).backgroundColor;
    const root = getComputedStyle(document.documentElement).backgroundColor;
    return body === root ? body : `body ${body}, root ${root}`;
  });
}

function masonrySection(page: Page): Locator {
  const headline = text(blok(published, "masonry").Headline);
  return page
    .getByRole("main")
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: headline, exact: true }) });
}

function masonryTiles(page: Page): Locator {
  return masonrySection(page).locator("ul:has(figure) > li");
}

function pills(page: Page): Locator {
  return masonrySection(page).locator('label:has(input[type="checkbox"])');
}

function masonryTags(): string[] {
  return [
    ...new Set(
      records(blok(published, "masonry").Tiles).flatMap((tile) =>
        Array.isArray(tile.Tags)
          ? tile.Tags.filter((tag): tag is string => typeof tag === "string").map((tag) => tag.trim())
          : [],
      ),
    ),
  ];
}

test("the body is orange while the page is shown, and not after leaving it by the header link", async ({ page }) => {
  const api = createContentApi();
  const layout = await layoutExpectations(api);
  const indexTitle = text(firstBody(await api.story("index")).Title);
  await visit(page, "/imprint");
  expect(await bodyBackground(page)).not.toBe(ORANGE);

  // following the link to /about (the imprint runs no framework: the browser loads it) ...
  await page.getByRole("banner").getByRole("link", { name: layout.header.link.label, exact: true }).click();
  await expect(page).toHaveURL(layout.header.link.path);
  await expect.poll(() => bodyBackground(page)).toBe(ORANGE);

  // ... and away from it
  await page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }).click();
  await expect(page).toHaveURL(layout.header.index.path);
  // the index itself, not the about page still shown while the address has already changed
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(indexTitle);
  await expect.poll(() => bodyBackground(page)).not.toBe(ORANGE);

  // a full load of /about is orange too
  await visit(page, "/about");
  await expect.poll(() => bodyBackground(page)).toBe(ORANGE);
});

test("shows the published version of the about story, not the draft", async ({ page }) => {
  const headlines = (story: StoryJson) =>
    body(story)
      .map((item) => text(item.Headline))
      .filter(Boolean);
  const paragraphs = (story: StoryJson) => body(story).flatMap((item) => richTextBlocks(item.Text));
  const onlyDraft = [...headlines(draft), ...paragraphs(draft)].filter(
    (line) => ![...headlines(published), ...paragraphs(published)].includes(line),
  );
  const onlyPublished = [...headlines(published), ...paragraphs(published)].filter(
    (line) => ![...headlines(draft), ...paragraphs(draft)].includes(line),
  );
  expect(onlyDraft.length, "the demo's about draft differs from its published version").toBeGreaterThan(0);
  expect(onlyPublished.length).toBeGreaterThan(0);

  await visit(page, "/about");
  const main = page.getByRole("main");
  for (const headline of headlines(published))
    await expect(main.getByRole("heading", { name: headline, exact: true })).toBeVisible();
  for (const line of onlyPublished) await expect(main).toContainText(line);
  for (const line of onlyDraft) await expect(main).not.toContainText(line);
});

test("overview items show images and videos by extension, and nothing for other types", async ({ page }) => {
  const overview = blok(published, "overview");
  const items = records(overview.Items);
  const kinds = items.map((item) => {
    const extension = extensionOf(asset(item.Asset).filename);
    return IMAGE_EXTENSIONS.includes(extension) ? "image" : VIDEO_EXTENSIONS.includes(extension) ? "video" : "none";
  });
  expect(kinds, "the demo overview has an image, a video and an asset of another type").toEqual(
    expect.arrayContaining(["image", "video", "none"]),
  );

  await visit(page, "/about");
  const section = page
    .getByRole("main")
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: text(overview.Headline), exact: true }) });
  const listItems = section.locator("> ul > li");
  await expect(listItems).toHaveCount(items.length);
  const entries = items.map((item, index) => ({
    element: listItems.nth(index),
    item,
    filename: asset(item.Asset).filename ?? "",
    file: new URL(asset(item.Asset).filename ?? "").pathname,
  }));
  for (const { element, item } of entries) {
    await expect(element.getByRole("heading", { name: text(item.Headline), exact: true })).toBeVisible();
  }
  const mediaOffsets = await page.evaluate(overviewMediaOffsets, ABOUT_OVERVIEW);
  expect(mediaOffsets.length, "items with a medium").toBeGreaterThan(1);
  expect(mediaOffsets, "px from each item's top to its medium").toEqual(mediaOffsets.map(() => 0));
  for (const { element, file } of entries.filter((_, index) => kinds[index] === "image")) {
    await expect(element.locator("img")).toHaveCount(1);
    await expect(element.locator("video")).toHaveCount(0);
    // a lazy image shows its file once near the viewport
    const image = element.locator("img");
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.currentSrc ? new URL(img.currentSrc).pathname : "")))
      .toContain(file);
  }
  for (const { element, file } of entries.filter((_, index) => kinds[index] === "video")) {
    await expect(element.locator("img")).toHaveCount(0);
    const video = element.locator("video");
    await expect(video).toHaveCount(1);
    // a video loads and plays only near the viewport
    await video.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        video.evaluate((node: HTMLVideoElement) => ({
          file: new URL(node.querySelector("source")!.src).pathname,
          autoplay: node.autoplay,
          muted: node.muted,
          loop: node.loop,
          inline: node.playsInline,
        })),
      )
      .toEqual({ file, autoplay: true, muted: true, loop: true, inline: true });
  }
  for (const { element, item, filename, file } of entries.filter((_, index) => kinds[index] === "none")) {
    // the asset itself is not rendered; a link to it can only come from the item's own rich text
    await expect(element.locator("img, video, object, embed, iframe")).toHaveCount(0);
    await expect(page.locator(`[src*="${file}"]`)).toHaveCount(0);
    await expect(page.locator(`[href*="${file}"]`)).toHaveCount(linksTo(item.Text, filename));
  }
});

test("the PDF item's text links to the file, which the content service serves", async ({ page, request }) => {
  const items = records(blok(published, "overview").Items);
  const pdf = items.find((item) => extensionOf(asset(item.Asset).filename) === "pdf");
  expect(pdf, "the demo overview has a PDF item").toBeDefined();
  const filename = asset(pdf!.Asset).filename ?? "";
  expect(linksTo(pdf!.Text, filename), "its text links to the PDF").toBe(1);

  await visit(page, "/about");
  const link = page.getByRole("main").locator(`a[href*="${new URL(filename).pathname}"]`);
  await expect(link).toBeVisible();
  const response = await request.get((await link.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
});

/** How many link marks in a rich-text document point at `filename`. */
function linksTo(document: unknown, filename: string): number {
  const path = new URL(filename).pathname;
  return JSON.stringify(document ?? null)
    .split(`"href":"`)
    .slice(1)
    .filter((rest) => {
      const href = rest.slice(0, rest.indexOf('"'));
      return URL.canParse(href) && new URL(href).pathname === path;
    }).length;
}

test("the masonry has 4 columns wide, 2 at 1024 and 768 px, 1 at 480 px", async ({ page }) => {
  await visit(page, "/about");
  const tiles = masonryTiles(page);
  expect(await tiles.count()).toBeGreaterThan(4);
  for (const [width, columns] of [
    [1280, 4],
    [1024, 2],
    [768, 2],
    [480, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const layout = async () => {
      const lefts = await tiles.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().left)),
      );
      const grid = await tiles.first().evaluate((item) => getComputedStyle(item.parentElement!).columnCount);
      return { columnCount: grid, distinctColumns: new Set(lefts).size };
    };
    await expect
      .poll(layout, { message: `${width} px` })
      .toEqual({ columnCount: String(columns), distinctColumns: columns });
  }
});

test("each link of the page, the masonry's tiles and the footer's, stays where a scroll puts it: no block above it changes its height a frame later", async ({
  browser,
  baseURL,
  page,
}) => {
  // a browser context of its own for each link, 30 to 40 visits: 1-1.4 min alone, 2.5 min beside the suite
  test.setTimeout(300_000);
  await visit(page, "/about");
  const tiles = await masonryTiles(page).count();
  // four columns, and one: the masonry's height is 1,500 px at 1280 px, 5,600 px at 375 px
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 375, height: 740 },
  ]) {
    // the blocks' entrances slide them in as they come into view: without them only a late layout moves a link
    const { shown, moved } = await linksMovedAfterScroll(browser, new URL("/about", baseURL).href, {
      selector: "main a, footer a",
      viewport,
      reducedMotion: "reduce",
    });
    expect(shown, `${viewport.width} px: the tiles' links and the footer's`).toBeGreaterThanOrEqual(tiles + 1);
    expect(moved, `${viewport.width} px`).toEqual([]);
  }
});

test("the masonry's headline stands a spacing step (--space-5) above its tag pills at every width", async ({
  page,
}) => {
  await visit(page, "/about");
  const headline = masonrySection(page).getByRole("heading", { level: 2 });
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const gap = await headline.evaluate((heading) => {
      // the design's step as the page resolves it
      const probe = document.createElement("div");
      probe.style.height = "var(--space-5)";
      document.body.append(probe);
      const step = probe.getBoundingClientRect().height;
      probe.remove();
      const pill = heading.parentElement!.querySelector("label")!;
      return { step, gap: Math.round(pill.getBoundingClientRect().top - heading.getBoundingClientRect().bottom) };
    });
    expect(gap.step, `${width} px`).toBeGreaterThan(0);
    expect(gap.gap, `${width} px`).toBe(Math.round(gap.step));
  }
});

test("tag pills: a colour per tag, black for an unknown tag, italic when selected, filtering the tiles", async ({
  page,
}) => {
  const tags = masonryTags();
  const unknown = tags.filter((tag) => !KNOWN_TAGS.includes(tag));
  expect(unknown.length, "the demo masonry uses an unknown tag").toBeGreaterThan(0);
  const tiles = records(blok(published, "masonry").Tiles);

  await visit(page, "/about");
  await expect(pills(page)).toHaveText(tags);
  const style = (pill: Locator) =>
    pill.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        colour: computed.borderTopColor,
        fontStyle: computed.fontStyle,
        pressed: String(element.querySelector("input")?.checked),
      };
    });
  const styles = new Map<string, { colour: string; fontStyle: string; pressed: string | null }>();
  for (const [index, tag] of tags.entries()) styles.set(tag, await style(pills(page).nth(index)));

  for (const [tag, value] of styles) {
    expect(value.fontStyle, `${tag} unselected`).toBe("normal");
    expect(value.pressed).toBe("false");
    expect(value.colour === "rgb(0, 0, 0)", `${tag}: black exactly when it is not a known tag`).toBe(
      !KNOWN_TAGS.includes(tag),
    );
  }
  const knownColours = tags.filter((tag) => KNOWN_TAGS.includes(tag)).map((tag) => styles.get(tag)!.colour);
  expect(new Set(knownColours).size, "each known tag has its own colour").toBe(knownColours.length);

  const [first, second] = tags;
  const pill = (tag: string) => pills(page).nth(tags.indexOf(tag));
  await pill(first!).click();
  await expect.poll(() => style(pill(first!))).toMatchObject({ fontStyle: "italic", pressed: "true" });
  expect(await style(pill(second!))).toMatchObject({ fontStyle: "normal", pressed: "false" });
  const having = (selected: string[]) =>
    tiles.filter((tile) => Array.isArray(tile.Tags) && tile.Tags.some((tag) => selected.includes(String(tag).trim())))
      .length;
  await expect(masonryTiles(page)).toHaveCount(having([first!]));

  await pill(second!).click();
  await expect.poll(() => style(pill(second!))).toMatchObject({ fontStyle: "italic", pressed: "true" });
  await expect(masonryTiles(page)).toHaveCount(having([first!, second!]));

  await pill(first!).click();
  await expect.poll(() => style(pill(first!))).toMatchObject({ fontStyle: "normal", pressed: "false" });
  await pill(second!).click();
  await expect(masonryTiles(page)).toHaveCount(tiles.length);
});
