import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultImageCacheDir } from "../content-server/content-server";
import { spawnNpmStart, type NpmStartProcess } from "../test-support/npm-start-process";
import type { StartReady } from "../tools/start-ready";
import { startReadLoad } from "../test-support/read-load";
import { WEBHOOK_PATH } from "../site-server/storyblok-webhook";
import { addArticleAfterBuild, articlePath, builtArticle, visibleHtmlText } from "./content";
import { visit } from "./page-helpers";
import { createContentApi, e2eEnv, expect, test, type ContentApi } from "./fixtures";

/**
 * `npm start` whole (tools/start.ts), as README describes it, on a
 * temporary copy of content/: the local content service, the site built
 * against it (a production build, as the other projects check it) and
 * served with publish to live, the service's webhooks
 * (Storyblok's, signed with the secret npm start makes per run) pointing at
 * the site. One run serves both tests (a whole build of its own); it is in
 * the serial project because it loads the machine (a build, a read load).
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let workDir: string;
let contentDir: string;
let npmStart: NpmStartProcess | undefined;
let started: StartReady;
let contentApi: ContentApi;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  workDir = await mkdtemp(path.join(tmpdir(), "studio-npm-start-"));
  contentDir = path.join(workDir, "content");
  // tests add and edit story files: the repository's content/ is never touched
  await cp(path.join(REPO, "content"), contentDir, { recursive: true, preserveTimestamps: true });
  // the build's server bundle (kept for publish to live) imports React Router from node_modules
  await symlink(path.join(REPO, "node_modules"), path.join(workDir, "node_modules"), "dir");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // servers a test starts listen on loopback only; the address test below reaches it by another name
    HOST: "127.0.0.1",
    PORT: "0",
    CONTENT_PORT: "0",
    CONTENT_DIR: contentDir,
    SITE_BUILD_DIR: path.join(workDir, "build"),
    // what a studio deploys, whose pages the live updates render (a preview build would hydrate every page)
    CONTENT_VERSION: "published",
  };
  delete env.STORYBLOK_TOKEN;
  delete env.CONTENT_API_URL;
  delete env.STORYBLOK_WEBHOOK_SECRET;
  npmStart = spawnNpmStart({ cwd: REPO, env, timeoutMs: 200_000 });
  started = await npmStart.ready;
  if (!started.contentOrigin) throw new Error(`npm start started no content service:\n${npmStart.output()}`);
  contentApi = createContentApi({ ...e2eEnv(), contentOrigin: started.contentOrigin, contentDir });
});

test.afterAll(async () => {
  await npmStart?.stop();
  if (!workDir) return;
  await rm(workDir, { recursive: true, force: true });
  // the images the content service rendered for this copy
  await rm(defaultImageCacheDir(contentDir), { recursive: true, force: true });
});

/** Polls `target` until its prerendered HTML (no JavaScript) holds `text`; resolves with the seconds since `since`. */
async function waitForHtml(base: string, target: string, text: string, since: number): Promise<number> {
  const shows = async () => {
    // one request is bounded too: a hung answer is tried again, up to the deadline
    const html = await fetch(`${base}${target}`, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => (response.status === 200 ? await response.text() : ""))
      .catch(() => "");
    return visibleHtmlText(html).includes(text);
  };
  try {
    await expect.poll(shows, { message: `${target} shows "${text}"`, timeout: 60_000, intervals: [100] }).toBe(true);
  } catch (error) {
    throw new Error(`${String(error)}\n${npmStart?.output()}`);
  }
  return (performance.now() - since) / 1000;
}

/** The releases the site logged (site-server/publisher.ts): events each took in, and whether it failed. */
function releasesLogged(output: string): { events: number; kinds: string[]; failures: string[] } {
  const made = [...output.matchAll(/^publish: (.+) for (\d+) event\(s\) in /gm)];
  return {
    events: made.reduce((sum, match) => sum + Number(match[2]), 0),
    kinds: made.map((match) => match[1]!),
    failures: [...output.matchAll(/^publish: no new release.*$/gm)].map((match) => match[0]),
  };
}

test("a story file added and one edited reach the prerendered HTML by the content service's webhooks, while a load reads the site with no failed request", async ({
  page,
  allowOrigin,
}) => {
  test.setTimeout(120_000);
  const base = `http://127.0.0.1:${started.sitePort}`;
  allowOrigin(base);
  // npm start signs the content service's webhooks; one without the signature changes nothing
  const unsigned = await fetch(`${base}${WEBHOOK_PATH}`, { method: "POST", body: '{"action":"published"}' });
  expect(unsigned.status).toBe(401);

  const edited = await builtArticle(contentApi);
  const editedPath = articlePath(edited.full_slug);
  const editedFile = path.join(contentDir, "stories", `${edited.full_slug}.json`);
  // its loops send their first requests at once and read on until stopped, after the last page has changed
  const load = startReadLoad(base, ["/", editedPath, "/index"], { maxMs: 90_000 });

  // the only thing the test does: write two story files, as an editor of content/stories/ would
  const since = performance.now();
  const added = await addArticleAfterBuild(contentApi, edited, "e2e-published", contentDir);
  const headline = `Neu gesetzt ${Date.now()}`;
  const name = `${edited.name} (bearbeitet)`;
  const story = JSON.parse(await readFile(editedFile, "utf8")) as {
    story: { name: string; content: Record<string, unknown> };
  };
  story.story.name = name;
  story.story.content.Headline = headline;
  await writeFile(editedFile, `${JSON.stringify(story, null, 2)}\n`);

  const seconds = {
    newArticle: await waitForHtml(base, added.path, added.headline, since),
    editedArticle: await waitForHtml(base, editedPath, headline, since),
    index: await waitForHtml(base, "/index", name, since),
  };
  const result = await load.stop();
  const output = npmStart!.output();
  const releases = releasesLogged(output);
  console.info(
    `publish to live via the content service's webhooks: HTML after ${JSON.stringify(seconds)} s; ` +
      `load: ${result.requests} requests, ${result.failed.length} failed, slowest ${Math.round(result.slowestMs)} ms; ` +
      `releases: ${JSON.stringify(releases.kinds)}`,
  );
  expect(result.failed).toEqual([]);
  expect(result.requests).toBeGreaterThan(20);
  // the site got the content service's webhooks, one per changed story, and made releases from them
  expect(output).toContain(`webhook: published ${added.story.full_slug} (story ${added.story.id})`);
  expect(output).toContain(`webhook: published ${edited.full_slug} (story ${edited.id})`);
  expect(releases.failures).toEqual([]);
  expect(releases.events).toBeGreaterThanOrEqual(2);
  // by rendering the pages the two stories reach, not by a whole build
  for (const kind of releases.kinds) expect(kind).toMatch(/^\d+ page\(s\) rendered$/);

  // the browser gets the prerendered page (200), not the SPA fallback
  const response = await page.goto(`${base}${added.path}`);
  expect(response?.status()).toBe(200);
  await visit(page, `${base}${added.path}`);
  await expect(page.getByRole("main")).toContainText(added.headline);
});

