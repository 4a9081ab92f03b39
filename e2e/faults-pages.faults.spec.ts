import type { Page } from "@playwright/test";
import type { FaultConfig } from "../content-server/faults";
import { articlePath, body, builtArticle, categoryTags, firstBody, homeGallery, text } from "./content";
import { trackContentReads, visit } from "./page-helpers";
import { createContentApi, e2eEnv, expect, previewBuild, test } from "./fixtures";

/**
 * SPEC section 8 against a failing content service, on the pages the
 * browser fetches itself (here in the visual editor's preview, which reads
 * drafts from the API: on the preview build, whose pages hydrate). Every outcome is the spec's: an article is 'Article
 * not found'; the home page's categories stay 'Loading...' with the logged
 * 'Fehler beim Laden der Kategorien:'; any other page shows the German
 * error screen. A burst of 429s is retried and the page loads. The fixture
 * fails a test on any uncaught page error.
 */

test.use(previewBuild());

const PREVIEW = "_storyblok_tk[space_id]=287401&_storyblok_tk[timestamp]=1&_storyblok_tk[token]=e2e";

function preview(path: string): string {
  return `${path}?${PREVIEW}`;
}

const modes: Array<{ name: string; faults: FaultConfig }> = [
  { name: "5xx answers", faults: { errorRate: 1 } },
  { name: "connection resets", faults: { resetRate: 1 } },
  { name: "malformed JSON", faults: { malformedRate: 1 } },
];

let articleRoute = "";
let articleHeadline = "";
let categories: string[] = [];
let firstGalleryPath = "";
let indexTitle = "";
let aboutHeadline = "";
let imprintTitle = "";

// expected values are read before any fault is set (the faults apply to every API request)
test.beforeAll(async () => {
  const api = createContentApi(e2eEnv(), "draft");
  const article = await builtArticle(api);
  articleRoute = articlePath(article.full_slug);
  articleHeadline = text(article.content.Headline);
  categories = await categoryTags(api);
  // the checks below look for each category's checkbox, and its label: none would check nothing
  expect(categories.length, "the demo's articles have tags").toBeGreaterThan(0);
  firstGalleryPath = homeGallery(await api.story("home"))[0]!.path;
  indexTitle = text(firstBody(await api.story("index")).Title) || "Index";
  // the pages are opened as the visual editor's preview, which shows the about draft it edits
  aboutHeadline = body(await api.story("about", "draft"))
    .map((blok) => text(blok.Headline))
    .find(Boolean)!;
  imprintTitle = (await api.story("imprint")).name;
});

/** What a failing service makes the page log (the requests, and the loaders' own messages). */
function allowServiceErrors(expectConsoleError: (pattern: RegExp) => void) {
  for (const pattern of [
    /^Failed to load resource/,
    // the root loader keeps the built header and footer, and says why
    /Header\/footer:/,
    // a route error on its way to the error screen
    /React Router caught the following error/,
    /Injected fault|Failed to fetch|in JSON|JSON\.parse|Unexpected (end|token)/,
    /^Artikel nicht gefunden:/,
    /^Die Artikelliste konnte nicht geladen werden:/,
    /^Fehler beim Laden der Kategorien:/,
  ]) {
    expectConsoleError(pattern);
  }
}

/** The German error screen (SPEC section 2), inside the site's frame. */
async function expectErrorScreen(page: Page, where: string) {
  const main = page.getByRole("main");
  await expect
    .soft(main.getByRole("heading", { level: 1, name: "Da ist etwas schief gelaufen" }), where)
    .toBeVisible({ timeout: 15_000 });
  await expect.soft(main, where).toContainText("Leider konnten wir die Seite nicht finden");
  // the header and footer stay (the built ones)
  await expect.soft(page.getByRole("banner").getByRole("navigation").first(), where).toBeVisible();
}

for (const mode of modes) {
  test.describe(`with ${mode.name}`, () => {
    test("the home page, the index, about and imprint show the error screen; an article shows 'Article not found'", async ({
      page,
      setFaults,
      expectConsoleError,
    }) => {
      allowServiceErrors(expectConsoleError);
      await setFaults(mode.faults);
      for (const path of ["/", "/index", "/about", "/imprint"]) {
        await page.goto(preview(path), { waitUntil: "domcontentloaded" });
        await expectErrorScreen(page, path);
      }
      await page.goto(preview(articleRoute), { waitUntil: "domcontentloaded" });
      await expect
        .soft(page.getByRole("main").getByRole("heading", { level: 1 }), articleRoute)
        .toHaveText("Article not found", { timeout: 15_000 });
    });

    test("the home page's categories stay 'Loading...' and the failure is logged", async ({
      page,
      setFaults,
      expectConsoleError,
      consoleLog,
    }) => {
      allowServiceErrors(expectConsoleError);
      // the home story arrives; the categories call (the article listing) meets the fault
      let listings = 0;
      await page.route(
        (url) => url.pathname.endsWith("/cdn/stories") && url.searchParams.get("starts_with") === "articles/",
        async (route) => {
          listings++;
          await setFaults(mode.faults);
          await route.continue();
        },
      );
      await page.goto(preview("/"), { waitUntil: "domcontentloaded" });
      await expect
        .poll(() => consoleLog.some((line) => line.startsWith("[error] Fehler beim Laden der Kategorien:")), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(listings).toBeGreaterThan(0);
      const main = page.getByRole("main");
      // the failed call's empty list has reached the filter: its own 'Loading...' (a status) took the place of
      // the one shown while the call was on its way, and nothing comes after it
      await expect(main.getByRole("status").filter({ hasText: /^Loading\.\.\.$/ })).toBeVisible();
      for (const tag of categories) await expect(main.getByRole("checkbox", { name: tag, exact: true })).toHaveCount(0);
      // the rest of the page is there
      await expect(main.locator(`a[href="${firstGalleryPath}"]`).first()).toBeVisible();
    });
  });
}

test("with a burst of three 429s, each page is retried and loads", async ({ page, setFaults, expectConsoleError }) => {
  expectConsoleError(/status of 429/);
  let throttled = 0;
  page.on("response", (response) => {
    if (response.status() === 429) throttled++;
  });
  const pages: Array<{ path: string; content: () => Promise<void> }> = [
    {
      path: "/",
      content: () =>
        expect(
          page.getByRole("main").getByRole("group", { name: "Projekte nach Kategorie filtern" }).locator("label"),
        ).toHaveText(categories, { timeout: 15_000 }),
    },
    {
      path: "/index",
      content: async () => {
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(indexTitle);
        await expect(page.getByRole("main").locator('a[href^="/articles/"]').first()).toBeVisible();
      },
    },
    {
      path: "/about",
      content: () =>
        expect(page.getByRole("main").getByRole("heading", { name: aboutHeadline, exact: true })).toBeVisible({
          timeout: 15_000,
        }),
    },
    {
      path: "/imprint",
      content: () => expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(imprintTitle),
    },
    {
      path: articleRoute,
      content: () =>
        expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(articleHeadline, {
          timeout: 15_000,
        }),
    },
  ];
  const api = trackContentReads(page);
  for (const entry of pages) {
    const before = throttled;
    await setFaults({ burst429: 3 });
    await visit(page, preview(entry.path), { waitUntil: "domcontentloaded" });
    // the client loaders did meet the 429s, and retried until the drafts arrived
    await expect.poll(() => throttled - before, { message: entry.path }).toBe(3);
    await api.settled();
    await entry.content();
    await expect(
      page.getByRole("main").getByRole("heading", { name: "Da ist etwas schief gelaufen" }),
      entry.path,
    ).toHaveCount(0);
  }
});
