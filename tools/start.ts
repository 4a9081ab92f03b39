import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { x } from "tinyexec";
import { spawnContentService, type ContentServiceProcess } from "../content-server/child-process";
import { followBuildEvents } from "../pipeline/build-events";
import { buildCommand } from "../pipeline/build-command";
import { MANIFEST_FILE, readManifestEntries } from "../release/headers-manifest";
import { startLiveSite, type LiveSite } from "../site-server/live-site";
import { WEBHOOK_PATH } from "../site-server/storyblok-webhook";
import { buildBeside } from "./build-beside";
import { keepContentServiceRunning } from "./content-restarts";
import { BuildProgress } from "./build-progress";
import { freePort, signalChild } from "./processes";
import { CLIENT_DIR } from "../release/layout";
import type { ContentServerOptions } from "../content-server/content-server";
import { contentServerOptions } from "../content-server/settings";
import { DEFAULT_HOST } from "../settings/defaults";
import { settingsOrExit } from "../settings/env-variables";
import { START_VARIABLES } from "./settings";
import { writeStartReady } from "./start-ready";

/**
 * `npm start`: the site on the demo content, as it runs in production.
 * Its settings are parsed once, here (tools/settings.ts, START_VARIABLES).
 * Unless STORYBLOK_TOKEN is set, starts the local content service in a
 * process of its own (content-server/child-process.ts: the CONTENT_*
 * variables parsed here, but for those it sets itself, handed to it serialized), on
 * loopback, with its webhooks pointed at the site; builds the site against
 * it (`react-router build`, its output in `build.log` beside the build, a
 * summary here from its events file, pipeline/build-events.ts) beside the last good build, which it replaces only once the
 * new one is complete (a stop in the middle leaves it as it was); serves
 * the build on HOST:PORT with publish to live (site-server/live-site.ts).
 * The site forwards the content service's API and assets on its own origin
 * (CONTENT_VIA_SITE), so it works under any address it is reached by
 * (HOST=0.0.0.0). A content service that stops is started again, a few
 * times with growing pauses, while the site keeps serving its prerendered
 * pages (tools/content-restarts.ts). Installs nothing. Ctrl-C stops
 * everything within 5 s.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** How long a stop may take before the process exits regardless (README: "Ctrl-C stops both"). */
const STOP_DEADLINE_MS = 5_000;

/** Parsed once, here: a bad value stops npm start before anything starts, naming the variable. */
const settings = settingsOrExit("npm start", START_VARIABLES);

// module-level: what this script started, for the signal handlers to stop, once
let content: ContentServiceProcess | undefined;
let live: LiveSite | undefined;
let build: ChildProcess | undefined;
/** The build and the removal of its folder, should it stop: what a stop waits for. */
let building: Promise<unknown> | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  stopping = true;
  setTimeout(() => process.exit(code || 1), STOP_DEADLINE_MS).unref();
  // the build leads its own process group (its workers and esbuild go with it)
  if (build) signalChild(build, "SIGTERM", true);
  // a stopped build's folder goes before we do: the last good build stays what `npm run serve` serves
  await Promise.allSettled([live?.close(), content?.stop(), building]);
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    console.info(`\n${signal}: stopping`);
    void stop(0);
  });
}

