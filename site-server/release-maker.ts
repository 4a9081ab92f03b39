import type { ChildProcess } from "node:child_process";
import { link, mkdir, readdir, readFile, rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { x } from "tinyexec";
import type { RenderSummary } from "../live-update/render-pages";
import type { StoryChange } from "../live-update/update-plan";
import { buildCommand as wholeBuildCommand } from "../pipeline/build-command";
import { atMost, stoppingError, type Release, type ReleaseMaker, type ReleaseResult } from "./publisher";
import { CLIENT_DIR } from "../release/layout";

/**
 * Makes releases of the site in their own folders under `releasesDir`, in
 * child processes (a failure or a leak never touches the serving process):
 * an update with live-update/render-pages.ts, a whole build with
 * `react-router build` and SITE_BUILD_DIR. Both get the environment the
 * site was first built with (CONTENT_*, STORYBLOK_*, SITE_URL).
 *
 * Each child leads its own process group (`detached`): tsx runs the update
 * in a node child of its own and the build runs esbuild and workers, so a
 * stop or a timeout signals the whole group, not the first process only.
 * Once stopped (the site is stopping) it starts nothing: what runs gets
 * SIGTERM, SIGKILL after `killGraceMs`, and its folder is removed.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Exit code of live-update/render-pages.ts for "this needs a whole build", and the file its summary is in. */
const NEEDS_FULL_BUILD = 3;
const UPDATE_SUMMARY_FILE = "update.json";

export interface ReleaseMakerOptions {
  releasesDir: string;
  env: NodeJS.ProcessEnv;
  repo?: string;
  /** Old releases are removed this long after they stopped being live or previous (default 60 s). */
  pruneGraceMs?: number;
  /** Upper bounds of one update and one build (default 5 and 30 minutes). */
  updateTimeoutMs?: number;
  buildTimeoutMs?: number;
  /** From SIGTERM to SIGKILL of a release's processes when the site stops (default 2 s). */
  killGraceMs?: number;
  /** The update's command line (default: tsx of the render script), given the live release, the new one and the changes as JSON. */
  updateCommand?: (from: string, to: string, changesJson: string) => string[];
  /** The whole build's command line (default `buildCommand`: `react-router build` with the build's V8 flags); it builds into SITE_BUILD_DIR. */
  buildCommand?: string[];
}

/** A release process's exit code, the tail of its output, and how long it ran. */
type RunResult = Awaited<ReturnType<typeof run>>;

/**
 * Signals a child's process group (it leads one: `detached`), so its own children go too. Only groups of
 * this maker's children are signalled, while they run or right after: a group's id is not given to another
 * process while any process of the group lives.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

async function run(
  [command, ...args]: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
  running: Set<ChildProcess>,
) {
  if (!command) throw new Error("no command");
  const started = performance.now();
  // `env` is the whole environment: tinyexec lays it over process.env, and spawn leaves out what is undefined
  const whole = { ...Object.fromEntries(Object.keys(process.env).map((name) => [name, undefined])), ...env };
  // nodePath: the command's PATH is the site's, with no node_modules/.bin put ahead of it
  const child = x(command, args, {
    nodePath: false,
    nodeOptions: { cwd, env: whole, stdio: ["ignore", "pipe", "pipe"], detached: true },
  });
  const leader = child.process!;
  running.add(leader);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalGroup(leader, "SIGKILL");
  }, timeoutMs);
  let output = "";
  try {
    // stdout and stderr as they come; the tail is what explains a failure
    for await (const line of child) output = `${output}${line}\n`.slice(-20_000);
  } finally {
    clearTimeout(timer);
    running.delete(leader);
  }
  if (timedOut) output += `stopped after ${Math.round(timeoutMs / 1000)} s`;
  return { code: child.exitCode ?? null, output, ms: performance.now() - started };
}

function tail(output: string, lines = 15): string {
  return output.trim().split("\n").slice(-lines).join("\n");
}

/** Rethrows a file system error, unless it says the path is there already (EEXIST). */
function unlessExists(error: NodeJS.ErrnoException): void {
  if (error.code !== "EEXIST") throw error;
}

/** Hashed assets of the live release that the new one lacks: pages open in browsers still load them. */
async function carryOverAssets(from: string, to: string): Promise<void> {
  const source = path.join(from, CLIENT_DIR, "assets");
  const target = path.join(to, CLIENT_DIR, "assets");
  const entries = await readdir(source, { withFileTypes: true }).catch(() => []);
  await mkdir(target, { recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    // the new build's own file of that name is the same content (the name is its hash)
    await link(path.join(source, entry.name), path.join(target, entry.name)).catch(unlessExists);
  }
}

/** `tsx live-update/render-pages.ts FROM TO CHANGES`: an update's process. */
function renderPagesCommand(repo: string): NonNullable<ReleaseMakerOptions["updateCommand"]> {
  const tsx = path.join(repo, "node_modules", ".bin", "tsx");
  return (from, to, changesJson) => [tsx, path.join(repo, "live-update", "render-pages.ts"), from, to, changesJson];
}

/** A new release folder's path (not yet made) under `releasesDir`, which reaches the repository's node_modules. */
async function newReleaseDir(releasesDir: string, repo: string, sequence: number): Promise<string> {
  await mkdir(releasesDir, { recursive: true });
  // a release's server bundle imports React Router & co. from node_modules: reachable from inside the repo
  if (path.relative(repo, releasesDir).startsWith("..")) {
    await symlink(path.join(repo, "node_modules"), path.join(releasesDir, "node_modules"), "dir").catch(unlessExists);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  return path.join(releasesDir, `${stamp}-${process.pid}-${sequence}`);
}

/** What an update's process made of `dir`: the release, "build" when it needs a whole build; else it throws. */
async function updateOutcome(dir: string, result: RunResult): Promise<ReleaseResult | "build"> {
  const summary =
    result.code === 0
      ? ((await readFile(path.join(dir, UPDATE_SUMMARY_FILE), "utf8")
          .then(JSON.parse)
          // a missing or half-written summary is a failed update, reported with the child's output
          .catch(() => null)) as RenderSummary | null)
      : null;
  if (summary) {
    const { rendered, removed, requests } = summary;
    return { kind: "update", release: { dir }, ms: result.ms, rendered, removed, requests };
  }
  await rm(dir, { recursive: true, force: true });
  if (result.code === NEEDS_FULL_BUILD) return "build";
  throw new Error(`live-update/render-pages.ts failed (exit code ${result.code}):\n${tail(result.output)}`);
}

/** What a whole build made of `dir`: the release, with the live one's assets carried over; else it throws. */
async function buildOutcome(live: Release, dir: string, result: RunResult): Promise<ReleaseResult> {
  const built = await stat(path.join(dir, CLIENT_DIR, "index.html")).catch(() => null);
  if (result.code !== 0 || !built) {
    throw new Error(`react-router build failed (exit code ${result.code}):\n${tail(result.output)}`);
  }
  await carryOverAssets(live.dir, dir);
  return { kind: "build", release: { dir }, ms: result.ms };
}

/** `make(dir)`; the folder goes when that fails or the site stops meanwhile (`isStopping`). */
async function madeOrRemoved<T>(make: (dir: string) => Promise<T>, dir: string, isStopping: () => boolean): Promise<T> {
  try {
    const made = await make(dir);
    if (isStopping()) throw stoppingError();
    return made;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw isStopping() ? stoppingError() : error;
  }
}

/**
 * Ends the release processes (SIGTERM, SIGKILL after `killGraceMs`), waits for the work in flight a little
 * longer, and removes the folders it was making.
 */
async function stopReleases(
  running: ReadonlySet<ChildProcess>,
  inFlight: ReadonlyMap<string, Promise<unknown>>,
  killGraceMs: number,
): Promise<void> {
  const children = [...running];
  for (const child of children) signalGroup(child, "SIGTERM");
  const kill = setTimeout(() => {
    for (const child of children) signalGroup(child, "SIGKILL");
  }, killGraceMs);
  await atMost(Promise.allSettled(inFlight.values()), killGraceMs + 1000);
  clearTimeout(kill);
  // what outlived SIGTERM in a group whose leader is gone (it held no pipe), and folders whose work
  // did not end (a process that left its group keeps the pipes open)
  for (const child of children) signalGroup(child, "SIGKILL");
  await Promise.all([...inFlight.keys()].map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Removes the releases under `releasesDir` but `keep`, after `graceMs` (requests that began on them finish first). */
async function pruneReleases(releasesDir: string, keep: readonly Release[], graceMs: number): Promise<void> {
  const kept = new Set(keep.map((release) => path.resolve(release.dir)));
  const entries = await readdir(releasesDir, { withFileTypes: true }).catch(() => []);
  const old = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(releasesDir, entry.name))
    .filter((dir) => !kept.has(path.resolve(dir)));
  if (old.length === 0) return;
  setTimeout(() => {
    for (const dir of old) void rm(dir, { recursive: true, force: true });
  }, graceMs).unref();
}

export function createReleaseMaker(options: ReleaseMakerOptions): ReleaseMaker {
  const repo = options.repo ?? REPO;
  const updateCommand = options.updateCommand ?? renderPagesCommand(repo);
  const buildCommand = options.buildCommand ?? wholeBuildCommand(repo);
  const killGraceMs = options.killGraceMs ?? 2000;
  /** Release processes running now: stopped with the site (a build can take minutes). */
  const running = new Set<ChildProcess>();
  /** Folders of the releases being made, and the work making each: what a stop waits for and removes. */
  const inFlight = new Map<string, Promise<unknown>>();
  let stopping = false;
  let counter = 0;

  function runChild(commandLine: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunResult> {
    if (stopping) return Promise.reject(stoppingError());
    return run(commandLine, env, repo, timeoutMs, running);
  }

  /** Makes a release in a new folder; the folder goes when making it fails or the site stops meanwhile. */
  async function inNewFolder<T>(make: (dir: string) => Promise<T>): Promise<T> {
    if (stopping) throw stoppingError();
    counter += 1;
    const dir = await newReleaseDir(options.releasesDir, repo, counter);
    const work = madeOrRemoved(make, dir, () => stopping);
    inFlight.set(dir, work);
    try {
      return await work;
    } finally {
      inFlight.delete(dir);
    }
  }

  return {
    update(live: Release, changes: readonly StoryChange[]): Promise<ReleaseResult | "build"> {
      return inNewFolder(async (dir) => {
        const commandLine = updateCommand(live.dir, dir, JSON.stringify(changes));
        return updateOutcome(dir, await runChild(commandLine, options.env, options.updateTimeoutMs ?? 5 * 60_000));
      });
    },

    build(live: Release): Promise<ReleaseResult> {
      return inNewFolder(async (dir) => {
        const result = await runChild(
          buildCommand,
          { ...options.env, SITE_BUILD_DIR: dir },
          options.buildTimeoutMs ?? 30 * 60_000,
        );
        return buildOutcome(live, dir, result);
      });
    },

    async stop(): Promise<void> {
      stopping = true;
      await stopReleases(running, inFlight, killGraceMs);
    },

    async discard(release: Release): Promise<void> {
      await rm(release.dir, { recursive: true, force: true });
    },

    prune(keep: readonly Release[]): Promise<void> {
      return pruneReleases(options.releasesDir, keep, options.pruneGraceMs ?? 60_000);
    },
  };
}
