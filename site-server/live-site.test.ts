import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLiveSite, type LiveSite } from "./live-site";
import { writeHeadersManifest } from "./test/headers-manifest";
import type { Release, ReleaseMaker, ReleaseResult } from "./publisher";
import { createReleaseMaker } from "./release-maker";
import { webhookSignature } from "./storyblok-webhook";
import { tempDirOfTests } from "../test-support/temp-dir";

/**
 * SIGTERM or Ctrl-C while a release is being made (site-server/main.ts calls
 * `close`): the real release maker, whose update and build are node scripts
 * that make their folder, start a process of their own (as tsx's node and the
 * build's esbuild are) that shares their pipes and ignores SIGTERM, and run
 * until killed (a minute at most). The site must be gone within 5 s, build nothing, and leave
 * neither processes nor the half-made release behind.
 */

const SECRET = "stop secret";

/** The update (argv: FROM TO CHANGES) or, with SITE_BUILD_DIR, the whole build. */
const RELEASE_SCRIPT = `
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
const dir = process.env.SITE_BUILD_DIR ?? process.argv[3];
if (process.env.BUILD_MARKER && process.env.SITE_BUILD_DIR) writeFileSync(process.env.BUILD_MARKER, "a build started");
mkdirSync(path.join(dir, "client"), { recursive: true });
writeFileSync(path.join(dir, "client", "index.html"), "half made");
const ready = path.join(dir, "grandchild-ready");
const grandchild = spawn(
  process.execPath,
  // gone after a minute whatever happens, should a failing test leave it behind
  ["-e", "process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(process.argv[1], ''); setTimeout(() => {}, 60000);", ready],
  { stdio: "inherit" },
);
writeFileSync(path.join(dir, "pids.json"), JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
setTimeout(() => {}, 60000);
`;

const base = tempDirOfTests("live-site-stop-test-");
let buildDir: string;
let releasesDir: string;
let buildMarker: string;
let live: LiveSite | undefined;
/** Processes the scripts started: killed after each test, in case it failed to end them. */
const started: number[] = [];

beforeEach(async () => {
  buildDir = path.join(base(), "build");
  releasesDir = path.join(buildDir, "releases");
  buildMarker = path.join(base(), "build-started");
  await mkdir(path.join(buildDir, "client"), { recursive: true });
  await writeFile(path.join(buildDir, "client", "index.html"), "<!doctype html><title>home</title>");
  await writeHeadersManifest(path.join(buildDir, "client"));
  await writeFile(path.join(base(), "release.mjs"), RELEASE_SCRIPT);
});

afterEach(async () => {
  await live?.close();
  live = undefined;
  for (const pid of started.splice(0)) {
    // only while the id is still this test's process (its command line names the test's folder)
    const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (commandLine.includes(base())) process.kill(pid, "SIGKILL");
  }
});

/** The real maker with the script above; `build` is watched. */
function scriptedMaker(): ReleaseMaker & { build: ReturnType<typeof vi.fn> } {
  const script = path.join(base(), "release.mjs");
  // the script tells the build from the update by SITE_BUILD_DIR, which only the build is given
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_MARKER: buildMarker };
  delete env.SITE_BUILD_DIR;
  const real = createReleaseMaker({
    releasesDir,
    repo: base(),
    env,
    updateCommand: (from, to, changes) => [process.execPath, script, from, to, changes],
    buildCommand: [process.execPath, script],
  });
  return { ...real, build: vi.fn((release) => real.build(release)) };
}

async function startSite(maker: ReleaseMaker, log: string[]): Promise<LiveSite> {
  return startLiveSite({
    buildDir,
    env: process.env,
    port: 0,
    webhookSecret: SECRET,
    maker,
    debounceMs: 1,
    log: (message) => log.push(message),
  });
}

async function postWebhook(site: LiveSite, payload: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify({ text: "x", space_id: 1, ...payload });
  const res = await fetch(site.webhookUrl, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
  });
  await res.body?.cancel();
  return res.status;
}

/** The release folder being made, once its process and that process's own child run. */
async function releaseRunning(): Promise<{ dir: string; pids: { child: number; grandchild: number } }> {
  return vi.waitFor(
    async () => {
      const [name] = (await readdir(releasesDir)).filter((entry) => entry !== "node_modules");
      if (!name) throw new Error("no release folder yet");
      const dir = path.join(releasesDir, name);
      await stat(path.join(dir, "grandchild-ready"));
      const pids = JSON.parse(await readFile(path.join(dir, "pids.json"), "utf8")) as {
        child: number;
        grandchild: number;
      };
      started.push(pids.child, pids.grandchild);
      return { dir, pids };
    },
    { timeout: 15_000, interval: 10 },
  );
}

/** A process that exited is gone even while no one has reaped it (a zombie, as orphans can be in a container). */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (stat === null) return false;
  return !/^\d+ \(.*\) Z/.test(stat);
}

async function timedClose(site: LiveSite): Promise<number> {
  const started = performance.now();
  await site.close();
  return performance.now() - started;
}

