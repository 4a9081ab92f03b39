import type { Frame, Request } from "@playwright/test";
import { articlePath, body, builtArticle, firstBody, homeGallery, layoutExpectations, records, text } from "./content";
import { animationFrames, trackContentReads, visit } from "./page-helpers";
import type { Blok } from "./content";
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
import type { StoryJson } from "./fixtures";

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
  const api = trackContentReads(page);
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

  // change of another story: no reload. A reload starts as a navigation event at once; the editor's messages are
  // handled in order, so once a later edit shows, the change has been handled
  await mark(frame);
  const navigations = await countNavigations(frame);
  await post(page, { action: "change", storyId: story.id + 1 });
  const later = `${edited} (later)`;
  await postUntil(page, { action: "input", story: { ...story, content: { ...story.content, Headline: later } } }, () =>
    expect(heading).toHaveText(later, { timeout: 1_000 }),
  );
  expect(await navigations.evaluate((count) => count.started)).toBe(0);
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
  // and the reloaded page's reads are done before the test closes it
  await api.settled();
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
  // every script asked for is checked once it has arrived
  const scriptsInFlight = new Set<Request>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scriptsInFlight.add(request);
  });
  const scriptDone = (request: Request) => scriptsInFlight.delete(request);
  page.on("requestfinished", scriptDone);
  page.on("requestfailed", scriptDone);

  // Only the scripts of the page being checked count: one a previous page asked for as it was left (its
  // full-screen view's code, fetched once idle) goes with that page, and not always with an event. A script
  // names the page that asked for it in its Referer (path and query; the site's policy sends them same-origin).
  const askedBy = (request: Request) => {
    const referer = new URL(request.headers().referer ?? "/", page.url());
    return referer.pathname + referer.search;
  };
  const scriptsArrived = (previousPages: readonly string[]) =>
    expect
      .poll(() => [...scriptsInFlight].filter((request) => !previousPages.includes(askedBy(request))).length, {
        message: "scripts in flight",
      })
      .toBe(0);
  const indexTitle = text(firstBody(await contentApi.story("index")).Title);
  // the editor's story parameter alone (no token) is not the editor either
  const routes = [
    "/",
    layout.header.index.path,
    layout.header.link.path,
    layout.footer.imprint.path,
    articlePath(article.full_slug),
  ];
  const visited = [...routes, `${articlePath(article.full_slug)}?_storyblok=${article.id}`];
  for (const route of visited) {
    await visit(page, route, { waitUntil: "domcontentloaded" });
    // the bridge would be imported by an effect of hydration: those have run two frames on
    await animationFrames(page);
    await scriptsArrived(visited.filter((other) => other !== route));
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
  // the index's rows, not the article's links still shown while the address has already changed
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(indexTitle);
  const row = page.getByRole("main").locator('a[href^="/articles/"]').first();
  const target = (await row.getAttribute("href"))!;
  await row.click();
  await expect(page).toHaveURL(target);
  const opened = await contentApi.story(target.replace(/^\//, ""));
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(text(opened.content.Headline));
  await animationFrames(page);
  await scriptsArrived(visited.slice(0, -1));
  await Promise.all(checks);
  expect(bridgeResponses).toEqual([]);
  expect(requestLog.filter((line) => /storyblok\.com/i.test(line))).toEqual([]);
});

/** Counts the frame's navigations from now on: the Navigation API reports a reload the moment it is asked for. */
function countNavigations(frame: Frame) {
  return frame.evaluateHandle(() => {
    const count = { started: 0 };
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener("navigate", () => {
      count.started += 1;
    });
    return count;
  });
}

/** The story as the editor sends it after an edit: a copy with `edit` applied to its content. */
function edited(story: StoryJson, edit: (content: Blok) => void): StoryJson {
  const copy = structuredClone(story);
  edit(copy.content as Blok);
  return copy;
}

/** A blok the editor just added: its fields, and the `_editable` the editor gives it in the story. */
function newBlok(story: StoryJson, component: string, uid: string, fields: Record<string, unknown>): Blok {
  const { space } = JSON.parse(
    String((story.content as Blok)._editable)
      .replace(/^<!--#storyblok#/, "")
      .replace(/-->$/, ""),
  ) as { space: string };
  const comment = JSON.stringify({ name: component, space, uid, id: String(story.id) });
  return { _uid: uid, component, ...fields, _editable: `<!--#storyblok#${comment}-->` };
}

/** Rich text of one paragraph, as the editor's rich text field holds it. */
function paragraph(value: string) {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: value }] }] };
}

