import { readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where a build puts its files: `{build}/client/` is what a server serves,
 * `{build}/renderer/` the server bundle kept for live updates, beside them
 * `release.json` (release/release-info.ts) and `nginx/` (release/host-files.ts).
 */

export const CLIENT_DIR = "client";
/** The server bundle the build prerendered with, kept for updates (vite.config.ts). */
export const RENDERER_DIR = "renderer";

/** The HTML file of a prerendered path, relative to the client folder with "/" separators (`about/index.html`). */
export function pageRelative(pagePath: string): string {
  return [...pagePath.split("/").filter(Boolean), "index.html"].join("/");
}

/** The HTML file of a prerendered path. */
export function pageFile(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pageRelative(pagePath));
}

/** Its `.data` file, as React Router names it (`/` has `_root.data`). */
export function dataFile(clientDir: string, pagePath: string): string {
  return pagePath === "/" ? path.join(clientDir, "_root.data") : path.join(clientDir, `${pagePath.slice(1)}.data`);
}

/** The HTML files of a build's client folder, relative with "/" separators, sorted; dot folders and files left out. */
export async function listHtmlFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.html?$/i.test(entry.name))
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((relative) => !relative.split("/").some((segment) => segment.startsWith(".")))
    .sort();
}

/** What reading one of a build's optional files gives; null when the file does not exist (any other error is thrown). */
export function unlessMissing<T>(reading: Promise<T>): Promise<T | null> {
  return reading.catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
}

/**
 * A new file under the old name, written beside it and renamed into place: a release made by linking the files of
 * the live one (an incremental update, live-update/link-tree.ts) must never write into a file they share.
 */
export async function replaceFile(file: string, data: string | Uint8Array): Promise<void> {
  await writeFile(`${file}.tmp`, data);
  await rename(`${file}.tmp`, file);
}
