import type { Locator, Page } from "@playwright/test";
import { articlePath, body, builtArticle, firstBody, htmlAttributeValues, records } from "./content";
import { visit } from "./page-helpers";
import type { Blok } from "./content";
import { expect, test } from "./fixtures";
import type { ContentApi, StoryJson } from "./fixtures";

/**
 * In preview (a draft build, the e2e default) the content service answers
 * drafts with Storyblok's `_editable` on every blok, so every blok an editor
 * can select in the visual editor carries the attributes Storyblok's SDK
 * makes of it: `data-blok-c` (the comment's JSON) and `data-blok-uid`
 * (`{story id}-{_uid}`), on its own element, on every route.
 */

test.describe.configure({ mode: "parallel" });

/** What Storyblok's SDK makes of a blok's `_editable` (storyblokEditable). */
function expectedAttributes(story: StoryJson, blok: Blok): { c: Record<string, string>; uid: string } {
  const comment = String(blok._editable ?? "");
  expect(comment, `${String(blok.component)} has _editable in the draft`).toMatch(/^<!--#storyblok#\{.*\}-->$/);
  const c = JSON.parse(comment.replace(/^<!--#storyblok#/, "").replace(/-->$/, "")) as Record<string, string>;
  expect(c).toEqual({ name: blok.component, space: expect.any(String), uid: blok._uid, id: String(story.id) });
  return { c, uid: `${story.id}-${String(blok._uid)}` };
}

async function expectEditable(element: Locator, expected: { c: Record<string, string>; uid: string }) {
  await expect(element).toHaveAttribute("data-blok-uid", expected.uid);
  expect(JSON.parse((await element.getAttribute("data-blok-c")) ?? "null")).toEqual(expected.c);
}

/** Every blok of a story's content, the root first, each with its parent's component name. */
function allBloks(content: unknown, parent = ""): Array<{ blok: Blok; parent: string }> {
  const found: Array<{ blok: Blok; parent: string }> = [];
  const walk = (value: unknown, owner: string) => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, owner));
    if (value === null || typeof value !== "object") return;
    const record = value as Blok;
    const isBlok = typeof record.component === "string" && typeof record._uid === "string";
    if (isBlok) found.push({ blok: record, parent: owner });
    for (const child of Object.values(record)) walk(child, isBlok ? String(record.component) : owner);
  };
  walk(content, parent);
  return found;
}

/**
 * The bloks an editor selects in the page: all of the story's but
 * - its root when that holds nothing but a body of bloks (home, about, imprint, index, header, footer): the
 *   editor shows the story's own form when nothing is selected;
 * - the article's ImagesArticle groups: the media grid is one flat list of their entries, each selectable;
 * - the hero's single slide while the carousel is on: the page does not show it.
 */
function selectableBloks(story: StoryJson): Blok[] {
  const content = story.content as Blok;
  const rootHoldsOnlyBody = Object.keys(content).every((key) =>
    ["_uid", "component", "_editable", "body"].includes(key),
  );
  const hero = records(content.body).find((blok) => blok.component === "hero");
  const hiddenSlides = new Set(records(hero?.CaruselYN ? hero.Image : hero?.Photo).map((slide) => slide._uid));
  return allBloks(content)
    .filter((_, index) => !(index === 0 && rootHoldsOnlyBody))
    .filter(({ blok }) => blok.component !== "ImagesArticle")
    .filter(({ blok }) => !hiddenSlides.has(blok._uid))
    .map(({ blok }) => blok);
}

/** The visual editor's query (its token parameter makes the page read drafts, as it does in the editor). */
function inEditor(path: string, story: StoryJson): string {
  return `${path}?_storyblok=${story.id}&_storyblok_tk[token]=e2e`;
}

/**
 * The home gallery shows six tiles a page: scrolls its sentinel into view until all `count` are there. Until
 * React's switch after hydration (a transition, after hydration's commit) every tile is in the list, and the
 * switch leaves six: the count means something only from the grid's `data-hydrated` on.
 */
async function showAllTiles(page: Page, count: number) {
  const gallery = page.getByRole("main").getByRole("region", { name: "Projekte" });
  await expect(gallery.locator("> ul[data-hydrated]")).toBeAttached();
  const tiles = gallery.locator("> ul > li");
  for (let shown = await tiles.count(); shown < count; shown = await tiles.count()) {
    await gallery
      .locator('> div[aria-hidden="true"]')
      .evaluate((sentinel) => sentinel.scrollIntoView({ block: "center", behavior: "instant" }));
    await expect.poll(() => tiles.count()).toBeGreaterThan(shown);
  }
}

