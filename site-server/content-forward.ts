import { request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import qs from "qs";
import { sendJson, type AnswerMode } from "./http-answers";

/**
 * With the local content service (`npm start`), the site forwards its API
 * (`/v2/`) and its assets and image service (`/f/`) on the site's own origin:
 * the build writes root-relative asset URLs and the browser calls the API
 * under the address it used for the site, so a visitor who reached the
 * site as 192.168.1.20:3000 (HOST=0.0.0.0) gets media and content from
 * there, while the content service itself stays on loopback. Storyblok's
 * own API and asset CDN are never forwarded.
 *
 * The forward is a read-only one by construction: GET and HEAD without a
 * body, sent upstream as a fresh request with no body and an allow-list of
 * headers. A body is never passed on, so nothing in it can reach the content
 * service as a request of its own (request smuggling). What a request may not
 * have is refused before its body is read, on a connection then closed.
 */

/** How long the forward waits on a silent content service before answering 504. */
export const CONTENT_FORWARD_TIMEOUT_MS = 30_000;

export const FORWARDED_METHODS = "GET, HEAD";

const API_PREFIX = "/v2/";
const ASSET_PREFIX = "/f/";

export function isContentPath(pathname: string): boolean {
  return pathname === "/v2" || pathname.startsWith(API_PREFIX) || pathname.startsWith(ASSET_PREFIX);
}

export interface ContentForward {
  /** The content service, e.g. http://127.0.0.1:4100 */
  origin: URL;
  /** The served build's mode; `production` forwards only what the public may read. */
  mode: AnswerMode;
  /** The content service's public token: in production the only token `/v2/` passes on. */
  publicToken?: string;
}

/**
 * End-to-end request headers the content service reads (content negotiation,
 * conditional and range requests of assets). Everything else stays here:
 * framing (content-length, transfer-encoding), connection management,
 * expect, upgrade, and credentials (cookie, authorization) the service has
 * no use for.
 */
const REQUEST_HEADERS = [
  "accept",
  "accept-encoding",
  "accept-language",
  "if-match",
  "if-none-match",
  "if-modified-since",
  "if-unmodified-since",
  "range",
  "if-range",
  "user-agent",
] as const;

/** Headers that belong to one connection (RFC 9110 7.6.1), not to the message. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function endToEnd(headers: IncomingMessage["headers"]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

function upstreamHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (const name of REQUEST_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  // the original Host: the content service writes URLs for the address the visitor used
  headers.host = req.headers.host ?? "";
  headers["x-forwarded-proto"] = "http";
  headers["x-forwarded-host"] = req.headers.host ?? "";
  return headers;
}

/**
 * What the pages use of the assets, answered inline: images, video, audio
 * and PDF. Storyblok serves assets from its own origin (a.storyblok.com),
 * where nothing of the site can be reached; forwarded on the site's origin,
 * an HTML, XHTML or XML asset would run script as the site, and a `.js` one
 * would be a script `script-src 'self'` allows. So any other type is a
 * download: `application/octet-stream` (with nosniff, no script, style or
 * document), `Content-Disposition: attachment` and a sandbox policy.
 */
const INLINE_ASSET_TYPE = /^(?:image\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|application\/pdf)$/;
/** An SVG is a document too: opened on its own it runs sandboxed, on an origin of its own, and loads nothing. */
const SVG_ASSET_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";
const DOWNLOAD_ASSET_CSP = "sandbox; default-src 'none'";

/** The headers of an asset's answer as the site passes it on: media inline, anything else a sandboxed download. */
export function assetAnswerHeaders(
  status: number,
  headers: Record<string, string | string[]>,
): Record<string, string | string[]> {
  // errors (JSON), 304 and 416 carry no file to open
  if (status !== 200 && status !== 206) return headers;
  const type = String(headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  const kept = { ...headers, "x-content-type-options": "nosniff" };
  if (type === "image/svg+xml") return { ...kept, "content-security-policy": SVG_ASSET_CSP };
  if (INLINE_ASSET_TYPE.test(type)) return kept;
  return {
    ...kept,
    "content-type": "application/octet-stream",
    "content-disposition": "attachment",
    "content-security-policy": DOWNLOAD_ASSET_CSP,
  };
}

/** True when the request announces a body: any Transfer-Encoding, or a Content-Length other than 0. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * The content service's query parser (content-server/query.ts `parseQuery`),
 * options for options: `qs`, Rails-style, a repeated key an array, the same
 * limits, malformed percent-encoding an error. Change both together: the
 * site must read `version` and `token` as the service will.
 */
const QUERY_OPTIONS: qs.IParseOptions<qs.BooleanOptional> & { decoder: (text: string) => string } = {
  plainObjects: true,
  depth: 5,
  strictDepth: true,
  parameterLimit: 500,
  arrayLimit: 100,
  throwOnLimitExceeded: true,
  decoder: (text) => decodeURIComponent(text.replace(/\+/g, " ")),
};

interface Refusal {
  status: number;
  body: { error: string };
  headers?: Record<string, string>;
}

/**
 * Why a production site does not pass a `/v2/` request on, or null. A
 * refusal, not a rewrite (dropping `version`, swapping the token): a rewrite
 * re-serialises a query the content service then parses again, a second
 * chance for the two to disagree, and answers a draft request with something
 * else under the same URL. Refused, nothing unverified leaves the site; and
 * with the public token, the content service itself refuses every draft
 * (content-server/cdn-api.ts `authorize`), whatever the channel: `cv`,
 * `find_by`, `cdn/links`, `_storyblok*` and the like read drafts only
 * through `version=draft`, and only with the preview token.
 */
function productionRefusal(search: string, publicToken: string | undefined): Refusal | null {
  let query: Record<string, unknown>;
  try {
    query = search ? qs.parse(search, QUERY_OPTIONS) : {};
  } catch {
    return { status: 400, body: { error: "Malformed query string" } };
  }
  // absent is published, as on Storyblok; repeated keys, arrays and objects are not
  if (query.version !== undefined && query.version !== "published") {
    return { status: 403, body: { error: "This site serves published content only" } };
  }
  if (publicToken !== undefined && query.token !== publicToken) {
    return { status: 401, body: { error: "Unauthorized" } };
  }
  return null;
}

/** The method, the framing and (in production) the query decide before anything is read or sent on. */
function refusal(req: IncomingMessage, target: string, forward: ContentForward): Refusal | null {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return {
      status: 405,
      body: { error: "The content service is read-only here: GET or HEAD" },
      headers: { Allow: FORWARDED_METHODS, Connection: "close" },
    };
  }
  if (hasBody(req)) {
    return {
      status: 400,
      body: { error: "A GET or HEAD of the content service has no body" },
      headers: { Connection: "close" },
    };
  }
  // the prefix as the content service sees it: raw, as sent on (an encoded prefix it would not route)
  const query = target.indexOf("?");
  const rawPath = query === -1 ? target : target.slice(0, query);
  if (!isContentPath(rawPath)) return { status: 404, body: { error: "Not Found" } };
  if (forward.mode === "production" && !rawPath.startsWith(ASSET_PREFIX)) {
    return productionRefusal(query === -1 ? "" : target.slice(query + 1), forward.publicToken);
  }
  return null;
}

/**
 * Answers one request of a content path (`isContentPath`) from the content
 * service: refused (405, 400, 404, and in production 400/401/403) without
 * reading its body, or passed on as a GET/HEAD of its own and the answer
 * streamed back; 502 when the service cannot be reached, 504 when it does
 * not answer in CONTENT_FORWARD_TIMEOUT_MS. The details go to the console,
 * never into the answer.
 */
export async function forwardToContent(
  req: IncomingMessage,
  res: ServerResponse,
  forward: ContentForward,
): Promise<void> {
  const rawTarget = req.url ?? "/";
  // absolute-form targets are forwarded by their path (the site's parsePath has already accepted them)
  const target = /^https?:\/\//i.test(rawTarget) ? new URL(rawTarget).pathname + new URL(rawTarget).search : rawTarget;
  const refused = refusal(req, target, forward);
  if (refused) {
    sendJson(forward.mode, req, res, refused.status, refused.body, refused.headers);
    return;
  }

  const upstream = request({
    host: forward.origin.hostname,
    port: forward.origin.port,
    method: req.method,
    path: target,
    headers: upstreamHeaders(req),
    timeout: CONTENT_FORWARD_TIMEOUT_MS,
  });
  let timedOut = false;
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    upstream.once("response", resolve);
    upstream.on("error", reject);
    upstream.once("timeout", () => {
      timedOut = true;
      upstream.destroy(new Error(`no answer in ${CONTENT_FORWARD_TIMEOUT_MS / 1000} s`));
    });
  });
  res.once("close", () => upstream.destroy());
  upstream.end();
  try {
    const answer = await answered;
    const status = answer.statusCode ?? 502;
    const headers = endToEnd(answer.headers);
    // an asset or image service target (`/f/...`), as the content service routes it: by its raw path
    res.writeHead(status, target.startsWith(ASSET_PREFIX) ? assetAnswerHeaders(status, headers) : headers);
    await pipeline(answer, res);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // the visitor left: nobody to answer
    if (res.destroyed) return;
    console.error(
      `site-server: ${req.method} ${target.slice(0, 200)} -> content service ${forward.origin.origin}: ${error instanceof Error ? error.message : String(error)}`,
    );
    const problem = timedOut
      ? "The content service did not answer in time"
      : "The content service could not be reached";
    sendJson(forward.mode, req, res, timedOut ? 504 : 502, { error: problem });
  }
}
