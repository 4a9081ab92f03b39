import type { IncomingMessage, ServerResponse } from "node:http";
import etag from "etag";
import fresh from "fresh";
import { badRequest, HttpError } from "./errors";

/** Longest path or query string the service reads; longer ones get 414. */
export const MAX_URL_PART = 8 * 1024;

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "Total, Per-Page, X-RateLimit, X-RateLimit-Policy, Retry-After, Content-Range, Accept-Ranges, ETag",
};

/**
 * Splits the request target into `pathname`, the raw (still percent-encoded) path, always starting with "/",
 * and `search`, the raw query string without the "?" ("" when there is none); rejects oversize parts with 414.
 */
export function parseRequestTarget(rawUrl: string | undefined) {
  let url = rawUrl ?? "/";
  if (!url.startsWith("/")) {
    // absolute-form ("http://host/path"), which proxies may send
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw badRequest("Malformed request target");
    const parsed = new URL(url);
    url = parsed.pathname + parsed.search;
  }
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? "" : url.slice(q + 1);
  if (pathname.length > MAX_URL_PART) throw new HttpError(414, { error: "URI Too Long: the path exceeds 8 KB" });
  if (search.length > MAX_URL_PART) throw new HttpError(414, { error: "URI Too Long: the query string exceeds 8 KB" });
  return { pathname, search };
}

/** Decodes one path segment; bad percent-encoding is a 400. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest("Malformed percent-encoding in the path");
  }
}

/**
 * The origin of `publicOrigin` without a trailing slash ("" stays ""); throws
 * for anything else than an http(s) origin.
 */
export function normalisePublicOrigin(value: string): string {
  if (value === "") return "";
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    !url ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.pathname !== "/" ||
    url.search ||
    url.hash ||
    value.includes("?") ||
    value.includes("#")
  ) {
    throw new Error(`publicOrigin must be an http(s) origin such as https://content.example, got "${value}"`);
  }
  return url.origin;
}

export interface Reply {
  status: number;
  headers: Record<string, string | number>;
  /** Body; omitted on HEAD by send(). */
  body: string | Buffer;
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string | number> = {}): Reply {
  return {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/**
 * A weak ETag on a 200 answer, and 304 when the request's If-None-Match
 * holds it (Storyblok's answers carry `W/"..."` ETags: storyblok-ruby-client
 * spec/fixtures/vcr_cassettes/...).
 */
export function conditional(req: IncomingMessage, reply: Reply): Reply {
  if (reply.status !== 200) return reply;
  const tag = etag(reply.body, { weak: true });
  const headers = { ...reply.headers, ETag: tag };
  if (fresh(req.headers, { etag: tag })) return { status: 304, headers, body: "" };
  return { ...reply, headers };
}

export function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const length = typeof reply.body === "string" ? Buffer.byteLength(reply.body) : reply.body.length;
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
  res.setHeader("X-Content-Type-Options", "nosniff");
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  if (reply.status !== 204 && reply.status !== 304) res.setHeader("Content-Length", length);
  if (req.method === "HEAD" || reply.status === 204 || reply.status === 304) res.end();
  else res.end(reply.body);
}

/** Reads a small request body (admin routes); larger ones get 413. */
export async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, { error: "Payload Too Large" });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
