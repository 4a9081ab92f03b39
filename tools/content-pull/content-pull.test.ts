import { cp, lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "../../content-server/content-server";
import { runCli } from "../content-pull";
import { PullError } from "./errors";
import {
  allStories,
  CONTENT,
  expectSameAssets,
  expectSameFoldersAndDatasources,
  expectSameStories,
  expectSameStoryFiles,
  files,
  get,
  type Json,
} from "./export-checks";
import { MANIFEST_FILE } from "./manifest";
import { PullFailure, pullContent, type PullOptions, type PullSummary } from "./pull";
import { tempDirOfTests } from "../../test-support/temp-dir";

/**
 * content:pull against the local content service on the demo content: the
 * export is served by a second content service and must answer exactly what
 * the first one answers.
 */

const ADMIN = "content-pull-admin-token";
let source: ContentServerHandle;
const tmp = tempDirOfTests("content-pull-", "all");
let exportDir: string;
let firstSummary: PullSummary;
let firstMs = 0;

beforeAll(async () => {
  source = await startContentServer({
    port: 0,
    host: "127.0.0.1",
    contentDir: CONTENT,
    watch: false,
    adminToken: ADMIN,
  });
  exportDir = path.join(tmp(), "export");
});

afterAll(async () => {
  await source?.close();
});

function pull(outDir: string, extra: Partial<PullOptions> = {}): Promise<PullSummary> {
  return pullContent({
    token: source.previewToken,
    publicToken: source.publicToken,
    apiUrl: source.apiUrl,
    outDir,
    retryBaseMs: 2,
    rateLimitRetryMs: 20,
    ...extra,
  });
}

async function setFaults(faults: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${source.url}/__admin/faults`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify(faults),
  });
  expect(res.status).toBe(200);
}

// each test pulls the whole demo space over HTTP: seconds on a quiet machine, more on a busy one
describe("content:pull from the local content service", { timeout: 30_000 }, () => {
  it("exports the demo space; a second content service on the export answers the same", async () => {
    const started = performance.now();
    const progress: string[] = [];
    firstSummary = await pull(exportDir, { onProgress: (e) => progress.push(e.phase) });
    firstMs = performance.now() - started;

    const s = firstSummary;
    expect(s.space).toEqual({ id: 287401, name: "Studio Halbton" });
    expect(s.stories).toMatchObject({
      total: source.storyCount(),
      changed: 2,
      unpublished: 1,
      written: source.storyCount(),
      unchanged: 0,
      removed: [],
    });
    expect(s.assets).toMatchObject({
      downloaded: s.assets.total,
      skipped: 0,
      missing: [],
      failed: [],
      unrecognised: [],
    });
    expect(s.requests.get).toBe(s.assets.total);
    expect(s.requests.maxInFlight).toBeLessThanOrEqual(4);
    expect(s.publicToken).toBe("given");
    expect({ folders: s.folders, datasources: s.datasources }).toEqual({ folders: 1, datasources: 2 });
    expect(progress).toContain("assets");
    expect(progress.at(-1)).toBe("stories");

    // the folder: the demo's story files (same JSON), byte-identical assets, tokens
    expect(await expectSameAssets(exportDir)).toBe(s.assets.total);
    await expectSameStoryFiles(exportDir);
    await expectSameFoldersAndDatasources(exportDir);
    const spaceJson = JSON.parse(await readFile(path.join(exportDir, "space.json"), "utf8")) as Json;
    expect(spaceJson).toMatchObject({
      space: { id: 287401, name: "Studio Halbton" },
      previewToken: source.previewToken,
      publicToken: source.publicToken,
    });
    expect(JSON.stringify(spaceJson)).not.toContain(source.url); // canonical: nothing points at the source service
    for (const rel of await files(path.join(exportDir, "stories"))) {
      expect(await readFile(path.join(exportDir, "stories", rel), "utf8")).not.toContain("127.0.0.1");
    }

    const copy = await startContentServer({ port: 0, host: "127.0.0.1", contentDir: exportDir, watch: false });
    try {
      expect(copy.previewToken).toBe(source.previewToken);
      expect(copy.publicToken).toBe(source.publicToken);
      for (const version of ["draft", "published"]) {
        const [a, b] = await Promise.all([allStories(source, version), allStories(copy, version)]);
        expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
        for (const [slug, story] of a) expect(b.get(slug), `${version} ${slug}`).toEqual(story);
        // the English answers too: the translations went into the export's story files
        const [enA, enB] = await Promise.all([
          allStories(source, version, source.previewToken, "en"),
          allStories(copy, version, copy.previewToken, "en"),
        ]);
        expect([...enA.keys()].every((slug) => slug.startsWith("en/"))).toBe(true);
        for (const [slug, story] of enA) expect(enB.get(slug), `${version} ${slug}`).toEqual(story);
        const [tagsA, tagsB] = await Promise.all([
          get(source, "cdn/tags", { version }),
          get(copy, "cdn/tags", { version }),
        ]);
        expect(tagsB.body.tags).toEqual(tagsA.body.tags);
        const [linksA, linksB] = await Promise.all([
          get(source, "cdn/links", { version, per_page: "1000" }),
          get(copy, "cdn/links", { version, per_page: "1000" }),
        ]);
        expect(linksB.body.links).toEqual(linksA.body.links);
        const [entriesA, entriesB] = await Promise.all([
          get(source, "cdn/datasource_entries", { version, datasource: "services", dimension: "en" }),
          get(copy, "cdn/datasource_entries", { version, datasource: "services", dimension: "en" }),
        ]);
        expect(entriesB.body.datasource_entries).toEqual(entriesA.body.datasource_entries);
      }
      // the public token of the export reads published content only
      const published = await allStories(copy, "published", copy.publicToken);
      expect(published.has("articles/pixelweide")).toBe(false);
      expect(published.size).toBe(source.storyCount() - 1);
      const [meA, meB] = await Promise.all([get(source, "cdn/spaces/me", {}), get(copy, "cdn/spaces/me", {})]);
      expect((meB.body.space as Json).name).toBe((meA.body.space as Json).name);
      expect((meB.body.space as Json).id).toBe((meA.body.space as Json).id);
      expect((meB.body.space as Json).language_codes).toEqual(["en"]);
      // the copy serves the asset files
      const hero = await fetch(`${copy.url}/f/287401/${(await files(path.join(exportDir, "assets")))[0]}`);
      expect(hero.status).toBe(200);
    } finally {
      await copy.close();
    }
    console.info(
      `content:pull exported the demo space (${s.stories.total} stories, ${s.assets.total} assets, ${s.assets.bytes} bytes) in ${firstMs.toFixed(0)} ms`,
    );
  });

  it("exports the assets of a service that writes root-relative asset URLs (as under npm start)", async () => {
    const rootRelative = await startContentServer({
      port: 0,
      host: "127.0.0.1",
      contentDir: CONTENT,
      watch: false,
      publicOrigin: "",
    });
    const out = path.join(tmp(), "root-relative");
    try {
      const home = await get(rootRelative, "cdn/stories/home", { version: "draft" });
      expect(JSON.stringify(home.body)).toContain('"/f/287401/');

      const s = await pull(out, {
        token: rootRelative.previewToken,
        publicToken: rootRelative.publicToken,
        apiUrl: rootRelative.apiUrl,
      });
      expect(s.stories.total).toBe(rootRelative.storyCount());
      expect(s.assets).toMatchObject({ missing: [], failed: [], unrecognised: [] });
      expect(s.assets.downloaded).toBe(s.assets.total);
      expect(await expectSameAssets(out)).toBe(s.assets.total);
      await expectSameStoryFiles(out);

      const copy = await startContentServer({
        port: 0,
        host: "127.0.0.1",
        contentDir: out,
        watch: false,
        publicOrigin: "",
      });
      try {
        await expectSameStories(rootRelative, copy);
        const [asset] = await files(path.join(out, "assets"));
        expect((await fetch(`${copy.url}/f/287401/${asset}`)).status).toBe(200);
      } finally {
        await copy.close();
      }
    } finally {
      await rootRelative.close();
    }
  });

  it("--resume fetches only the missing asset, from the manifest or else by HEAD", async () => {
    const [victim, second] = (await files(path.join(exportDir, "assets"))).slice(3, 5) as [string, string];
    await rm(path.join(exportDir, "assets", victim));
    const resumed = await pull(exportDir, { resume: true });
    expect(resumed.assets).toMatchObject({ downloaded: 1, skipped: firstSummary.assets.total - 1 });
    expect(resumed.requests).toMatchObject({ get: 1, head: 0 });
    expect(resumed.stories).toMatchObject({ written: 0, unchanged: firstSummary.stories.total });

    // without a manifest, present files are checked with HEAD (size)
    await rm(path.join(exportDir, MANIFEST_FILE));
    await rm(path.join(exportDir, "assets", second));
    await writeFile(path.join(exportDir, "assets", victim), "truncated");
    const byHead = await pull(exportDir, { resume: true });
    expect(byHead.assets).toMatchObject({ downloaded: 2, skipped: firstSummary.assets.total - 2 });
    expect(byHead.requests).toMatchObject({ get: 2, head: firstSummary.assets.total - 1 });
    await expectSameAssets(exportDir);
    expect(JSON.parse(await readFile(path.join(exportDir, MANIFEST_FILE), "utf8"))).toMatchObject({
      complete: true,
      space: { id: 287401 },
    });
  });

  it("a new pull into an earlier export refreshes it: stale story files go, unchanged ones stay untouched", async () => {
    await writeFile(
      path.join(exportDir, "stories", "old-story.json"),
      JSON.stringify({ story: { id: 1, uuid: "x", full_slug: "old-story" } }),
    );
    const again = await pull(exportDir, { publicToken: undefined, concurrency: 2 });
    expect(again.publicToken).toBe("kept");
    expect(again.stories).toMatchObject({ written: 0, removed: ["stories/old-story.json"] });
    expect(again.assets.downloaded).toBe(firstSummary.assets.total);
    expect(again.requests.maxInFlight).toBeLessThanOrEqual(2);
    await expectSameStoryFiles(exportDir);
  });

  it("401: a wrong token fails with a clear message and exit code 1, before touching the folder", async () => {
    const out = path.join(tmp(), "unauthorised");
    const err = await pull(out, { token: "not-a-token" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PullError);
    expect((err as PullError).kind).toBe("auth");
    expect((err as PullError).message).toMatch(/401 Unauthorized.*preview token/);
    expect((err as PullError).message).not.toContain("not-a-token");
    await expect(lstat(out)).rejects.toThrow(/ENOENT/);

    const publicOnly = await pull(out, { token: source.publicToken, publicToken: undefined }).catch((e: unknown) => e);
    expect((publicOnly as PullError).message).toMatch(/public token.*needs a preview token/);

    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const code = await runCli(["--token", "not-a-token", "--api-url", source.url, "--out", out, "--quiet"], {}, io);
    expect(code).toBe(1);
    expect(lines.join("\n")).toMatch(/^content:pull: Reading the space \(cdn\/spaces\/me\): 401 Unauthorized/m);
    expect(await runCli(["--api-url", source.apiUrl, "--out", out], {}, io)).toBe(2); // no token
  });

  it("survives 5xx, resets, truncated JSON and 429s through retries; gives up with a clear message", async () => {
    const out = path.join(tmp(), "faulty");
    try {
      source.setFaults({ errorRate: 0.2, resetRate: 0.05, malformedRate: 0.2, paths: "/" });
      const s = await pull(out, { retries: 10 });
      expect(s.requests.retries).toBeGreaterThan(0);
      expect(s.stories.total).toBe(source.storyCount());
      await expectSameStoryFiles(out);
      await expectSameAssets(out);

      await setFaults({ burst429: 3 }); // API only: storyblok-js-client retries 429 itself
      const limited = await pull(out, { resume: true });
      expect(limited.assets.downloaded).toBe(0);

      await setFaults({ errorRate: 1 });
      const err = await pull(path.join(tmp(), "never"), { retries: 2 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PullError);
      expect((err as PullError).message).toMatch(
        /^Reading the space \(cdn\/spaces\/me\): GET http:\/\/127\.0\.0\.1:\d+\/v2\/cdn\/spaces\/me failed after 3 attempts: HTTP 50[023]/,
      );
      expect((err as PullError).message).not.toContain(source.previewToken);
    } finally {
      source.setFaults({});
    }
  });

  it("asset failures leave a complete story export and a manifest that --resume finishes", async () => {
    const out = path.join(tmp(), "partial");
    try {
      source.setFaults({ errorRate: 1, paths: "/f/" });
      const err = await pull(out, { retries: 1 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PullFailure);
      const failure = err as PullFailure;
      expect(failure.kind).toBe("assets");
      expect(failure.message).toMatch(/assets could not be downloaded[\s\S]*--resume/);
      expect(failure.summary.assets.failed).toHaveLength(firstSummary.assets.total);
      await expectSameStoryFiles(out);
      expect(JSON.parse(await readFile(path.join(out, MANIFEST_FILE), "utf8"))).toMatchObject({ complete: false });
    } finally {
      source.setFaults({});
    }
    const resumed = await pull(out, { resume: true });
    expect(resumed.assets.downloaded).toBe(firstSummary.assets.total);
    await expectSameAssets(out);
  });

  it("refuses folders that hold something else, another space's export or a linked assets folder", async () => {
    const other = path.join(tmp(), "other");
    await mkdir(other, { recursive: true });
    await writeFile(path.join(other, "notes.txt"), "mine");
    const refused = await pull(other).catch((e: unknown) => e);
    expect((refused as PullError).kind).toBe("output");
    expect((refused as PullError).message).toMatch(/not part of a content export \(notes\.txt\).*--force/);
    expect(await readdir(other)).toEqual(["notes.txt"]);

    const foreignSpace = path.join(tmp(), "foreign-space");
    await mkdir(foreignSpace);
    await writeFile(
      path.join(foreignSpace, "space.json"),
      JSON.stringify({ space: { id: 1, name: "Elsewhere" }, previewToken: "aaaa", publicToken: "bbbb" }),
    );
    const wrongSpace = await pull(foreignSpace).catch((e: unknown) => e);
    expect((wrongSpace as PullError).message).toMatch(/export of space 1 \(Elsewhere\).*space 287401/);

    const linked = path.join(tmp(), "linked");
    await mkdir(linked);
    await cp(path.join(exportDir, "space.json"), path.join(linked, "space.json"));
    await symlink(path.join(CONTENT, "assets"), path.join(linked, "assets"));
    const link = await pull(linked).catch((e: unknown) => e);
    expect((link as PullError).message).toMatch(/symbolic link/);
  });
});
