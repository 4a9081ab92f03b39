import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { linkTree } from "../scripts/link-tree";
import { startLiveSite, type LiveSite } from "../site-server/live-site";
import { webhookSignature } from "../site-server/storyblok-webhook";
import { addArticleAfterBuild, articlePath, builtArticle, visibleHtmlText, visit, type AddedArticle } from "./content";
import { e2eEnv, expect, test } from "./fixtures";

/**
 * Publish to live (README): Storyblok's webhook makes the site server
 * update the prerendered site and swap to it, while visitors keep reading
 * it. Runs in the serial project: it adds and edits story files of the
 * content service every other spec reads (and restores them).
 *
 * The webhooks are posted here the way Storyblok (and, once it sends them,
 * the local content service's CONTENT_WEBHOOKS) posts them.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECRET = "e2e-webhook-secret";

interface LoadResult {
  requests: number;
  failed: string[];
  slowestMs: number;
}

/** Reads the given paths over and over with `connections` loops until stopped (or 90 s at most). */
function startLoad(base: string, paths: string[], connections = 4) {
  const result: LoadResult = { requests: 0, failed: [], slowestMs: 0 };
  let running = true;
  const deadline = Date.now() + 90_000;
  const loop = async (offset: number) => {
    for (let i = offset; running && Date.now() < deadline; i += 1) {
      const target = paths[i % paths.length]!;
      const started = performance.now();
      try {
        const response = await fetch(`${base}${target}`, { headers: { "Accept-Encoding": "br, gzip" } });
        const body = await response.arrayBuffer();
        if (response.status !== 200 || body.byteLength === 0) result.failed.push(`${target}: ${response.status}`);
      } catch (error) {
        result.failed.push(`${target}: ${error instanceof Error ? error.message : String(error)}`);
      }
      result.requests += 1;
      result.slowestMs = Math.max(result.slowestMs, performance.now() - started);
    }
  };
  const loops = Promise.all(Array.from({ length: connections }, (_, index) => loop(index)));
  return {
    async stop(): Promise<LoadResult> {
      running = false;
      await loops;
      return result;
    },
  };
}

async function postWebhook(live: LiveSite, payload: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify({ text: "e2e", space_id: 287401, ...payload });
  const response = await fetch(live.webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
    body,
  });
  return response.status;
}

