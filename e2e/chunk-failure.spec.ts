import type { Page } from "@playwright/test";
import { layoutExpectations } from "./content";
import { visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * SPEC 8: "Route code fails to load: the page reloads". After a new deploy
 * an open tab may ask for chunks that no longer exist. A client navigation
 * whose route module or client-loader chunk fails loads the page the visitor
 * asked for, as a full page load, once: never the page they came from (the
 * click would be lost), never a developer's message, never a loop.
 */

let layout: LayoutExpectations;
/** The imprint's heading (its story's name): what tells the imprint from the index it was opened from. */
let imprintName: string;

test.beforeAll(async () => {
  const api = createContentApi();
  layout = await layoutExpectations(api);
  imprintName = (await api.story(layout.footer.imprint.path.replace(/^\//, ""))).name;
});

const CHUNKS = {
  // the route's module ("-main" when React Router has split its client loader into a chunk of its own)
  "route module": /\/assets\/imprint(?:-main)?-[\w-]{8}\.js$/,
  "client loader": /\/assets\/imprint-client-loader-[\w-]{8}\.js$/,
} as const;

/** Full page loads (documents) of this page from now on, by path. */
function documentLoads(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) {
      paths.push(new URL(request.url()).pathname);
    }
  });
  return paths;
}

async function followImprintLink(page: Page) {
  await page.getByRole("contentinfo").getByRole("link", { name: layout.footer.imprint.label, exact: true }).click();
}

for (const [kind, chunk] of Object.entries(CHUNKS)) {
  test(`a failed ${kind} chunk loads the page the visitor asked for, once`, async ({ page, expectConsoleError }) => {
    expectConsoleError(
      /Failed to load resource|Failed to fetch dynamically imported module|Error loading route module/,
    );
    await visit(page, "/index");
    let failures = 0;
    // the chunk fails once, as a chunk of an old deploy would; the new page load gets it
    await page.route(chunk, (route) => (failures++ === 0 ? route.abort("failed") : route.continue()));
    const loads = documentLoads(page);
    await followImprintLink(page);

    await expect(page).toHaveURL(/\/imprint\/?$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(imprintName);
    await expect.poll(() => loads).toEqual([layout.footer.imprint.path]);
    expect(failures).toBeGreaterThanOrEqual(1);
    await expect(page.getByText("Da ist etwas schief gelaufen")).toHaveCount(0);
    await expect(page.getByText(/dataStrategy/)).toHaveCount(0);
  });
}

test("a chunk that keeps failing loads the page once, not in a loop", async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource|Failed to fetch dynamically imported module|Error loading route module/);
  // the new page cannot hydrate either: it stays as prerendered, readable, with working links
  expectConsoleError(/could not be loaded/);
  await visit(page, "/index");
  await page.route(CHUNKS["route module"], (route) => route.abort("failed"));
  const loads = documentLoads(page);
  // the new page gives up hydrating (its code fails too) and says so: from then on nothing of the site runs
  const gaveUp = page.waitForEvent("console", {
    predicate: (message) => message.text().startsWith("The page's code could not be loaded; the page stays"),
  });
  await followImprintLink(page);
  await expect(page).toHaveURL(/\/imprint\/?$/);
  // the prerendered page shows its content even where its code cannot run
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(imprintName);
  await gaveUp;
  expect(loads).toEqual([layout.footer.imprint.path]);
});

for (const [kind, chunk] of Object.entries({
  "route module": /\/assets\/article(?:-main)?-[\w-]{8}\.js$/,
  "route stylesheet": /\/assets\/article-[\w-]{8}\.css$/,
})) {
  test(`a gallery tile whose article's ${kind} fails loads that article, not the home page again`, async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(
      /Failed to load resource|Failed to fetch dynamically imported module|Error loading route module|Unable to preload CSS/,
    );
    await visit(page, "/");
    let failures = 0;
    await page.route(chunk, (route) => (failures++ === 0 ? route.abort("failed") : route.continue()));
    const loads = documentLoads(page);
    const tileLink = page.getByRole("main").locator("section > ul > li a").first();
    const target = await tileLink.getAttribute("href");
    expect(target).toMatch(/^\/articles\//);
    await tileLink.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    expect(failures).toBeGreaterThanOrEqual(1);
    // a failed module is loaded anew with the article (one full load of it); a stylesheet React Router asks for
    // again as the article renders (no load at all): never the home page again
    await expect.poll(() => loads).toEqual(kind === "route module" ? [target] : []);
  });
}
