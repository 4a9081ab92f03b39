import { createReadStream } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { TLSSocket } from "node:tls";
import {
  MANIFEST_FILE,
  NON_DOCUMENT_CSP,
  commonSecurityHeaders,
  contentSecurityPolicy,
  inlineScriptHashes,
  readHeadersManifest,
  type HeadersManifest,
  type SiteMode,
} from "./csp";

/**
 * Production static server for the prerendered React Router build
 * (`build/client`). It serves exact files, `{path}/index.html` for
 * directory-style paths, the `.data` files React Router fetches on client
 * navigations, and the SPA fallback for every other path, so a story
 * published after the build still opens through its client loader.
 *
 * Security headers come from the build (site-server/csp.ts,
 * scripts/security-headers.ts): its mode (preview or production) and, for
 * each HTML file, a Content-Security-Policy allowing exactly its inline scripts.
 */

export interface SiteServerOptions {
  /** The folder to serve, normally `build/client`. */
  root: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1 (loopback only). */
  host?: string;
}

export interface SiteServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Longest request target (path + query) we read; longer ones get 414. */
export const MAX_URL_LENGTH = 8 * 1024;

const ALLOWED_METHODS = "GET, HEAD";

/** Written by `react-router build` when `/` is prerendered; else `index.html` plays its part. */
const SPA_FALLBACK_FILES = ["__spa-fallback.html", "index.html"];

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const SHORT_LIVED = "public, max-age=3600";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  // React Router's single-fetch payloads (turbo-stream); its server answers them as text/x-script
  ".data": "text/x-script; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".bmp": "image/bmp",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".ogg": "video/ogg",
  ".mov": "video/quicktime",
  ".mp3": "audio/mpeg",
  ".wasm": "application/wasm",
  ".pdf": "application/pdf",
};

/** Types worth a precompressed sibling (see scripts/precompress.ts). */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  ".html",
  ".htm",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".webmanifest",
  ".data",
  ".txt",
  ".xml",
  ".svg",
  ".ico",
]);

export interface SecurityContext {
  /** From the build's manifest; production when there is none. */
  mode?: SiteMode;
  /** The request came over TLS (directly or, per X-Forwarded-Proto, through a proxy). */
  https?: boolean;
  /** The document's policy; anything else gets one under which nothing loads or runs. */
  contentSecurityPolicy?: string;
}

/** Headers every answer carries: the mode's headers, HSTS over https, and a CSP. */
export function securityHeaders(context: SecurityContext = {}): Record<string, string> {
  const https = context.https ?? false;
  const csp = context.contentSecurityPolicy ?? NON_DOCUMENT_CSP;
  return {
    ...commonSecurityHeaders(context.mode ?? "production", { https }),
    "Content-Security-Policy": https && context.contentSecurityPolicy ? `${csp}; upgrade-insecure-requests` : csp,
  };
}

/**
 * True when the client reached us over TLS: our own TLS socket, or a proxy
 * in front saying so. Trusting the proxy headers is safe here: they only
 * add HSTS (which browsers ignore over plain HTTP) and
 * upgrade-insecure-requests to the answer of the one client that sent them.
 */
