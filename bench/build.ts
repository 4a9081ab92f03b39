import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cp, mkdir, readFile, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { x } from "tinyexec";
import { REACT_ROUTER_CLI, buildCommand } from "../pipeline/build-command";
import { followBuildEvents, type BuildEvent } from "../pipeline/build-events";
import type { StepTime } from "../pipeline/step-times";
import { signalChild, stopChild } from "../tools/processes";
import { sampleRss, treeRssBytes, type RssSampler } from "./proc-tree";
import { CLIENT_DIR, listHtmlFiles } from "../release/layout";

/**
 * Builds the site the way `npm start` and the e2e suite do (`react-router
 * build` with CONTENT_PORT and CONTENT_DIR pointing at a content service), in
 * a snapshot of the project in a temp folder: the bench never writes into
 * the work tree's build/ (the e2e suite uses it) and builds one consistent
 * state of the code while others edit it.
 */

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Top-level entries not copied into a workspace. */
const SKIPPED = new Set([
  "node_modules",
  "build",
  ".git",
  "test-results",
  "playwright-report",
  "bench-report",
  ".react-router",
  ".cache",
]);

/** Copies the project (without build output, git and node_modules, which is linked) into `dir`. */
export async function createWorkspace(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(REPO, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith("build-") || entry.name.endsWith(".log")) continue;
    await cp(path.join(REPO, entry.name), path.join(dir, entry.name), {
      recursive: true,
      preserveTimestamps: true,
      verbatimSymlinks: true,
    });
  }
  await symlink(path.join(REPO, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * The project as it was at `revision` (BENCH_BASELINE) in `dir`: a build to
 * compare the work tree's with, on the same content. Resolves to the full
 * commit id. Where its lockfile is the work tree's, the work tree's
 * node_modules are linked; otherwise it gets its own install of its own
 * lockfile, since a commit's code may import what today's dependencies no
 * longer have (63dc31c's critical-CSS step imports `beasties`).
 */
export async function createWorkspaceAt(dir: string, revision: string): Promise<{ dir: string; commit: string }> {
  const git = promisify(execFile);
  const { stdout } = await git("git", ["rev-parse", "--verify", "--end-of-options", `${revision}^{commit}`], {
    cwd: REPO,
  });
  const commit = stdout.trim();
  await mkdir(dir, { recursive: true });
  const archive = path.join(path.dirname(dir), `${path.basename(dir)}.tar`);
  await git("git", ["archive", "--format=tar", `--output=${archive}`, commit], { cwd: REPO });
  await git("tar", ["-xf", archive, "-C", dir]);
  await rm(archive, { force: true });
  const [theirs, ours] = await Promise.all(
    [dir, REPO].map((root) => readFile(path.join(root, "package-lock.json"), "utf8")),
  );
  if (theirs === ours) {
    await symlink(path.join(REPO, "node_modules"), path.join(dir, "node_modules"), "dir");
  } else {
    // `install`, not `ci`, for the reason .ci/run gives; as there, a lockfile it changed fails
    await x("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
      throwOnError: true,
      nodePath: false,
      nodeOptions: { cwd: dir, stdio: ["ignore", "inherit", "inherit"] },
    });
    if ((await readFile(path.join(dir, "package-lock.json"), "utf8")) !== theirs) {
      throw new Error(`npm install changed ${commit.slice(0, 7)}'s package-lock.json: not the versions it pinned`);
    }
  }
  return { dir, commit };
}

/**
 * The build the bench measures is a production build: published content
 * (`CONTENT_VERSION=published`; a draft build is a preview that tells
 * crawlers to keep out, which Lighthouse's SEO audit would rightly fail)
 * and a SITE_URL (canonical links, sitemap), as README describes for a
 * deployment. BENCH_CONTENT_VERSION=draft measures the preview build instead.
 */
export function productionEnv(siteUrl: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const version = env.BENCH_CONTENT_VERSION?.trim() || "published";
  if (version !== "draft" && version !== "published")
    throw new Error(`BENCH_CONTENT_VERSION must be draft or published, not "${version}"`);
  return { CONTENT_VERSION: version, SITE_URL: siteUrl };
}

export interface BuildOptions {
  workspace: string;
  contentPort: number;
  contentDir: string;
  /** Stop the build (its whole process group) after this long. */
  timeoutMs: number;
  /** Further environment of the build: CONTENT_VERSION, SITE_URL. */
  env?: Record<string, string>;
  /** Called every `progressEveryMs` with pages prerendered so far, elapsed ms and current RSS. */
  onProgress?: (progress: { pages: number; elapsedMs: number; rssBytes: number }) => void;
  progressEveryMs?: number;
}

export interface BuildResult {
  ok: boolean;
  timedOut: boolean;
  exitCode: number | null;
  durationMs: number;
  peakRssBytes: number;
  /**
   * The peak before React Router prerenders (Vite's bundles, then the listing of all stories, which keeps
   * a summary a story), while the pages are prerendered, and in the last step (from the build's
   * `content-requests` event: pipeline/preset.ts, finishSite); null when no sample fell in that phase.
   * The phases start at the build's events (pipeline/build-events.ts).
   */
  peakRssBytesByPhase: { bundle: number | null; pages: number | null; lastStep: number | null };
  /**
   * Wall time of the same three phases: to the `prerender-start` event, to the `content-requests` event
   * (the pages), to the end; null for a phase the build did not reach, or a build that writes no events file
   * (a baseline from before pipeline/build-events.ts: then all of it is the first phase).
   */
  phaseMs: { bundle: number | null; pages: number | null; lastStep: number | null };
  /** The steps' own times, from the build's `step` events (pipeline/step-times.ts); none from a build without. */
  stepTimes: StepTime[];
  /** The build's `page` events: its prerendered HTML files, told once React Router has prerendered them all. */
  pagesPrerendered: number;
  /** The build's own count (its `content-requests` event), if it told one. */
  reportedRequests: number | null;
  /** The last lines of its output. */
  outputTail: string;
}

/**
 * The V8 flags a checkout's own `npm run build` gives Node (`node <flags> node_modules/@react-router/dev/bin.js
 * build` in its package.json), so that a baseline builds as it did then: the flags are part of what it cost (a9833ae's
 * `--optimize-for-size` was). Null where the script has another form.
 */
export function buildScriptNodeFlags(script: string): string[] | null {
  const [node, ...rest] = script.trim().split(/\s+/);
  const cli = rest.indexOf(REACT_ROUTER_CLI);
  if (node !== "node" || cli === -1 || rest[cli + 1] !== "build") return null;
  const flags = rest.slice(0, cli);
  return flags.every((flag) => flag.startsWith("--")) ? flags : null;
}

/** The build's command line in `workspace`: its own script's flags, else this tree's (pipeline/build-command.ts). */
async function workspaceBuildCommand(workspace: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(workspace, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const flags = buildScriptNodeFlags(manifest.scripts?.build ?? "");
  if (!flags) return buildCommand(workspace);
  return [process.execPath, ...flags, path.join(workspace, REACT_ROUTER_CLI), "build"];
}

/**
 * The environment of a build on the bench's content service (`env` on top), nothing that would point the bundle
 * elsewhere: the bench's own builds', and the live site's in section publish.
 */
export function buildEnv(options: Pick<BuildOptions, "contentPort" | "contentDir" | "env">): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTENT_PORT: String(options.contentPort),
    CONTENT_DIR: options.contentDir,
  };
  // these would point the bundle somewhere else than the bench's content service
  delete env.STORYBLOK_TOKEN;
  delete env.CONTENT_API_URL;
  delete env.CONTENT_VERSION;
  delete env.SITE_URL;
  // the bench reads the build from the workspace's build/
  delete env.SITE_BUILD_DIR;
  delete env.CONTENT_VIA_SITE;
  Object.assign(env, options.env);
  return env;
}

/**
 * What the build's events file tells as it goes (pipeline/build-events.ts): the phases' starts, pages
 * prerendered, step times; its output gives only its last lines, for a failure's report.
 */
export function buildProgress(sampler: Pick<RssSampler, "enterPhase">) {
  const progress = {
    tail: "",
    pages: 0,
    reported: null as number | null,
    prerenderAt: null as number | null,
    lastStepAt: null as number | null,
    stepTimes: [] as StepTime[],
    onEvent: (event: BuildEvent) => {
      if (event.event === "prerender-start" && progress.prerenderAt === null) {
        sampler.enterPhase("pages");
        progress.prerenderAt = performance.now();
      } else if (event.event === "page") progress.pages += 1;
      else if (event.event === "content-requests" && progress.reported === null) {
        sampler.enterPhase("last step");
        progress.lastStepAt = performance.now();
        progress.reported = event.count;
      } else if (event.event === "step")
        progress.stepTimes.push({ step: event.step, ms: event.ms, cpuMs: event.cpuMs });
    },
    onLine: (line: string) => {
      progress.tail = `${progress.tail}${line}\n`.slice(-6000);
    },
  };
  return progress;
}

/**
 * The build's time limit (the whole process group stopped), its progress reports, and its group killed should
 * the bench exit first; `stop` ends them all.
 */
function watchBuild(
  child: ChildProcess,
  options: BuildOptions,
  progressNow: () => Parameters<NonNullable<BuildOptions["onProgress"]>>[0],
) {
  const watch = { timedOut: false, stop: () => {} };
  const timer = setTimeout(() => {
    watch.timedOut = true;
    void stopChild(child, { group: true });
  }, options.timeoutMs);
  const progress = options.onProgress
    ? setInterval(() => options.onProgress?.(progressNow()), options.progressEveryMs ?? 15_000)
    : undefined;
  const stopOnExit = () => signalChild(child, "SIGKILL", true);
  process.once("exit", stopOnExit);
  watch.stop = () => {
    clearTimeout(timer);
    if (progress) clearInterval(progress);
    process.off("exit", stopOnExit);
  };
  return watch;
}

/** The build's exit code (null when it could not start: the tail says why), once its last lines are read. */
async function exitOf(child: ChildProcess, output: { tail: string }): Promise<number | null> {
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on("error", (error) => {
      output.tail += `\n${error.message}`;
      resolve(null);
    });
    child.on("exit", (code) => resolve(code));
  });
  // the last lines may still be in the pipes
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
  return exitCode;
}

