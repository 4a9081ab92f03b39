import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  startContentServer,
  type ContentServerHandle,
  type ContentServerOptions,
} from "../content-server/content-server";
import { MANIFEST_FILE, readManifestEntries } from "../pipeline/csp";
import { startLiveSite, type LiveSite } from "../site-server/live-site";
import { WEBHOOK_PATH } from "../site-server/storyblok-webhook";
import { freePort } from "./processes";

/**
 * `npm start`: the site on the demo content, as it runs in production.
 * Unless STORYBLOK_TOKEN is set, starts the local content service (CONTENT_PORT,
 * CONTENT_DIR) on loopback, whose webhooks point at the site; builds the
 * site against it (`react-router build`, prerendering every content route,
 * then writing the security headers, the host configurations and the
 * .br/.gz files); serves build/client on HOST:PORT with publish to live
 * (site-server/live-site.ts): a story file edited under content/stories/
 * reaches the prerendered HTML by itself. The site forwards the content
 * service's API and assets on its own origin (CONTENT_VIA_SITE), so it works
 * under any address it is reached by (HOST=0.0.0.0). Installs nothing.
 * Ctrl-C stops everything.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reactRouterBin = path.join(repo, "node_modules", ".bin", "react-router");

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, not "${raw}"`);
  }
  return port;
}

let content: ContentServerHandle | undefined;
let live: LiveSite | undefined;
let build: ChildProcess | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  stopping = true;
  build?.kill("SIGTERM");
  await Promise.allSettled([live?.close(), content?.close()]);
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
  const host = process.env.HOST?.trim() || "127.0.0.1";
  // PORT=0: a free port, chosen before the build (the content service's webhooks need the site's address)
  const port = portFrom("PORT", 3000) || (await freePort(host));
  const buildDir = path.resolve(repo, process.env.SITE_BUILD_DIR?.trim() || "build");
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_BUILD_DIR: buildDir };
  // Storyblok's webhook secret; the local content service and the site share one made for this run
  let webhookSecret = process.env.STORYBLOK_WEBHOOK_SECRET?.trim() || undefined;

  if (process.env.STORYBLOK_TOKEN) {
    console.info(`Content: Storyblok (STORYBLOK_TOKEN is set); the local content service is not started`);
  } else {
    const contentPort = portFrom("CONTENT_PORT", 4100);
    const contentDir = path.resolve(repo, process.env.CONTENT_DIR?.trim() || "content");
    webhookSecret ??= randomBytes(24).toString("hex");
    // Storyblok's webhooks, sent by the content service when a story file changes (CONTENT_WEBHOOKS)
    const options: ContentServerOptions & { webhooks?: string[]; webhookSecret?: string } = {
      port: contentPort,
      host: "127.0.0.1",
      contentDir,
      // asset URLs as root-relative /f/ paths: the site forwards them, under whatever address it was reached by
      publicOrigin: "",
      webhooks: [`http://127.0.0.1:${port}${WEBHOOK_PATH}`],
      webhookSecret,
    };
    content = await startContentServer(options);
    Object.assign(env, { CONTENT_PORT: String(content.port), CONTENT_DIR: contentDir, CONTENT_VIA_SITE: "1" });
    console.info(
      `Content service: http://localhost:${content.port}/v2 (${content.storyCount()} stories from ${contentDir})`,
    );
  }

  const started = performance.now();
  await runBuild(env);
  console.info(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  live = await startLiveSite({
    buildDir,
    env,
    port,
    host,
    webhookSecret,
    contentOrigin: content?.url,
  });
  const siteUrl = host === "127.0.0.1" ? `http://localhost:${live.server.port}` : live.server.url;
  // the mode only: the pages' policies are read past, not kept
  const manifest = path.join(buildDir, "client", MANIFEST_FILE);
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
