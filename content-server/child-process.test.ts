import { spawn } from "node:child_process";
import { cp, readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { spawnContentService, type ContentServiceProcess, type ContentServiceReady } from "./child-process";
import type { AnsweredRequest, ContentServerOptions } from "./content-server";
import { tempDirOfTests } from "../test-support/temp-dir";

/**
 * The content service in its own process (main.ts), as `npm start` and
 * `npm run dev` run it through spawnContentService: settings handed over
 * serialized (or, run by itself, from the environment), one ready message
 * over IPC, and a clean exit when asked or when the parent goes away.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const tmp = tempDirOfTests("content-child-test-", "all");
let contentDir: string;
let space: { space: { id: number }; previewToken: string; publicToken: string };
let storyFiles: number;

beforeAll(async () => {
  contentDir = path.join(tmp(), "content");
  await cp(path.join(here, "contract-fixture"), contentDir, { recursive: true });
  space = JSON.parse(await readFile(path.join(contentDir, "space.json"), "utf8")) as typeof space;
  storyFiles = (await readdir(path.join(contentDir, "stories"), { recursive: true })).filter((f) =>
    f.endsWith(".json"),
  ).length;
});

/** The options of a service on a free port, with the temp content; `extra` adds or overrides. */
function serviceOptions(extra: ContentServerOptions = {}): ContentServerOptions {
  return { port: 0, contentDir, imageCacheDir: path.join(tmp(), "image-cache"), ...extra };
}

/** The env of main.ts run by itself on a free port, with the temp content; `extra` adds or overrides. */
function serviceEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    CONTENT_PORT: "0",
    CONTENT_DIR: contentDir,
    CONTENT_IMAGE_CACHE_DIR: path.join(tmp(), "image-cache"),
    ...extra,
  };
}

function collect(): { text: string; onStderr: (t: string) => void } {
  const out = { text: "", onStderr: (t: string) => void (out.text += t) };
  return out;
}

describe("spawnContentService", () => {
  it("starts the service with the options it is handed, tells its address and tokens, and stops it", async () => {
    const stderr = collect();
    const service = await spawnContentService({
      options: serviceOptions({ publicOrigin: "", adminToken: "admin-token-for-test" }),
      cwd: repo,
      onStderr: stderr.onStderr,
    });
    let stopped = false;
    try {
      expect(service.port).toBeGreaterThan(0);
      expect(service.url).toBe(`http://127.0.0.1:${service.port}`);
      expect(service.apiUrl).toBe(`${service.url}/v2`);
      expect(service.contentDir).toBe(contentDir);
      expect(service.storyCount).toBe(storyFiles);
      expect(service.previewToken).toBe(space.previewToken);
      expect(service.publicToken).toBe(space.publicToken);
      expect(service.adminToken).toBe("admin-token-for-test");
      expect(service.publicOrigin).toBe("");

      const me = await fetch(`${service.url}/v2/cdn/spaces/me?token=${service.publicToken}`);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { space: { id: number } }).space.id).toBe(space.space.id);
      // publicOrigin "" reached the service: its redirect is root-relative
      const redirect = await fetch(`${service.url}/v2/cdn/stories/home?token=${service.publicToken}`, {
        redirect: "manual",
      });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("location")).toMatch(
        /^\/v2\/cdn\/stories\/home\?token=contract-public-token&cv=\d+$/,
      );

      const stopping = performance.now();
      await service.stop();
      stopped = true;
      expect(performance.now() - stopping).toBeLessThan(5_000);
      expect(await service.exited).toEqual({ code: 0, signal: null });
      await expect(fetch(`${service.url}/__health`)).rejects.toThrow();
      expect(stderr.text).toBe("");
    } finally {
      if (!stopped) await service.stop();
    }
  }, 60_000);

  it("hands the options over out of sight of other users: the secrets are not on the child's command line", async () => {
    const secrets = { webhookSecret: "webhook-secret-for-test", adminToken: "admin-token-for-test" };
    const service = await spawnContentService({ options: serviceOptions(secrets), cwd: repo, onStderr: () => {} });
    try {
      expect(service.adminToken).toBe(secrets.adminToken);
      const commandLine = await readFile(`/proc/${service.child.pid}/cmdline`, "utf8");
      expect(commandLine).toContain("main.ts");
      expect(commandLine).not.toContain(secrets.webhookSecret);
      expect(commandLine).not.toContain(secrets.adminToken);
    } finally {
      await service.stop();
    }
  }, 60_000);

  it("with onAnswer, tells each request answered over IPC; without it, sends no answer at all", async () => {
    const answers: AnsweredRequest[] = [];
    const told = await spawnContentService({
      options: serviceOptions(),
      cwd: repo,
      onStderr: () => {},
      onAnswer: (answer) => answers.push(answer),
    });
    const silent = await spawnContentService({ options: serviceOptions(), cwd: repo, onStderr: () => {} });
    const silentMessages: unknown[] = [];
    silent.child.on("message", (message) => silentMessages.push(message));
    try {
      const target = `/v2/cdn/spaces/me?token=${told.publicToken}`;
      let firstRequestMs = 0;
      for (const service of [told, silent]) {
        const started = performance.now();
        await (await fetch(`${service.url}${target}`)).arrayBuffer();
        if (service === told) firstRequestMs = performance.now() - started;
        await (await fetch(`${service.url}/no-such-route`, { method: "HEAD" })).arrayBuffer();
      }
      await vi.waitFor(() => expect(answers).toHaveLength(2));
      expect(answers.map(({ method, target, status }) => ({ method, target, status }))).toEqual([
        { method: "GET", target, status: 200 },
        { method: "HEAD", target: "/no-such-route", status: 404 },
      ]);
      // the service's own time to answer: some, and no more than the whole request took as the client saw it
      expect(answers[0]!.ms).toBeGreaterThan(0);
      expect(answers[0]!.ms).toBeLessThanOrEqual(firstRequestMs);
      // the service is told whether to send answers (the IPC messages' order against the exit is not assured)
      const handed = async ({ child }: ContentServiceProcess) =>
        (await readFile(`/proc/${child.pid}/environ`, "utf8"))
          .split("\0")
          .find((entry) => entry.startsWith("CONTENT_SERVER_OPTIONS_JSON="));
      expect(await handed(told)).toContain('"answersToParent":true');
      expect(await handed(silent)).toContain('"answersToParent":false');
      await silent.stop();
      expect(silentMessages).toEqual([]);
    } finally {
      await Promise.all([told.stop(), silent.stop()]);
    }
  }, 60_000);

  it("a throwing onAnswer is logged, and the next answers still come", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const targets: string[] = [];
    const service = await spawnContentService({
      options: serviceOptions(),
      cwd: repo,
      onStderr: () => {},
      onAnswer: ({ target }) => {
        targets.push(target);
        if (targets.length === 1) throw new Error("listener broke");
      },
    });
    try {
      for (const target of ["/__health", "/__health?again"]) await (await fetch(`${service.url}${target}`)).text();
      await vi.waitFor(() => expect(targets).toEqual(["/__health", "/__health?again"]));
      expect(logged).toHaveBeenCalledWith("content service: onAnswer failed:", new Error("listener broke"));
    } finally {
      logged.mockRestore();
      await service.stop();
    }
  }, 60_000);

  it("the service exits when its parent goes away (the IPC channel closes)", async () => {
    const service = await spawnContentService({ options: serviceOptions(), cwd: repo, onStderr: () => {} });
    try {
      service.child.disconnect();
      expect(await service.exited).toEqual({ code: 0, signal: null });
    } finally {
      await service.stop();
    }
  }, 60_000);

  it("rejects with the service's own message when it cannot start", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(
        spawnContentService({ options: serviceOptions({ port }), cwd: repo, onStderr: () => {} }),
      ).rejects.toThrow(
        new RegExp(
          `^The content service exited \\(exit code 1\\) before it was ready:\\ncontent-server: cannot start: port ${port} is already in use`,
        ),
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);
});

