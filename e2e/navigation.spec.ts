import { articlePath, builtArticle, layoutExpectations } from "./content";
import { followLink, shellLinks, visit } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import type { LayoutExpectations } from "./content";

/**
 * Following the site's links over what the server answers (project `browser`: the site server; project `nginx`:
 * nginx with the build's site), on the production build: each link shows the page it names (its address and the
 * heading the server prerendered for it), whether the browser loads it (a page without a framework,
 * docs/decisions/0014) or a hydrated page renders it on the client, and Back returns to the page before. What a
 * client navigation reads, each page's prerendered `.data` file, is answered too (the SPA fallback and the
 * preview build's pages navigate so; `preview-build.spec.ts` follows one).
 */

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

test("header and footer links open their pages, and Back returns to the pages before", async ({ page }) => {
  await visit(page, "/");
  const steps = shellLinks(page, layout);
  for (const step of steps) await followLink(page, step.link.first(), step.path);

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === steps[1]!.path);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === steps[0]!.path);
});

test("each page's prerendered data, which a client navigation reads, is answered", async ({ request }) => {
  for (const path of ["/", layout.header.index.path, layout.header.link.path, layout.footer.imprint.path]) {
    const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
    const response = await request.get(dataPath);
    expect(response.status(), dataPath).toBe(200);
  }
});

test("from the index to an article and on to one of its other projects", async ({ page, contentApi }) => {
  const story = await builtArticle(contentApi);
  const article = articlePath(story.full_slug);
  await visit(page, layout.header.index.path);
  await followLink(page, page.getByRole("main").locator(`a[href="${article}"]`).first(), article);
  // the page carries the pool of other projects and shows the two drawn: take whichever is shown when clicked
  const other = page.locator(`main a[href^="/articles/"]:not([href="${article}"])`).filter({ visible: true }).last();
  await followLink(page, other, (await other.getAttribute("href"))!);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === article);
});
