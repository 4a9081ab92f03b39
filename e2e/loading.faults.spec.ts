import type { Locator, Page } from "@playwright/test";
import {
  addArticleAfterBuild,
  body,
  builtArticle,
  categoryTags,
  firstBody,
  indexReferences,
  layoutExpectations,
  text,
} from "./content";
import { visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, previewBuild, test } from "./fixtures";

/**
 * SPEC sections 2 and 4: each page shows its loading text until its content
 * arrives. Prerendered pages hold their content in the HTML, so the spec's
 * loading states only appear where the browser asks the content service:
 * an article published after the build (SPA fallback), and client
 * navigations whose prerendered data is missing (the `.data` request is
 * answered 404 here, so the route's client loader falls back to the API).
 * The content service answers 1.5 s late meanwhile.
 *
 * The header's and footer's loading texts ('Laden...', 'Loading content ...')
 * and the hero's 'Laden...' cannot appear in the built site: every HTML file,
 * the SPA fallback included, carries the header and footer, and the home
 * page's client loader hands over the hero with the page. What is checked
 * instead: they are there at once while the page's own content loads.
 */

const LATENCY_MS = 1_500;

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

/** The path of the data file React Router fetches for a client navigation to `pathname`. */
function dataFileOf(pathname: string): string {
  return pathname === "/" ? "/_root.data" : `${pathname}.data`;
}

/** Answers the prerendered data of `pathname` with 404, as for a page the build did not know; counts the requests. */
async function withoutPrerenderedData(page: Page, pathname: string): Promise<{ hits: number }> {
  const counter = { hits: 0 };
  await page.route(
    (url) => url.pathname === dataFileOf(pathname),
    async (route) => {
      counter.hits++;
      await route.fulfill({ status: 404, contentType: "text/plain", body: "not prerendered (e2e)" });
    },
  );
  return counter;
}

/** The loading text is shown, and the content is not, until the content arrives and the text goes. */
async function expectLoadingThenContent(loading: Locator, content: Locator) {
  await expect(loading).toBeVisible({ timeout: LATENCY_MS * 3 });
  await expect(content).toHaveCount(0);
  await expect(content.first()).toBeVisible({ timeout: LATENCY_MS * 5 });
  await expect(loading).toHaveCount(0);
}

