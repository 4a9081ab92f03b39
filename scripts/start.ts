import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startContentServer, type ContentServerHandle } from "../content-server/content-server";
import { readHeadersManifest } from "../site-server/csp";
import { startSiteServer, type SiteServer } from "../site-server/site-server";

/**
 * `npm start`: the site on the demo content, as it runs in production.
 * Unless STORYBLOK_TOKEN is set, starts the local content service (CONTENT_PORT,
 * CONTENT_DIR); builds the site against it (`react-router build`, prerendering
 * every content route, then writing the security headers and the .br/.gz
 * files); serves build/client on HOST:PORT. Installs nothing.
 * Ctrl-C stops everything.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reactRouterBin = path.join(repo, "node_modules", ".bin", "react-router");

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number from 1 to 65535, not "${raw}"`);
  }
  return port;
}

let content: ContentServerHandle | undefined;
let site: SiteServer | undefined;
let build: ChildProcess | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  stopping = true;
  build?.kill("SIGTERM");
  await Promise.allSettled([site?.close(), content?.close()]);
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    console.info(`\n${signal}: stopping`);
    void stop(0);
  });
}

function runBuild(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    build = spawn(reactRouterBin, ["build"], { cwd: repo, env, stdio: "inherit" });
    build.on("error", reject);
    build.on("exit", (code, signal) => {
      build = undefined;
      if (code === 0) resolve();
      else reject(new Error(`react-router build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function main(): Promise<void> {
  const port = portFrom("PORT", 3000);
  const host = process.env.HOST?.trim() || "127.0.0.1";
  const env: NodeJS.ProcessEnv = { ...process.env };

  if (process.env.STORYBLOK_TOKEN) {
    console.info(`Content: Storyblok (STORYBLOK_TOKEN is set); the local content service is not started`);
  } else {
    const contentPort = portFrom("CONTENT_PORT", 4100);
    const contentDir = path.resolve(repo, process.env.CONTENT_DIR?.trim() || "content");
    content = await startContentServer({ port: contentPort, host: "127.0.0.1", contentDir });
    env.CONTENT_PORT = String(content.port);
    env.CONTENT_DIR = contentDir;
    console.info(
      `Content service: http://localhost:${content.port}/v2 (${content.storyCount()} stories from ${contentDir})`,
    );
  }

  const started = performance.now();
  await runBuild(env);
  const clientDir = path.join(repo, "build", "client");
  console.info(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  site = await startSiteServer({ root: clientDir, port, host });
  const siteUrl = host === "127.0.0.1" ? `http://localhost:${site.port}` : site.url;
  const mode = (await readHeadersManifest(clientDir))?.mode ?? "unknown";
  console.info("");
  console.info(`  Site:            ${siteUrl} (${mode} build${mode === "preview" ? ": drafts, noindex" : ""})`);
  if (content) console.info(`  Content service: http://localhost:${content.port}/v2`);
  console.info("");
  console.info("Press Ctrl-C to stop.");
}

main().catch((error: unknown) => {
  if (stopping) return;
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
