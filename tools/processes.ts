import type { ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * What the scripts that start servers and builds share: a free port chosen
 * before a server starts (its address goes into a build or another
 * server's settings first), and stopping a child process for sure.
 */

/** A free TCP port on `host` (loopback unless told). */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with the child's exit code (null after a signal) once it has exited; at once if it already has. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export interface StopOptions {
  /** The polite signal (default SIGTERM); SIGKILL follows after `graceMs` (default 5 s). */
  signal?: NodeJS.Signals;
  graceMs?: number;
  /** Signal the child's whole process group (it was spawned with `detached: true`): what it started stops too. */
  group?: boolean;
}

/** Sends a signal to the child, or to its process group; a process that is gone already is no error. */
export function signalChild(child: ChildProcess, signal: NodeJS.Signals, group = false): void {
  try {
    if (group && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // already gone
  }
}

/** Stops a child: `signal`, then SIGKILL if it has not exited within `graceMs`. Resolves once it has exited. */
export async function stopChild(child: ChildProcess, options: StopOptions = {}): Promise<void> {
  const exited = exitOf(child);
  const kill = (signal: NodeJS.Signals) => signalChild(child, signal, options.group);
  if (child.exitCode !== null || child.signalCode !== null) {
    // the leader is gone; what it started may not be
    if (options.group) kill("SIGKILL");
    return;
  }
  kill(options.signal ?? "SIGTERM");
  const grace = new AbortController();
  const late = sleep(options.graceMs ?? 5000, "late" as const, { signal: grace.signal }).catch(() => undefined);
  const outcome = await Promise.race([exited, late]);
  grace.abort();
  if (outcome === "late") {
    kill("SIGKILL");
    await exited;
  }
  // the leader's exit does not wait for what it started: the group is gone only when no member is left
  if (options.group && child.pid) await groupGone(child.pid, options.graceMs ?? 5000, () => kill("SIGKILL"));
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until process group `pgid` has no member left, killing what remains (`killGroup`) after `graceMs`. */
async function groupGone(pgid: number, graceMs: number, killGroup: () => void): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) {
      killGroup();
      // SIGKILL cannot be caught: what is left is only being reaped
      for (let tries = 0; tries < 50 && groupAlive(pgid); tries += 1) await sleep(20);
      return;
    }
    await sleep(20);
  }
}
