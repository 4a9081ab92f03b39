import { spawn } from "node:child_process";
import { stopChild } from "../tools/processes";

/**
 * `npm start` (tools/start.ts) in a child process, for the checks that
 * run it whole: the production-install check and the browser tests of
 * publish to live. It runs in its own process group, so stopping it stops
 * the build, the content service and the releases it started.
 */

export interface NpmStartAddresses {
  /** As printed: `http://localhost:PORT` (loopback) or `http://HOST:PORT`. */
  siteUrl: string;
  sitePort: number;
  /** The local content service's origin, on loopback; null when it reads Storyblok. */
  contentOrigin: string | null;
}

export interface NpmStartProcess {
  /** The process id of npm itself, the leader of the process group everything npm start runs in. */
  pid: number;
  /** Resolves once the site is served with publish to live wired (the last lines npm start prints). */
  ready: Promise<NpmStartAddresses>;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Ctrl-C (SIGINT to the group), SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** The addresses in npm start's output, once it has printed the publish webhook (its last line of setup). */
export function parseNpmStartOutput(output: string): NpmStartAddresses | null {
  const site = /^\s*Site:\s+(http:\/\/\S+?):(\d+)\b/m.exec(output);
  if (!site || !/^\s*Publish webhook:/m.test(output)) return null;
  const content = /^\s*Content service:\s+http:\/\/[^\s:/]+:(\d+)\/v2/m.exec(output);
  return {
    siteUrl: `${site[1]}:${site[2]}`,
    sitePort: Number(site[2]),
    // the service listens on 127.0.0.1 only; "localhost" may resolve to ::1 first
    contentOrigin: content ? `http://127.0.0.1:${content[1]}` : null,
  };
}

export function spawnNpmStart(options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): NpmStartProcess {
  const child = spawn("npm", ["start"], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const ready = new Promise<NpmStartAddresses>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start served no site within ${options.timeoutMs / 1000} s:\n${output}`)),
      options.timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const addresses = parseNpmStartOutput(output);
      if (addresses) {
        clearTimeout(timer);
        resolve(addresses);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before it served the site:\n${output}`));
    });
  });
  // a caller that stops before it is ready has its answer from stop()
  ready.catch(() => undefined);
  return {
    pid: child.pid ?? 0,
    ready,
    output: () => output,
    stop: () => stopChild(child, { signal: "SIGINT", graceMs: 10_000, group: true }),
  };
}
