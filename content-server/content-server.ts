import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { handleAdmin } from "./admin";
import { parseAssetPath, serveFile, statAsset } from "./assets";
import { handleApi } from "./cdn-api";
import { ContentStore } from "./content-store";
import { DATASOURCE_ENDPOINTS } from "./datasources-api";
import { HttpError, methodNotAllowed, notFound } from "./errors";
import { Faults, type FaultConfig, type FaultState } from "./faults";
import {
  conditional,
  decodeSegment,
  jsonReply,
  normalisePublicOrigin,
  parseRequestTarget,
  send,
  type Reply,
} from "./http-utils";
import { ImageService, type ImageRenderStats } from "./image-service";
import { parseQuery } from "./query";
import { parseRateLimit, RateLimiter, type RateLimitSetting } from "./rate-limit";
import { STORY_ENDPOINTS } from "./stories-api";
import { WebhookSender } from "./webhooks";
import { DEFAULT_CONTENT_PORT, DEFAULT_HOST } from "../settings/defaults";

/**
 * The HTTP server: routing, CORS, fault injection and error handling around
 * the API (`/v2/`), the assets and image service (`/f/`) and the admin
 * routes (`/__admin/`).
 */

export interface ContentServerOptions {
  /** Port to listen on; 0 picks a free one (default 4100). */
  port?: number;
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** The content folder (default "content" relative to the working directory). */
  contentDir?: string;
  /** "off" (default), "storyblok" tiers, or requests per second per token. */
  rateLimit?: RateLimitSetting;
  /** The rate limiter's clock in ms (default performance.now): a test holds it still to count a burst exactly. */
  rateLimitClock?: () => number;
  /** Faults active from the start. */
  faults?: FaultConfig;
  /** Bearer token of the admin routes (default: random). */
  adminToken?: string;
  /** Where transformed images are cached (default: {tmpdir}/content-server-image-cache/{hash of contentDir}). */
  imageCacheDir?: string;
  /** Bytes of transformed images kept there at most, least recently used leaving first (default 256 MB). */
  imageCacheMaxBytes?: number;
  /** Renders of the image service running at once (default 2). */
  imageConcurrency?: number;
  /**
   * Longest a client waits for an image render, queue included (default 30 s,
   * the site server's forward timeout): past it the client gets 503, and a
   * render no client waits for any more is cancelled.
   */
  imageRenderTimeoutMs?: number;
  /** Watch the content folder (default true); "poll" re-scans every 2 s. */
  watch?: boolean | "poll";
  /** Quiet time before a burst of file changes is applied, as one change (default 25 ms). */
  watchDebounceMs?: number;
  /** Print a line per answered request to stdout (default false). */
  logRequests?: boolean;
  /** Told each answered request, in this process (main.ts sends them to a parent that asked: child-process.ts). */
  onAnswer?: (answer: AnsweredRequest) => void;
  /** URLs that get Storyblok's story webhooks when a story file changes (default none). */
  webhooks?: readonly string[];
  /** Secret that signs the webhooks (`webhook-signature`); unset, they are not signed. */
  webhookSecret?: string;
  /** Webhook delivery: timeout per attempt, retries, first backoff delay (defaults 10 s, 3, 1 s). */
  webhookDelivery?: { timeoutMs?: number; retries?: number; retryBaseMs?: number };
  /**
   * Origin written into the asset URLs of API answers and the `Location` of
   * the cv redirect, e.g. "https://content.example"; "" writes root-relative
   * `/f/...` and `/v2/...` paths, for a site that forwards them here. Default:
   * the service's own origin (`url` of the handle). The request's `Host` and
   * `X-Forwarded-*` headers are never used: published answers sit in shared
   * caches for a week.
   */
  publicOrigin?: string;
}

/** A request the service answered: what `logRequests` prints and `onAnswer` is told. */
export interface AnsweredRequest {
  method: string;
  /** the request target as sent (path and query) */
  target: string;
  status: number;
  ms: number;
}

export interface ContentServerHandle {
  /** Origin, e.g. http://127.0.0.1:4100 */
  url: string;
  /** Origin of the asset URLs and redirects ("" for root-relative ones). */
  publicOrigin: string;
  /** API base for storyblok-js-client's `endpoint`, e.g. http://127.0.0.1:4100/v2 */
  apiUrl: string;
  port: number;
  host: string;
  contentDir: string;
  /** From space.json (follows edits of the file). */
  readonly previewToken: string;
  readonly publicToken: string;
  adminToken: string;
  /** Current cache version. */
  cv(): number;
  storyCount(): number;
  setFaults(faults: FaultConfig): FaultState;
  getFaults(): FaultState;
  setRateLimit(setting: RateLimitSetting): void;
  /** The image service's renders: counters and what is queued and running now. */
  imageStats(): ImageRenderStats;
  close(): Promise<void>;
}