async function expectEverySelectable(page: Page, stories: StoryJson[]) {
  for (const story of stories) {
    for (const blok of selectableBloks(story)) {
      const expected = expectedAttributes(story, blok);
      const elements = page.locator(`[data-blok-uid="${expected.uid}"]`);
      await expect(
        elements.first(),
        `${story.full_slug}: ${String(blok.component)} ${String(blok._uid)}`,
      ).toBeAttached();
      await expectEditable(elements.first(), expected);
    }
  }
}

const ROUTES: Array<{ name: string; slug: (api: ContentApi) => Promise<string>; path: (story: StoryJson) => string }> =
  [
    { name: "home", slug: async () => "home", path: () => "/" },
    { name: "index", slug: async () => "index", path: () => "/index" },
    { name: "about", slug: async () => "about", path: () => "/about" },
    { name: "imprint", slug: async () => "imprint", path: () => "/imprint" },
    {
      name: "an article",
      slug: async (api) => (await builtArticle(api)).full_slug,
      path: (story) => articlePath(story.full_slug),
    },
  ];

for (const route of ROUTES) {
  test(`in the editor's preview, every blok of ${route.name}, the header and the footer has an element with its attributes`, async ({
    page,
    contentApi,
  }) => {
    const [story, header, footer] = await Promise.all([
      contentApi.story(await route.slug(contentApi)),
      contentApi.story("header"),
      contentApi.story("footer"),
    ]);
    const stories = [story, header, footer];
    // the test's own rule must leave bloks to check on every route
    expect(selectableBloks(story).length).toBeGreaterThan(0);
    await visit(page, inEditor(route.path(story), story));
    await expect(page.locator("[data-blok-uid]").first()).toBeAttached();
    const tiles = records(body(story)[1]?.ImageData);
    if (route.name === "home") await showAllTiles(page, tiles.length);
    await expectEverySelectable(page, stories);
  });
}

test("the article's info and media entries are their own elements: a media entry's element holds its caption", async ({
  page,
  contentApi,
}) => {
  const story = await builtArticle(contentApi);
  await visit(page, inEditor(articlePath(story.full_slug), story));
  const media = allBloks(story.content).filter(({ blok }) => blok.component === "media");
  expect(media.length).toBeGreaterThan(0);
  const entries = media.map(({ blok }) => ({
    caption: String((blok.Image as { name?: unknown } | undefined)?.name ?? "").trim(),
    element: page.locator(`[data-blok-uid="${story.id}-${String(blok._uid)}"]`),
  }));
  for (const { element } of entries) await expect(element).toHaveCount(1);
  const captioned = entries.filter(({ caption }) => caption !== "");
  expect(captioned.length, "the article has captioned media").toBeGreaterThan(0);
  for (const { element, caption } of captioned) await expect(element).toContainText(caption);
});

test("in preview, the header, footer, hero and gallery carry the visual editor's attributes in the prerendered HTML", async ({
  page,
  request,
  contentApi,
}) => {
  const [header, footer, home] = await Promise.all([
    contentApi.story("header"),
    contentApi.story("footer"),
    contentApi.story("home"),
  ]);
  const [hero, gallery] = body(home);
  const expected = {
    header: expectedAttributes(header, firstBody(header)),
    footer: expectedAttributes(footer, firstBody(footer)),
    hero: expectedAttributes(home, hero!),
    gallery: expectedAttributes(home, gallery!),
    // the first tile and the first shown slide are in the HTML too
    tile: expectedAttributes(home, records(gallery!.ImageData)[0]!),
    slide: expectedAttributes(home, records(hero!.CaruselYN ? hero!.Photo : hero!.Image)[0]!),
  };

  // prerendered: the attributes are in the HTML before any script runs
  const html = await (await request.get("/")).text();
  const uids = htmlAttributeValues(html, "data-blok-uid");
  expect(uids).toEqual(expect.arrayContaining(Object.values(expected).map((e) => e.uid)));

  await visit(page, "/");
  await expectEditable(page.getByRole("banner"), expected.header);
  await expectEditable(page.getByRole("contentinfo"), expected.footer);
  const main = page.getByRole("main");
  await expectEditable(main.locator(`[data-blok-uid="${expected.hero.uid}"]`), expected.hero);
  await expectEditable(main.locator(`[data-blok-uid="${expected.gallery.uid}"]`), expected.gallery);
  // the hero wrapper holds the hero, the gallery wrapper the gallery's links, a tile its link
  await expect(main.locator(`[data-blok-uid="${expected.hero.uid}"] :is(img, video)`).first()).toBeAttached();
  await expect(main.locator(`[data-blok-uid="${expected.gallery.uid}"] a[href]`).first()).toBeAttached();
  await expect(main.locator(`[data-blok-uid="${expected.tile.uid}"]`)).toHaveJSProperty("tagName", "LI");
  await expect(main.locator(`[data-blok-uid="${expected.tile.uid}"] a[href]`)).toHaveCount(1);
});
