import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AnsweredRequest, ContentServerHandle, ContentServerOptions } from "./content-server";
import { OPTIONS_VARIABLE, type ServiceProcessSettings } from "./settings";

/**
 * The parent's side of the content service's process (main.ts): spawns
 * `node --import tsx content-server/main.ts` with an IPC channel, resolves
 * once it listens, stops it. Its settings are one serialized object in its
 * environment (settings.ts, OPTIONS_VARIABLE: not on its command line, which
 * every user can read, as they carry secrets), the ContentServerOptions the
 * parent parsed from its own environment (START_VARIABLES or DEV_VARIABLES,
 * tools/settings.ts, and `contentServerOptions`) and changed where it
 * must: `port` 0 for a free one (the ready message tells which), a
 * `contentDir` relative to `cwd`, `publicOrigin` "" for root-relative asset
 * URLs (a site that forwards /f/ and /v2/), `webhooks` and `webhookSecret`.
 */

/** The message a parent gets over IPC once the service listens: the handle's addresses and tokens, its story count and cv. */
export interface ContentServiceReady extends Pick<
  ContentServerHandle,
  "url" | "apiUrl" | "port" | "publicOrigin" | "contentDir" | "previewToken" | "publicToken" | "adminToken"
> {
  type: "ready";
  storyCount: number;
  cv: number;
}

/** With `onAnswer`: a message per request the service answered (the bench counts API requests by them). */
export interface ContentServiceAnswer extends AnsweredRequest {
  type: "answer";
}

export interface SpawnContentServiceOptions {
  /** The service's settings, handed to it serialized (main.ts, OPTIONS_VARIABLE). */
  options: ContentServerOptions;
  /** The child's working directory (default process.cwd()); a relative `contentDir` starts there. */
  cwd?: string;
  /** Longest wait for the ready message; then the child is killed and the promise rejects (default 60 s). */
  readyTimeoutMs?: number;
  /** Gets the child's stderr (its errors and warnings); default: written to this process's stderr. */
  onStderr?: (text: string) => void;
  /** Told each request the service answers (sent over IPC). */
  onAnswer?: (answer: AnsweredRequest) => void;
}

export interface ContentServiceProcess extends Omit<ContentServiceReady, "type"> {
  child: ChildProcess;
  /** Settles when the child has exited, whatever the reason (a crash too: the parent may watch it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, SIGKILL after 5 s; resolves once the child has exited. */
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
/** tsx's loader, resolved here: the child's working directory need not see node_modules. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const KILL_AFTER_MS = 5_000;
const STDERR_TAIL = 4_000;

/**
 * glibc's malloc keeps the pages of freed image buffers unless large blocks
 * are mapped on their own (its threshold otherwise grows to 32 MB as the
 * renders free them): with it, RSS comes back after a burst of renders.
 * Ignored by other allocators.
 */
const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" } as const;

export function spawnContentService(options: SpawnContentServiceOptions): Promise<ContentServiceProcess> {
  const onStderr = options.onStderr ?? ((text: string) => process.stderr.write(text));
  const settings: ServiceProcessSettings = { options: options.options, answersToParent: Boolean(options.onAnswer) };
  const child = spawn(process.execPath, ["--import", TSX_LOADER, MAIN], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...MALLOC_ENV, ...process.env, [OPTIONS_VARIABLE]: JSON.stringify(settings) },
    // stdout: only CONTENT_LOG's request lines
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  let stderrTail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (text: string) => {
    stderrTail = (stderrTail + text).slice(-STDERR_TAIL);
    onStderr(text);
  });
  const { onAnswer } = options;
  if (onAnswer) {
    child.on("message", (message: Partial<ContentServiceAnswer>) => {
      if (message?.type !== "answer") return;
      const { type: _type, ...answer } = message as ContentServiceAnswer;
      try {
        onAnswer(answer);
      } catch (error) {
        // the listener's fault, not the service's: it keeps running, as in-process (content-server.ts)
        console.error("content service: onAnswer failed:", error);
      }
    });
  }
  const exited = exitOf(child);
  const stop = stopperOf(child, exited);
  const tail = () => (stderrTail.trim() ? `:\n${stderrTail.trim()}` : "");
  return readyMessageOf(child, exited, tail, options.readyTimeoutMs ?? 60_000).then(
    (ready) => ({ ...ready, child, exited, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

/** Settles when `child` has exited, and its stderr is read to the end. */
function exitOf(child: ChildProcess): ContentServiceProcess["exited"] {
  return new Promise((resolve) => {
    // exited, and its stderr read to the end (not `close`, which never comes once the parent
    // disconnected the IPC channel)
    child.once("exit", (code, signal) => {
      const stream = child.stderr;
      if (!stream || stream.closed || stream.destroyed) resolve({ code, signal });
      else stream.once("close", () => resolve({ code, signal }));
    });
    // never spawned (no exit event follows)
    child.once("error", () => {
      if (child.pid === undefined) resolve({ code: null, signal: null });
    });
  });
}

/** SIGTERM, SIGKILL after KILL_AFTER_MS; every call resolves once `child` has exited. */
function stopperOf(child: ChildProcess, exited: ContentServiceProcess["exited"]): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        child.kill("SIGTERM");
        const kill = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER_MS);
        await exited;
        clearTimeout(kill);
      }
      await exited;
    })();
    return stopping;
  };
}

/** The service's ready message; rejects (the end of its stderr, `tail`, in the message) should it exit, fail or be late. */
function readyMessageOf(
  child: ChildProcess,
  exited: ContentServiceProcess["exited"],
  tail: () => string,
  timeoutMs: number,
): Promise<Omit<ContentServiceReady, "type">> {
  let timer: NodeJS.Timeout | undefined;
  // the first of these settles it
  return new Promise<Omit<ContentServiceReady, "type">>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The content service was not ready within ${timeoutMs / 1000} s${tail()}`)),
      timeoutMs,
    );
    child.once("error", (err) => reject(new Error(`Cannot start the content service: ${err.message}`, { cause: err })));
    void exited.then(({ code, signal }) =>
      reject(new Error(`The content service exited (${signal ?? `exit code ${code}`}) before it was ready${tail()}`)),
    );
    child.on("message", (message: Partial<ContentServiceReady>) => {
      if (message?.type !== "ready") return;
      const { type: _type, ...ready } = message as ContentServiceReady;
      resolve(ready);
    });
  }).finally(() => clearTimeout(timer));
}