/** `react-router build`, its output in `logFile` and kept in `progress` (its last lines); resolves with how it exited. */
async function spawnBuild(env: NodeJS.ProcessEnv, logFile: string, progress: BuildProgress) {
  const log = createWriteStream(logFile);
  const [command, ...args] = buildCommand(repo);
  const child = x(command!, args, {
    nodePath: false,
    nodeOptions: { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  });
  build = child.process;
  try {
    // stdout and stderr as they come
    for await (const line of child) {
      log.write(`${line}\n`);
      progress.line(line);
    }
  } finally {
    build = undefined;
    await new Promise<void>((resolve) => log.end(resolve));
  }
  return { code: child.exitCode ?? null, signal: child.signalCode };
}

/**
 * The build, its output in `logFile`; resolves with what it reported in its events file (BUILD_EVENTS_FILE,
 * pipeline/build-events.ts, in a temp folder for this build), whose warnings are shown as they come.
 */
async function runBuild(env: NodeJS.ProcessEnv, logFile: string): Promise<BuildProgress> {
  const eventsDir = await mkdtemp(path.join(tmpdir(), "npm-start-build-"));
  const eventsFile = path.join(eventsDir, "events.ndjson");
  const progress = new BuildProgress();
  const events = followBuildEvents(eventsFile, (event) => {
    const warning = progress.take(event);
    if (warning) console.warn(warning);
  });
  try {
    const exit = await spawnBuild({ ...env, BUILD_EVENTS_FILE: eventsFile }, logFile, progress);
    const eventsFailure = await events.stop().then(
      () => null,
      (error: unknown) => error,
    );
    if (exit.code !== 0)
      throw new Error(
        `the build failed (${exit.signal ?? `exit code ${exit.code}`}); its last lines:\n${progress.tail()}\n` +
          `(the whole output: ${path.relative(process.cwd(), logFile) || logFile})`,
      );
    if (eventsFailure) throw eventsFailure;
    return progress;
  } finally {
    // after a build that could not start
    await events.stop().catch(() => undefined);
    await rm(eventsDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const host = settings.HOST;
  // PORT=0: a free port, chosen before the build (the content service's webhooks need the site's address)
  const port = settings.PORT || (await freePort(host));
  // a ready file from an earlier start would tell of a site not yet served
  if (settings.START_READY_FILE) await rm(settings.START_READY_FILE, { force: true });
  const buildDir = path.resolve(repo, settings.SITE_BUILD_DIR);
  const logFile = `${buildDir}.log`;
  // the build's own settings are its environment's (pipeline/build-settings.ts)
  const buildEnv: NodeJS.ProcessEnv = { ...process.env, SITE_BUILD_DIR: buildDir };
  // Storyblok's webhook secret; the local content service and the site share one made for this run
  let webhookSecret = settings.STORYBLOK_WEBHOOK_SECRET;

  if (settings.STORYBLOK_TOKEN) {
    console.info("Content: Storyblok (STORYBLOK_TOKEN is set); the local content service is not started");
  } else {
    webhookSecret ??= randomBytes(24).toString("hex");
    content = await startContentService(port, webhookSecret);
    Object.assign(buildEnv, {
      CONTENT_PORT: String(content.port),
      CONTENT_DIR: content.contentDir,
      CONTENT_VIA_SITE: "1",
    });
  }

  console.info(`Building the site (output in ${path.relative(process.cwd(), logFile)}) ...`);
  const started = performance.now();
  // beside the last good build, switched in once complete (tools/build-beside.ts)
  const buildDone = buildBeside(buildDir, (dir) => runBuild({ ...buildEnv, SITE_BUILD_DIR: dir }, logFile));
  building = buildDone;
  const built = await buildDone;
  console.info(`Built ${built.summary()} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  live = await startLiveSite({
    buildDir,
    env: buildEnv,
    port,
    host,
    webhookSecret,
    contentOrigin: content?.url,
    contentPublicToken: content?.publicToken,
  });
  const siteUrl = host === DEFAULT_HOST ? `http://localhost:${live.server.port}` : live.server.url;
  await printAddresses(siteUrl, buildDir);
  // last: the site is served and publish to live wired
  if (settings.START_READY_FILE)
    await writeStartReady(settings.START_READY_FILE, {
      siteUrl,
      sitePort: live.server.port,
      contentOrigin: content?.url ?? null,
    });
}

/**
 * The local content service in its own process, with the user's CONTENT_* settings, on loopback, its
 * asset URLs root-relative and its webhooks pointed at the site on `sitePort` (variables npm start does
 * not read: tools/settings.ts); kept running.
 */
async function startContentService(sitePort: number, webhookSecret: string) {
  const options: ContentServerOptions = {
    ...contentServerOptions({
      ...settings,
      // root-relative /f/ URLs: the site forwards them, under whatever address it was reached by
      CONTENT_PUBLIC_ORIGIN: "",
      // Storyblok's webhooks, sent when a story file changes, signed with the secret the site checks
      CONTENT_WEBHOOKS: [`http://127.0.0.1:${sitePort}${WEBHOOK_PATH}`],
      CONTENT_WEBHOOK_SECRET: webhookSecret,
    }),
    contentDir: path.resolve(repo, settings.CONTENT_DIR),
  };
  const service = await spawnContentService({ cwd: repo, options });
  // started again on its port: the site forwards /v2/ and /f/ to that address
  const again: ContentServerOptions = { ...options, port: service.port };
  void keepContentServiceRunning(service, () => spawnContentService({ cwd: repo, options: again }), {
    onRestart: (restarted) => (content = restarted),
    isStopping: () => stopping,
  });
  const shownDir = path.relative(process.cwd(), service.contentDir) || ".";
  console.info(`Content service: http://localhost:${service.port}/v2 (${service.storyCount} stories from ${shownDir})`);
  return service;
}

async function printAddresses(siteUrl: string, buildDir: string): Promise<void> {
  // the mode only: the pages' policies are read past, not kept
  const manifest = path.join(buildDir, CLIENT_DIR, MANIFEST_FILE);
  const mode = (await readManifestEntries(manifest, () => undefined))?.mode ?? "unknown";
  console.info("");
  console.info(`  Site:            ${siteUrl} (${mode} build${mode === "preview" ? ": drafts, noindex" : ""})`);
  if (content) console.info(`  Content service: http://localhost:${content.port}/v2`);
  console.info(`  Publish webhook: POST ${siteUrl}${WEBHOOK_PATH} (Storyblok's, signed)`);
  console.info("");
  console.info("Press Ctrl-C to stop.");
}

main().catch((error: unknown) => {
  if (stopping) return;
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
