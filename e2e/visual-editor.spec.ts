import type { Frame, Page, Response } from "@playwright/test";
import { articlePath, builtArticle, homeGallery, layoutExpectations, text, trackContentApi, visit } from "./content";
import { CHROMIUM_ARGS } from "../scripts/ensure-chromium";
import { e2eEnv, expect, test } from "./fixtures";
import type { ContentApi, StoryJson } from "./fixtures";

/**
 * SPEC section 7: the visual editor's bridge loads only when the URL holds
 * `_storyblok_tk`; it live-updates the story on `input` and reloads the
 * page on `change` and `published`.
 *
 * The site uses the bridge that @storyblok/js bundles (a lazily imported
 * chunk, no script from app.storyblok.com). That bridge only listens when
 * the page runs inside a frame, as in the editor, so the page is opened in
 * an iframe of a page from another origin (a stand-in for the editor,
 * served by the test) and the editor's messages are posted to it from that
 * parent window, the way the editor does. The bridge's own messages to the
 * editor (posted to https://app.storyblok.com) cannot be delivered to this
 * parent, which the browser logs as an error.
 */

test.describe.configure({ mode: "parallel" });

// see openInEditor: the stand-in editor is a page without a network address
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH,
    args: [...CHROMIUM_ARGS, "--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessForNavigations"],
  },
});

/** Text only the bundled bridge's code holds (the stylesheet it injects). */
const BRIDGE_MARKER = "storyblok-bridge-stylesheet";

async function isBridgeCode(response: Response): Promise<boolean> {
  if (!/\.m?js(\?|$)/.test(response.url())) return false;
  return (await response.text().catch(() => "")).includes(BRIDGE_MARKER);
}

async function editorQuery(api: ContentApi, story: StoryJson): Promise<string> {
  const { space } = await api.get<{ space: { id: number } }>("cdn/spaces/me");
  const params = new URLSearchParams({
    _storyblok: String(story.id),
    _storyblok_c: story.content.component,
    _storyblok_version: "",
    _storyblok_lang: "default",
    _storyblok_release: "0",
    _storyblok_rl: String(Date.now()),
    "_storyblok_tk[space_id]": String(space.id),
    "_storyblok_tk[timestamp]": String(Math.floor(Date.now() / 1000)),
    "_storyblok_tk[token]": "e2e0000000000000000000000000000000000000",
  });
  return `?${params.toString()}`;
}

/** Storyblok's visual editor, which must be allowed to frame the preview. */
const EDITOR_ORIGIN = "https://app.storyblok.com";

/**
 * Opens `path` in an iframe, as the editor's preview; resolves with the frame once the bridge listens.
 *
 * The parent is a document of another origin than the site's, served from this machine: a reply of the
 * content service with the editor's markup written over it. (A page without an origin would leave the
 * frame no storage; a page that page.route serves for app.storyblok.com counts as a public page, which
 * the browser does not let frame a local one.) The site's Content-Security-Policy lets the editor frame
 * it (frame-ancestors names app.storyblok.com); this stand-in is let in the same way: its origin is
 * put in the place of the editor's, in the answers for the framed page only. A page the test answers
 * itself has no network address, which Chromium takes for the public internet, and a public page may not
 * reach this machine's servers (Local Network Access): the editor tests turn that check off, as it never
 * applies to the real editor and a deployed site (both public).
 */
async function openInEditor(page: Page, path: string, expectConsoleError: (pattern: RegExp) => void): Promise<Frame> {
  expectConsoleError(/target origin provided \('https:\/\/app(-beta)?\.storyblok\.com'\) does not match/);
  const { contentOrigin, previewToken, baseURL } = e2eEnv();
  const framed = new URL(path, baseURL);
  const policies: string[] = [];
  await page.route(
    (url) => url.origin === framed.origin && url.pathname === framed.pathname,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      if (policy) {
        policies.push(policy);
        headers["content-security-policy"] = policy.replace(
          /frame-ancestors [^;]*/,
          `frame-ancestors 'self' ${contentOrigin}`,
        );
      }
      await route.fulfill({ response, headers });
    },
  );
  const bridgeCode = page.waitForResponse(isBridgeCode);
  await page.goto(`${contentOrigin}/v2/cdn/spaces/me?token=${previewToken}`);
  await page.setContent(
    `<!doctype html><title>editor</title><style>body{margin:0}</style><iframe src="${framed.href}" style="border:0;width:100vw;height:100vh"></iframe>`,
  );
  const frame = await (await page.locator("iframe").elementHandle())!.contentFrame();
  if (!frame) throw new Error("no iframe");
  await bridgeCode;
  // the bridge injects its stylesheet when it starts listening
  await expect(frame.locator(`#${BRIDGE_MARKER}`)).toBeAttached();
  // where the site sends a policy, the editor may frame the preview
  for (const policy of policies) {
    const ancestors = /frame-ancestors ([^;]*)/.exec(policy)?.[1]?.split(/\s+/) ?? [];
    expect(
      ancestors.length === 0 || ancestors.includes(EDITOR_ORIGIN),
      `frame-ancestors lets ${EDITOR_ORIGIN} frame the preview`,
    ).toBe(true);
  }
  return frame;
}

function post(page: Page, message: Record<string, unknown>): Promise<void> {
  return page.evaluate((data) => {
    document.querySelector("iframe")!.contentWindow!.postMessage(data, "*");
  }, message);
}

/**
 * Posts an edit until the page shows it: the preview replaces the prerendered data with the drafts
 * once after loading, and an edit that arrives before that is dropped with the data it was made on.
 */
async function postUntil(page: Page, message: Record<string, unknown>, shown: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await post(page, message);
    await shown();
  }).toPass({ timeout: 10_000 });
}

function mark(frame: Frame): Promise<void> {
  return frame.evaluate(() => {
    (window as unknown as { __e2eMarker?: boolean }).__e2eMarker = true;
  });
}

function marked(frame: Frame): Promise<boolean | "navigating"> {
  return frame
    .evaluate(() => (window as unknown as { __e2eMarker?: boolean }).__e2eMarker === true)
    .catch(() => "navigating" as const);
}

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