test("in the editor, an about block's headline edit shows live", async ({ page, contentApi, expectConsoleError }) => {
  const about = await contentApi.story("about");
  const frame = await openInEditor(page, `/about${await editorQuery(contentApi, about)}`, expectConsoleError);
  const first = body(about).find((blok) => blok.component === "about_block")!;
  await expect(frame.locator(`[data-blok-uid="${about.id}-${String(first._uid)}"]`)).toBeAttached();
  const headline = `Live about ${Date.now()}`;
  const story = edited(about, (content) => {
    records(content.body).find((blok) => blok._uid === first._uid)!.Headline = headline;
  });
  await postUntil(page, { action: "input", story }, () =>
    expect(frame.locator(`[data-blok-uid="${about.id}-${String(first._uid)}"] h2`)).toHaveText(headline, {
      timeout: 1_000,
    }),
  );
});

test("in the editor, an article media caption edit shows live", async ({ page, contentApi, expectConsoleError }) => {
  const article = await builtArticle(contentApi);
  const frame = await openInEditor(
    page,
    articlePath(article.full_slug) + (await editorQuery(contentApi, article)),
    expectConsoleError,
  );
  const group = records(article.content.Wrapper).find((blok) => records(blok.media).length > 0)!;
  const entry = records(group.media)[0]!;
  const caption = `Live caption ${Date.now()}`;
  const story = edited(article, (content) => {
    const target = records(records(content.Wrapper).find((blok) => blok._uid === group._uid)!.media)[0]!;
    target.Image = { ...(target.Image as object), name: caption };
  });
  await postUntil(page, { action: "input", story }, () =>
    // the caption, then the image's credit
    expect(frame.locator(`[data-blok-uid="${article.id}-${String(entry._uid)}"] figcaption`)).toHaveText(
      new RegExp(`^${caption}(Bild: .+)?$`),
      { timeout: 1_000 },
    ),
  );
});

for (const route of ["/", "/index", "/about", "/imprint", "an article"]) {
  test(`in the editor, the footer's text and the header's link text follow their stories' edits on ${route}`, async ({
    page,
    contentApi,
    expectConsoleError,
  }) => {
    const [footer, header] = await Promise.all([contentApi.story("footer"), contentApi.story("header")]);
    const path = route === "an article" ? articlePath((await builtArticle(contentApi)).full_slug) : route;
    const api = trackContentReads(page);
    // the editor opens the footer story (then the header story) with this page as its preview
    let frame = await openInEditor(page, path + (await editorQuery(contentApi, footer)), expectConsoleError);
    const text = `Live footer ${Date.now()}`;
    const footerStory = edited(footer, (content) => {
      records(content.body)[0]!.Text = text;
    });
    await postUntil(page, { action: "input", story: footerStory }, () =>
      expect(frame.getByRole("contentinfo")).toContainText(text, { timeout: 1_000 }),
    );

    frame = await openInEditor(page, path + (await editorQuery(contentApi, header)), expectConsoleError);
    const label = `Live ${Date.now()}`;
    const headerStory = edited(header, (content) => {
      records(content.body)[0]!.IndexLabel = label;
    });
    await postUntil(page, { action: "input", story: headerStory }, () =>
      expect(frame.getByRole("banner").getByRole("link", { name: label })).toBeAttached({ timeout: 1_000 }),
    );
    // saving the header reloads the page, which shows the saved header again (once the preview's reads are done:
    // a reload would cut them off, which the page logs)
    await api.settled();
    await mark(frame);
    await post(page, { action: "change", storyId: header.id });
    await expect.poll(() => marked(frame), { message: "change reloads the page" }).toBe(false);
    await expect(frame.getByRole("banner").getByRole("link", { name: label })).toHaveCount(0);
    await api.settled();
  });
}

