import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { forwardToContent, isContentPath } from "./content-forward";
import { sendJson, sendText } from "./http-answers";
import { loadSite, parsePath, resolveFile, sendSiteFile, type Site } from "./static-files";
import {
  BodyTooLargeError,
  SIGNATURE_HEADER,
  WEBHOOK_PATH,
  hasValidSignature,
  parseWebhookPayload,
  readBody,
  type StoryblokEvent,
} from "./storyblok-webhook";

export { parsePath } from "./static-files";
export { isHttpsRequest, securityHeaders, type SecurityContext } from "./http-answers";

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
  };
  /** The local content service: `/v2/` and `/f/` are forwarded to it (content-forward.ts). */
  contentOrigin?: string;
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

const ALLOWED_METHODS = "GET, HEAD";

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const host = options.host ?? "127.0.0.1";
  let live = await loadSite(options.root);
  const contentOrigin = options.contentOrigin ? new URL(options.contentOrigin) : null;

  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
    // the build this request is answered from, even if a rebuild swaps in another meanwhile
    const site = live;
    handleRequest(site, options, contentOrigin, req, res).catch((error: unknown) => {
      console.error("site-server: request failed", error);
      if (!res.headersSent) sendText(site.manifest?.mode, req, res, 500, "Internal Server Error");
      else res.destroy();
    });
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  await listen(server, options.port ?? 0, host);
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

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function handleRequest(
  site: Site,
  options: SiteServerOptions,
  contentOrigin: URL | null,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const mode = site.manifest?.mode;
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
  const pathname = `/${target.segments.join("/")}${target.trailingSlash && target.segments.length ? "/" : ""}`;
  if (options.webhook && pathname === WEBHOOK_PATH) {
    await handleWebhook(site, options.webhook, req, res);
    return;
  }
  if (contentOrigin && isContentPath(pathname)) {
    await forwardToContent(req, res, contentOrigin);
    return;
  }
  const method = req.method ?? "";
  if (method !== "GET" && method !== "HEAD") {
    res.setHeader("Allow", ALLOWED_METHODS);
    sendText(mode, req, res, 405, "Method Not Allowed");
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
  const mode = site.manifest?.mode;
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    sendJson(mode, req, res, 405, { error: "Storyblok's webhook is a POST" });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      res.setHeader("Connection", "close");
      sendJson(mode, req, res, 413, { error: error.message });
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
  webhook.onEvent(event);
  sendJson(mode, req, res, 202, { accepted: true, action: event.action });
}
