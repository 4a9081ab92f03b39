import type { Stats } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import send from "send";
import { COMPRESSIBLE_EXTENSIONS, NOT_FOUND_PAGE, contentTypeOf, wantsNotFoundPage } from "../release/served-files";
import { MANIFEST_FILE, readHeadersManifest, type LoadedHeadersManifest } from "../release/headers-manifest";
import { HEADERS_FILE, REDIRECTS_FILE } from "../release/host-files";
import { documentSecurityPolicy } from "../pipeline/csp";
import { isHttpsRequest, securityHeaders, sendText } from "./http-answers";

/**
 * One prerendered build as the site server serves it: which file answers a
 * path, with which status and headers. The bytes, ranges, ETag/Last-Modified
 * and conditional requests are `send`'s (the file server under Express);
 * this module chooses the file, its precompressed sibling and the headers.
 */

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const SHORT_LIVED = "public, max-age=3600";

/** Instructions for static hosts (pipeline/security-headers.ts, pipeline/host-config.ts), not content. */
const HOST_CONFIG_FILES: ReadonlySet<string> = new Set([HEADERS_FILE, REDIRECTS_FILE]);

/** A build the server can answer from; a rebuild makes a new one and the server swaps to it in one step. */
export interface Site {
  root: string;
  manifest: LoadedHeadersManifest;
  /** Policies computed here for HTML files the manifest does not list, by file, size and mtime. */
  computed: Map<string, { key: string; csp: string }>;
}

export async function loadSite(root: string): Promise<Site> {
  const real = await realpath(path.resolve(root));
  if (!(await stat(real)).isDirectory()) throw new Error(`Site root ${real} is not a directory`);
  const manifest = await readHeadersManifest(real);
  // the build writes it at its end: without it the folder is an unfinished build (or none), not a site
  if (!manifest) {
    throw new Error(
      `${real} has no ${MANIFEST_FILE} (written at the end of react-router build): not a complete build, not served`,
    );
  }
  return { root: real, manifest, computed: new Map() };
}

type ParsedPath = { segments: string[]; trailingSlash: boolean } | { status: number; message: string };

const BAD_REQUEST = { status: 400, message: "Bad Request" };

/**
 * Decodes and vets the path of a request target: origin-form (`/about`) or,
 * as RFC 9112 3.2.2 asks a server to accept, absolute-form
 * (`http://host/about`, sent to proxies and by some clients). Anything that
 * could leave the root is refused here.
 */
export function parsePath(rawUrl: string): ParsedPath {
  let target = rawUrl;
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) return BAD_REQUEST;
    const url = new URL(target);
    target = `${url.pathname}${url.search}`;
  }
  if (!target.startsWith("/")) return BAD_REQUEST;
  const end = target.search(/[?#]/);
  const rawPath = end === -1 ? target : target.slice(0, end);
  // encoded separators and NUL are never part of a file name we serve
  if (/%2f|%5c|%00|\\|\0/i.test(rawPath)) return BAD_REQUEST;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { status: 400, message: "Bad Request: malformed percent-encoding" };
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return BAD_REQUEST;
  const segments = decoded.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === "..")) return BAD_REQUEST;
  return { segments, trailingSlash: decoded.endsWith("/") };
}

interface Found {
  file: string;
  stats: Stats;
}

/** A path of the site's own, encoded for a Location header. */
function pathFromSegments(segments: readonly string[]): string {
  return `/${segments.map((segment) => encodeURIComponent(segment)).join("/")}`;
}

/**
 * Where a path that names a page in another form than its canonical URL is
 * sent (301): one address per page, as its canonical link says. A page's
 * trailing slash goes (`/about/` to `/about`, `/en/` to `/en`), and a
 * folder's `index.html` is its `index` page where it has one (`/index.html`
 * to the project index `/index`: the home's file is no address of the home).
 * null for any other path (an unknown one stays a 404). The nginx site does
 * the same (pipeline/host-config.ts).
 */