/** Polls `target` until its prerendered HTML (no JavaScript) holds `text`; resolves with the seconds it took. */
async function waitForHtml(base: string, target: string, text: string, since: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${base}${target}`);
    if (response.status === 200 && visibleHtmlText(await response.text()).includes(text)) {
      return (performance.now() - since) / 1000;
    }
    if (Date.now() > deadline) throw new Error(`${target} did not show "${text}" within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a new article and an edit reach the prerendered HTML while a load reads the site, with no failed request", async ({
  page,
  contentApi,
  allowOrigin,
}) => {
  test.setTimeout(180_000);
  const env = e2eEnv();
  const workDir = await mkdtemp(path.join(tmpdir(), "studio-publish-"));
  // releases import React Router from node_modules (scripts/render-pages.ts)
  await symlink(path.join(REPO, "node_modules"), path.join(workDir, "node_modules"), "dir");
  const buildDir = path.join(workDir, "build");
  await linkTree(process.env.E2E_BUILD_DIR ?? path.join(REPO, "build"), buildDir);
  const buildEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CONTENT_PORT: new URL(env.contentOrigin).port,
    CONTENT_DIR: env.contentDir,
  };
  delete buildEnv.STORYBLOK_TOKEN;
  delete buildEnv.CONTENT_API_URL;
  const publishLog: string[] = [];
  const live = await startLiveSite({
    buildDir,
    env: buildEnv,
    webhookSecret: SECRET,
    debounceMs: 200,
    log: (message) => publishLog.push(message),
  });
  allowOrigin(live.server.url);

  const edited = await builtArticle(contentApi);
  const editedPath = articlePath(edited.full_slug);
  const editedFile = path.join(env.contentDir, "stories", `${edited.full_slug}.json`);
  const original = await readFile(editedFile, "utf8");
  let added: AddedArticle | undefined;
  try {
    // a signature is required: nothing is rebuilt without one
    const unsigned = await fetch(live.webhookUrl, { method: "POST", body: '{"action":"published"}' });
    expect(unsigned.status).toBe(401);

    const load = startLoad(live.server.url, ["/", editedPath, "/index"]);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const since = performance.now();
    added = await addArticleAfterBuild(contentApi, edited, "e2e-published");
    const headline = `Neu gesetzt ${Date.now()}`;
    const name = `${edited.name} (bearbeitet)`;
    const story = JSON.parse(original) as { story: { name: string; content: Record<string, unknown> } };
    story.story.name = name;
    story.story.content.Headline = headline;
    const cvBefore = await contentApi.cacheVersion();
    await writeFile(editedFile, `${JSON.stringify(story, null, 2)}\n`);
    await expect.poll(() => contentApi.cacheVersion(), { timeout: 10_000 }).not.toBe(cvBefore);
    // a burst: both webhooks within the debounce, one release
    expect(
      await postWebhook(live, { action: "published", story_id: added.story.id, full_slug: added.story.full_slug }),
    ).toBe(202);
    expect(await postWebhook(live, { action: "published", story_id: edited.id, full_slug: edited.full_slug })).toBe(
      202,
    );

    const seconds = {
      newArticle: await waitForHtml(live.server.url, added.path, added.headline, since),
      editedArticle: await waitForHtml(live.server.url, editedPath, headline, since),
      index: await waitForHtml(live.server.url, "/index", name, since),
    };
    await live.publisher.whenIdle();
    const result = await load.stop();
    console.info(
      `publish to live: HTML after ${JSON.stringify(seconds)} s; load: ${result.requests} requests, ` +
        `${result.failed.length} failed, slowest ${Math.round(result.slowestMs)} ms; releases: ${JSON.stringify(
          live.publisher.history.map((record) => record.result),
        )}`,
    );
    expect(result.failed).toEqual([]);
    expect(result.requests).toBeGreaterThan(20);
    // one release for the burst, made by rendering the pages the two stories reach
    expect(live.publisher.history, publishLog.join("\n")).toHaveLength(1);
    expect(live.publisher.history[0]?.result, publishLog.join("\n")).toMatchObject({ kind: "update" });

    // the browser gets the prerendered page (200), not the SPA fallback
    const response = await page.goto(`${live.server.url}${added.path}`);
    expect(response?.status()).toBe(200);
    await visit(page, `${live.server.url}${added.path}`);
    await expect(page.getByRole("main")).toContainText(added.headline);
  } finally {
    await added?.remove();
    await writeFile(editedFile, original);
    await live.close();
    await rm(workDir, { recursive: true, force: true });
  }
});

test("started with HOST=0.0.0.0, the site serves its media and API under any address it is reached by", async ({
  page,
  allowOrigin,
  expectConsoleError,
}) => {
  test.setTimeout(240_000);
  const env = e2eEnv();
  const workDir = await mkdtemp(path.join(tmpdir(), "studio-any-address-"));
  await symlink(path.join(REPO, "node_modules"), path.join(workDir, "node_modules"), "dir");
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "0.0.0.0",
    PORT: "0",
    CONTENT_PORT: "0",
    CONTENT_DIR: env.contentDir,
    SITE_BUILD_DIR: path.join(workDir, "build"),
  };
  delete childEnv.STORYBLOK_TOKEN;
  delete childEnv.CONTENT_API_URL;
  const child = spawn(path.join(REPO, "node_modules", ".bin", "tsx"), [path.join(REPO, "scripts", "start.ts")], {
    cwd: REPO,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no site within 200 s:\n${output}`)), 200_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Site:\s+http:\/\/0\.0\.0\.0:(\d+)/.exec(output);
        if (match && output.includes("Publish webhook")) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    // 127.0.0.2 reaches 0.0.0.0 on Linux: an address the build never saw
    const origin = `http://127.0.0.2:${port}`;
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
    const loaded = images.filter((image) => image.src);
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
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await rm(workDir, { recursive: true, force: true });
  }
});
