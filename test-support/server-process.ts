import { spawn, type SpawnOptions } from "node:child_process";
import { rm } from "node:fs/promises";
import { exitOf, stopChild, type StopOptions } from "../tools/processes";

/**
 * What the tests' servers share (nginx, the hosts' runtimes, npm start): a program started with its output kept
 * and a close that stops it for sure, then removes its temp folder.
 */

/**
 * Starts `command` with its output kept for `ended`; `tempDir` is its own, removed by `close`. A server program the
 * tests started, in the foreground (it is ready when it answers: the caller waits).
 */
export function startServerProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { stop: StopOptions; tempDir: string },
) {
  const { stop, tempDir, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let closing: Promise<void> | undefined;
  return {
    /** Its process (with `detached: true`, the leader of its process group). */
    child,
    /** Everything it printed so far, stdout and stderr. */
    output: () => output,
    /** Resolves once it has exited, with what it printed. */
    ended: exitOf(child).then((code) => `${name} exited with code ${code}:\n${output}`),
    /** Stops it (`stop`: how), then removes its temp folder; resolves once both are done. */
    close() {
      closing ??= stopChild(child, stop).then(() => rm(tempDir, { recursive: true, force: true }));
      return closing;
    },
  };
}
