import { copyFile, mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HostTools } from "./ensure-host-tools";
import { freePort } from "../tools/processes";
import { startServerProcess } from "./server-process";
import { CLIENT_DIR, listHtmlFiles } from "../release/layout";
import { writeHostFiles } from "../pipeline/host-config";
import { linkTree } from "../live-update/link-tree";

/**
 * A production build served by the static hosts' own local runtimes, as the
 * repository's host files configure them (README, "Deployment"):
 * Cloudflare's `wrangler dev` (workerd, Workers static assets,
 * `wrangler.jsonc`) and Netlify's `netlify dev --offline` (its redirect
 * and header rules, `netlify.toml`, `_headers`, `_redirects`). Each binds
 * 127.0.0.1 on the port given, keeps its state in a temp folder, and is
 * stopped with everything it started.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The build the hosts' runtimes serve, for the `hosts` specs: set (e2e-servers.ts) only in a run that starts them,
 * the one run that has the `hosts` project, so that no other (a filtered `npm run test:e2e -- --grep ...`, a bare
 * `npx playwright test`) runs its specs without the runtimes and tools they check with.
 */
export const HOSTS_BUILD_DIR_VARIABLE = "E2E_HOSTS_BUILD_DIR";

/** A host's CLI in its own process group (netlify dev starts a static server and Deno, wrangler starts workerd). */
function startRuntime(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; port: number; stateDir: string; cwd?: string },
) {
  const { env, port, stateDir, cwd = repo } = options;
  const stop = { group: true, graceMs: 5_000 };
  const runtime = startServerProcess(name, command, args, { cwd, env, detached: true, stop, tempDir: stateDir });
  return { name, url: `http://127.0.0.1:${port}`, ...runtime };
}

/** The hosts' CLIs' environment: no telemetry, no update checks, no prompts, Deno on PATH. */
function hostEnv(tools: HostTools, stateDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${tools.binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    CI: "1",
    WRANGLER_SEND_METRICS: "false",
    NETLIFY_TELEMETRY_DISABLED: "1",
    NO_UPDATE_NOTIFIER: "1",
    // both write their state and logs under the home folder otherwise
    XDG_CONFIG_HOME: path.join(stateDir, "config"),
    WRANGLER_LOG_PATH: path.join(stateDir, "wrangler-logs"),
  };
}

/** `wrangler dev` with the repository's wrangler.jsonc, its assets from `clientDir`. */
export async function startCloudflare(tools: HostTools, clientDir: string, port: number) {
  const stateDir = await mkdtemp(path.join(tmpdir(), "studio-wrangler-"));
  const inspectorPort = await freePort();
  const args = [
    "dev",
    "--config",
    path.join(repo, "wrangler.jsonc"),
    "--assets",
    clientDir,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    path.join(stateDir, "state"),
    "--show-interactive-dev-session=false",
  ];
  return startRuntime("wrangler dev", tools.wrangler, args, { env: hostEnv(tools, stateDir), port, stateDir });
}

/**
 * `netlify dev --offline` with the repository's netlify.toml, its files from `clientDir` as Netlify's build
 * leaves them: with `_redirects` in Netlify's form (netlify.toml sets STATIC_HOST=netlify for its builds; the
 * host files are the build's last step, so only they differ). It reads `_headers` and `_redirects` from the
 * publish folder netlify.toml names (`build/client`), whatever `--dir` says: it runs in a folder of its own
 * holding netlify.toml and that folder, a copy of `clientDir` in hard links.
 */
export async function startNetlify(tools: HostTools, clientDir: string, port: number) {
  const stateDir = await mkdtemp(path.join(tmpdir(), "studio-netlify-"));
  const site = path.join(stateDir, "site");
  const publish = path.join(site, "build", CLIENT_DIR);
  await mkdir(path.dirname(publish), { recursive: true });
  await copyFile(path.join(repo, "netlify.toml"), path.join(site, "netlify.toml"));
  await linkTree(clientDir, publish);
  await writeHostFiles(publish, await listHtmlFiles(publish), "netlify");
  const staticPort = await freePort();
  const args = [
    "dev",
    "--offline",
    "--dir",
    publish,
    "--port",
    String(port),
    "--staticServerPort",
    String(staticPort),
    "--no-open",
  ];
  return startRuntime("netlify dev", tools.netlify, args, {
    env: hostEnv(tools, stateDir),
    port,
    stateDir,
    cwd: site,
  });
}