export async function canonicalRedirect(
  site: Site,
  segments: readonly string[],
  trailingSlash: boolean,
): Promise<string | null> {
  const isPage = async (...file: string[]) =>
    (await statInside(site.root, path.join(site.root, ...file)))?.stats.isFile() === true;
  if (trailingSlash && segments.length > 0) {
    return (await isPage(...segments, "index.html")) ? pathFromSegments(segments) : null;
  }
  if (segments.at(-1) !== "index.html") return null;
  const folder = segments.slice(0, -1);
  return (await isPage(...folder, "index", "index.html")) ? pathFromSegments([...folder, "index"]) : null;
}

export type Resolution =
  | { kind: "file"; file: string; stats: Stats; cacheControl: string }
  /** `page`: the nearest not-found page, sent with the 404 (none for assets, scripts, data and images) */
  | { kind: "not-found"; page: Found | null };

/**
 * The file that answers a path: the exact file, `{path}/index.html`, or
 * else a 404 with the nearest `404.html` above the path. The build writes
 * `404.html` (the not-found screen in the site's shell) and
 * `articles/404.html` (the SPA fallback, which renders an article published
 * after the build through its client loader).
 */
export async function resolveFile(site: Site, segments: string[], trailingSlash: boolean): Promise<Resolution> {
  const { root } = site;
  const last = segments.at(-1) ?? "";
  const extension = path.extname(last).toLowerCase();
  const notFound = async (): Promise<Resolution> => ({
    kind: "not-found",
    page: wantsNotFoundPage(segments) ? await nearestNotFoundPage(root, segments, trailingSlash) : null,
  });

  // dotfiles (.env, .git, the headers manifest, ...) are never served
  if (segments.some((segment) => segment.startsWith(".") && segment !== ".well-known")) return notFound();
  // nor are their temporary siblings, which a build writes before renaming them into place
  if (segments.length === 1 && HOST_CONFIG_FILES.has(segments[0]!.replace(/\.tmp$/, ""))) return notFound();
  // a not-found page is the body of a 404, never a page of its own
  if (last === NOT_FOUND_PAGE) return notFound();
  const candidate = path.join(root, ...segments);
  if (!isInside(root, candidate)) return notFound();

  if (!trailingSlash) {
    const found = await statInside(root, candidate);
    if (found?.stats.isFile() && !(await isPrecompressedSibling(candidate, extension))) {
      return { kind: "file", ...found, cacheControl: cacheControlFor(segments, extension) };
    }
  }
  const index = await statInside(root, path.join(candidate, "index.html"));
  if (index?.stats.isFile()) return { kind: "file", ...index, cacheControl: REVALIDATE };
  return notFound();
}

/** The `404.html` of the path's folder or the nearest folder above it. */
async function nearestNotFoundPage(root: string, segments: string[], trailingSlash: boolean): Promise<Found | null> {
  const folders = trailingSlash ? segments : segments.slice(0, -1);
  for (let depth = folders.length; depth >= 0; depth -= 1) {
    const found = await statInside(root, path.join(root, ...folders.slice(0, depth), NOT_FOUND_PAGE));
    if (found?.stats.isFile()) return found;
  }
  return null;
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
async function statInside(root: string, file: string): Promise<Found | undefined> {
  try {
    const real = await realpath(file);
    if (!isInside(root, real)) return undefined;
    return { file: real, stats: await stat(real) };
  } catch {
    return undefined;
  }
}

interface Variant extends Found {
  encoding?: "br" | "gzip";
}

// negotiator 1.x takes the server's own order for ties; @types/negotiator describes 0.6
type EncodingNegotiator = { encodings(available: string[], options: { preferred: string[] }): string[] };

/** The codings the client accepts, its q-values first and ours (br, gzip, identity) on ties. */
export function preferredEncodings(req: Pick<IncomingMessage, "headers">): string[] {
  const order = ["br", "gzip", "identity"];
  return (new Negotiator(req) as unknown as EncodingNegotiator).encodings(order, { preferred: order });
}

/** The precompressed sibling the client prefers (Accept-Encoding, negotiated by `negotiator`), else the file itself. */
async function chooseVariant(req: IncomingMessage, file: string, stats: Stats): Promise<Variant> {
  if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) return { file, stats };
  for (const encoding of preferredEncodings(req)) {
    // identity preferred to the codings after it: the file itself
    if (encoding !== "br" && encoding !== "gzip") break;
    const sibling = `${file}${encoding === "br" ? ".br" : ".gz"}`;
    const siblingStats = await stat(sibling).catch(() => undefined);
    // a sibling older than its original is stale (left over from an earlier build)
    if (siblingStats?.isFile() && siblingStats.mtimeMs >= stats.mtimeMs) {
      return { file: sibling, stats: siblingStats, encoding };
    }
  }
  return { file, stats };
}