describe.skipIf(process.platform !== "linux")("stopping the live site while a release is made", () => {
  it("ends an update within 5 s, removes its folder and its processes, and builds nothing instead", async () => {
    const maker = scriptedMaker();
    const log: string[] = [];
    live = await startSite(maker, log);
    expect(await postWebhook(live, { action: "published", story_id: 7, full_slug: "articles/a" })).toBe(202);
    const { dir, pids } = await releaseRunning();
    expect(await isRunning(pids.grandchild)).toBe(true);

    expect(await timedClose(live)).toBeLessThan(5000);

    expect(maker.build).not.toHaveBeenCalled();
    await expect(stat(buildMarker)).rejects.toThrow();
    await expect(stat(dir)).rejects.toThrow();
    expect(await isRunning(pids.child)).toBe(false);
    expect(await isRunning(pids.grandchild)).toBe(false);
    expect(live.publisher.history.map((record) => record.result)).toEqual([{ error: "the site is stopping" }]);
    expect(log.join("\n")).not.toMatch(/building the whole site instead/);
    // and nothing starts afterwards
    expect(await maker.update({ dir: buildDir }, []).catch((error: Error) => error.message)).toBe(
      "the site is stopping",
    );
    // the bound that matters is the one on close; starting node processes on a busy machine takes its time
  }, 30_000);

  it("ends a whole build within 5 s, removing its folder and its processes", async () => {
    const maker = scriptedMaker();
    live = await startSite(maker, []);
    expect(await postWebhook(live, { action: "release_merged", release_id: 3 })).toBe(202);
    const { dir, pids } = await releaseRunning();
    expect(maker.build).toHaveBeenCalledOnce();

    expect(await timedClose(live)).toBeLessThan(5000);

    await expect(stat(dir)).rejects.toThrow();
    expect(await isRunning(pids.child)).toBe(false);
    expect(await isRunning(pids.grandchild)).toBe(false);
    expect(maker.build).toHaveBeenCalledOnce();
  }, 30_000);
});

describe("a replayed webhook", () => {
  it("is answered as a duplicate while its change waits for the next release, and queues nothing more", async () => {
    // updates that end when the test says so
    const gates: Array<() => void> = [];
    let made = 0;
    const maker: ReleaseMaker = {
      update: vi.fn(async (): Promise<ReleaseResult> => {
        await new Promise<void>((resolve) => gates.push(resolve));
        made += 1;
        const dir = path.join(releasesDir, String(made));
        await mkdir(path.join(dir, "client"), { recursive: true });
        await writeFile(path.join(dir, "client", "index.html"), `<!doctype html><title>release ${made}</title>`);
        await writeHeadersManifest(path.join(dir, "client"));
        return { kind: "update", release: { dir }, ms: 1, rendered: ["/"], removed: [], requests: 1 };
      }),
      build: vi.fn(async (release: Release): Promise<ReleaseResult> => ({ kind: "build", release, ms: 1 })),
      prune: vi.fn(async () => undefined),
    };
    const log: string[] = [];
    live = await startSite(maker, log);
    const site = live;
    const body = JSON.stringify({ text: "x", action: "published", space_id: 1, story_id: 7, full_slug: "articles/a" });
    const replay = async () => {
      const res = await fetch(site.webhookUrl, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const running = (count: number) => vi.waitFor(() => expect(gates).toHaveLength(count), { interval: 5 });

    expect(await replay()).toEqual({ status: 202, json: { accepted: true, action: "published" } });
    await running(1);
    // during the release the change waits once more (the release may have read the story before it changed) ...
    expect((await replay()).json).toEqual({ accepted: true, action: "published" });
    // ... and no more, however often the same payload arrives
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(await replay()).toEqual({
        status: 202,
        json: { accepted: true, action: "published", duplicate: true, queued: false },
      });
    }
    gates.shift()?.();
    await running(1);
    gates.shift()?.();
    await site.publisher.whenIdle();
    expect(maker.update).toHaveBeenCalledTimes(2);
    expect(maker.build).not.toHaveBeenCalled();
    expect(site.publisher.history.map((record) => record.events)).toEqual([1, 1]);
    expect(log.filter((line) => /already waiting for the next release/.test(line))).toHaveLength(20);
  });
});

describe("the release maker's processes", () => {
  it("get the environment they are given and nothing of the site's beside it", async () => {
    vi.stubEnv("RELEASE_MAKER_TEST_VARIABLE", "the site's");
    try {
      const maker = createReleaseMaker({
        releasesDir,
        repo: base(),
        env: { PATH: process.env.PATH },
        updateCommand: () => [
          process.execPath,
          "-e",
          'console.log(`seen: ${process.env.RELEASE_MAKER_TEST_VARIABLE ?? "nothing"}`); process.exit(1);',
        ],
      });
      const failure = await maker.update({ dir: buildDir }, []).then(
        () => "no failure",
        (error: Error) => error.message,
      );
      expect(failure).toContain("seen: nothing");
      await maker.stop?.();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("report an update that ended well but left an unreadable summary as a failed update, with its output", async () => {
    const maker = createReleaseMaker({
      releasesDir,
      repo: base(),
      env: { PATH: process.env.PATH },
      updateCommand: (_from, to) => [
        process.execPath,
        "-e",
        'const fs = require("node:fs"); fs.mkdirSync(process.argv[1], { recursive: true });' +
          'fs.writeFileSync(require("node:path").join(process.argv[1], "update.json"), "{\\"rendered\\": [");' +
          'console.log("wrote half a summary");',
        to,
      ],
    });
    const failure = await maker.update({ dir: buildDir }, []).then(
      () => "no failure",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^live-update\/render-pages\.ts failed \(exit code 0\):\n.*wrote half a summary/s);
    await maker.stop?.();
  });
});
