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
import { ENGINES_STAGE_VARIABLE, ensureFirefox, ensureWebKit } from "./ensure-engines";
import { ensureNginx, type NginxInstall } from "./ensure-nginx";
import { ensureHostTools, type HostTools } from "./ensure-host-tools";
import { HOSTS_BUILD_DIR_VARIABLE, startCloudflare, startNetlify } from "./host-runtimes";
import { startNginx } from "./nginx-server";
import { linkTree } from "./link-tree";
import { buildCommand } from "../pipeline/build-command";
import { CLIENT_DIR } from "../release/layout";

/**
 * `npm run test:e2e [-- playwright args]`: the browser tests end to end.
 * Starts the content service on a copy of the demo content (tests may add or
 * edit story files) and builds the site against it twice: the production
 * build (published content, as a studio deploys it) in build/, which the
 * production site server, nginx with the nginx site the build wrote
 * (Debian's nginx, installed when missing) and, in a whole run (or with
 * `--project hosts`, E2E_HOSTS=1), Cloudflare's and Netlify's own runtimes serve (the `browser`,
 * `nginx`, `faults`, `hosts` and engines' projects), and a
 * preview build (drafts, the editor's bridge, React on every page) in
 * build-preview/, which a second site server serves to the `preview` project
 * (the editor's specs and those of hydration itself). A run whose
 * `--project` arguments name only `hosts` or the engines' projects, or
 * E2E_ENGINES=only, makes no preview build. Then Playwright runs, and last
 * its engines' projects (`engines-firefox`, `engines-webkit`: Firefox and
 * WebKit, e2e/engines.ts; E2E_ENGINES=only runs them alone, with the
 * Playwright arguments given, E2E_ENGINES=0 leaves them out, and a run with
 * Playwright arguments leaves them out unless E2E_ENGINES=1 or the arguments
 * name them). The servers and the copy are removed at the end, whatever happens. E2E_SKIP_BUILD=1 reuses the
 * existing builds (their content port is remembered in build/e2e-build.json).
 * The hosts' checks bring the Nu Html Checker and a link checker
 * (test-support/ensure-host-tools.ts installs them).
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The production build: every project but `preview` and the static hosts' runtimes serve it (inside the repository, for its modules). */
const PRODUCTION_BUILD_DIR_NAME = "build";
const buildDir = path.join(repo, PRODUCTION_BUILD_DIR_NAME);
const clientDir = path.join(buildDir, CLIENT_DIR);
/** The preview build the `preview` project is served (SITE_BUILD_DIR). */
const PREVIEW_BUILD_DIR_NAME = "build-preview";
const previewBuildDir = path.join(repo, PREVIEW_BUILD_DIR_NAME);
const buildInfoFile = path.join(buildDir, "e2e-build.json");
const bin = (name: string) => path.join(repo, "node_modules", ".bin", name);
/** The public origin the suite's build is made for (SITE_URL). */
const E2E_SITE_URL = "https://studio-halbton.example";

const started = performance.now();
const cleanups: Array<() => Promise<void>> = [];
// module-level: the signal handlers stop the child and clean up, once, whatever step the run is at
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
  /** The content service's port the bundles were built against. */
  contentPort?: number;
  /** Identifies the production build it describes. */
  stamp?: string;
  /** Identifies the preview build made with it, if one was. */
  previewStamp?: string;
}

async function buildStamp(dir = buildDir): Promise<string> {
  for (const name of ["__spa-fallback.html", "index.html"]) {
    const info = await stat(path.join(dir, CLIENT_DIR, name)).catch(() => undefined);
    if (info) return `${name}:${info.size}:${info.mtimeMs}`;
  }
  return "";
}

/** The projects Playwright's arguments name (none: every project). */
function projectsOf(args: readonly string[]): string[] {
  return args.flatMap((arg, index) =>
    arg === "--project"
      ? [args[index + 1] ?? ""]
      : arg.startsWith("--project=")
        ? [arg.slice("--project=".length)]
        : [],
  );
}

