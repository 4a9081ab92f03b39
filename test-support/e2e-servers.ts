import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PlaywrightTestConfig } from "@playwright/test";
import { readLocalSpace } from "../pipeline/content-config";
import { HOSTS_BUILD_DIR_VARIABLE } from "./host-runtimes";

/**
 * The browser tests' servers as playwright.config.ts's `webServer` entries, which Playwright starts one after
 * the other before the tests (so the content service is up before the builds, and each build is made before
 * what serves it) and stops when they are done, however they end. The builds are not a globalSetup: Playwright
 * (1.56) starts the webServer entries first, and all but the content service need a build, so each build is
 * the first step of the entry that serves it. Each runs `e2e-serve.ts <server>` on a
 * loopback port chosen here. The plan is chosen once, in the runner, and kept in E2E_PLAN: Playwright's
 * workers load the config again and inherit the runner's environment, so they read the same one.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRODUCTION_BUILD_DIR = path.join(repo, "build");
const PREVIEW_BUILD_DIR = path.join(repo, "build-preview");
/** Notes which content port and which builds E2E_SKIP_BUILD=1 may reuse. */
const BUILD_INFO_FILE = path.join(PRODUCTION_BUILD_DIR, "e2e-build.json");
/** The public origin the suite's build is made for (SITE_URL). */
const E2E_SITE_URL = "https://studio-halbton.example";
/** The builds take minutes; the hosts' runtimes and nginx's install take a while on a fresh machine. */
const BUILD_TIMEOUT_MS = 15 * 60_000;
const START_TIMEOUT_MS = 5 * 60_000;

export type E2EServer = "content" | "production" | "preview" | "nginx" | "cloudflare" | "netlify";

export interface E2EPlan {
  /** The servers the run starts, in order (each after what it needs), and their ports. */
  ports: Partial<Record<E2EServer, number>>;
  /** The copy of the repository's content the content service serves (tests may add or edit story files). */
  contentDir: string;
  adminToken: string;
  /** False with E2E_SKIP_BUILD=1: the builds of an earlier run are served. */
  build: boolean;
  /** Whether Cloudflare's and Netlify's runtimes serve the production build (E2E_HOSTS=1): the `hosts` project. */
  hosts: boolean;
}

/** What e2e-build.json notes: the content port the bundles have built in, and the builds made with it. */
export interface BuildInfo {
  contentPort?: number;
  stamp?: string;
  previewStamp?: string;
}

export const e2eDirs = { repo, production: PRODUCTION_BUILD_DIR, preview: PREVIEW_BUILD_DIR, BUILD_INFO_FILE };

/** Identifies a build: its entry page's size and time. */
export function buildStamp(buildDir: string): string {
  for (const name of ["__spa-fallback.html", "index.html"]) {
    const info = statSync(path.join(buildDir, "client", name), { throwIfNoEntry: false });
    if (info) return `${name}:${info.size}:${info.mtimeMs}`;
  }
  return "";
}

export function readBuildInfo(): BuildInfo {
  return existsSync(BUILD_INFO_FILE) ? (JSON.parse(readFileSync(BUILD_INFO_FILE, "utf8")) as BuildInfo) : {};
}

/** E2E_SKIP_BUILD=1: the content port the existing builds have built in, once they are checked to be ours. */
function reusedContentPort(preview: boolean): number {
  const info = readBuildInfo();
  const again = "(or was rebuilt since): run once without it";
  if (!info.contentPort || !info.stamp || info.stamp !== buildStamp(PRODUCTION_BUILD_DIR)) {
    throw new Error(`E2E_SKIP_BUILD=1, but build/ was not made by the browser tests ${again}`);
  }
  if (preview && info.previewStamp !== buildStamp(PREVIEW_BUILD_DIR)) {
    throw new Error(`E2E_SKIP_BUILD=1, but build-preview/ was not made with build/ ${again}, or leave out preview`);
  }
  return info.contentPort;
}

/**
 * A port free now, below the kernel's range for outgoing connections: the later servers bind theirs only after the
 * builds, which open many connections meanwhile, each on a port of that range (a port `listen(0)` hands out).
 */
