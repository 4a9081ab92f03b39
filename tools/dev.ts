import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startContentServer, type ContentServerHandle } from "../content-server/content-server";

/**
 * `npm run dev [-- vite args]`: the local content service (unless
 * STORYBLOK_TOKEN is set) and `react-router dev` (Vite with HMR; loaders run
 * on each request, so content edits show on reload). PORT picks the dev
 * server's port (default 5173).
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reactRouterBin = path.join(repo, "node_modules", ".bin", "react-router");

let content: ContentServerHandle | undefined;
let dev: ChildProcess | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  stopping = true;
  dev?.kill("SIGTERM");
  await content?.close().catch(() => {});
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
    const contentPort = Number(process.env.CONTENT_PORT?.trim() || 4100);
    const contentDir = path.resolve(repo, process.env.CONTENT_DIR?.trim() || "content");
    content = await startContentServer({ port: contentPort, host: "127.0.0.1", contentDir });
    env.CONTENT_PORT = String(content.port);
    env.CONTENT_DIR = contentDir;
    console.info(`Content service: http://localhost:${content.port}/v2 (watching ${contentDir})`);
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