/** The engines' projects (playwright.config.ts), as `--project` takes them. */
const ENGINES_PROJECTS = "engines-*";
const isEnginesProject = (project: string) => project.startsWith("engines");

/**
 * Whether Playwright's arguments run a project that needs the preview build: `preview`, and `faults` (some of
 * whose specs open the preview build: e2e/fixtures.ts, previewBuild), which is the teardown of `browser`, `nginx`
 * and `preview` and so runs with any of them (playwright.config.ts): every run but one of `hosts` or the engines.
 */
function runsPreviewProject(args: readonly string[]): boolean {
  const projects = projectsOf(args);
  return projects.length === 0 || projects.some((project) => project !== "hosts" && !isEnginesProject(project));
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

/** What the run covers, from its arguments and E2E_ENGINES / E2E_HOSTS. */
function runScope(playwrightArgs: string[]) {
  // E2E_ENGINES: "only" runs the engines' projects alone, "0" leaves them out; by default they follow a whole run
  const engines = process.env.E2E_ENGINES ?? (playwrightArgs.length === 0 ? "1" : "0");
  // Firefox and WebKit are installed before Playwright starts (apt, one at a time), not by its workers
  const enginesRun = engines !== "0" || projectsOf(playwrightArgs).some(isEnginesProject);
  // E2E_HOSTS: "1" serves a production build with the static hosts' runtimes, "0" does not; by default a whole run
  // does, and one that names the `hosts` project, which exists only when they run (playwright.config.ts)
  const hostsByDefault = playwrightArgs.length === 0 || projectsOf(playwrightArgs).includes("hosts");
  const hosts = engines !== "only" && (process.env.E2E_HOSTS ?? (hostsByDefault ? "1" : "0")) === "1";
  // the preview build only where the `preview` project runs (the editor's specs, hydration's own)
  const preview = engines !== "only" && runsPreviewProject(playwrightArgs);
  return { engines, enginesRun, hosts, preview };
}

/** E2E_SKIP_BUILD=1: the builds run-e2e made last are checked, and the content port they have built in returned. */
async function existingBuildPort(preview: boolean): Promise<number> {
  if (!existsSync(path.join(clientDir, "index.html")) && !existsSync(path.join(clientDir, "__spa-fallback.html"))) {
    throw new Error("E2E_SKIP_BUILD=1, but there is no build in build/client: run once without it");
  }
  const info = JSON.parse(await readFile(buildInfoFile, "utf8").catch(() => "{}")) as BuildInfo;
  if (!info.contentPort || info.stamp !== (await buildStamp())) {
    throw new Error("E2E_SKIP_BUILD=1, but build/ was not made by run-e2e (or was rebuilt since): run once without it");
  }
  if (preview && (!info.previewStamp || info.previewStamp !== (await buildStamp(previewBuildDir)))) {
    throw new Error(
      `E2E_SKIP_BUILD=1, but ${PREVIEW_BUILD_DIR_NAME}/ was not made with build/ (or was rebuilt since): run once without it, or leave the preview project out`,
    );
  }
  // the bundle has the content service's address built in
  return info.contentPort;
}

/** The production build, and the preview build with `preview`, against the content service; their stamps noted. */
async function makeBuilds(
  content: { contentPort: number; contentDir: string; contentOrigin: string },
  preview: boolean,
) {
  const { contentPort, contentDir, contentOrigin } = content;
  const buildEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CONTENT_PORT: String(contentPort),
    CONTENT_DIR: contentDir,
    // canonical links, hreflang alternates and the sitemap need a public origin (no request goes there)
    SITE_URL: E2E_SITE_URL,
    // these would point the bundle somewhere else than this content service
    STORYBLOK_TOKEN: undefined,
    CONTENT_API_URL: undefined,
    // the specs talk to the content service directly
    CONTENT_VIA_SITE: undefined,
  };
  const info: BuildInfo = { contentPort };
  // one after the other: each build takes both cores
  for (const build of [
    { name: "production build", version: "published", dir: PRODUCTION_BUILD_DIR_NAME },
    ...(preview ? [{ name: "preview build", version: "draft", dir: PREVIEW_BUILD_DIR_NAME }] : []),
  ]) {
    const buildStarted = performance.now();
    log(`making the ${build.name} into ${build.dir}/ against ${contentOrigin} ...`);
    await buildSite({ ...buildEnv, CONTENT_VERSION: build.version, SITE_BUILD_DIR: build.dir });
    log(`${build.name} done in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
  }
  info.stamp = await buildStamp();
  if (preview) info.previewStamp = await buildStamp(previewBuildDir);
  await writeFile(buildInfoFile, `${JSON.stringify(info, null, 2)}\n`);
}

/** A copy of the repo's content in a temp folder, served by a content service of the run's own. */
async function startContent(previousPort: number | undefined) {
  const tempDir = await mkdtemp(path.join(tmpdir(), "studio-e2e-"));
  cleanups.push(() => rm(tempDir, { recursive: true, force: true }));
  const contentDir = path.join(tempDir, "content");
  await copyContent(path.join(repo, "content"), contentDir);
  const space = readLocalSpace(contentDir);
  const adminToken = randomBytes(24).toString("hex");
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
  return { contentDir, space, adminToken, contentOrigin, contentPort };
}

/** The static hosts' runtimes on the production build, and where the hosts' specs find them and their tools. */
async function startHostRuntimes(tools: HostTools): Promise<NodeJS.ProcessEnv> {
  const runtimes = await Promise.all([startCloudflare(tools, clientDir), startNetlify(tools, clientDir)]);
  for (const runtime of runtimes) {
    cleanups.push(() => runtime.close());
    log(`${runtime.name}: ${runtime.url}`);
  }
  const [cloudflare, netlify] = runtimes;
  return {
    [HOSTS_BUILD_DIR_VARIABLE]: buildDir,
    E2E_CLOUDFLARE_URL: cloudflare.url,
    E2E_NETLIFY_URL: netlify.url,
    E2E_JAVA: tools.java,
    E2E_VNU_JAR: tools.vnuJar,
    E2E_LINKINATOR: tools.linkinator,
  };
}

/** The site servers of the builds and nginx on the production build, and where the specs find them. */
async function startSites(nginxInstall: NginxInstall, preview: boolean): Promise<NodeJS.ProcessEnv> {
  const site = await startSiteServer({ root: clientDir, port: 0, host: "127.0.0.1" });
  cleanups.push(() => site.close());
  log(`site: ${site.url}`);
  let previewEnv: NodeJS.ProcessEnv = {};
  if (preview) {
    const previewSite = await startSiteServer({
      root: path.join(previewBuildDir, CLIENT_DIR),
      port: 0,
      host: "127.0.0.1",
    });
    cleanups.push(() => previewSite.close());
    log(`preview site: ${previewSite.url}`);
    previewEnv = { E2E_PREVIEW_URL: previewSite.url, E2E_PREVIEW_BUILD_DIR: previewBuildDir };
  }
  const nginx = await startNginx(nginxInstall, buildDir);
  cleanups.push(async () => {
    const errors = (await nginx.errorLog()).trim();
    if (errors) console.error(`run-e2e: nginx's error log:\n${errors}`);
    await nginx.close();
  });
  log(`nginx: ${nginx.url}`);
  return { E2E_BASE_URL: site.url, E2E_NGINX_URL: nginx.url, ...previewEnv };
}

