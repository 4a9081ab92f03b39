import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnContentService, type ContentServiceProcess } from "../content-server/child-process";
import { buildCommand } from "../pipeline/build-command";
import { MANIFEST_FILE, readManifestEntries } from "../release/headers-manifest";
import { startLiveSite, type LiveSite } from "../site-server/live-site";
import { WEBHOOK_PATH } from "../site-server/storyblok-webhook";
import { buildBeside } from "./build-beside";
import { keepContentServiceRunning } from "./content-restarts";
import { BuildProgress } from "./build-progress";
import { freePort, signalChild } from "./processes";
import { CLIENT_DIR } from "../release/layout";

/**
 * `npm start`: the site on the demo content, as it runs in production.
 * Unless STORYBLOK_TOKEN is set, starts the local content service in a
 * process of its own (content-server/child-process.ts: its settings are the
 * CONTENT_* variables, read by content-server/config.ts alone), on
 * loopback, with its webhooks pointed at the site; builds the site against
 * it (`react-router build`, its output in `build.log` beside the build, a
 * summary here) beside the last good build, which it replaces only once the
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

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, not "${raw}"`);
  }
  return port;
}

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

/** `react-router build`, its output in `logFile`; resolves with what the build reported. */
function runBuild(env: NodeJS.ProcessEnv, logFile: string): Promise<BuildProgress> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const progress = new BuildProgress();
    const [command, ...args] = buildCommand(repo);
    build = spawn(command!, args, { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    for (const stream of [build.stdout, build.stderr]) {
      stream?.on("data", (chunk: Buffer) => {
        log.write(chunk);
        for (const warning of progress.read(chunk.toString())) console.warn(warning);
      });
    }
    build.on("error", reject);
    build.on("exit", (code, signal) => {
      build = undefined;
      log.end(() => {
        if (code === 0) resolve(progress);
        else
          reject(
            new Error(
              `the build failed (${signal ?? `exit code ${code}`}); its last lines:\n${progress.tail()}\n` +
                `(the whole output: ${path.relative(process.cwd(), logFile) || logFile})`,
            ),
          );
      });
    });
  });
}

async function main(): Promise<void> {
  const host = process.env.HOST?.trim() || "127.0.0.1";
  // PORT=0: a free port, chosen before the build (the content service's webhooks need the site's address)
  const port = portFrom("PORT", 3000) || (await freePort(host));
  const buildDir = path.resolve(repo, process.env.SITE_BUILD_DIR?.trim() || "build");
  const logFile = `${buildDir}.log`;
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_BUILD_DIR: buildDir };
  // Storyblok's webhook secret; the local content service and the site share one made for this run
  let webhookSecret = process.env.STORYBLOK_WEBHOOK_SECRET?.trim() || undefined;

  if (process.env.STORYBLOK_TOKEN) {
    console.info("Content: Storyblok (STORYBLOK_TOKEN is set); the local content service is not started");
  } else {
    webhookSecret ??= randomBytes(24).toString("hex");
    const contentEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CONTENT_PORT: String(portFrom("CONTENT_PORT", 4100)),
      CONTENT_DIR: path.resolve(repo, process.env.CONTENT_DIR?.trim() || "content"),
      // root-relative /f/ URLs: the site forwards them, under whatever address it was reached by
      CONTENT_PUBLIC_ORIGIN: "/",
      // Storyblok's webhooks, sent when a story file changes
      CONTENT_WEBHOOKS: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
      CONTENT_WEBHOOK_SECRET: webhookSecret,
    };
    content = await spawnContentService({ cwd: repo, env: contentEnv });
    // started again on its port: the site forwards /v2/ and /f/ to that address
    const again = { ...contentEnv, CONTENT_PORT: String(content.port) };
    void keepContentServiceRunning(content, () => spawnContentService({ cwd: repo, env: again }), {
      onRestart: (service) => (content = service),
      isStopping: () => stopping,
    });
    Object.assign(env, { CONTENT_PORT: String(content.port), CONTENT_DIR: content.contentDir, CONTENT_VIA_SITE: "1" });
    const shownDir = path.relative(process.cwd(), content.contentDir) || ".";
    console.info(
      `Content service: http://localhost:${content.port}/v2 (${content.storyCount} stories from ${shownDir})`,
    );
  }

  console.info(`Building the site (output in ${path.relative(process.cwd(), logFile)}) ...`);
  const started = performance.now();
  // beside the last good build, switched in once complete (tools/build-beside.ts)
  const buildDone = buildBeside(buildDir, (dir) => runBuild({ ...env, SITE_BUILD_DIR: dir }, logFile));
  building = buildDone;
  const built = await buildDone;
  console.info(`Built ${built.summary()} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  live = await startLiveSite({
    buildDir,
    env,
    port,
    host,
    webhookSecret,
    contentOrigin: content?.url,
    contentPublicToken: content?.publicToken,
  });
  const siteUrl = host === "127.0.0.1" ? `http://localhost:${live.server.port}` : live.server.url;
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