export function defaultImageCacheDir(contentDir: string): string {
  const hash = createHash("sha256").update(path.resolve(contentDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), "content-server-image-cache", hash);
}

const PUBLIC_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
const ENDPOINTS = { ...STORY_ENDPOINTS, ...DATASOURCE_ENDPOINTS };
const PREFLIGHT_HEADERS = "Accept, Content-Type, Range, If-None-Match, If-Modified-Since, If-Range, Authorization";

function preflight(req: IncomingMessage): Reply {
  const requested = req.headers["access-control-request-headers"];
  const allowHeaders =
    typeof requested === "string" && /^[\w\s,-]{1,500}$/.test(requested) ? requested : PREFLIGHT_HEADERS;
  return {
    status: 204,
    headers: {
      "Access-Control-Allow-Methods": PUBLIC_METHODS.join(", "),
      "Access-Control-Allow-Headers": allowHeaders,
      "Access-Control-Max-Age": "86400",
    },
    body: "",
  };
}

function truncateJson(reply: Reply): Reply {
  const text = typeof reply.body === "string" ? reply.body : reply.body.toString("utf8");
  return { ...reply, body: text.slice(0, Math.max(1, Math.floor(text.length / 2))) };
}

/** The service's parts, and what it counts and learns as it runs. */
type Service = Awaited<ReturnType<typeof openService>>;

export async function startContentServer(options: ContentServerOptions = {}): Promise<ContentServerHandle> {
  const contentDir = path.resolve(options.contentDir ?? "content");
  const host = options.host ?? DEFAULT_HOST;
  const configuredOrigin = options.publicOrigin === undefined ? undefined : normalisePublicOrigin(options.publicOrigin);
  const service = await openService(contentDir, options);

  // A slow request is answered 408: headers within 10 s (answered by 11 s), the whole request within
  // 60 s (by 61 s). Node checks both only every connectionsCheckingInterval (30 s by default).
  const server: Server = createServer(
    { maxHeaderSize: 64 * 1024, headersTimeout: 10_000, requestTimeout: 60_000, connectionsCheckingInterval: 1_000 },
    requestListener(service, answerListener(options)),
  );
  server.keepAliveTimeout = 5_000;
  server.on("clientError", answerClientError);
  // rejects with the listen error (a port in use, say)
  await once(server.listen(options.port ?? DEFAULT_CONTENT_PORT, host), "listening");
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  service.publicOrigin = configuredOrigin ?? url;
  return handleOf(service, server, { url, port, host, contentDir });
}

/** The content loaded, the webhooks, faults, rate limit and image service set up as `options` say. */
async function openService(contentDir: string, options: ContentServerOptions) {
  let webhooks: WebhookSender | undefined;
  const store = new ContentStore(contentDir, {
    watch: options.watch,
    debounceMs: options.watchDebounceMs,
    onStoryEvents: (events) => webhooks?.send(events),
  });
  await store.load();
  if (options.webhooks?.length) {
    webhooks = new WebhookSender({
      urls: options.webhooks,
      secret: options.webhookSecret,
      spaceId: () => store.space.id,
      ...options.webhookDelivery,
    });
  }
  const imageCacheDir = path.resolve(options.imageCacheDir ?? defaultImageCacheDir(contentDir));
  const images = new ImageService({
    cacheDir: imageCacheDir,
    cacheMaxBytes: options.imageCacheMaxBytes,
    concurrency: options.imageConcurrency,
    renderTimeoutMs: options.imageRenderTimeoutMs,
  });
  await images.loadCache();
  return {
    store,
    webhooks,
    faults: new Faults(options.faults),
    rateLimiter: new RateLimiter(parseRateLimit(options.rateLimit), options.rateLimitClock),
    images,
    adminToken: options.adminToken ?? randomBytes(18).toString("base64url"),
    /** Set once listening: the configured public origin, else the service's own. */
    publicOrigin: "",
    /** Told at /__health: a build counts its own API requests by the difference (pipeline/content-requests.ts). */
    apiRequests: 0,
  };
}

/** What is told of each answer (`logRequests`, `onAnswer`), or null when nobody listens. */
function answerListener({ logRequests, onAnswer }: ContentServerOptions): ((answer: AnsweredRequest) => void) | null {
  if (!logRequests) return onAnswer ?? null;
  return (answer) => {
    console.info(`${answer.method} ${answer.target} ${answer.status} ${answer.ms.toFixed(1)}ms`);
    onAnswer?.(answer);
  };
}

