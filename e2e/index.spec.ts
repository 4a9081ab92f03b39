import type { Locator, Page } from "@playwright/test";
import { articlePath, articleVersions, asset, indexReferences } from "./content";
import { visit } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import type { StoryJson } from "./fixtures";

/**
 * SPEC section 2, Index: the published articles the index story references,
 * in its order (read with the public token, so unpublished references
 * fall away), each row with its name, tags joined by commas (hidden on
 * phones) and a hover image. SPEC section 8: entries that cannot be read
 * are dropped.
 */

test.describe.configure({ mode: "parallel" });

let refs: Awaited<ReturnType<typeof indexReferences>>;

test.beforeAll(async () => {
  refs = await indexReferences(createContentApi());
  expect(refs.published.length).toBeGreaterThan(1);
});

function rows(page: Page): Locator {
  return page.getByRole("main").locator('a[href^="/articles/"]');
}

function row(page: Page, story: StoryJson): Locator {
  return page.getByRole("main").locator(`a[href="${articlePath(story.full_slug)}"]`);
}

test("rows are the index story's published articles, in its order, with name and link", async ({ page }) => {
  await visit(page, "/index");
  await expect(rows(page)).toHaveCount(refs.published.length);
  const shown = await rows(page).evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(shown).toEqual(refs.published.map((story) => articlePath(story.full_slug)));
  for (const [position, story] of refs.published.entries()) {
    await expect(rows(page).nth(position)).toContainText(story.name);
  }
});

test("references that cannot be read are dropped: the never-published story and the missing uuid", async ({
  page,
  contentApi,
}) => {
  expect(refs.neverPublished.length, "the demo index references a never-published article").toBeGreaterThan(0);
  expect(refs.missing.length, "the demo index references a deleted uuid").toBeGreaterThan(0);
  await visit(page, "/index");
  await expect(rows(page)).toHaveCount(refs.published.length);
  const main = page.getByRole("main");
  for (const story of refs.neverPublished) {
    await expect(row(page, story)).toHaveCount(0);
    await expect(main).not.toContainText(story.name);
  }
  for (const uuid of refs.missing) await expect(main).not.toContainText(uuid);
  // SPEC 8's placeholder text never reaches the page
  await expect(main).not.toContainText("Fehler bei");

  // SPEC 7: the references are read in their published state: a story whose draft differs shows its published name
  const changed = (await articleVersions(contentApi)).find(
    (version) =>
      version.published && version.published.name !== version.draft.name && refs.uuids.includes(version.draft.uuid),
  );
  expect(changed, "the demo index references an article whose draft renames it").toBeTruthy();
  await expect(row(page, changed!.published!)).toContainText(changed!.published!.name);
  await expect(main).not.toContainText(changed!.draft.name);
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a row shows its tags joined by commas", async ({ page }) => {
    await visit(page, "/index");
    const tagged = refs.published.filter((story) => story.tag_list.length > 0);
    expect(tagged.length).toBeGreaterThan(0);
    for (const story of tagged) {
      await expect(row(page, story).getByText(story.tag_list.join(", "), { exact: true })).toBeVisible();
    }
  });

  test("hovering a row shows its article's header image beside the list, fetched only then", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") fetched.push(new URL(request.url()).pathname.split("/m/")[0]!);
    });
    await visit(page, "/index");
    const [first, second] = refs.published.filter((story) => asset(story.content.Header).filename);
    const preview = (story: StoryJson) => row(page, story!).locator("img");
    const shownFile = (story: StoryJson) =>
      preview(story).evaluate((img: HTMLImageElement) =>
        img.complete && img.currentSrc ? new URL(img.currentSrc).pathname : "",
      );

    await page.mouse.move(1, 1);
    await expect(preview(first!)).toBeHidden();
    await expect(preview(second!)).toBeHidden();
    const file = (story: StoryJson) => new URL(asset(story.content.Header).filename!).pathname;
    expect(fetched.filter((path) => refs.published.some((story) => path === file(story)))).toEqual([]);

    await row(page, first!).hover();
    await expect(preview(first!)).toBeVisible();
    await expect(preview(second!)).toBeHidden();
    await expect.poll(() => shownFile(first!)).toContain(new URL(asset(first!.content.Header).filename!).pathname);
    const box = await preview(first!).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);

    await row(page, second!).hover();
    await expect(preview(second!)).toBeVisible();
    await expect(preview(first!)).toBeHidden();
    await expect.poll(() => shownFile(second!)).toContain(new URL(asset(second!.content.Header).filename!).pathname);

    await page.mouse.move(1, 1);
    await expect(preview(second!)).toBeHidden();
    expect(new Set(fetched.filter((path) => refs.published.some((story) => path === file(story))))).toEqual(
      new Set([file(first!), file(second!)]),
    );
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("rows hide their tags (and show no hover image)", async ({ page }) => {
    await visit(page, "/index");
    const tagged = refs.published.filter((story) => story.tag_list.length > 0);
    expect(tagged.length).toBeGreaterThan(0);
    for (const story of tagged) {
      await expect(row(page, story)).toBeVisible();
      await expect(row(page, story).getByText(story.tag_list.join(", "), { exact: true })).toBeHidden();
    }
    await row(page, tagged[0]!).hover();
    await expect(row(page, tagged[0]!).locator("img")).toBeHidden();
  });
});
