import path from "node:path";
import { contentType } from "mime-types";

/**
 * What a build's files are, as every server of it must serve them: the site
 * server (site-server/static-files.ts), the nginx site and the static hosts'
 * files the build writes (pipeline/host-config.ts). One list each.
 */

/** The not-found page of a folder: static hosts (Cloudflare Pages, Netlify) answer 404 with the nearest one. */
export const NOT_FOUND_PAGE = "404.html";

/** React Router's single-fetch payloads (turbo-stream); its own server answers them as text/x-script. */
const TYPE_OVERRIDES: Readonly<Record<string, string>> = {
  ".data": "text/x-script; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** Types worth a precompressed sibling (see pipeline/precompress.ts). */
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

/** Every file type the site serves, its pages (.html) included: the compressible ones above, fonts, images, video, documents. */
export const SERVED_EXTENSIONS: readonly string[] = [
  ...COMPRESSIBLE_EXTENSIONS,
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".avif",
  ".woff",
  ".woff2",
  ".ttf",
  ".otf",
  ".mp4",
  ".webm",
  ".wasm",
  ".pdf",
];

/**
 * Missing files with these extensions are plain 404s, not the not-found page: a script, style, `.data`
 * or media request cannot use HTML. The one list for the site server and every host configuration the
 * build writes (pipeline/host-config.ts); pages (`.html`) and extensionless paths get the page.
 */
export const NO_PAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...SERVED_EXTENSIONS.filter((extension) => extension !== ".html" && extension !== ".htm"),
  // precompressed siblings (pipeline/precompress.ts)
  ".br",
  ".gz",
]);

/** Whether a 404 for this path carries the not-found page (else it is a plain-text 404). */
export function wantsNotFoundPage(segments: readonly string[]): boolean {
  const extension = path.extname(segments.at(-1) ?? "").toLowerCase();
  return segments[0] !== "assets" && !NO_PAGE_EXTENSIONS.has(extension);
}

/** The content type of a file, by its extension. */
export function contentTypeOf(file: string): string {
  const extension = path.extname(file).toLowerCase();
  return TYPE_OVERRIDES[extension] || contentType(extension) || "application/octet-stream";
}
