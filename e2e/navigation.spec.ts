import { articlePath, builtArticle, layoutExpectations, text } from "./content";
import { visit, waitForHydration } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import type { LayoutExpectations } from "./content";

/**
 * Client-side navigation over what the server answers (project `browser`:
 * the site server; project `nginx`: nginx with the build's site): each
 * navigation reads the page's prerendered `.data` file (200) without a full
 * reload, and the back button returns to the page before.
 */

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

test("header and footer links navigate on the client, reading each page's data file", async ({ page }) => {
  const dataAnswers: Array<{ url: string; status: number }> = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".data"))
      dataAnswers.push({ url: response.url(), status: response.status() });
  });
  await visit(page, "/");
  await page.evaluate(() => (window.__sameDocument = true));
  const steps = [
    {
      link: page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }),
      path: layout.header.index.path,
    },
    {
      link: page.getByRole("banner").getByRole("link", { name: layout.header.link.label, exact: true }),
      path: layout.header.link.path,
    },
    {
      link: page.getByRole("contentinfo").getByRole("link", { name: layout.footer.imprint.label }),
      path: layout.footer.imprint.path,
    },
  ];
  for (const step of steps) {
    await step.link.first().click();
    await expect(page).toHaveURL((url) => url.pathname === step.path);
    await expect(page.getByRole("main")).toBeVisible();
  }
  expect(await page.evaluate(() => window.__sameDocument), "no full reload").toBe(true);
  expect(dataAnswers.length).toBeGreaterThanOrEqual(steps.length);
  for (const answer of dataAnswers) expect(answer.status, answer.url).toBe(200);

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === steps[1]!.path);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === steps[0]!.path);
});

test("from the index to an article and on to one of its other projects", async ({ page, contentApi }) => {
  const story = await builtArticle(contentApi);
  const article = articlePath(story.full_slug);
  await visit(page, layout.header.index.path);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.getByRole("main").locator(`a[href="${article}"]`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === article);
  // the address changes before the article renders: until its headline shows, `main` holds the index's rows
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(text(story.content.Headline));
  // the page carries the pool of other projects and shows the two drawn: take whichever is shown when clicked
  await waitForHydration(page);
  await page.locator(`main a[href^="/articles/"]:not([href="${article}"])`).filter({ visible: true }).last().click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/articles/") && url.pathname !== article);
  const next = await contentApi.story(new URL(page.url()).pathname.slice(1));
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(text(next.content.Headline));
  await waitForHydration(page);
  expect(await page.evaluate(() => window.__sameDocument), "no full reload").toBe(true);
});
