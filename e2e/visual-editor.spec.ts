import { articlePath, builtArticle, homeGallery, layoutExpectations, text, trackContentApi, visit } from "./content";
import {
  BRIDGE_MARKER,
  EDITOR_LAUNCH_OPTIONS,
  editorQuery,
  isBridgeCode,
  mark,
  marked,
  openInEditor,
  post,
  postUntil,
} from "./editor";
import { expect, test } from "./fixtures";

/**
 * SPEC section 7: the visual editor's bridge loads only when the URL holds
 * `_storyblok_tk`; it live-updates the story on `input` and reloads the
 * page on `change` and `published` (the stand-in editor: e2e/editor.ts).
 */

test.describe.configure({ mode: "parallel" });

test.use(EDITOR_LAUNCH_OPTIONS);

test("in the editor, an article takes edits live on input, ignores other stories' edits, and reloads on change and published", async ({
  page,
  contentApi,
  expectConsoleError,
}) => {
  const story = await builtArticle(contentApi);
  const api = trackContentApi(page);
  const frame = await openInEditor(
    page,
    articlePath(story.full_slug) + (await editorQuery(contentApi, story)),
    expectConsoleError,
  );
  const heading = frame.getByRole("main").getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(text(story.content.Headline));

  // an edit of another story changes nothing
  await post(page, {
    action: "input",
    story: { ...story, id: story.id + 1, content: { ...story.content, Headline: "Not this one" } },
  });
  const edited = `Live edit ${Date.now()}`;
  await postUntil(page, { action: "input", story: { ...story, content: { ...story.content, Headline: edited } } }, () =>
    expect(heading).toHaveText(edited, { timeout: 1_000 }),
  );

  // change of another story: no reload
  await mark(frame);
  await post(page, { action: "change", storyId: story.id + 1 });
  await page.waitForTimeout(700);
  expect(await marked(frame)).toBe(true);

  for (const action of ["change", "published"]) {
    // the preview's reads are done (a reload would cut them off, which the page logs)
    await api.settled();
    await mark(frame);
    await post(page, { action, storyId: story.id });
    await expect.poll(() => marked(frame), { message: `${action} reloads the page` }).toBe(false);
    await expect(heading).toHaveText(text(story.content.Headline));
    await expect(frame.locator(`#${BRIDGE_MARKER}`)).toBeAttached();
  }
});

test("in the editor, the home page takes a gallery edit live", async ({ page, contentApi, expectConsoleError }) => {
  const home = await contentApi.story("home");
  const frame = await openInEditor(page, `/${await editorQuery(contentApi, home)}`, expectConsoleError);
  const [first] = homeGallery(home);
  const tile = frame.getByRole("main").locator(`li:has(a[href="${first!.path}"])`).last();
  await expect(tile).toContainText(first!.caption);

  const renamed = `Live ${Date.now()}`;
  const body = (home.content.body as Array<Record<string, unknown>>).map((blok, index) =>
    index === 1
      ? {
          ...blok,
          ImageData: (blok.ImageData as Array<Record<string, unknown>>).map((item, i) =>
            i === 0 ? { ...item, Name: renamed } : item,
          ),
        }
      : blok,
  );
  await postUntil(page, { action: "input", story: { ...home, content: { ...home.content, body } } }, () =>
    expect(frame.getByRole("main").getByText(renamed, { exact: true })).toBeAttached({ timeout: 1_000 }),
  );
  await expect(tile).not.toContainText(first!.caption);
});

test("without _storyblok_tk no page requests the bridge or starts it", async ({ page, contentApi, requestLog }) => {
  const layout = await layoutExpectations(contentApi);
  const article = await builtArticle(contentApi);
  const bridgeResponses: string[] = [];
  const checks: Array<Promise<void>> = [];
  page.on("response", (response) => {
    checks.push(
      isBridgeCode(response).then((bridge) => {
        if (bridge) bridgeResponses.push(response.url());
      }),
    );
  });
  // the editor's story parameter alone (no token) is not the editor either
  const routes = [
    "/",
    layout.header.index.path,
    layout.header.link.path,
    layout.footer.imprint.path,
    articlePath(article.full_slug),
  ];
  for (const route of [...routes, `${articlePath(article.full_slug)}?_storyblok=${article.id}`]) {
    await visit(page, route, { waitUntil: "domcontentloaded" });
    // the bridge would be imported by an effect right after hydration
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => ({
        bridge: "StoryblokBridge" in window,
        register: "storyblokRegisterEvent" in window,
        stylesheet: document.getElementById("storyblok-bridge-stylesheet") !== null,
      })),
      route,
    ).toEqual({ bridge: false, register: false, stylesheet: false });
  }
  // client navigations too
  await page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }).click();
  await expect(page).toHaveURL(layout.header.index.path);
  await page.getByRole("main").locator('a[href^="/articles/"]').first().click();
  await expect(page).toHaveURL(/\/articles\//);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  await Promise.all(checks);
  expect(bridgeResponses).toEqual([]);
  expect(requestLog.filter((line) => /storyblok\.com/i.test(line))).toEqual([]);
});