/** Where the build writes its events (BUILD_EVENTS_FILE), in its workspace. */
const EVENTS_FILE = "build-events.ndjson";

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  await rm(path.join(options.workspace, "build"), { recursive: true, force: true });
  const eventsFile = path.join(options.workspace, EVENTS_FILE);
  await rm(eventsFile, { force: true });
  const env = { ...buildEnv(options), BUILD_EVENTS_FILE: eventsFile };

  const started = performance.now();
  const [command, ...args] = await workspaceBuildCommand(options.workspace);
  const child = spawn(command!, args, {
    cwd: options.workspace,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    // own process group, so that a timeout stops the build and everything it started
    detached: true,
  });
  const sampler = sampleRss(() => treeRssBytes(child.pid ?? -1), 100, "bundle");
  const output = buildProgress(sampler);
  // as often as the sampler: the phases start within 100 ms of their event
  const events = followBuildEvents(eventsFile, output.onEvent, { pollMs: 100 });
  for (const stream of [child.stdout, child.stderr])
    if (stream) createInterface({ input: stream }).on("line", output.onLine);

  const watch = watchBuild(child, options, () => ({
    pages: output.pages,
    elapsedMs: performance.now() - started,
    rssBytes: sampler.lastBytes,
  }));

  const exitCode = await exitOf(child, output);
  const ended = performance.now();
  const durationMs = ended - started;
  watch.stop();
  // a bad line is the bench's or the build's bug: it fails the run, once the build is stopped
  const eventsFailure = await events.stop().then(
    () => null,
    (error: unknown) => error,
  );
  // leftover workers of the group (none expected after a clean exit)
  await stopChild(child, { group: true });
  const peakRssBytes = await sampler.stop();
  if (eventsFailure) throw eventsFailure;
  // a build that succeeded without a prerender-start event told no phases (made before the events file)
  const phasesTold = !(exitCode === 0 && output.prerenderAt === null);
  const phasePeak = (name: string) => (phasesTold && sampler.peakBytesByPhase.get(name)) || null;
  return {
    ok: exitCode === 0 && !watch.timedOut,
    timedOut: watch.timedOut,
    exitCode,
    durationMs,
    peakRssBytes,
    peakRssBytesByPhase: {
      bundle: phasePeak("bundle"),
      pages: phasePeak("pages"),
      lastStep: phasePeak("last step"),
    },
    phaseMs: phaseDurations(started, output.prerenderAt, output.lastStepAt, ended, exitCode === 0),
    stepTimes: output.stepTimes,
    // a build stopped while prerendering (or made before the events file) told none: the pages on disk then (if any)
    pagesPrerendered:
      output.pages || (await listHtmlFiles(path.join(options.workspace, "build", CLIENT_DIR)).catch(() => [])).length,
    reportedRequests: output.reported,
    outputTail: output.tail.split("\n").slice(-40).join("\n"),
  };
}

/**
 * The phases' wall times from when the build started, its prerendering, its content requests and its end. A build
 * that `succeeded` without telling when it began prerendering made no events file (a commit from before it): its
 * phases are unknown, not all bundling.
 */
export function phaseDurations(
  started: number,
  prerenderAt: number | null,
  lastStepAt: number | null,
  ended: number,
  succeeded = false,
): BuildResult["phaseMs"] {
  if (succeeded && prerenderAt === null) return { bundle: null, pages: null, lastStep: null };
  return {
    bundle: (prerenderAt ?? lastStepAt ?? ended) - started,
    pages: prerenderAt === null ? null : (lastStepAt ?? ended) - prerenderAt,
    lastStep: lastStepAt === null ? null : ended - lastStepAt,
  };
}
