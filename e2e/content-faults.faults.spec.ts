import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { articlePath, builtArticle, firstBody, layoutExpectations, text } from "./content";
import { visit } from "./page-helpers";
import { e2eEnv, expect, test } from "./fixtures";

/**
 * Content service faults (run on one worker, after the other specs: faults
 * apply to every request the service gets).
 */

test("prerendered pages and the links between them need no content service at run time", async ({
  page,
  contentApi,
  setFaults,
}) => {
  const layout = await layoutExpectations(contentApi);
  const article = await builtArticle(contentApi);
  const indexTitle = text(firstBody(await contentApi.story("index")).Title);
  // every API request fails from here on
  await setFaults({ errorRate: 1 });

  await visit(page, "/");
  await expect(page.getByRole("contentinfo")).toContainText(layout.footer.copyright);
  const nav = page.getByRole("banner").getByRole("navigation").first();
  await nav.getByRole("link", { name: layout.header.index.label, exact: true }).click();
  await expect(page).toHaveURL(layout.header.index.path);
  // the address changes before the index renders: until its heading shows, `main` may hold the home page's tiles
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(indexTitle);
  const row = page.getByRole("main").locator(`a[href="${articlePath(article.full_slug)}"]`);
  await expect(row).toContainText(article.name);
  await row.click();
  await expect(page).toHaveURL(articlePath(article.full_slug));
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(text(article.content.Headline));
});

test("an article published after the build opens despite a burst of 429s (retried)", async ({
  page,
  contentApi,
  setFaults,
  expectConsoleError,
}) => {
  const template = await builtArticle(contentApi);
  const suffix = randomUUID().slice(0, 8);
  const slug = `e2e-rate-limited-${suffix}`;
  const headline = `Nach 429 ${suffix}`;
  const now = new Date().toISOString();
  const story = {
    ...template,
    id: 980_000_000 + Math.floor(Math.random() * 9_000_000),
    uuid: randomUUID(),
    name: `Rate limited ${suffix}`,
    slug,
    full_slug: `articles/${slug}`,
    tag_list: [],
    published_at: now,
    first_published_at: now,
    content: { ...template.content, _uid: randomUUID(), Headline: headline },
  };
  const file = path.join(e2eEnv().contentDir, "stories", "articles", `${slug}.json`);
  const cvBefore = await contentApi.cacheVersion();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ story }, null, 2)}\n`);
  try {
    await expect.poll(() => contentApi.cacheVersion(), { timeout: 10_000 }).not.toBe(cvBefore);
    // SPEC section 8: a 429 is retried after 300 ms, up to 10 times
    await setFaults({ burst429: 3, paths: `/cdn/stories/articles/${slug}` });
    expectConsoleError(/status of (404|429)/);
    await visit(page, `/articles/${slug}`);
    await expect(page.getByRole("main")).toContainText(headline, { timeout: 10_000 });
  } finally {
    await rm(file, { force: true });
  }
});
