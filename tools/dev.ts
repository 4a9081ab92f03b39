import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnContentService, type ContentServiceProcess } from "../content-server/child-process";
import { contentServerOptions } from "../content-server/settings";
import { settingsOrExit } from "../settings/env-variables";
import { signalChild } from "./processes";
import { DEV_VARIABLES } from "./settings";

/**
 * `npm run dev [-- vite args]`: the local content service in a process of
 * its own (unless STORYBLOK_TOKEN is set; the CONTENT_* variables but
 * CONTENT_PUBLIC_ORIGIN, parsed here with the rest of its settings,
 * tools/settings.ts, are handed to it serialized) and `react-router dev` (Vite with HMR; loaders run on each
 * request, so content edits show on reload) on PORT and HOST. Ctrl-C stops
 * both.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reactRouterBin = path.join(repo, "node_modules", ".bin", "react-router");
const STOP_DEADLINE_MS = 5_000;
/** Parsed once, here: a bad value stops npm run dev before anything starts, naming the variable. */
const settings = settingsOrExit("npm run dev", DEV_VARIABLES);

// module-level: what this script started, for the signal handlers to stop, once
let content: ContentServiceProcess | undefined;
let dev: ChildProcess | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  stopping = true;
  setTimeout(() => process.exit(code || 1), STOP_DEADLINE_MS).unref();
  if (dev) signalChild(dev, "SIGTERM");
  await content?.stop().catch(() => {});
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (!stopping) void stop(0);
  });
}

async function main(): Promise<void> {
  // the dev server's own settings are its environment's (pipeline/build-settings.ts)
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!settings.STORYBLOK_TOKEN) {
    // asset URLs on the service's own origin: Vite's dev server does not forward /f/
    const options = {
      ...contentServerOptions({ ...settings, CONTENT_PUBLIC_ORIGIN: undefined }),
      contentDir: path.resolve(repo, settings.CONTENT_DIR),
    };
    content = await spawnContentService({ cwd: repo, options });
    void content.exited.then(({ code, signal }) => {
      if (stopping) return;
      console.error(`npm run dev: the content service stopped (${signal ?? `exit code ${code}`})`);
      void stop(1);
    });
    env.CONTENT_PORT = String(content.port);
    env.CONTENT_DIR = content.contentDir;
    console.info(`Content service: http://localhost:${content.port}/v2 (watching ${content.contentDir})`);
  }

  // PORT and HOST first: React Router's CLI takes the last of a repeated option, so `-p`, `--port=` or `--host`
  // given on the command line win
  const args = [
    "dev",
    "--port",
    String(settings.PORT),
    ...(settings.HOST ? ["--host", settings.HOST] : []),
    ...process.argv.slice(2),
  ];
  dev = spawn(reactRouterBin, args, { cwd: repo, env, stdio: "inherit" });
  dev.on("exit", (code) => {
    dev = undefined;
    if (!stopping) void stop(code ?? 1);
  });
}

main().catch((error: unknown) => {
  console.error(`npm run dev: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
