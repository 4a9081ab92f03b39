import type { Frame, Page, Request, Response } from "@playwright/test";
import { CHROMIUM_ARGS } from "../test-support/ensure-chromium";
import { e2eEnv, expect, test } from "./fixtures";
import { inflightTracker } from "../test-support/inflight-requests";
import { RESENDS_AFTER_RESET } from "../test-support/resending-resets";
import type { ContentApi, StoryJson } from "./fixtures";

/**
 * Storyblok's visual editor, stood in for by the tests (SPEC section 7).
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

/** For `test.use`: see openInEditor, the stand-in editor is a page without a network address. */
export const EDITOR_LAUNCH_OPTIONS = {
  launchOptions: {
    executablePath: process.env.CHROME_PATH,
    args: [...CHROMIUM_ARGS, "--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessForNavigations"],
  },
};

/** Text only the bundled bridge's code holds (the stylesheet it injects). */
export const BRIDGE_MARKER = "storyblok-bridge-stylesheet";

export async function isBridgeCode(response: Response): Promise<boolean> {
  if (!/\.m?js(\?|$)/.test(response.url())) return false;
  return (await response.text().catch(() => "")).includes(BRIDGE_MARKER);
}

export async function editorQuery(api: ContentApi, story: StoryJson): Promise<string> {
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
export const EDITOR_ORIGIN = "https://app.storyblok.com";

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
export async function openInEditor(page: Page, path: string, expectConsoleError: (pattern: RegExp) => void) {
  expectConsoleError(/target origin provided \('https:\/\/app(-beta)?\.storyblok\.com'\) does not match/);
  const { contentOrigin, previewToken, baseURL } = e2eEnv();
  // the project's server: the preview build's (playwright.config.ts)
  const framed = new URL(path, test.info().project.use.baseURL ?? baseURL);
  const policies: string[] = [];
  await page.route(
    (url) => url.origin === framed.origin && url.pathname === framed.pathname,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      // sent again once after a connection reset, as the browser would (test-support/resending-resets.ts)
      const response = await route.fetch({ maxRetries: RESENDS_AFTER_RESET });
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
  // after the page of an earlier call has gone, with its frame
  const requests = inflightTracker(page);
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
  await draftsShown(frame, requests);
  return frame;
}

/**
 * The preview shows the drafts: after hydration it asks for them once in place of the prerendered data
 * (root.tsx), and until they have arrived and rendered, the page is the build's (the other projects a
 * different draw of it). Waits until those requests have answered and no loading state is left: the shell's
 * <main> is aria-busy until React has rendered the drafts (site-shell.tsx), which comes after their answers.
 */
async function draftsShown(frame: Frame, requests: ReturnType<typeof inflightTracker>): Promise<void> {
  // the framed page's requests for drafts: some made, none still open
  const isDraft = (request: Request) =>
    new URL(request.url()).searchParams.get("version") === "draft" && request.frame() !== frame.page().mainFrame();
  const answered = () => [...requests.ended.keys()].some(isDraft) && ![...requests.open.keys()].some(isDraft);
  await expect.poll(answered, { message: "the preview has asked for its drafts" }).toBe(true);
  await expect(frame.locator('[role="status"], [aria-busy="true"]')).toHaveCount(0);
}

export function post(page: Page, message: Record<string, unknown>): Promise<void> {
  return page.evaluate((data) => {
    document.querySelector("iframe")!.contentWindow!.postMessage(data, "*");
  }, message);
}

/**
 * Posts an edit until the page shows it: the preview replaces the prerendered data with the drafts
 * once after loading, and an edit that arrives before that is dropped with the data it was made on.
 */
export async function postUntil(page: Page, message: Record<string, unknown>, shown: () => Promise<void>) {
  await expect(async () => {
    await post(page, message);
    await shown();
  }).toPass({ timeout: 10_000 });
}

export function mark(frame: Frame): Promise<void> {
  return frame.evaluate(() => {
    (window as unknown as { __e2eMarker?: boolean }).__e2eMarker = true;
  });
}

export function marked(frame: Frame): Promise<boolean | "navigating"> {
  return frame
    .evaluate(() => (window as unknown as { __e2eMarker?: boolean }).__e2eMarker === true)
    .catch(() => "navigating" as const);
}
