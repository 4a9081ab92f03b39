import { createHash, randomBytes } from "node:crypto";
import { promises as fsp, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { contentTypeOf, IMMUTABLE, serveFile, type AssetTarget } from "./assets";
import { badRequest, HttpError } from "./errors";
import { send } from "./http-utils";
import { parseTransform, transformKey, type ImageTransform, type OutputFormat } from "./image-params";
import { renderImage } from "./image-render";
import { RenderQueue } from "./render-queue";

/**
 * Storyblok's image service on sharp (image-render.ts renders). At
 * most `concurrency` renders run at a time and at most MAX_QUEUE wait
 * (RenderQueue), so no burst of requests can exhaust memory; results are kept
 * on disk up to `cacheMaxBytes`, the least recently used leaving first
 * (an lru-cache of the files and their sizes).
 *
 * A render is done only for clients still waiting for it. Identical requests
 * share one render (a job) and each counts as a waiter; a waiter leaves when
 * its response closes before the answer (the client went away) or when it
 * has waited `renderTimeoutMs` (it gets 503: whoever forwarded it has given
 * up by then). When the last waiter leaves, the job is cancelled: a queued
 * one leaves the queue and never starts; a running one cannot be stopped
 * inside a sharp call, but does nothing after it (no further step, no write
 * to the cache). A later request for the same image starts a new job.
 */

export interface ImageServiceOptions {
  cacheDir: string;
  /** Bytes of rendered images kept on disk at most (default 256 MB). */
  cacheMaxBytes?: number;
  /** Renders running at once (default 2). */
  concurrency?: number;
  /**
   * Longest a client waits for a render, queue included; past it the client
   * gets 503 and, if it was the last one waiting, the render is cancelled
   * (default 30 s: the site server's forward timeout). Also sharp's own
   * timeout of a render.
   */
  renderTimeoutMs?: number;
}

/** What the renders did since the service started, and what they do now. */
export interface ImageRenderStats {
  /** Requests that needed a render (not in the cache), their clients gone or not. */
  requests: number;
  /** Renders that began (source read, sharp). */
  started: number;
  /** Renders done to the end. */
  finished: number;
  /** Renders that failed (unreadable source, sharp error). */
  failed: number;
  /** Renders cancelled because no client waited any more, queued (never started) or running. */
  cancelled: number;
  /** Renders waiting for their turn now. */
  queued: number;
  /** Renders running now (a cancelled one runs until its sharp call returns). */
  running: number;
  /** Clients waiting for a render now. */
  waiting: number;
}

const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

/** The reason a job's signal aborts with. */
class RenderCancelled extends Error {
  constructor() {
    super("Render cancelled: no client waits for it");
    this.name = "RenderCancelled";
  }
}

/** One render and the clients waiting for it. */
interface RenderJob {
  key: string;
  controller: AbortController;
  waiters: number;
  result: Promise<Buffer>;
}

export const DEFAULT_IMAGE_CACHE_BYTES = 256 * 1024 * 1024;
/** Renders waiting at most; past that the service answers 503. */
const MAX_QUEUE = 64;
/** Largest source file read: 64 MB. */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;

const RASTER = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/tiff"]);
const PASS_THROUGH = new Set(["image/svg+xml", "image/gif"]);
const OUTPUT: Record<OutputFormat, { ext: string; type: string }> = {
  avif: { ext: ".avif", type: "image/avif" },
  webp: { ext: ".webp", type: "image/webp" },
  png: { ext: ".png", type: "image/png" },
  jpeg: { ext: ".jpg", type: "image/jpeg" },
};

function wantsWebp(req: IncomingMessage): boolean {
  return (
    /(^|[\s,])image\/webp(\s*[;,]|\s*$)/i.test(req.headers.accept ?? "") &&
    !/image\/webp\s*;\s*q=0(\.0*)?\s*(,|$)/i.test(req.headers.accept ?? "")
  );
}

function duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function sourceFormat(type: string): OutputFormat {
  if (type === "image/png") return "png";
  if (type === "image/webp") return "webp";
  return "jpeg";
}

export class ImageService {
  readonly cacheDir: string;
  private readonly queue: RenderQueue;
  private readonly renderTimeoutMs: number;
  private readonly inflight = new Map<string, RenderJob>();
  private readonly counts = { requests: 0, started: 0, finished: 0, failed: 0, cancelled: 0, waiting: 0 };
  /** Cached renders (path below cacheDir) and their sizes; an eviction deletes the file. */
  private readonly cached: LRUCache<string, number>;
  private readonly removals = new Set<Promise<void>>();

  constructor(options: ImageServiceOptions) {
    this.cacheDir = options.cacheDir;
    this.queue = new RenderQueue(options.concurrency ?? 2);
    this.renderTimeoutMs = options.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
    this.cached = new LRUCache<string, number>({
      maxSize: options.cacheMaxBytes ?? DEFAULT_IMAGE_CACHE_BYTES,
      sizeCalculation: (size) => Math.max(1, size),
      dispose: (_size, rel, reason) => {
        if (reason !== "evict" && reason !== "delete") return;
        const removal = fsp.rm(path.join(this.cacheDir, rel), { force: true }).catch(() => undefined);
        this.removals.add(removal);
        void removal.finally(() => this.removals.delete(removal));
      },
    });
  }

  stats(): ImageRenderStats {
    return { ...this.counts, queued: this.queue.pending, running: this.queue.running };
  }

  /** Takes the renders of earlier runs into the cache, oldest first, so the bound holds from the start. */
  async loadCache(): Promise<void> {
    const names = await fsp.readdir(this.cacheDir, { recursive: true }).catch(() => [] as string[]);
    const files: Array<{ rel: string; size: number; mtimeMs: number }> = [];
    for (const name of names) {
      const rel = name.split(path.sep).join("/");
      if (!/^[0-9a-f]{2}\/[0-9a-f]{40}\.(avif|webp|png|jpg)$/.test(rel)) continue;
      const stat = await fsp.stat(path.join(this.cacheDir, name)).catch(() => null);
      if (stat?.isFile()) files.push({ rel, size: stat.size, mtimeMs: stat.mtimeMs });
    }
    files.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const file of files) {
      // one render larger than the whole bound is never kept
      if (file.size > this.cached.maxSize) await fsp.rm(path.join(this.cacheDir, file.rel), { force: true });
      else this.cached.set(file.rel, file.size);
    }
    await Promise.all(this.removals);
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    target: AssetTarget,
    assetsDir: string,
    stat: Stats,
  ): Promise<void> {
    const transform = parseTransform(target.transform ?? "");
    const type = contentTypeOf(target.abs);
    if (PASS_THROUGH.has(type)) {
      // SVG and GIF pass through unchanged, as on Storyblok
      await serveFile(req, res, assetsDir, target.rel, stat.size);
      return;
    }
    this.checkRenderable(type, target, stat);

    const negotiated = transform.filters.format === undefined;
    const format: OutputFormat = transform.filters.format ?? (wantsWebp(req) ? "webp" : sourceFormat(type));
    const key = renderKey(target, stat, transform, format);
    const out = OUTPUT[format];
    const etag = `"${key}"`;
    const headers: Record<string, string> = negotiated ? { Vary: "Accept" } : {};
    const rel = `${key.slice(0, 2)}/${key}${out.ext}`;

    if (fresh(req.headers, { etag })) {
      send(req, res, { status: 304, headers: { ETag: etag, "Cache-Control": IMMUTABLE, ...headers }, body: "" });
      return;
    }
    if (await this.servedFromCache(req, res, rel, etag, { ...headers, "Content-Type": out.type })) return;
    this.counts.requests++;
    // gone while the file was looked up: nobody to render for
    if (res.destroyed || req.socket.destroyed) return;
    let job = this.inflight.get(key);
    if (!job) {
      if (this.queue.pending >= MAX_QUEUE) {
        throw new HttpError(503, { error: "Image service busy, retry later" }, { "Retry-After": "1" });
      }
      job = this.startJob(key, rel, target.abs, transform, format);
    }
    const buffer = await this.waitFor(job, res);
    if (!buffer) return;
    send(req, res, {
      status: 200,
      headers: {
        "Content-Type": out.type,
        "Cache-Control": IMMUTABLE,
        ETag: etag,
        "Last-Modified": stat.mtime.toUTCString(),
        "X-Image-Cache": "miss",
        ...headers,
      },
      body: buffer,
    });
  }

  /** Refuses a file the service does not render (400) or one too large to (413). */
  private checkRenderable(type: string, target: AssetTarget, stat: Stats): void {
    if (!RASTER.has(type))
      throw badRequest(
        `The image service transforms images only; ${path.extname(target.abs) || "this file"} is not one`,
      );
    if (stat.size > MAX_SOURCE_BYTES)
      throw new HttpError(413, { error: "Source image too large for the image service" });
  }

  /** Serves the render `rel` from the cache if it is there; false when it is not (any more). */
  private async servedFromCache(
    req: IncomingMessage,
    res: ServerResponse,
    rel: string,
    etag: string,
    headers: Record<string, string>,
  ): Promise<boolean> {
    if (this.cached.get(rel) === undefined) return false;
    const cachedStat = await fsp.stat(path.join(this.cacheDir, rel)).catch(() => null);
    if (!cachedStat) {
      this.cached.delete(rel); // removed behind the service's back
      return false;
    }
    await serveFile(req, res, this.cacheDir, rel, cachedStat.size, {
      etag,
      headers: { ...headers, "X-Image-Cache": "hit" },
    });
    return true;
  }

  /** Queues a render and its write to the cache; it runs until it is done or no client waits for it. */
  private startJob(key: string, rel: string, file: string, transform: ImageTransform, format: OutputFormat): RenderJob {
    const controller = new AbortController();
    const { signal } = controller;
    const result = this.queue.run(async () => {
      this.counts.started++;
      const buffer = await renderImage(file, transform, format, this.renderTimeoutMs, signal);
      signal.throwIfAborted();
      await this.store(rel, buffer);
      return buffer;
    }, signal);
    const job: RenderJob = { key, controller, waiters: 0, result };
    this.inflight.set(key, job);
    result.then(
      () => {
        this.counts.finished++;
        this.forget(job);
      },
      () => {
        if (signal.aborted) this.counts.cancelled++;
        else this.counts.failed++;
        this.forget(job);
      },
    );
    return job;
  }

  private forget(job: RenderJob): void {
    if (this.inflight.get(job.key) === job) this.inflight.delete(job.key);
  }

  /**
   * Waits for the job's render as one of its clients. Resolves to undefined
   * when the response closed first (the client went away); rejects with 503
   * after renderTimeoutMs. The last client to leave cancels the job.
   */
  private async waitFor(job: RenderJob, res: ServerResponse): Promise<Buffer | undefined> {
    job.waiters++;
    this.counts.waiting++;
    let timer: NodeJS.Timeout | undefined;
    let onClose: () => void = () => undefined;
    const left = new Promise<"closed" | "timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), this.renderTimeoutMs);
      // `close` of the response before the answer: the connection is gone. (The request's `close`
      // says only that its body was read.)
      onClose = () => resolve("closed");
      res.once("close", onClose);
    });
    const outcome = await Promise.race([
      job.result.then(
        (buffer) => ({ buffer }),
        (error: unknown) => ({ error }),
      ),
      left,
    ]);
    clearTimeout(timer);
    res.off("close", onClose);
    job.waiters--;
    this.counts.waiting--;
    if (outcome === "closed" || outcome === "timeout") {
      if (job.waiters === 0) {
        // nobody else waits: a queued render never starts, a running one stops after its current step
        this.forget(job);
        job.controller.abort(new RenderCancelled());
      }
      if (outcome === "closed") return undefined; // the client went away
      const error = `Image render not done within ${duration(this.renderTimeoutMs)}, retry later`;
      throw new HttpError(503, { error }, { "Retry-After": "1" });
    }
    if ("buffer" in outcome) return outcome.buffer;
    if (!(outcome.error instanceof RenderCancelled)) throw outcome.error;
    throw new HttpError(503, { error: "Image render cancelled, retry later" }, { "Retry-After": "1" });
  }

  /** Writes a render atomically and counts it; one larger than the whole cache is not kept. */
  private async store(rel: string, buffer: Buffer): Promise<void> {
    if (buffer.length > this.cached.maxSize) return;
    const file = path.join(this.cacheDir, rel);
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      await fsp.writeFile(tmp, buffer);
      await fsp.rename(tmp, file);
      this.cached.set(rel, buffer.length);
      // the files this write evicted are gone before the render is answered: the bound holds on disk
      await Promise.all(this.removals);
    } catch (err) {
      console.error(`image cache: cannot write ${file}: ${(err as Error).message}`);
    }
  }
}

/** The render's cache key: the source (path, size, mtime), the transform and the output format. */
function renderKey(target: AssetTarget, stat: Stats, transform: ImageTransform, format: OutputFormat): string {
  return createHash("sha256")
    .update(JSON.stringify([target.rel, stat.size, stat.mtimeMs, transformKey(transform), format]))
    .digest("hex")
    .slice(0, 40);
}
