import { once } from "node:events";
import { createServer, STATUS_CODES } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { forwardToContent, isContentPath } from "./content-forward";
import { sendJson, sendText } from "./http-answers";
import { canonicalRedirect, loadSite, parsePath, resolveFile, sendSiteFile, type Site } from "./static-files";
import { DEFAULT_HOST } from "../settings/defaults";
import {
  BodyTooLargeError,
  SIGNATURE_HEADER,
  WEBHOOK_PATH,
  hasValidSignature,
  parseWebhookPayload,
  readBody,
  webhookEffect,
  type StoryblokEvent,
  type WebhookTriage,
} from "./storyblok-webhook";

/**
 * Production server of the prerendered React Router build (`build/client`):
 * exact files, `{path}/index.html` for directory-style paths, the `.data`
 * files React Router fetches on client navigations; every other path is a
 * 404 with the nearest not-found page (static-files.ts). Security headers
 * come from the build (pipeline/csp.ts, pipeline/security-headers.ts).
 *
 * With `webhook`, it takes Storyblok's webhook (POST /webhooks/storyblok)
 * and hands each verified event on; a rebuild (site-server/publisher.ts)
 * then swaps the served build with `swapRoot`, in one step: a request that
 * has begun is answered from the build it began with.
 */

export interface SiteServerOptions {
  /** The folder to serve, normally `build/client`. */
  root: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1 (loopback only). */
  host?: string;
  /** Take Storyblok's webhook and pass its events on. */
  webhook?: {
    /** STORYBLOK_WEBHOOK_SECRET: when set, a missing or wrong `webhook-signature` is refused with 401. */
    secret?: string;
    onEvent(event: StoryblokEvent): void;
    /** What handing `event` on would do now (a duplicate or, while stopping, nothing); without it every event is new. */
    triage?(event: StoryblokEvent): WebhookTriage;
  };
  /** The local content service: `/v2/` and `/f/` are forwarded to it (content-forward.ts). */
  contentOrigin?: string;
  /**
   * The content service's public token. A production build's site forwards
   * `/v2/` requests only with this token and only for published content
   * (403 for any other `version`, 401 for another token); without it, only
   * the version is checked. Preview builds forward as they are.
   */
  contentPublicToken?: string;
}

export interface SiteServer {
  url: string;
  port: number;
  /** The folder served now. */
  root(): string;
  /** Serves another build from now on (its manifest is read first; a bad one leaves the current build live). */
  swapRoot(root: string): Promise<void>;
  close(): Promise<void>;
}