test("the site serves its media and API under the address it is reached by, not the one it printed", async ({
  page,
  allowOrigin,
  expectConsoleError,
}) => {
  test.setTimeout(60_000);
  // npm start prints localhost; a visitor from another machine (HOST=0.0.0.0) uses another name for the same
  // server, and 127.0.0.1 stands in for it here: the build saw neither
  expect(started.siteUrl).toBe(`http://localhost:${started.sitePort}`);
  const origin = `http://127.0.0.1:${started.sitePort}`;
  allowOrigin(origin);
  const requests: Array<{ url: string; status: number }> = [];
  page.on("response", (response) => requests.push({ url: response.url(), status: response.status() }));
  await visit(page, `${origin}/`);
  await page.waitForLoadState("networkidle");

  const images = await page
    .locator("img")
    .evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((image) => ({ src: image.currentSrc, width: image.naturalWidth })),
    );
  // a lazy image not yet near the viewport shows its placeholder, and the header's SVG icons are written into
  // the page: both are data: URIs, with no address to check
  const loaded = images.filter((image) => image.src && !image.src.startsWith("data:"));
  expect(loaded.length).toBeGreaterThan(0);
  for (const image of loaded) {
    expect(new URL(image.src).origin, image.src).toBe(origin);
    expect(image.width, image.src).toBeGreaterThan(0);
  }

  // an article the build does not know: its client loader asks the content API, here through the site
  expectConsoleError(/status of 404|^Artikel nicht gefunden/);
  await visit(page, `${origin}/articles/e2e-any-address`);
  await expect(page.getByRole("main")).toContainText("Article not found", { timeout: 10_000 });
  const api = requests.filter((request) => new URL(request.url).pathname.startsWith("/v2/"));
  expect(api.length, "the article page asked the content API").toBeGreaterThan(0);
  expect(api.filter((request) => request.status === 200).length, "listings answered").toBeGreaterThan(0);
  for (const request of api) {
    expect(new URL(request.url).origin, request.url).toBe(origin);
    // 301: a published read without the current cache version is sent to the same address with it, as Storyblok does
    expect([200, 301, 404], request.url).toContain(request.status);
  }
  for (const request of requests) expect(new URL(request.url).origin, request.url).toBe(origin);
});

/** The content service npm start runs: the process of its group (other runs have theirs) running its main module. */
function contentServicePid(group: number): number {
  const processes = execFileSync("ps", ["-eo", "pid=,pgid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null && Number(match[2]) === group && match[3]!.includes("content-server/main.ts"));
  if (processes.length !== 1) throw new Error(`npm start's group ${group} runs ${processes.length} content services`);
  return Number(processes[0]![1]);
}

/** Whether the content service's API answers (a refused connection is "down"). */
function contentServiceState(): Promise<"up" | "down"> {
  return contentApi.get("cdn/spaces/me").then(
    () => "up",
    () => "down",
  );
}

test("a content service that dies is started again, and the site answers all the while", async () => {
  test.setTimeout(90_000);
  const base = `http://127.0.0.1:${started.sitePort}`;
  const before = npmStart!.output().length;
  const service = contentServicePid(npmStart!.pid);
  process.kill(service, "SIGKILL");
  // down: its API refuses connections ...
  await expect.poll(() => contentServiceState(), { timeout: 10_000 }).toBe("down");
  // ... while the site serves its prerendered pages
  for (const target of ["/", "/about", "/index"]) {
    const response = await fetch(`${base}${target}`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status, target).toBe(200);
    expect(visibleHtmlText(await response.text()).length, target).toBeGreaterThan(100);
  }
  // and npm start says what it does, then runs the service again on the same address
  await expect
    .poll(() => npmStart!.output().slice(before), { timeout: 30_000 })
    .toMatch(/the content service stopped \(SIGKILL\); starting it again in 1 s \(restart 1 of 5\)/);
  await expect.poll(() => contentServiceState(), { timeout: 60_000 }).toBe("up");
  expect(npmStart!.output().slice(before)).toMatch(/the content service runs again/);
  expect(contentServicePid(npmStart!.pid)).not.toBe(service);
  // the site forwards the API to it again
  expect((await fetch(`${base}/v2/cdn/spaces/me?token=${e2eEnv().publicToken}`)).status).toBe(200);
});
