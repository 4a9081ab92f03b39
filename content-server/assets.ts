import { createReadStream, promises as fsp, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { badRequest, HttpError, notFound } from "./errors";
import { CORS_HEADERS, decodeSegment, jsonReply, send } from "./http-utils";

/**
 * Asset files: `/f/{space}/{W}x{H}/{hash}/{file}` is served from
 * `{contentDir}/assets/{W}x{H}/{hash}/{file}`, never from outside that
 * folder, with ETag / Last-Modified, long-lived caching and byte ranges.
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".ogv": "video/ogg",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".pdf": "application/pdf",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".zip": "application/zip",
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export interface AssetTarget {
  /** `{W}x{H}/{hash}/{file}` */
  rel: string;
  abs: string;
  /** The part after `/m` when the image service is asked, else null. */
  transform: string | null;
}

const SPACE = /^\d{1,12}$/;
const DIMS = /^\d{1,5}x\d{1,5}$/;
const HASH = /^[A-Za-z0-9_-]{1,64}$/;

function unsafeSegment(s: string): boolean {
  return s === "." || s === ".." || s.includes("/") || s.includes("\\") || s.includes("\0");
}

/** Parses `/f/...`; 400 for traversal attempts, 404 for anything else that is not an asset path. */
export function parseAssetPath(pathname: string, assetsDir: string): AssetTarget {
  const raw = pathname.slice("/f/".length).split("/");
  const segments = raw.map(decodeSegment);
  if (segments.some(unsafeSegment) || raw.some((s) => s.includes("\\"))) throw badRequest("Invalid asset path");
  const [space, dims, hash, file, ...rest] = segments;
  if (!space || !dims || !hash || !file || !SPACE.test(space) || !DIMS.test(dims) || !HASH.test(hash)) {
    throw notFound("Asset not found");
  }
  if (file.startsWith(".") || file.length > 255) throw notFound("Asset not found");
  let transform: string | null = null;
  if (rest.length > 0) {
    if (rest[0] !== "m") throw notFound("Asset not found");
    transform = rest.length === 1 ? "" : `/${rest.slice(1).join("/")}`;
  }
  const rel = `${dims}/${hash}/${file}`;
  const abs = path.join(assetsDir, dims, hash, file);
  if (!abs.startsWith(assetsDir + path.sep)) throw badRequest("Invalid asset path");
  return { rel, abs, transform };
}

const realRoots = new Map<string, string>();

/** Stats the asset, following symlinks only when they stay inside the assets folder. */
export async function statAsset(target: AssetTarget, assetsDir: string): Promise<Stats> {
  try {
    let root = realRoots.get(assetsDir);
    if (!root) {
      root = await fsp.realpath(assetsDir);
      realRoots.set(assetsDir, root);
    }
    const real = await fsp.realpath(target.abs);
    if (!real.startsWith(root + path.sep)) throw notFound("Asset not found");
    const stat = await fsp.stat(real);
    if (!stat.isFile()) throw notFound("Asset not found");
    return stat;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EACCES" || code === "ELOOP" || code === "ENAMETOOLONG") {
      throw notFound("Asset not found");
    }
    throw err;
  }
}

export function etagOf(stat: Stats): string {
  return `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** True when the conditional headers allow a 304. */
export function notModified(req: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const inm = req.headers["if-none-match"];
  if (inm !== undefined) return etagMatches(inm, etag);
  const ims = req.headers["if-modified-since"];
  if (ims) {
    const t = Date.parse(ims);
    return Number.isFinite(t) && Math.floor(mtimeMs / 1000) * 1000 <= t;
  }
  return false;
}

type RangeResult = { start: number; end: number } | "unsatisfiable" | null;

/** One `bytes=` range; several ranges are answered with the whole file (allowed by RFC 9110). */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m) return null; // malformed or several ranges: ignored, the whole file is sent
  const [, a = "", b = ""] = m;
  if (a === "" && b === "") return "unsatisfiable";
  let start: number;
  let end: number;
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
    if (b !== "" && Number(b) < start) return "unsatisfiable";
  }
  if (start >= size || size === 0) return "unsatisfiable";
  return { start, end };
}

export interface ServeOptions {
  contentType: string;
  etag: string;
  headers?: Record<string, string>;
}

/** Streams a file (or a byte range of it) with caching headers; honours HEAD and conditionals. */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stat: Stats,
  options: ServeOptions,
): Promise<void> {
  const headers: Record<string, string | number> = {
    "Content-Type": options.contentType,
    "Cache-Control": IMMUTABLE,
    ETag: options.etag,
    "Last-Modified": stat.mtime.toUTCString(),
    "Accept-Ranges": "bytes",
    ...options.headers,
  };
  if (options.contentType === "image/svg+xml") headers["Content-Security-Policy"] = SVG_CSP;
  if (notModified(req, options.etag, stat.mtimeMs)) {
    send(req, res, { status: 304, headers, body: "" });
    return;
  }
  let range = parseRange(req.headers.range, stat.size);
  const ifRangeHeader: unknown = req.headers["if-range"];
  const ifRange = typeof ifRangeHeader === "string" ? ifRangeHeader.trim() : undefined;
  if (range && ifRange && ifRange !== options.etag && ifRange !== stat.mtime.toUTCString()) range = null;
  if (range === "unsatisfiable") {
    const reply = jsonReply(
      416,
      { error: "Range Not Satisfiable", size: stat.size },
      { "Content-Range": `bytes */${stat.size}` },
    );
    send(req, res, reply);
    return;
  }
  const start = range ? range.start : 0;
  const end = range ? range.end : stat.size - 1;
  res.statusCode = range ? 206 : 200;
  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
  res.setHeader("X-Content-Type-Options", "nosniff");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (range) res.setHeader("Content-Range", `bytes ${start}-${end}/${stat.size}`);
  res.setHeader("Content-Length", Math.max(0, end - start + 1));
  if (req.method === "HEAD" || stat.size === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(file, { start, end }), res);
  } catch {
    res.destroy(); // client went away or the file vanished mid-stream
  }
}