/** Longest request target (path + query) we read; longer ones get 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * Slow requests are answered 408 Request Timeout and closed. Headers not
 * complete HEADERS_TIMEOUT_MS (10 s) after the connection opened (on a
 * kept-alive connection, after the request's first byte) are answered by
 * HEADERS_TIMEOUT_MS + TIMEOUT_CHECK_INTERVAL_MS (11 s); a request whose
 * body (only the webhook takes one) is not complete REQUEST_TIMEOUT_MS
 * (30 s) after it began, by 31 s. Node checks both only every
 * `connectionsCheckingInterval` (30 s by default, which would stretch the
 * bound to 40 s), hence the short interval. An idle keep-alive connection
 * is closed after Node's `keepAliveTimeout` (5 s), without an answer.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const ALLOWED_METHODS = "GET, HEAD";

/** Node's in-flight response of a connection (what its own clientError fallback checks). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const host = options.host ?? DEFAULT_HOST;
  let live = await loadSite(options.root);
  const contentOrigin = options.contentOrigin ? new URL(options.contentOrigin) : null;

  if (contentOrigin && !options.contentPublicToken && live.manifest.mode === "production") {
    console.warn(
      "site-server: no contentPublicToken: the production site forwards published content under any token the content service takes",
    );
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // the build this request is answered from, even if a rebuild swaps in another meanwhile
    const site = live;
    handleRequest(site, options, contentOrigin, req, res).catch((error: unknown) => {
      console.error("site-server: request failed", error);
      if (!res.headersSent) sendText(site.manifest.mode, req, res, 500, "Internal Server Error");
      else res.destroy();
    });
  };
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    onRequest,
  );
  // Expect: 100-continue invites the body; the content forward takes none, so it answers without the invitation
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const target = parsePath(req.url ?? "/");
    const forwarded = contentOrigin !== null && !("status" in target) && isContentPath(pathnameOf(target));
    if (!forwarded) res.writeContinue();
    onRequest(req, res);
  });
  server.on("clientError", answerClientError);

  // rejects with the server's error (a port in use) instead
  await once(server.listen(options.port ?? 0, host), "listening");
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    root: () => live.root,
    async swapRoot(root: string) {
      live = await loadSite(root);
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // browsers keep connections alive; idle ones go now, busy ones after a short grace
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}

/** A request Node could not read (too slow, too large, malformed): 408, 431 or 400, unless a response owns the connection. */
function answerClientError(error: NodeJS.ErrnoException, socket: HttpSocket): void {
  const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  // a response under way owns the connection: only a timed-out request's own, not yet begun, is ours to give
  const inFlight = socket._httpMessage;
  if (!socket.writable || (inFlight && (inFlight.headersSent || !timedOut))) {
    socket.destroy();
    return;
  }
  // headersTimeout and requestTimeout both end as ERR_HTTP_REQUEST_TIMEOUT (Node 18+)
  const status = timedOut ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function pathnameOf(target: { segments: string[]; trailingSlash: boolean }): string {
  return `/${target.segments.join("/")}${target.trailingSlash && target.segments.length ? "/" : ""}`;
}

async function handleRequest(
  site: Site,
  options: SiteServerOptions,
  contentOrigin: URL | null,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const mode = site.manifest.mode;
  const rawUrl = req.url ?? "/";
  if (rawUrl.length > MAX_URL_LENGTH) {
    sendText(mode, req, res, 414, "URI Too Long");
    return;
  }
  const target = parsePath(rawUrl);
  if ("status" in target) {
    sendText(mode, req, res, target.status, target.message);
    return;
  }
  const pathname = pathnameOf(target);
  if (options.webhook && pathname === WEBHOOK_PATH) {
    await handleWebhook(site, options.webhook, req, res);
    return;
  }
  if (contentOrigin && isContentPath(pathname)) {
    await forwardToContent(req, res, { origin: contentOrigin, mode, publicToken: options.contentPublicToken });
    return;
  }
  const method = req.method ?? "";
  if (method !== "GET" && method !== "HEAD") {
    // answered at once: closing the connection spares reading a body nobody wants
    sendText(mode, req, res, 405, "Method Not Allowed", { Allow: ALLOWED_METHODS, Connection: "close" });
    return;
  }
  const canonical = await canonicalRedirect(site, target.segments, target.trailingSlash);
  if (canonical !== null) {
    const search = rawUrl.includes("?") ? rawUrl.slice(rawUrl.indexOf("?")).replace(/#.*$/, "") : "";
    // a permanent redirect, revalidated like a page
    const location = `${canonical}${search}`;
    sendText(mode, req, res, 301, `Moved Permanently: ${location}`, {
      Location: location,
      "Cache-Control": "no-cache",
    });
    return;
  }
  const resolution = await resolveFile(site, target.segments, target.trailingSlash);
  if (resolution.kind === "file") {
    await sendSiteFile(site, req, res, resolution, { status: 200, cacheControl: resolution.cacheControl });
  } else if (resolution.page) {
    await sendSiteFile(site, req, res, resolution.page, { status: 404, cacheControl: "no-cache" });
  } else {
    sendText(mode, req, res, 404, "Not Found");
  }
}

async function handleWebhook(
  site: Site,
  webhook: NonNullable<SiteServerOptions["webhook"]>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const mode = site.manifest.mode;
  if (req.method !== "POST") {
    sendJson(mode, req, res, 405, { error: "Storyblok's webhook is a POST" }, { Allow: "POST" });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      // readBody keeps draining the request: the answer is written, then the server closes the socket
      sendJson(mode, req, res, 413, { error: error.message }, { Connection: "close" });
    } else {
      res.destroy();
    }
    return;
  }
  if (webhook.secret && !hasValidSignature(body, req.headers[SIGNATURE_HEADER], webhook.secret)) {
    console.warn(`site-server: webhook refused: missing or wrong ${SIGNATURE_HEADER}`);
    sendJson(mode, req, res, 401, { error: `Missing or wrong ${SIGNATURE_HEADER}` });
    return;
  }
  const event = parseWebhookPayload(body);
  if ("error" in event) {
    sendJson(mode, req, res, 400, { error: event.error });
    return;
  }
  // Storyblok's signature has no timestamp or nonce: a captured payload verifies forever. What a replay can
  // cost is bounded here and in the publisher: unknown actions build nothing, a change already waiting for the
  // next release is not queued again, and at most one release (one whole build) waits behind the running one.
  const effect = webhookEffect(event);
  if ("error" in effect) {
    console.warn(`site-server: webhook refused: ${effect.error}`);
    sendJson(mode, req, res, 400, { error: effect.error });
    return;
  }
  if (effect.kind === "none") {
    sendJson(mode, req, res, 200, { accepted: true, action: event.action, queued: false, reason: effect.reason });
    return;
  }
  const triage = webhook.triage?.(event) ?? "new";
  if (triage === "stopping") {
    sendJson(mode, req, res, 503, { error: "The site is stopping; nothing was queued" }, { Connection: "close" });
    return;
  }
  if (triage === "duplicate") {
    sendJson(mode, req, res, 202, { accepted: true, action: event.action, duplicate: true, queued: false });
    return;
  }
  webhook.onEvent(event);
  sendJson(mode, req, res, 202, { accepted: true, action: event.action });
}