/** The CSP of an HTML file: from the manifest, or (a file it does not list) computed from the file with the manifest's policy. */
async function documentPolicy(site: Site, file: string, stats: Stats): Promise<string> {
  const relative = path.relative(site.root, file).split(path.sep).join("/");
  const listed = site.manifest.documents.get(relative);
  if (listed !== undefined) return listed;
  const key = `${stats.size}:${stats.mtimeMs}`;
  const cached = site.computed.get(file);
  if (cached?.key === key) return cached.csp;
  const csp = documentSecurityPolicy(site.manifest.policy, await readFile(file, "utf8"));
  site.computed.set(file, { key, csp });
  return csp;
}

/**
 * Sends a file of the site with `status` (200, or 404 for a not-found
 * page): its headers (security, caching, encoding) are set here, the body,
 * validators, ranges and conditional answers by `send`.
 */
export async function sendSiteFile(
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  found: Found,
  options: { status: 200 | 404; cacheControl: string },
): Promise<void> {
  const { file, stats } = found;
  const isDocument = /\.html?$/i.test(file);
  const variant = await chooseVariant(req, file, stats);
  const security = securityHeaders({
    mode: site.manifest.mode,
    https: isHttpsRequest(req),
    contentSecurityPolicy: isDocument ? await documentPolicy(site, file, stats) : undefined,
  });
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  res.setHeader("Cache-Control", options.cacheControl);
  if (COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) res.setHeader("Vary", "Accept-Encoding");
  // send keeps a Content-Type that is already set: the original's, also for its .br/.gz
  res.setHeader("Content-Type", contentTypeOf(file));
  if (variant.encoding) res.setHeader("Content-Encoding", variant.encoding);
  res.statusCode = options.status;

  const ok = options.status === 200;
  // preconditions apply to the representation asked for, never to a 404's body (RFC 9110 13.2.1)
  if (!ok) for (const name of PRECONDITIONS) delete req.headers[name];
  const relative = path.relative(site.root, variant.file).split(path.sep).map(encodeURIComponent).join("/");
  await new Promise<void>((resolve) => {
    const stream = send(req, `/${relative}`, {
      root: site.root,
      // dotfiles never get here (resolveFile); a root folder such as /home/.x must not be refused
      dotfiles: "allow",
      index: false,
      cacheControl: false,
      // a 404 page has no validators or ranges: it is not the representation of what was asked for
      etag: ok,
      lastModified: ok,
      acceptRanges: ok,
    });
    stream.on("error", (error: { status?: number; headers?: Record<string, string> }) => {
      if (res.headersSent) res.destroy();
      else answerSendError(site, req, res, error);
      resolve();
    });
    stream.on("end", () => resolve());
    res.on("close", () => resolve());
    stream.pipe(res);
  });
}

/** Request headers that make a GET conditional (RFC 9110 13.1). */
const PRECONDITIONS = ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since", "if-range"] as const;

/** What `send` could not serve, each with its own status: an unsatisfiable range, a failed precondition, a file gone. */
const SEND_ERRORS: ReadonlySet<number> = new Set([404, 412, 416]);

/**
 * Answers `send`'s error as text without the file's headers (type, encoding,
 * validators) it had set; a 416 keeps its `Content-Range`, the size of the file
 * (RFC 9110 15.5.17). 404: the file went away between resolving and sending
 * (an old build removed).
 */
function answerSendError(
  site: Site,
  req: IncomingMessage,
  res: ServerResponse,
  error: { status?: number; headers?: Record<string, string> },
): void {
  const status = error.status !== undefined && SEND_ERRORS.has(error.status) ? error.status : 500;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  if (error.status === 416 && error.headers?.["Content-Range"]) {
    res.setHeader("Content-Range", error.headers["Content-Range"]);
  }
  sendText(site.manifest.mode, req, res, status, STATUS_CODES[status]!);
}