/** Playwright's stages, the engines' projects last; the first failing one's exit code. */
async function runSuites(
  { engines, hosts }: ReturnType<typeof runScope>,
  playwrightArgs: string[],
  suiteEnv: NodeJS.ProcessEnv,
): Promise<number> {
  // A whole run checks the hosts after the browser tests, not beside them: the crawl and the Nu checker take
  // both cores for a minute, and the browser tests' timings are not to share them. Each later stage has its own
  // output folder: Playwright empties the one it writes to, and an earlier stage's failures stay.
  // One engine's browser at a time, as the checks' time limits were set for (video frames, a carousel at rest):
  // two at once share the two cores. The engines' projects exist only in their stage (playwright.config.ts).
  const enginesOutput = ["--workers", "1", "--output", "test-results/engines"];
  const enginesStage = ["--project", ENGINES_PROJECTS, ...enginesOutput];
  const enginesEnv = { ...suiteEnv, [ENGINES_STAGE_VARIABLE]: "1" };
  const stages: Array<{ args: string[]; env: NodeJS.ProcessEnv }> =
    engines === "only"
      ? // the arguments may name one engine's project, or filter the checks (--grep)
        [
          {
            args: [...(projectsOf(playwrightArgs).length > 0 ? enginesOutput : enginesStage), ...playwrightArgs],
            env: enginesEnv,
          },
        ]
      : [
          ...(playwrightArgs.length > 0
            ? [playwrightArgs]
            : [
                ["--project", "browser", "--project", "nginx", "--project", "preview"],
                ...(hosts ? [["--project", "hosts", "--output", "test-results/hosts"]] : []),
              ]
          ).map((args) => ({ args, env: suiteEnv })),
          ...(engines === "1" ? [{ args: enginesStage, env: enginesEnv }] : []),
        ];
  let code = 0;
  for (const { args, env } of stages) {
    log(`playwright test ${args.join(" ")}`.trim());
    const stageCode = (await run(bin("playwright"), ["test", ...args], env)).code;
    code ||= stageCode;
  }
  return code;
}