test("in the editor, an imprint text edit shows live", async ({ page, contentApi, expectConsoleError }) => {
  const imprint = await contentApi.story("imprint");
  const frame = await openInEditor(page, `/imprint${await editorQuery(contentApi, imprint)}`, expectConsoleError);
  const block = body(imprint)[0]!;
  const text = `Live imprint ${Date.now()}`;
  const story = edited(imprint, (content) => {
    records(content.body)[0]!.Text = paragraph(text);
  });
  await postUntil(page, { action: "input", story }, () =>
    expect(frame.locator(`[data-blok-uid="${imprint.id}-${String(block._uid)}"]`)).toHaveText(text, {
      timeout: 1_000,
    }),
  );
});

test("in the editor, the index follows its title and its list of articles, with the articles the editor sends", async ({
  page,
  contentApi,
  expectConsoleError,
}) => {
  const index = await contentApi.story("index");
  const frame = await openInEditor(page, `/index${await editorQuery(contentApi, index)}`, expectConsoleError);
  const rows = frame.getByRole("main").locator('a[href^="/articles/"]');
  // the page shows the editor's own fetch once it runs (the prerendered rows may go while it loads)
  await expect.poll(() => rows.count()).toBeGreaterThan(2);

  // the editor resolves the relation (resolveRelations): it sends the listed articles themselves
  const uuids = records(body(index)).flatMap((blok) =>
    Array.isArray(blok.Articles) ? (blok.Articles as string[]) : [],
  );
  const listed = await contentApi.stories({ by_uuids: uuids.join(","), version: "published" });
  const [first, second] = uuids.flatMap((uuid) => listed.filter((story) => story.uuid === uuid));
  expect(second, "the index lists at least two published articles").toBeDefined();
  const renamed = { ...second!, name: `Live row ${Date.now()}` };
  const title = `Live index ${Date.now()}`;
  const story = edited(index, (content) => {
    const list = records(content.body)[0]!;
    list.Title = title;
    list.Articles = [renamed, first!.uuid];
  });
  await postUntil(page, { action: "input", story }, () =>
    expect(frame.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(title, { timeout: 1_000 }),
  );
  // two rows, in the edited order: the one the editor sent as it is now, the other as the page had it or as listed
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(renamed.name);
  await expect(rows.nth(0)).toHaveAttribute("href", articlePath(renamed.full_slug));
  await expect(rows.nth(1)).toHaveAttribute("href", articlePath(first!.full_slug));
});

test("in the editor, a half-typed story (empty asset, link and rich text) shows the spec's messages, never an error", async ({
  page,
  contentApi,
  expectConsoleError,
}) => {
  const article = await builtArticle(contentApi);
  const frame = await openInEditor(
    page,
    articlePath(article.full_slug) + (await editorQuery(contentApi, article)),
    expectConsoleError,
  );
  const heading = frame.getByRole("main").getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(text(article.content.Headline));
  const empty = {
    id: null,
    alt: null,
    name: "",
    focus: null,
    title: null,
    filename: "",
    copyright: null,
    fieldtype: "asset",
  };
  const emptyLink = { id: "", url: "", linktype: "url", fieldtype: "multilink", cached_url: "" };
  const story = edited(article, (content) => {
    content.Header = empty;
    content.Link = emptyLink;
    content.Text = "";
    content.Icon = empty;
    const group = records(content.Wrapper).find((blok) => records(blok.media).length > 0)!;
    // a media entry the editor just added: no file yet
    (group.media as Blok[]).push(newBlok(article, "media", "half-media", { Image: empty }));
    records(content.info)[0]!.Client = "";
  });
  await postUntil(page, { action: "input", story }, () =>
    expect(frame.locator(`[data-blok-uid="${article.id}-half-media"]`)).toHaveText("Kein Bild", { timeout: 1_000 }),
  );
  await expect(heading).toHaveText(text(article.content.Headline));
  await expect(frame.getByRole("main").locator("article img").first()).toBeAttached();
  await expect(frame.getByRole("main").getByRole("heading", { name: "Da ist etwas schief gelaufen" })).toHaveCount(0);

  // a home page whose new gallery tile and carousel slide have no file or link yet
  const home = await contentApi.story("home");
  const homeFrame = await openInEditor(page, `/${await editorQuery(contentApi, home)}`, expectConsoleError);
  const halfHome = edited(home, (content) => {
    const [hero, gallery] = records(content.body);
    (hero!.Photo as Blok[]).push(
      newBlok(home, "slide", "half-slide", { Image: empty, PhoneSize: empty, link: emptyLink }),
    );
    const tile = newBlok(home, "gallery_item", "half-tile", { Image: empty, Name: "", Tags: [], link: emptyLink });
    (gallery!.ImageData as Blok[]).unshift(tile);
  });
  await postUntil(page, { action: "input", story: halfHome }, () =>
    expect(homeFrame.locator(`[data-blok-uid="${home.id}-half-tile"]`)).toContainText("Kein Bild", { timeout: 1_000 }),
  );

  // an about page whose new overview item has neither asset nor text
  const about = await contentApi.story("about");
  const aboutFrame = await openInEditor(page, `/about${await editorQuery(contentApi, about)}`, expectConsoleError);
  const halfAbout = edited(about, (content) => {
    const overview = records(content.body).find((blok) => blok.component === "overview")!;
    const item = newBlok(about, "overview_item", "half-item", { Headline: "Neu", Asset: empty, Text: "" });
    (overview.Items as Blok[]).push(item);
  });
  await postUntil(page, { action: "input", story: halfAbout }, () =>
    expect(aboutFrame.locator(`[data-blok-uid="${about.id}-half-item"]`)).toHaveText("Neu", { timeout: 1_000 }),
  );
});

test("a story never published opens in the editor's preview", async ({ page, contentApi, expectConsoleError }) => {
  const published = new Set(
    (await contentApi.stories({ starts_with: "articles/", version: "published" })).map((story) => story.uuid),
  );
  const draftOnly = (await contentApi.stories({ starts_with: "articles/" })).find(
    (story) => !published.has(story.uuid),
  );
  expect(draftOnly, "the demo content has an article that was never published").toBeDefined();
  const frame = await openInEditor(
    page,
    articlePath(draftOnly!.full_slug) + (await editorQuery(contentApi, draftOnly!)),
    expectConsoleError,
  );
  await expect(frame.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
    text(draftOnly!.content.Headline) || draftOnly!.name,
  );
  const title = `Live draft ${Date.now()}`;
  await postUntil(page, { action: "input", story: edited(draftOnly!, (content) => (content.Headline = title)) }, () =>
    expect(frame.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(title, { timeout: 1_000 }),
  );
});

test("in the editor, the index row and the other-projects card of the open article follow its edits", async ({
  page,
  contentApi,
  expectConsoleError,
}) => {
  const article = await builtArticle(contentApi);
  // the editor has the article open, its preview on the index (a preview URL an editor may set)
  const frame = await openInEditor(page, `/index${await editorQuery(contentApi, article)}`, expectConsoleError);
  const row = frame.getByRole("main").locator(`a[href="${articlePath(article.full_slug)}"]`);
  await expect(row).toContainText(article.name);
  const name = `Live name ${Date.now()}`;
  await postUntil(page, { action: "input", story: { ...article, name } }, () =>
    expect(row).toContainText(name, { timeout: 1_000 }),
  );

  // an article's page shows two other articles: the cards are drawn at random, here always the first two candidates
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  const path = articlePath(article.full_slug);
  let articleFrame = await openInEditor(page, path + (await editorQuery(contentApi, article)), expectConsoleError);
  const cards = articleFrame.getByRole("region", { name: "Other Projects" }).getByRole("link");
  await expect(cards.first()).toBeVisible();
  const shown = (await cards.first().getAttribute("href"))!;
  const other = await contentApi.story(`articles/${shown.split("/").pop()!}`);
  // the editor has that other article open, previewed on this page
  articleFrame = await openInEditor(page, path + (await editorQuery(contentApi, other)), expectConsoleError);
  const card = articleFrame.getByRole("region", { name: "Other Projects" }).locator(`a[href="${shown}"]`);
  // the same draw: the page lists every candidate, and shows the two drawn
  await expect(card).toBeVisible();
  await expect(card).toContainText(other.name);
  const renamed = `Live card ${Date.now()}`;
  await postUntil(page, { action: "input", story: { ...other, name: renamed } }, () =>
    expect(card).toContainText(renamed, { timeout: 1_000 }),
  );
});
