import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AnsweredRequest } from "../content-server/content-server";
import { stopChild } from "../tools/processes";

/**
 * Starts the content service (content-server/content-server.ts, unchanged)
 * in a child process on 127.0.0.1 and a free port (content-service-child.ts,
 * with an IPC channel). With `countRequests` the child sends a message per
 * request the service answered; this handle counts them, which is how the
 * bench knows how many API requests a build or a browser made.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");

export interface ContentServiceOptions {
  contentDir: string;
  imageCacheDir?: string;
  /** Count the requests answered (checkpoint, apiRequestKinds, recentApiRequests). */
  countRequests?: boolean;
  /** A fixed port (a build has its content service's address built in); 0 or unset: a free one. */
  port?: number;
  /** Follow edits of the story files (default false). */
  watch?: boolean;
}

export interface ContentService {
  url: string;
  apiUrl: string;
  port: number;
  pid: number;
  previewToken: string;
  publicToken: string;
  stories: number;
  imageCacheDir: string;
  /** API requests (/v2/...) answered so far. */
  readonly apiRequests: number;
  /**
   * Waits until every request answered before this call has been counted
   * (by sending a marker request and waiting for its message); resolves to
   * the API request count at that point.
   */
  checkpoint(): Promise<number>;
  /** The last API requests answered, as "GET /v2/... 200" (for the report's examples). */
  recentApiRequests(): string[];
  /** API requests so far by kind (classifyApiRequest). */
  apiRequestKinds(): Record<string, number>;
  close(): Promise<void>;
}

interface ReadyInfo {
  url: string;
  apiUrl: string;
  port: number;
  previewToken: string;
  publicToken: string;
  stories: number;
  imageCacheDir: string;
}

/** What the child sends: once `ready`, then (with countRequests) an `answer` per request answered. */
export type ChildMessage = ({ type: "ready" } & ReadyInfo) | AnswerMessage;
type AnswerMessage = { type: "answer" } & Omit<AnsweredRequest, "ms">;

/** What kind of API call a request target is, for the report ("listing", "by_uuids", "story by slug", ...). */
export function classifyApiRequest(target: string): string {
  const url = new URL(target, "http://x");
  const path = url.pathname.replace(/^\/v2\//, "");
  const q = url.searchParams;
  if (path === "cdn/stories") {
    if (q.has("by_uuids") || q.has("by_uuids_ordered")) return "stories by_uuids";
    if (q.has("starts_with")) return `listing starts_with=${q.get("starts_with")}`;
    return "listing";
  }
  if (path.startsWith("cdn/stories/")) {
    if (q.get("find_by") === "uuid") return "story by uuid";
    return path.startsWith("cdn/stories/articles/")
      ? "story articles/{slug}"
      : `story ${path.slice("cdn/stories/".length)}`;
  }
  return path;
}

function spawnServiceChild(options: ContentServiceOptions): ChildProcess {
  // the child's BENCH_CONTENT_OPTIONS
  const childOptions: ContentServiceOptions = {
    contentDir: options.contentDir,
    imageCacheDir: options.imageCacheDir,
    countRequests: options.countRequests ?? false,
    port: options.port ?? 0,
    watch: options.watch ?? false,
  };
  return spawn(process.execPath, ["--import", "tsx", path.join(here, "content-service-child.ts")], {
    cwd: repo,
    env: { ...process.env, BENCH_CONTENT_OPTIONS: JSON.stringify(childOptions) },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** What the service answered: its API requests (counted, by kind, the last 200) and the markers seen. */
function requestCount() {
  const counted = { apiRequests: 0, recent: [] as string[], kinds: new Map<string, number>() };
  const markers = new Map<string, () => void>();
  const onAnswer = ({ method, target, status }: AnswerMessage) => {
    if (target.startsWith("/v2/") || target === "/v2") {
      counted.apiRequests += 1;
      const kind = classifyApiRequest(target);
      counted.kinds.set(kind, (counted.kinds.get(kind) ?? 0) + 1);
      counted.recent.push(`${method} ${target} ${status}`);
      if (counted.recent.length > 200) counted.recent.shift();
      return;
    }
    const marker = /[?&]bench-marker=([\w-]+)/.exec(target)?.[1];
    if (marker) markers.get(marker)?.();
  };
  return { counted, markers, onAnswer };
}

/** The child's ready message; every answer message goes to `onAnswer`. */
function readyInfo(child: ChildProcess, onAnswer: (message: AnswerMessage) => void): Promise<ReadyInfo> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise<ReadyInfo>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`content service did not start in 60 s: ${stderr}`)), 60_000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`content service exited before it was ready (${signal ?? code}): ${stderr.trim()}`));
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("message", (message: Partial<ChildMessage>) => {
      if (message?.type === "answer") return onAnswer(message as AnswerMessage);
      if (message?.type !== "ready") return;
      clearTimeout(timer);
      const { type: _type, ...info } = message as ChildMessage & { type: "ready" };
      resolve(info);
    });
  });
}

export async function startContentService(options: ContentServiceOptions): Promise<ContentService> {
  const child = spawnServiceChild(options);
  const { counted, markers, onAnswer } = requestCount();
  const info = await readyInfo(child, onAnswer).catch(async (error: unknown) => {
    // late or failed: not left running
    await stopChild(child);
    throw error;
  });

  return {
    ...info,
    pid: child.pid ?? -1,
    get apiRequests() {
      return counted.apiRequests;
    },
    async checkpoint() {
      if (!options.countRequests) throw new Error("checkpoint() needs countRequests");
      const id = randomBytes(8).toString("hex");
      const seen = new Promise<void>((resolve) => markers.set(id, resolve));
      const response = await fetch(`${info.url}/__health?bench-marker=${id}`);
      await response.arrayBuffer();
      await Promise.race([
        seen,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("content service marker answer not seen in 10 s")), 10_000),
        ),
      ]);
      markers.delete(id);
      return counted.apiRequests;
    },
    recentApiRequests: () => [...counted.recent],
    apiRequestKinds: () => Object.fromEntries(counted.kinds),
    close: () => stopChild(child),
  };
}