async function main(): Promise<number> {
  const playwrightArgs = process.argv.slice(2);
  const scope = runScope(playwrightArgs);
  // the tools' install (minutes on a fresh machine) runs beside the build
  const hostTools: Promise<HostTools> | undefined = scope.hosts ? ensureHostTools() : undefined;
  hostTools?.catch(() => undefined);
  const chromePath = await ensureChromium();
  log(`Chromium: ${chromePath}`);
  const nginxInstall = await ensureNginx();
  log(`nginx: ${nginxInstall.binary}`);
  if (scope.enginesRun) {
    log(`Firefox: ${await ensureFirefox()}`);
    // elsewhere the WebKit project's fixture says how to leave it out (e2e/engines.ts)
    if (process.platform === "linux") log(`WebKitGTK: ${(await ensureWebKit()).browser}`);
  }

  const skipBuild = process.env.E2E_SKIP_BUILD === "1";
  const previousPort = skipBuild ? await existingBuildPort(scope.preview) : undefined;
  const content = await startContent(previousPort);
  if (!skipBuild) await makeBuilds(content, scope.preview);
  else log("E2E_SKIP_BUILD=1: using the existing builds");

  const hostsEnv = hostTools ? await startHostRuntimes(await hostTools) : {};
  const sitesEnv = await startSites(nginxInstall, scope.preview);
  const suiteEnv: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_SITE_URL,
    E2E_BUILD_DIR: buildDir,
    E2E_CONTENT_ORIGIN: content.contentOrigin,
    E2E_CONTENT_DIR: content.contentDir,
    E2E_ADMIN_TOKEN: content.adminToken,
    E2E_PREVIEW_TOKEN: content.space.previewToken,
    E2E_PUBLIC_TOKEN: content.space.publicToken,
    CHROME_PATH: chromePath,
    ...sitesEnv,
    ...hostsEnv,
  };
  return runSuites(scope, playwrightArgs, suiteEnv);
}

const exitCode = await main().catch((error: unknown) => {
  console.error(`run-e2e: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
await cleanup();
log(`exit code ${exitCode}, wall time ${seconds()}`);
process.exit(exitCode);