export function isHttpsRequest(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  const forwardedProto = headerValue(req.headers["x-forwarded-proto"]).split(",")[0]?.trim().toLowerCase();
  if (forwardedProto) return forwardedProto === "https";
  const forwarded = headerValue(req.headers.forwarded).split(",")[0] ?? "";
  return /(?:^|;)\s*proto\s*=\s*"?https"?\s*(?:;|$)/i.test(forwarded);
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

/** What the server knows about the build it serves. */
interface Site {
  root: string;
  manifest: HeadersManifest | null;
  /** Policies computed here for HTML files the manifest does not list, by file, size and mtime. */
  computed: Map<string, { key: string; csp: string }>;
}

async function loadSite(root: string): Promise<Site> {
  const manifest = await readHeadersManifest(root);
  if (!manifest) {
    console.warn(
      `site-server: ${root} has no ${MANIFEST_FILE} (written by react-router build): ` +
        "pages are served without a Content-Security-Policy, in production mode",
    );
  }
  return { root, manifest, computed: new Map() };
}

/** The CSP of an HTML file: from the manifest, or (a file it does not list) computed from the file with the manifest's policy. */
async function documentPolicy(site: Site, file: string, stats: Stats): Promise<string | undefined> {
  if (!site.manifest) return undefined;
  const relative = path.relative(site.root, file).split(path.sep).join("/");
  const listed = Object.hasOwn(site.manifest.documents, relative) ? site.manifest.documents[relative] : undefined;
  if (listed !== undefined) return listed;
  const key = `${stats.size}:${stats.mtimeMs}`;
  const cached = site.computed.get(file);
  if (cached?.key === key) return cached.csp;
  const csp = contentSecurityPolicy(site.manifest.policy, inlineScriptHashes(await readFile(file, "utf8")));
  site.computed.set(file, { key, csp });
  return csp;
}

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const host = options.host ?? "127.0.0.1";
  const root = await realpath(path.resolve(options.root));
  const rootStats = await stat(root);
  if (!rootStats.isDirectory()) throw new Error(`Site root ${root} is not a directory`);
  const site = await loadSite(root);

  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
    handleRequest(site, req, res).catch((error: unknown) => {
      console.error("site-server: request failed", error);
      if (!res.headersSent) {
        sendText(site, res, req, 500, "Internal Server Error");
      } else {
        res.destroy();
      }
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

type Resolution =
  | { kind: "file"; file: string; stats: Stats; cacheControl: string }
  | { kind: "status"; status: number; message: string };

async function handleRequest(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "";
  if (method !== "GET" && method !== "HEAD") {
    res.setHeader("Allow", ALLOWED_METHODS);
    sendText(site, res, req, 405, "Method Not Allowed");
    return;
  }
  const rawUrl = req.url ?? "/";
  if (rawUrl.length > MAX_URL_LENGTH) {
    sendText(site, res, req, 414, "URI Too Long");
    return;
  }
  const target = parsePath(rawUrl);
  if ("status" in target) {
    sendText(site, res, req, target.status, target.message);
    return;
  }
  const resolution = await resolveFile(site.root, target.segments, target.trailingSlash);
  if (resolution.kind === "status") {
    sendText(site, res, req, resolution.status, resolution.message);
    return;
  }
  await sendFile(site, req, res, resolution.file, resolution.stats, resolution.cacheControl);
}

type ParsedPath = { segments: string[]; trailingSlash: boolean } | { status: number; message: string };

/** Decodes and vets the path; anything that could leave the root is refused here. */
export function parsePath(rawUrl: string): ParsedPath {
  if (!rawUrl.startsWith("/")) return { status: 400, message: "Bad Request" };
  const end = rawUrl.search(/[?#]/);
  const rawPath = end === -1 ? rawUrl : rawUrl.slice(0, end);
  // encoded separators and NUL are never part of a file name we serve
  if (/%2f|%5c|%00|\\|\0/i.test(rawPath)) return { status: 400, message: "Bad Request" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { status: 400, message: "Bad Request: malformed percent-encoding" };
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return { status: 400, message: "Bad Request" };
  const segments = decoded.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === "..")) {
    return { status: 400, message: "Bad Request" };
  }
  return { segments, trailingSlash: decoded.endsWith("/") };
}

/** Missing files with these extensions are 404s, not the HTML fallback (a script or `.data` fetch cannot use HTML). */
const NO_FALLBACK_EXTENSIONS = new Set([
  ".data",
  ".js",
  ".mjs",
  ".css",
  ".map",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
  ".svg",
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".avif",
  ".ico",
  ".woff",
  ".woff2",
  ".ttf",
  ".otf",
  ".mp4",
  ".webm",
  ".br",
  ".gz",
  ".wasm",
]);

/** Instructions for static hosts (scripts/security-headers.ts), not content. */
const HOST_CONFIG_FILES = new Set(["_headers", "_redirects"]);

async function resolveFile(root: string, segments: string[], trailingSlash: boolean): Promise<Resolution> {
  // dotfiles (.env, .git, the headers manifest, ...) are never served
  if (segments.some((segment) => segment.startsWith(".") && segment !== ".well-known")) {
    return { kind: "status", status: 404, message: "Not Found" };
  }
  if (segments.length === 1 && HOST_CONFIG_FILES.has(segments[0]!)) {
    return { kind: "status", status: 404, message: "Not Found" };
  }
  const relative = segments.join("/");
  const candidate = path.join(root, relative);
  if (!isInside(root, candidate)) return { kind: "status", status: 404, message: "Not Found" };

  const last = segments.at(-1) ?? "";
  const extension = path.extname(last).toLowerCase();

  if (!trailingSlash) {
    const found = await statInside(root, candidate);
    if (found?.stats.isFile() && !(await isPrecompressedSibling(candidate, extension))) {
      return { kind: "file", file: found.file, stats: found.stats, cacheControl: cacheControlFor(segments, extension) };
    }
  }
  const index = await statInside(root, path.join(candidate, "index.html"));
  if (index?.stats.isFile()) {
    return { kind: "file", file: index.file, stats: index.stats, cacheControl: REVALIDATE };
  }
  if (segments[0] === "assets" || NO_FALLBACK_EXTENSIONS.has(extension)) {
    return { kind: "status", status: 404, message: "Not Found" };
  }
  for (const name of SPA_FALLBACK_FILES) {
    const fallback = await statInside(root, path.join(root, name));
    if (fallback?.stats.isFile()) {
      return { kind: "file", file: fallback.file, stats: fallback.stats, cacheControl: REVALIDATE };
    }
  }
  return { kind: "status", status: 404, message: "Not Found" };
}

function cacheControlFor(segments: string[], extension: string): string {
  if (extension === ".html" || extension === ".htm" || extension === ".data") return REVALIDATE;
  // Vite writes content-hashed file names under /assets/
  if (segments[0] === "assets" && segments.length > 1) return IMMUTABLE;
  return SHORT_LIVED;
}

/** `x.js.br` / `x.js.gz` are served as encodings of `x.js`, not as downloads. */
async function isPrecompressedSibling(file: string, extension: string): Promise<boolean> {
  if (extension !== ".br" && extension !== ".gz") return false;
  const original = await stat(file.slice(0, -extension.length)).catch(() => undefined);
  return original?.isFile() ?? false;
}

function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

/** Stats a path and makes sure it (after symlinks) is still inside the root. */
async function statInside(root: string, file: string): Promise<{ file: string; stats: Stats } | undefined> {
  try {
    const real = await realpath(file);
    if (!isInside(root, real)) return undefined;
    return { file: real, stats: await stat(real) };
  } catch {
    return undefined;
  }
}

interface Variant {
  file: string;
  stats: Stats;
  encoding?: "br" | "gzip";
}

async function chooseVariant(req: IncomingMessage, file: string, stats: Stats): Promise<Variant> {
  const extension = path.extname(file).toLowerCase();
  if (!COMPRESSIBLE_EXTENSIONS.has(extension)) return { file, stats };
  const accepted = parseAcceptEncoding(req.headers["accept-encoding"]);
  for (const [encoding, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (!accepted.has(encoding)) continue;
    const sibling = await stat(file + suffix).catch(() => undefined);
    // a sibling older than its original is stale (left over from an earlier build)
    if (sibling?.isFile() && sibling.mtimeMs >= stats.mtimeMs) {
      return { file: file + suffix, stats: sibling, encoding };
    }
  }
  return { file, stats };
}

/** The codings the client accepts with q > 0 (`*` stands for those not named). */
export function parseAcceptEncoding(header: string | string[] | undefined): Set<string> {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const named = new Map<string, number>();
  for (const part of value.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    named.set(name.trim(), Number.isFinite(q) ? q : 0);
  }
  const accepted = new Set<string>();
  const star = named.get("*");
  for (const coding of ["br", "gzip"]) {
    const q = named.get(coding) ?? star;
    if (q !== undefined && q > 0) accepted.add(coding);
  }
  return accepted;
}

async function sendFile(
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stats: Stats,
  cacheControl: string,
): Promise<void> {
  const extension = path.extname(file).toLowerCase();
  const contentType = CONTENT_TYPES[extension] ?? "application/octet-stream";
  const variant = await chooseVariant(req, file, stats);
  const etag = `"${variant.stats.size.toString(16)}-${Math.floor(variant.stats.mtimeMs).toString(16)}${
    variant.encoding ? `-${variant.encoding}` : ""
  }"`;
  const lastModified = stats.mtime.toUTCString();

  const isDocument = extension === ".html" || extension === ".htm";
  const security = securityHeaders({
    mode: site.manifest?.mode,
    https: isHttpsRequest(req),
    contentSecurityPolicy: isDocument ? await documentPolicy(site, file, stats) : undefined,
  });
  // a document without a known policy gets none rather than one that would stop it from running
  if (isDocument && !site.manifest) delete security["Content-Security-Policy"];
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", lastModified);
  if (COMPRESSIBLE_EXTENSIONS.has(extension)) res.setHeader("Vary", "Accept-Encoding");

  if (isNotModified(req, etag, stats.mtime)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  res.statusCode = 200;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", variant.stats.size);
  if (variant.encoding) res.setHeader("Content-Encoding", variant.encoding);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(variant.file), res);
  } catch {
    // the client went away or the file vanished mid-read: nothing more to send
    res.destroy();
  }
}

function isNotModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    // weak comparison (RFC 9110 13.1.2)
    const bare = etag.replace(/^W\//, "");
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim())
      .some((tag) => tag === "*" || tag.replace(/^W\//, "") === bare);
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    if (Number.isNaN(since)) return false;
    return Math.floor(mtime.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

function sendText(site: Site, res: ServerResponse, req: IncomingMessage, status: number, message: string): void {
  const body = `${message}\n`;
  res.statusCode = status;
  const security = securityHeaders({ mode: site.manifest?.mode, https: isHttpsRequest(req) });
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : body);
}