async function plannedPort(taken: readonly number[]): Promise<number> {
  const range = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", { encoding: "utf8", flag: "r" }).trim();
  const below = Math.min(Number(range.split(/\s+/)[0]) || 32768, 32768);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 20000 + Math.floor(Math.random() * (below - 20000));
    if (!taken.includes(port) && (await canListen(port))) return port;
  }
  throw new Error(`no free port found between 20000 and ${below}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function newPlan(): Promise<E2EPlan> {
  const build = process.env.E2E_SKIP_BUILD !== "1";
  // E2E_PREVIEW=0 (run-e2e, for projects that do not need it): no preview build
  const preview = process.env.E2E_PREVIEW !== "0";
  const hosts = process.env.E2E_HOSTS === "1";
  // E2E_NGINX=0 (run-e2e, for the hosts' and the engines' stages): no nginx, nor its install
  const nginx = process.env.E2E_NGINX !== "0";
  const ports: E2EPlan["ports"] = { content: build ? await plannedPort([]) : reusedContentPort(preview) };
  const others = [
    "production",
    preview && "preview",
    nginx && "nginx",
    hosts && "cloudflare",
    hosts && "netlify",
  ] as const;
  for (const server of others) if (server) ports[server] = await plannedPort(Object.values(ports));
  const contentDir = path.join(tmpdir(), `studio-e2e-${randomBytes(6).toString("hex")}`, "content");
  return { ports, contentDir, adminToken: randomBytes(24).toString("hex"), build, hosts };
}

/** The plan (chosen once per run), with the specs' E2E_* variables set from it. */
export async function e2ePlan(): Promise<E2EPlan> {
  const plan = process.env.E2E_PLAN ? (JSON.parse(process.env.E2E_PLAN) as E2EPlan) : await newPlan();
  const url = (server: E2EServer) => (plan.ports[server] ? `http://127.0.0.1:${plan.ports[server]}` : undefined);
  const space = readLocalSpace(path.join(repo, "content"));
  const variables = {
    E2E_PLAN: JSON.stringify(plan),
    E2E_SITE_URL,
    E2E_BUILD_DIR: PRODUCTION_BUILD_DIR,
    E2E_BASE_URL: url("production"),
    E2E_NGINX_URL: url("nginx"),
    E2E_CONTENT_ORIGIN: url("content"),
    E2E_CONTENT_DIR: plan.contentDir,
    E2E_ADMIN_TOKEN: plan.adminToken,
    E2E_PREVIEW_TOKEN: space.previewToken,
    E2E_PUBLIC_TOKEN: space.publicToken,
    E2E_PREVIEW_URL: url("preview"),
    E2E_PREVIEW_BUILD_DIR: plan.ports.preview ? PREVIEW_BUILD_DIR : undefined,
    [HOSTS_BUILD_DIR_VARIABLE]: plan.hosts ? PRODUCTION_BUILD_DIR : undefined,
    E2E_CLOUDFLARE_URL: url("cloudflare"),
    E2E_NETLIFY_URL: url("netlify"),
  };
  for (const [name, value] of Object.entries(variables)) if (value) process.env[name] = value;
  return plan;
}

/** The `webServer` entries of the plan, in the order they are to start. */
export function webServersOf(plan: E2EPlan): NonNullable<PlaywrightTestConfig["webServer"]> {
  return Object.entries(plan.ports).map(([server, port]) => ({
    name: server,
    command: [path.join(repo, "node_modules", ".bin", "tsx"), path.join(repo, "test-support", "e2e-serve.ts"), server]
      .map((part) => JSON.stringify(part))
      .join(" "),
    // the content service answers no request at /
    ...(server === "content" ? { port } : { url: `http://127.0.0.1:${port}/` }),
    timeout: server === "production" || server === "preview" ? BUILD_TIMEOUT_MS : START_TIMEOUT_MS,
    // e2e-serve.ts stops what it started and removes its temp folders on SIGTERM
    // (the hosts' runtimes stop one after the other, up to 10 s each)
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    // what they print (stderr is shown by default)
    stdout: "pipe",
  }));
}
