import { promises as fsp, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import mime from "mime-types";
import send from "send";
import { badRequest, HttpError, notFound } from "./errors";
import { CORS_HEADERS, decodeSegment, jsonReply, send as sendReply, type Reply } from "./http-utils";

/**
 * Asset files: `/f/{space}/{W}x{H}/{hash}/{file}` is served from
 * `{contentDir}/assets/{W}x{H}/{hash}/{file}`, never from outside that
 * folder. `send` answers with the content type, ETag / Last-Modified,
 * conditional requests (304), byte ranges (206 / 416) and HEAD; the assets
 * are cached for a year, like Storyblok's.
 */

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function contentTypeOf(file: string): string {
  return mime.contentType(path.extname(file)) || "application/octet-stream";
}

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
    const root = realRoots.get(assetsDir) ?? (await fsp.realpath(assetsDir));
    realRoots.set(assetsDir, root);
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

export interface ServeOptions {
  /** Overrides send's ETag (the image service's is the transform's key). */
  etag?: string;
  headers?: Record<string, string>;
}

/** send's failures as the service's JSON errors. */
function sendError(err: { status?: number; headers?: Record<string, string> }, size: number): Reply {
  const status = err.status ?? 500;
  if (status === 404) return jsonReply(404, { error: "Asset not found" });
  if (status === 416) return jsonReply(416, { error: "Range Not Satisfiable", size }, err.headers ?? {});
  if (status === 412) return jsonReply(412, { error: "Precondition Failed" });
  return jsonReply(status, { error: status >= 500 ? "Internal Server Error" : "Bad Request" });
}

/**
 * Streams `rel` (a path below `root`) with send; resolves when the answer is
 * complete or the client went away.
 */
export function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  rel: string,
  size: number,
  options: ServeOptions = {},
): Promise<void> {
  const encoded = rel.split("/").map(encodeURIComponent).join("/");
  return new Promise((resolve) => {
    res.once("close", () => resolve());
    send(req, encoded, {
      root,
      maxAge: "1y",
      immutable: true,
      index: false,
      dotfiles: "deny",
    })
      .on("headers", (response: ServerResponse, file: string) => {
        for (const [name, value] of Object.entries(CORS_HEADERS)) response.setHeader(name, value);
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (options.etag) response.setHeader("ETag", options.etag);
        for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
        if (contentTypeOf(file).startsWith("image/svg+xml")) response.setHeader("Content-Security-Policy", SVG_CSP);
      })
      .on("error", (err: { status?: number; headers?: Record<string, string> }) => {
        // drop what send set for the file (type, caching, validators) before answering the error
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        sendReply(req, res, sendError(err, size));
      })
      .on("end", () => resolve())
      .pipe(res);
  });
}
