import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { spawnContentService } from "../content-server/child-process";
import type { AnsweredRequest } from "../content-server/content-server";
import { REPO } from "./build";

/**
 * Starts the content service in its own process, as `npm start` runs it
 * (content-server/child-process.ts), on 127.0.0.1 and a free port, so that
 * load tests and browsers do not share its event loop. With `countRequests`
 * the service tells each request it answered over IPC; this handle counts
 * them, which is how the bench knows how many API requests a build or a
 * browser made.
 */

export interface ContentServiceOptions {
  contentDir: string;
  imageCacheDir?: string;
  /** Count the requests answered (checkpoint, apiRequestKinds). */
  countRequests?: boolean;
  /** Follow edits of the story files (default false). */
  watch?: boolean;
}

export interface ContentService {
  url: string;
  apiUrl: string;
  port: number;
  previewToken: string;
  publicToken: string;
  stories: number;
  /** API requests (/v2/...) answered so far. */
  readonly apiRequests: number;
  /**
   * Waits until every request answered before this call has been counted
   * (by sending a marker request and waiting for its message); resolves to
   * the API request count at that point.
   */
  checkpoint(): Promise<number>;
  /** API requests so far by kind (classifyApiRequest); with `since` (an earlier answer of it), those made after it. */
  apiRequestKinds(since?: Record<string, number>): Record<string, number>;
  close(): Promise<void>;
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

/** What the service answered: its API requests (counted, by kind) and the markers seen. */
function requestCount() {
  const counted = { apiRequests: 0, kinds: new Map<string, number>() };
  const markers = new Map<string, () => void>();
  const onAnswer = ({ target }: AnsweredRequest) => {
    if (target.startsWith("/v2/") || target === "/v2") {
      counted.apiRequests += 1;
      const kind = classifyApiRequest(target);
      counted.kinds.set(kind, (counted.kinds.get(kind) ?? 0) + 1);
      return;
    }
    const marker = /[?&]bench-marker=([\w-]+)/.exec(target)?.[1];
    if (marker) markers.get(marker)?.();
  };
  return { counted, markers, onAnswer };
}

export async function startContentService(options: ContentServiceOptions): Promise<ContentService> {
  const { counted, markers, onAnswer } = requestCount();
  const service = await spawnContentService({
    cwd: REPO,
    options: {
      port: 0,
      host: "127.0.0.1",
      contentDir: options.contentDir,
      imageCacheDir: options.imageCacheDir,
      watch: options.watch ?? false,
      rateLimit: "off",
    },
    onAnswer: options.countRequests ? onAnswer : undefined,
  });
  const { url } = service;

  return {
    url,
    apiUrl: service.apiUrl,
    port: service.port,
    previewToken: service.previewToken,
    publicToken: service.publicToken,
    stories: service.storyCount,
    get apiRequests() {
      return counted.apiRequests;
    },
    async checkpoint() {
      if (!options.countRequests) throw new Error("checkpoint() needs countRequests");
      const id = randomBytes(8).toString("hex");
      const seen = new Promise<void>((resolve) => markers.set(id, resolve));
      const response = await fetch(`${url}/__health?bench-marker=${id}`);
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
    apiRequestKinds(since = {}) {
      const kinds: Record<string, number> = {};
      for (const [kind, count] of counted.kinds)
        if (count > (since[kind] ?? 0)) kinds[kind] = count - (since[kind] ?? 0);
      return kinds;
    },
    close: () => service.stop(),
  };
}

/** The content's space id (its space.json), which its asset URLs name. */
export async function spaceIdOf(contentDir: string): Promise<number> {
  const space = JSON.parse(await readFile(path.join(contentDir, "space.json"), "utf8")) as { space?: { id?: number } };
  return space.space?.id ?? 0;
}

/** The content's raster assets, as `{W}x{H}/{hash}/{file}` with their width. */
export async function rasterAssets(contentDir: string) {
  const files = await readdir(path.join(contentDir, "assets"), { recursive: true });
  return files.flatMap((rel) => {
    const width = /^(\d+)x\d+\/[^/]+\/[^/]+\.(jpe?g|png|webp)$/i.exec(rel)?.[1];
    return width ? [{ rel, width: Number(width) }] : [];
  });
}
