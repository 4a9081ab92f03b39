import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultImageCacheDir, startContentServer } from "../content-server/content-server";
import { startSiteServer } from "../site-server/site-server";
import { readLocalSpace } from "../pipeline/content-config";
import { ensureChromium } from "./ensure-chromium";
import { ensureNginx } from "./ensure-nginx";
import { ensureHostTools, type HostTools } from "./ensure-host-tools";
import { startCloudflare, startNetlify } from "./host-runtimes";
import { startNginx } from "./nginx-server";
import { linkTree } from "./link-tree";
import { buildCommand } from "../pipeline/build-command";
import { precompress } from "../pipeline/precompress";

/**
 * `npm run test:e2e [-- playwright args]`: the browser tests end to end.
 * Starts the content service on a copy of the demo content (tests may add or
 * edit story files), builds the site once against it, serves the build with
 * the production site server and with nginx and the nginx site the build
 * wrote (Debian's nginx, installed when missing), and runs Playwright, then the cross-engine suite
 * (test-support/cross-engine/: Firefox and WebKit; E2E_ENGINES=only runs it alone, E2E_ENGINES=0 leaves it
 * out, and a run with Playwright arguments leaves it out unless E2E_ENGINES=1). Both servers and the copy
 * are removed at the end, whatever happens. E2E_SKIP_BUILD=1 reuses an
 * existing build (its content port is remembered in build/e2e-build.json).
 * A whole run (or E2E_HOSTS=1) also makes a production build in
 * build-hosts/ and serves it with Cloudflare's and Netlify's own runtimes
 * for the `hosts` project (the Nu Html Checker and a link checker too;
 * test-support/ensure-host-tools.ts installs them).
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(repo, "build");
/** The production build the static hosts' runtimes serve (SITE_BUILD_DIR: inside the repository, for its modules). */
const HOSTS_BUILD_DIR_NAME = "build-hosts";
const clientDir = path.join(buildDir, "client");
const buildInfoFile = path.join(buildDir, "e2e-build.json");
const bin = (name: string) => path.join(repo, "node_modules", ".bin", name);
/** The public origin the suite's build is made for (SITE_URL). */
const E2E_SITE_URL = "https://studio-halbton.example";

const started = performance.now();
const cleanups: Array<() => Promise<void>> = [];
let child: ChildProcess | undefined;
let cleaningUp: Promise<void> | undefined;

function log(message: string) {
  console.info(`run-e2e: ${message}`);
}

function seconds(): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error("run-e2e: cleanup step failed:", error);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    child?.kill(signal);
    void cleanup().finally(() => {
      log(`stopped by ${signal}, wall time ${seconds()}`);
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  });
}

/** Runs a child process; resolves with its exit code. Output is inherited, or collected when `quiet`. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  quiet = false,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd: repo, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    child = proc;
    let output = "";
    proc.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    proc.on("error", reject);
    proc.on("exit", (code, signal) => {
      child = undefined;
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** Story files are copied (tests edit them); the media are hard-linked, or copied where that fails. */
async function copyContent(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name === "assets" && entry.isDirectory()) await linkTree(source, target);
    else await cp(source, target, { recursive: true, preserveTimestamps: true });
  }
}

interface BuildInfo {
  /** The content service's port the bundle was built against. */
  contentPort?: number;
  /** Identifies the build it describes. */
  stamp?: string;
}

async function buildStamp(): Promise<string> {
  for (const name of ["__spa-fallback.html", "index.html"]) {
    const info = await stat(path.join(clientDir, name)).catch(() => undefined);
    if (info) return `${name}:${info.size}:${info.mtimeMs}`;
  }
  return "";
}

/** `react-router build` with this environment (a variable set to undefined is left out); its output only when it fails. */
async function buildSite(env: NodeJS.ProcessEnv): Promise<void> {
  const [command, ...args] = buildCommand(repo);
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  const build = await run(command!, args, defined, true);
  if (build.code !== 0) {
    console.error(build.output.split("\n").slice(-60).join("\n"));
    throw new Error(`react-router build failed with exit code ${build.code}`);
  }
}

function originOf(url: string): string {
  return new URL(url).origin;
}

