import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnContentService, type ContentServiceProcess } from "../content-server/child-process";
import { signalChild } from "./processes";

/**
 * `npm run dev [-- vite args]`: the local content service in a process of
 * its own (unless STORYBLOK_TOKEN is set; its settings are the CONTENT_*
 * variables, read by content-server/config.ts alone) and `react-router dev`
 * (Vite with HMR; loaders run on each request, so content edits show on
 * reload). PORT picks the dev server's port (default 5173). Ctrl-C stops
 * both.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reactRouterBin = path.join(repo, "node_modules", ".bin", "react-router");
const STOP_DEADLINE_MS = 5_000;

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
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!process.env.STORYBLOK_TOKEN) {
    // asset URLs on the service's own origin: Vite's dev server does not forward /f/
    content = await spawnContentService({
      cwd: repo,
      env: {
        ...process.env,
        CONTENT_DIR: path.resolve(repo, process.env.CONTENT_DIR?.trim() || "content"),
        CONTENT_PUBLIC_ORIGIN: "",
      },
    });
    void content.exited.then(({ code, signal }) => {
      if (stopping) return;
      console.error(`npm run dev: the content service stopped (${signal ?? `exit code ${code}`})`);
      void stop(1);
    });
    env.CONTENT_PORT = String(content.port);
    env.CONTENT_DIR = content.contentDir;
    console.info(`Content service: http://localhost:${content.port}/v2 (watching ${content.contentDir})`);
  }

  const args = ["dev", ...process.argv.slice(2)];
  if (process.env.PORT && !args.includes("--port")) args.push("--port", process.env.PORT);
  if (process.env.HOST && !args.includes("--host")) args.push("--host", process.env.HOST);
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
