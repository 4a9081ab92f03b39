import type { EventEmitter } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readStartReady, type StartReady } from "../tools/start-ready";
import { startServerProcess } from "./server-process";

/**
 * `npm start` (tools/start.ts) in a child process, for the checks that
 * run it whole: the production-install check and the browser tests of
 * publish to live. It runs in its own process group, so stopping it stops
 * the build, the content service and the releases it started. It is ready
 * when it has written its ready file (START_READY_FILE, tools/start-ready.ts),
 * in a temp folder of its own; its output is kept for error messages.
 */

/**
 * The ready file's addresses once `child` has written it, read every `pollMs`; rejects, with its output, when it
 * exits first or after `timeoutMs`, and with the file's fault when it is not the schema's.
 */
export async function waitForStartReady(
  file: string,
  child: EventEmitter,
  options: { timeoutMs: number; output: () => string; pollMs?: number },
): Promise<StartReady> {
  let ended: Error | undefined;
  child.once("error", (error: Error) => (ended ??= error));
  child.once("exit", (code: number | null) => {
    ended ??= new Error(`npm start exited with ${code} before it served the site:\n${options.output()}`);
  });
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const ready = await readStartReady(file);
    if (ready) return ready;
    if (ended) throw ended;
    if (Date.now() > deadline)
      throw new Error(`npm start served no site within ${options.timeoutMs / 1000} s:\n${options.output()}`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

/**
 * Starts npm start in `cwd`. `pid`: npm's own, the leader of the process group everything npm start runs in;
 * `ready` resolves once the site is served with publish to live wired (npm start's ready file); `output()`: everything
 * it printed so far, stdout and stderr; `stop()`: Ctrl-C (SIGINT to the group), SIGKILL after 10 s, resolves once it
 * has exited.
 */
export function spawnNpmStart(options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  const readyDir = mkdtempSync(path.join(tmpdir(), "npm-start-ready-"));
  const readyFile = path.join(readyDir, "ready.json");
  const npm = startServerProcess("npm start", "npm", ["start"], {
    cwd: options.cwd,
    env: { ...options.env, START_READY_FILE: readyFile },
    detached: true,
    stop: { signal: "SIGINT", graceMs: 10_000, group: true },
    tempDir: readyDir,
  });
  const ready = waitForStartReady(readyFile, npm.child, { timeoutMs: options.timeoutMs, output: npm.output });
  // a caller that stops before it is ready has its answer from stop()
  ready.catch(() => undefined);
  return { pid: npm.child.pid ?? 0, ready, output: npm.output, stop: npm.close };
}

export type NpmStartProcess = ReturnType<typeof spawnNpmStart>;