describe("content-server/main.ts", () => {
  const main = path.join(here, "main.ts");

  function run(ipc: boolean, env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, ["--import", "tsx", main], {
      cwd: repo,
      env,
      stdio: ["ignore", "pipe", "pipe", ...(ipc ? (["ipc"] as const) : [])],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr?.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("close", (code, signal) => resolve({ code, signal })),
    );
    return { child, exited, stdout: () => stdout, stderr: () => stderr };
  }

  it("with an IPC channel: one ready message, nothing on stdout; SIGINT stops it within 5 s", async () => {
    const proc = run(true, serviceEnv());
    const ready = await new Promise<ContentServiceReady>((resolve, reject) => {
      proc.child.once("message", (m) => resolve(m as ContentServiceReady));
      void proc.exited.then(() => reject(new Error(`exited before ready: ${proc.stderr()}`)));
    });
    expect(ready).toMatchObject({ type: "ready", storyCount: storyFiles, publicToken: space.publicToken });
    expect(ready.url).toBe(`http://127.0.0.1:${ready.port}`);
    const signalled = performance.now();
    proc.child.kill("SIGINT");
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(5_000);
    expect(proc.stdout()).toBe("");
    expect(proc.stderr()).toBe("");
  }, 60_000);

  it("exits with code 2 and a message naming the variable for a bad setting", async () => {
    const proc = run(false, serviceEnv({ CONTENT_PUBLIC_ORIGIN: "evil.example" }));
    expect(await proc.exited).toEqual({ code: 2, signal: null });
    expect(proc.stderr()).toMatch(
      /^content-server: CONTENT_PUBLIC_ORIGIN must be an http\(s\) origin .*, not "evil.example"\n$/,
    );
  }, 60_000);

  it("exits with code 2 and a message for settings handed over in another shape (an older parent's)", async () => {
    const older = JSON.stringify({ port: 0, contentDir });
    const proc = run(true, { ...serviceEnv(), CONTENT_SERVER_OPTIONS_JSON: older });
    expect(await proc.exited).toEqual({ code: 2, signal: null });
    expect(proc.stderr()).toBe(
      "content-server: CONTENT_SERVER_OPTIONS_JSON must be { options: {...}, answersToParent: boolean } in JSON\n",
    );
  }, 60_000);

  it("without one: prints its URL and tokens; SIGTERM stops it within 5 s", async () => {
    const proc = run(false, serviceEnv());
    const service: Pick<ContentServiceProcess, "port"> = await new Promise((resolve, reject) => {
      proc.child.stdout?.on("data", () => {
        const m = /Content service: http:\/\/localhost:(\d+)\/v2\n[\s\S]*admin token: /.exec(proc.stdout());
        if (m) resolve({ port: Number(m[1]) });
      });
      void proc.exited.then(() => reject(new Error(`exited before listening: ${proc.stderr()}`)));
    });
    expect(proc.stdout()).toContain(`public token:  ${space.publicToken}`);
    expect(proc.stdout()).toContain(`asset URLs:    http://127.0.0.1:${service.port}/f/...`);
    expect((await fetch(`http://127.0.0.1:${service.port}/__health`)).status).toBe(200);
    const signalled = performance.now();
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(5_000);
    expect(proc.stdout()).toContain("content-server: SIGTERM, shutting down");
  }, 60_000);
});
