import { cp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { x } from "tinyexec";
import { defaultImageCacheDir, startContentServer } from "../content-server/content-server";
import { buildCommand } from "../pipeline/build-command";
import { CLIENT_DIR } from "../release/layout";
import { startSiteServer } from "../site-server/site-server";
import { buildStamp, e2eDirs, readBuildInfo, type E2EPlan, type E2EServer } from "./e2e-servers";
import { ensureHostTools } from "./ensure-host-tools";
import { ensureNginx } from "./ensure-nginx";
import { startCloudflare, startNetlify } from "./host-runtimes";
import { linkTree } from "../live-update/link-tree";
import { startNginx } from "./nginx-server";

/**
 * `tsx test-support/e2e-serve.ts <server>`: one of the browser tests' servers, as a `webServer` entry of
 * playwright.config.ts starts it (e2e-servers.ts: the plan in E2E_PLAN gives its port). `content` serves a
 * copy of the repository's content; `production` and `preview` first make their build against it (unless
 * E2E_SKIP_BUILD=1) and serve it with the site server; `nginx`, `cloudflare` and `netlify` serve the
 * production build. On 127.0.0.1; on SIGTERM or SIGINT it stops what it started and removes its temp folders.
 */

const { repo } = e2eDirs;
const server = process.argv[2] as E2EServer;
if (!process.env.E2E_PLAN)
  throw new Error(
    "e2e-serve.ts runs as a webServer entry of playwright.config.ts (e2e-servers.ts), which sets E2E_PLAN",
  );
const plan = JSON.parse(process.env.E2E_PLAN) as E2EPlan;
// its port is in the plan: the config made this entry from it
const planned = plan.ports[server];
if (planned === undefined)
  throw new Error(`e2e-serve.ts: "${server}" is not one of the plan's servers (${Object.keys(plan.ports).join(", ")})`);
const port: number = planned;
const host = "127.0.0.1";

async function serveContent(): Promise<Started> {
  const removeCopy = () => rm(path.dirname(plan.contentDir), { recursive: true, force: true });
  try {
    // story files are copied (tests edit them); the media are hard-linked (copied across file systems)
    const source = path.join(repo, "content");
    const filter = (file: string) => file !== path.join(source, "assets");
    await cp(source, plan.contentDir, { recursive: true, preserveTimestamps: true, filter });
    await linkTree(path.join(source, "assets"), path.join(plan.contentDir, "assets"));
    const content = await startContentServer({
      port,
      host,
      contentDir: plan.contentDir,
      adminToken: plan.adminToken,
      // the image renders of the repo's content stay valid for this copy (same files, same mtimes)
      imageCacheDir: defaultImageCacheDir(path.join(repo, "content")),
    });
    console.info(`content service: ${content.url} (content copy in ${plan.contentDir})`);
    return { close: () => content.close().finally(removeCopy) };
  } catch (error) {
    await removeCopy();
    throw error;
  }
}

/** `react-router build` against the run's content service; its output only when it fails. */
async function makeBuild(version: "published" | "draft", buildDir: string): Promise<void> {
  const started = performance.now();
  const [command, ...args] = buildCommand(repo);
  // laid over process.env (tinyexec): undefined leaves a variable out
  const env: NodeJS.ProcessEnv = {
    CONTENT_PORT: String(plan.ports.content),
    CONTENT_DIR: plan.contentDir,
    CONTENT_VERSION: version,
    SITE_BUILD_DIR: path.basename(buildDir),
    // canonical links, hreflang alternates and the sitemap need a public origin (no request goes there)
    SITE_URL: process.env.E2E_SITE_URL,
    // these would point the bundle somewhere else than this content service; the specs talk to it directly
    STORYBLOK_TOKEN: undefined,
    CONTENT_API_URL: undefined,
    CONTENT_VIA_SITE: undefined,
  };
  const build = x(command!, args, {
    nodePath: false,
    nodeOptions: { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"] },
  });
  const output: string[] = [];
  for await (const line of build) output.push(line);
  if (build.exitCode !== 0)
    throw new Error(
      `the ${version} build failed (${build.signalCode ?? build.exitCode}):\n${output.slice(-60).join("\n")}`,
    );
  console.info(
    `${path.basename(buildDir)}/ (${version}) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // e2e-build.json: the content port the bundles have built in, and which builds were made with it
  const stamp = buildStamp(buildDir);
  const noted =
    server === "production" ? { contentPort: plan.ports.content, stamp } : { ...readBuildInfo(), previewStamp: stamp };
  await writeFile(e2eDirs.BUILD_INFO_FILE, `${JSON.stringify(noted, null, 2)}\n`);
}

async function serveSite(): Promise<Started> {
  const buildDir = server === "production" ? e2eDirs.production : e2eDirs.preview;
  if (plan.build) await makeBuild(server === "production" ? "published" : "draft", buildDir);
  const site = await startSiteServer({ root: path.join(buildDir, CLIENT_DIR), port, host });
  console.info(`${server} site: ${site.url}`);
  return { close: () => site.close() };
}

async function serveNginx(): Promise<Started> {
  const nginx = await startNginx(await ensureNginx(), e2eDirs.production, port);
  console.info(`nginx: ${nginx.url}`);
  return {
    ended: nginx.ended,
    close: async () => {
      const errors = (await nginx.errorLog()).trim();
      if (errors) console.error(`nginx's error log:\n${errors}`);
      await nginx.close();
    },
  };
}

async function serveHost(): Promise<Started> {
  const start = server === "cloudflare" ? startCloudflare : startNetlify;
  const runtime = await start(await ensureHostTools(), path.join(e2eDirs.production, CLIENT_DIR), port);
  console.info(`${runtime.name}: ${runtime.url}`);
  return runtime;
}

/** A started server; `ended` resolves, with what its program printed, if that program exits. */
interface Started {
  close(): Promise<unknown>;
  ended?: Promise<string>;
}

const starters: Record<E2EServer, () => Promise<Started>> = {
  content: serveContent,
  production: serveSite,
  preview: serveSite,
  nginx: serveNginx,
  cloudflare: serveHost,
  netlify: serveHost,
};

// a signal while starting stops it once started (a build is stopped by the signal itself: it reaches the group)
let stopSignal: NodeJS.Signals | undefined;
let stop = (signal: NodeJS.Signals) => void (stopSignal ??= signal);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, (received) => stop(received));
try {
  const started = await starters[server]();
  let closing: Promise<void> | undefined;
  const closeAndExit = (code: number) =>
    (closing ??= started.close().then(
      () => process.exit(code),
      (error: unknown) => {
        console.error(`e2e-serve ${server}: stopping failed:`, error);
        process.exit(1);
      },
    ));
  stop = () => void closeAndExit(0);
  // a program that exits by itself fails the entry at once (Playwright would otherwise wait out its timeout)
  void started.ended?.then((output) => {
    if (closing) return;
    console.error(`e2e-serve ${server}: ${output}`);
    void closeAndExit(1);
  });
  if (stopSignal) stop(stopSignal);
} catch (error) {
  console.error(`e2e-serve ${server}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