async function main(): Promise<number> {
  const playwrightArgs = process.argv.slice(2);
  // E2E_ENGINES: "only" runs the cross-engine suite alone, "0" leaves it out; by default it follows a whole run
  const engines = process.env.E2E_ENGINES ?? (playwrightArgs.length === 0 ? "1" : "0");
  // E2E_HOSTS: "1" serves a production build with the static hosts' runtimes, "0" does not; by default a whole run does
  const hosts = engines !== "only" && (process.env.E2E_HOSTS ?? (playwrightArgs.length === 0 ? "1" : "0")) === "1";
  // the tools' install (minutes on a fresh machine) runs beside the build
  const hostTools: Promise<HostTools> | undefined = hosts ? ensureHostTools() : undefined;
  hostTools?.catch(() => undefined);
  const chromePath = await ensureChromium();
  log(`Chromium: ${chromePath}`);
  const nginxInstall = await ensureNginx();
  log(`nginx: ${nginxInstall.binary}`);

  const tempDir = await mkdtemp(path.join(tmpdir(), "studio-e2e-"));
  cleanups.push(() => rm(tempDir, { recursive: true, force: true }));
  const contentDir = path.join(tempDir, "content");
  await copyContent(path.join(repo, "content"), contentDir);
  const space = readLocalSpace(contentDir);
  const adminToken = randomBytes(24).toString("hex");

  const skipBuild = process.env.E2E_SKIP_BUILD === "1";
  let previousPort: number | undefined;
  if (skipBuild) {
    if (!existsSync(path.join(clientDir, "index.html")) && !existsSync(path.join(clientDir, "__spa-fallback.html"))) {
      throw new Error("E2E_SKIP_BUILD=1, but there is no build in build/client: run once without it");
    }
    const info = JSON.parse(await readFile(buildInfoFile, "utf8").catch(() => "{}")) as BuildInfo;
    if (!info.contentPort || info.stamp !== (await buildStamp())) {
      throw new Error(
        "E2E_SKIP_BUILD=1, but build/ was not made by run-e2e (or was rebuilt since): run once without it",
      );
    }
    // the bundle has the content service's address built in
    previousPort = info.contentPort;
  }

  const content = await startContentServer({
    port: previousPort ?? 0,
    host: "127.0.0.1",
    contentDir,
    adminToken,
    // the image renders of the repo's content stay valid for this copy (same files, same mtimes)
    imageCacheDir: defaultImageCacheDir(path.join(repo, "content")),
  });
  cleanups.push(() => content.close());
  const contentOrigin = originOf(content.url);
  const contentPort = Number(new URL(contentOrigin).port);
  log(`content service: ${contentOrigin} (content copy in ${contentDir})`);

  if (!skipBuild) {
    const buildStarted = performance.now();
    log(`building the site against ${contentOrigin} ...`);
    const buildEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CONTENT_PORT: String(contentPort),
      CONTENT_DIR: contentDir,
      // canonical links, hreflang alternates and the sitemap need a public origin (no request goes there)
      SITE_URL: E2E_SITE_URL,
    };
    // these would point the bundle somewhere else than this content service
    delete buildEnv.STORYBLOK_TOKEN;
    delete buildEnv.CONTENT_API_URL;
    // the suite serves build/, and its specs talk to the content service directly
    delete buildEnv.SITE_BUILD_DIR;
    delete buildEnv.CONTENT_VIA_SITE;
    await buildSite(buildEnv);
    const info: BuildInfo = { contentPort, stamp: await buildStamp() };
    await writeFile(buildInfoFile, `${JSON.stringify(info, null, 2)}\n`);
    const compressed = await precompress(clientDir);
    log(
      `build done in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s (${compressed.files} files precompressed)`,
    );
  } else {
    log("E2E_SKIP_BUILD=1: using the existing build");
  }

  let hostsEnv: NodeJS.ProcessEnv = {};
  if (hostTools) {
    const hostsBuildDir = path.join(repo, HOSTS_BUILD_DIR_NAME);
    const hostsStarted = performance.now();
    // E2E_SKIP_BUILD=1: made with the other build, against the same content port
    const reuse = skipBuild && existsSync(path.join(hostsBuildDir, "release.json"));
    if (reuse) log(`E2E_SKIP_BUILD=1: using the existing ${HOSTS_BUILD_DIR_NAME}/`);
    else log(`building the production build for the static hosts into ${HOSTS_BUILD_DIR_NAME}/ ...`);
    if (!reuse)
      await buildSite({
        ...process.env,
        CONTENT_PORT: String(contentPort),
        CONTENT_DIR: contentDir,
        CONTENT_VERSION: "published",
        SITE_URL: E2E_SITE_URL,
        SITE_BUILD_DIR: HOSTS_BUILD_DIR_NAME,
        STORYBLOK_TOKEN: undefined,
        CONTENT_API_URL: undefined,
        CONTENT_VIA_SITE: undefined,
      });
    if (!reuse) log(`production build done in ${((performance.now() - hostsStarted) / 1000).toFixed(1)} s`);
    const tools = await hostTools;
    const hostsClient = path.join(hostsBuildDir, "client");
    const runtimes = await Promise.all([startCloudflare(tools, hostsClient), startNetlify(tools, hostsClient)]);
    for (const runtime of runtimes) {
      cleanups.push(() => runtime.close());
      log(`${runtime.name}: ${runtime.url}`);
    }
    const [cloudflare, netlify] = runtimes;
    hostsEnv = {
      E2E_HOSTS_BUILD_DIR: hostsBuildDir,
      E2E_CLOUDFLARE_URL: cloudflare.url,
      E2E_NETLIFY_URL: netlify.url,
      E2E_JAVA: tools.java,
      E2E_VNU_JAR: tools.vnuJar,
      E2E_LINKINATOR: tools.linkinator,
    };
  }

  const site = await startSiteServer({ root: clientDir, port: 0, host: "127.0.0.1" });
  cleanups.push(() => site.close());
  log(`site: ${site.url}`);
  const nginx = await startNginx(nginxInstall, buildDir);
  cleanups.push(async () => {
    const errors = (await nginx.errorLog()).trim();
    if (errors) console.error(`run-e2e: nginx's error log:\n${errors}`);
    await nginx.close();
  });
  log(`nginx: ${nginx.url}`);

  const suiteEnv: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_BASE_URL: site.url,
    E2E_SITE_URL,
    E2E_NGINX_URL: nginx.url,
    E2E_BUILD_DIR: buildDir,
    E2E_CONTENT_ORIGIN: contentOrigin,
    E2E_CONTENT_DIR: contentDir,
    E2E_ADMIN_TOKEN: adminToken,
    E2E_PREVIEW_TOKEN: space.previewToken,
    E2E_PUBLIC_TOKEN: space.publicToken,
    CHROME_PATH: chromePath,
    ...hostsEnv,
  };
  let code = 0;
  if (engines !== "only") {
    // A whole run checks the hosts after the browser tests, not beside them: the crawl and the Nu checker take
    // both cores for a minute, and the browser tests' timings are not to share them.
    const stages =
      playwrightArgs.length > 0
        ? [playwrightArgs]
        : [
            ["--project", "browser", "--project", "nginx"],
            // its own output folder: Playwright empties the one it writes to, and the first run's failures stay
            ...(hosts ? [["--project", "hosts", "--output", "test-results/hosts"]] : []),
          ];
    for (const args of stages) {
      log(`playwright test ${args.join(" ")}`.trim());
      const stageCode = (await run(bin("playwright"), ["test", ...args], suiteEnv)).code;
      code ||= stageCode;
    }
  }
  if (engines !== "0") {
    const enginesStarted = performance.now();
    log("cross-engine suite (Firefox, WebKit)");
    const enginesCode = (await run(bin("tsx"), ["test-support/cross-engine/main.ts"], suiteEnv)).code;
    log(`cross-engine suite done in ${((performance.now() - enginesStarted) / 1000).toFixed(1)} s`);
    code ||= enginesCode;
  }
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`run-e2e: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await cleanup();
  log(`exit code ${exitCode}, wall time ${seconds()}`);
}
process.exit(exitCode);
