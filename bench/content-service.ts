import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { stopChild } from "../tools/processes";

/**
 * Starts the content service (content-server/content-server.ts, unchanged)
 * in a child process on 127.0.0.1 and a free port. With `logRequests` the
 * service logs each request it served ("GET /v2/... 200 1.2ms"); this
 * handle counts those lines, which is how the bench knows how many API
 * requests a build or a browser made.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");

export interface ContentServiceOptions {
  contentDir: string;
  imageCacheDir?: string;
  logRequests?: boolean;
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
  /** API requests (/v2/...) served so far, as logged. */
  readonly apiRequests: number;
  /**
   * Waits until every request answered before this call has been counted
   * (by sending a marker request and waiting for its log line); resolves
   * to the API request count at that point.
   */
  checkpoint(): Promise<number>;
  /** The last logged API request lines (for the report's examples). */
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

const LOG_LINE = /^(GET|HEAD|OPTIONS|POST|PUT|DELETE|PATCH) (\S+) (\d{3}) [\d.]+ms$/;

function spawnServiceChild(options: ContentServiceOptions): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", path.join(here, "content-service-child.ts")], {
    cwd: repo,
    env: {
      ...process.env,
      BENCH_CONTENT_OPTIONS: JSON.stringify({
        contentDir: options.contentDir,
        imageCacheDir: options.imageCacheDir,
        logRequests: options.logRequests ?? false,
        port: options.port ?? 0,
        watch: options.watch ?? false,
      }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** What the service's request log tells: its API requests (counted, by kind, the last 200) and the markers seen. */
function requestLog() {
  const log = { apiRequests: 0, recent: [] as string[], kinds: new Map<string, number>() };
  const markers = new Map<string, () => void>();
  const onLine = (line: string) => {
    const match = LOG_LINE.exec(line);
    if (!match) return;
    const target = match[2] ?? "";
    if (target.startsWith("/v2/") || target === "/v2") {
      log.apiRequests += 1;
      const kind = classifyApiRequest(target);
      log.kinds.set(kind, (log.kinds.get(kind) ?? 0) + 1);
      log.recent.push(`${match[1]} ${target} ${match[3]}`);
      if (log.recent.length > 200) log.recent.shift();
      return;
    }
    const marker = /[?&]bench-marker=([\w-]+)/.exec(target)?.[1];
    if (marker) markers.get(marker)?.();
  };
  return { log, markers, onLine };
}

/** The child's READY line; every other line goes to `onLine`. */
function readyInfo(child: ChildProcess, onLine: (line: string) => void): Promise<ReadyInfo> {
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
    child.once("error", reject);
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      if (!line.startsWith("READY ")) return onLine(line);
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(6)) as ReadyInfo);
    });
  });
}

export async function startContentService(options: ContentServiceOptions): Promise<ContentService> {
  const child = spawnServiceChild(options);
  const { log, markers, onLine } = requestLog();
  const info = await readyInfo(child, onLine);

  return {
    ...info,
    pid: child.pid ?? -1,
    get apiRequests() {
      return log.apiRequests;
    },
    async checkpoint() {
      if (!options.logRequests) throw new Error("checkpoint() needs logRequests");
      const id = randomBytes(8).toString("hex");
      const seen = new Promise<void>((resolve) => markers.set(id, resolve));
      const response = await fetch(`${info.url}/__health?bench-marker=${id}`);
      await response.arrayBuffer();
      await Promise.race([
        seen,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("content service log marker not seen in 10 s")), 10_000),
        ),
      ]);
      markers.delete(id);
      return log.apiRequests;
    },
    recentApiRequests: () => [...log.recent],
    apiRequestKinds: () => Object.fromEntries(log.kinds),
    close: () => stopChild(child),
  };
}