/** Each request routed; each answer told to `onAnswer`; an error answered as JSON. */
function requestListener(
  service: Service,
  onAnswer: ((answer: AnsweredRequest) => void) | null,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (onAnswer) {
      const started = performance.now();
      res.on("finish", () => {
        const answer = { method: req.method ?? "GET", target: req.url ?? "", status: res.statusCode };
        try {
          onAnswer({ ...answer, ms: performance.now() - started });
        } catch (err) {
          // a listener's fault: the service goes on serving
          console.error("content-server: onAnswer failed:", err);
        }
      });
    }
    route(service, req, res).catch((err: unknown) => {
      if (err instanceof HttpError) {
        send(req, res, jsonReply(err.status, err.body, err.headers));
        return;
      }
      console.error(`content-server: ${req.method} ${String(req.url).slice(0, 200)} failed:`, err);
      if (!res.headersSent) send(req, res, jsonReply(500, { error: "Internal Server Error" }));
      else res.destroy();
    });
  };
}

async function route(service: Service, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = parseRequestTarget(req.url);
  const { pathname } = target;
  const method = req.method ?? "GET";
  const { store, faults, rateLimiter, adminToken } = service;

  if (pathname.startsWith("/__admin/")) {
    send(req, res, await handleAdmin(req, pathname, { adminToken, store, faults, rateLimiter }));
    return;
  }
  if (method === "OPTIONS") {
    send(req, res, preflight(req));
    return;
  }
  if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(PUBLIC_METHODS);

  const isApi = pathname === "/v2" || pathname.startsWith("/v2/");
  // every request a client made counts, faulted ones too (a client's retries are requests)
  if (isApi) service.apiRequests += 1;
  const plan = faults.plan(pathname);
  if (plan && (await answeredByFault(plan, req, res))) return;

  if (isApi) {
    const segments = pathname.slice(4).split("/").map(decodeSegment);
    const query = parseQuery(target.search);
    const ctx = { store, rateLimiter, origin: service.publicOrigin, pathname, search: target.search };
    let reply = handleApi(ctx, segments, query, ENDPOINTS);
    if (plan?.malformed && reply.status === 200) reply = truncateJson(reply);
    send(req, res, conditional(req, reply));
    return;
  }
  if (pathname.startsWith("/f/")) {
    const asset = parseAssetPath(pathname, store.assetsDir);
    const stat = await statAsset(asset, store.assetsDir);
    if (asset.transform !== null) await service.images.handle(req, res, asset, store.assetsDir, stat);
    else await serveFile(req, res, store.assetsDir, asset.rel, stat.size);
    return;
  }
  if (pathname === "/" || pathname === "/__health") {
    send(req, res, healthReply(service));
    return;
  }
  throw notFound();
}

/** A fault's latency, then its reset or status; true when the fault answered the request. */
async function answeredByFault(
  plan: NonNullable<ReturnType<Faults["plan"]>>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (plan.latencyMs > 0) await delay(plan.latencyMs);
  if (plan.action.kind === "reset") {
    req.socket.destroy();
    return true;
  }
  if (plan.action.kind === "status") {
    const status = plan.action.status;
    const body =
      status === 429 ? { error: "Rate limit exceeded. Retry later." } : { error: `Injected fault: ${status}` };
    send(req, res, jsonReply(status, body, status === 429 ? { "Retry-After": "1" } : {}));
    return true;
  }
  return false;
}

function healthReply(service: Service): Reply {
  const { store, publicOrigin, apiRequests } = service;
  return jsonReply(
    200,
    { service: "content-server", api: `${publicOrigin}/v2`, cv: store.cv, stories: store.storyCount, apiRequests },
    { "Cache-Control": "no-store" },
  );
}

/** A request Node could not read (too slow, too large, malformed): 408, 431 or 400 as JSON. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (err.code === "ECONNRESET" && !socket.readable)) {
    socket.destroy();
    return;
  }
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const text = STATUS_CODES[status]!;
  const body = JSON.stringify({ error: text });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function handleOf(
  service: Service,
  server: Server,
  address: { url: string; port: number; host: string; contentDir: string },
): ContentServerHandle {
  const { store, faults, rateLimiter, images, webhooks } = service;
  let closing: Promise<void> | undefined;
  return {
    ...address,
    publicOrigin: service.publicOrigin,
    apiUrl: `${address.url}/v2`,
    get previewToken() {
      return store.previewToken;
    },
    get publicToken() {
      return store.publicToken;
    },
    adminToken: service.adminToken,
    cv: () => store.cv,
    storyCount: () => store.storyCount,
    setFaults: (f) => faults.set(f),
    getFaults: () => faults.state(),
    setRateLimit: (setting) => rateLimiter.set(setting),
    imageStats: () => images.stats(),
    close() {
      closing ??= (async () => {
        webhooks?.close();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
        await Promise.all([store.close(), stopped]);
      })();
      return closing;
    },
  };
}