/** The header and footer are there, with content, not their loading texts. */
async function expectShellShown(page: Page) {
  await expect(
    page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(layout.footer.copyright);
  await expect(page.getByText("Loading content ...", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("banner").getByText("Laden...", { exact: true })).toHaveCount(0);
}

test("an article published after the build shows 'Loading article...' until it arrives", async ({
  page,
  contentApi,
  setFaults,
  expectConsoleError,
}) => {
  const added = await addArticleAfterBuild(contentApi, await builtArticle(contentApi), "e2e-loading");
  try {
    await setFaults({ latencyMs: LATENCY_MS });
    // the page has no prerendered data file (404) before the client loader reads the API
    expectConsoleError(/status of 404/);
    await page.goto(added.path);
    const main = page.getByRole("main");
    await expect(page).toHaveTitle(/Loading article\.\.\.$/);
    await expectLoadingThenContent(
      main.getByText("Loading article...", { exact: true }),
      main.getByRole("heading", { level: 1, name: added.headline, exact: true }),
    );
    await expect(page).not.toHaveTitle(/Loading article/);
    await expectShellShown(page);
  } finally {
    await added.remove();
  }
});

/**
 * Client navigations whose prerendered data is missing: a page that hydrates navigates so (the preview build's;
 * on the production build the SPA fallback's: docs/decisions/0014).
 */
test.describe("client navigations", () => {
  test.use(previewBuild());

  test("the home page shows 'Loading...' until the categories arrive", async ({
    page,
    contentApi,
    setFaults,
    expectConsoleError,
  }) => {
    const tags = await categoryTags(contentApi);
    await visit(page, "/imprint");
    const data = await withoutPrerenderedData(page, "/");
    await setFaults({ latencyMs: LATENCY_MS });
    expectConsoleError(/status of 404/);
    await page.getByRole("banner").locator('a[href="/"]').first().click();
    const main = page.getByRole("main");
    await expectLoadingThenContent(
      main.getByText("Loading...", { exact: true }),
      main.getByRole("checkbox", { name: tags[0], exact: true }),
    );
    await expect(main.getByRole("group", { name: "Projekte nach Kategorie filtern" }).locator("label")).toHaveText(
      tags,
    );
    expect(data.hits).toBeGreaterThan(0);
    await expectShellShown(page);
  });

  test("the index shows 'Content is loading...' until its articles arrive", async ({
    page,
    contentApi,
    setFaults,
    expectConsoleError,
  }) => {
    const refs = await indexReferences(contentApi);
    await visit(page, "/imprint");
    const data = await withoutPrerenderedData(page, layout.header.index.path);
    await setFaults({ latencyMs: LATENCY_MS });
    expectConsoleError(/status of 404/);
    await page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }).click();
    const main = page.getByRole("main");
    await expectLoadingThenContent(
      main.getByText("Content is loading...", { exact: true }),
      main.locator('a[href^="/articles/"]'),
    );
    await expect(main.locator('a[href^="/articles/"]')).toHaveCount(refs.published.length);
    expect(data.hits).toBeGreaterThan(0);
    await expectShellShown(page);
  });

  test("the about page shows 'Laden...' until the about story arrives", async ({
    page,
    contentApi,
    setFaults,
    expectConsoleError,
  }) => {
    const about = await contentApi.story("about", "published");
    const headline = body(about)
      .map((blok) => text(blok.Headline))
      .find(Boolean)!;
    await visit(page, "/imprint");
    const data = await withoutPrerenderedData(page, layout.header.link.path);
    await setFaults({ latencyMs: LATENCY_MS });
    expectConsoleError(/status of 404/);
    await page.getByRole("banner").getByRole("link", { name: layout.header.link.label, exact: true }).click();
    const main = page.getByRole("main");
    await expectLoadingThenContent(
      main.getByText("Laden...", { exact: true }),
      main.getByRole("heading", { name: headline, exact: true }),
    );
    expect(data.hits).toBeGreaterThan(0);
    await expectShellShown(page);
  });

  test("the imprint shows 'Laden...' until the imprint story arrives", async ({
    page,
    contentApi,
    setFaults,
    expectConsoleError,
  }) => {
    const imprint = await contentApi.story("imprint");
    expect(firstBody(imprint).Text).toBeTruthy();
    // not from /: its gallery loads more tiles as the footer nears, moving the link away mid-click
    await visit(page, "/index");
    const data = await withoutPrerenderedData(page, layout.footer.imprint.path);
    await setFaults({ latencyMs: LATENCY_MS });
    expectConsoleError(/status of 404/);
    await page.getByRole("contentinfo").getByRole("link", { name: layout.footer.imprint.label, exact: true }).click();
    const main = page.getByRole("main");
    await expectLoadingThenContent(
      main.getByText("Laden...", { exact: true }),
      main.getByRole("heading", { level: 1, name: imprint.name, exact: true }),
    );
    expect(data.hits).toBeGreaterThan(0);
    await expectShellShown(page);
  });
});

test("prerendered pages show their content at once, whatever the content service's latency", async ({
  page,
  setFaults,
}) => {
  await setFaults({ latencyMs: LATENCY_MS * 4 });
  for (const path of ["/", layout.header.index.path, layout.header.link.path, layout.footer.imprint.path]) {
    const started = Date.now();
    await visit(page, path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeAttached();
    for (const loading of ["Loading...", "Content is loading...", "Laden...", "Loading content ..."]) {
      await expect(page.getByText(loading, { exact: true }), `${path}: ${loading}`).toHaveCount(0);
    }
    expect(Date.now() - started, `${path} did not wait for the content service`).toBeLessThan(LATENCY_MS * 4);
  }
});
