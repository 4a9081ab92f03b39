import type { Dirent } from "node:fs";
import { lstat, readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { PullError } from "./errors";
import { isTempFile } from "./http";
import { isObject } from "./json";
import { MANIFEST_FILE, parseManifest, type Manifest } from "./manifest";

/**
 * The output folder: what may be in it, story file names and removal of
 * what left the space.
 */

export const TAGS_FILE = "tags.json";
export const FOLDERS_FILE = "folders.json";
const EXPORT_ENTRIES = new Set([
  "space.json",
  "stories",
  "assets",
  "datasources",
  FOLDERS_FILE,
  TAGS_FILE,
  MANIFEST_FILE,
]);

export interface OutDirState {
  exists: boolean;
  /** Exists and holds nothing but hidden entries. */
  empty: boolean;
  /** Holds a space.json of a content folder or a manifest of an earlier pull. */
  isExport: boolean;
  /** Visible top-level entries that a content export does not have. */
  foreign: string[];
  space?: { id: number; name: string };
  publicToken?: string;
  manifest?: Manifest;
  /** `assets` is a symbolic link (e.g. a `content:generate --no-media` folder). */
  assetsIsSymlink: boolean;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as unknown;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return null; // exists but unreadable or not JSON
  }
}

export async function inspectOutDir(dir: string): Promise<OutDirState> {
  const state: OutDirState = { exists: false, empty: true, isExport: false, foreign: [], assetsIsSymlink: false };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return state;
    if (code === "ENOTDIR") throw Object.assign(new Error(`${dir} is a file, not a folder`), { code });
    throw err;
  }
  state.exists = true;
  const visible = names.filter((n) => !n.startsWith("."));
  state.empty = visible.length === 0 && !names.includes(MANIFEST_FILE);
  state.foreign = visible.filter((n) => !EXPORT_ENTRIES.has(n)).sort();

  const spaceJson = await readJson(path.join(dir, "space.json"));
  if (isObject(spaceJson) && isObject(spaceJson.space) && typeof spaceJson.space.id === "number") {
    state.isExport = true;
    state.space = {
      id: spaceJson.space.id,
      name: typeof spaceJson.space.name === "string" ? spaceJson.space.name : "",
    };
    if (typeof spaceJson.publicToken === "string") state.publicToken = spaceJson.publicToken;
  }
  const manifest = parseManifest(await readJson(path.join(dir, MANIFEST_FILE)));
  if (manifest) {
    state.manifest = manifest;
    state.isExport = true;
    state.space ??= manifest.space;
  }
  const assets = await lstat(path.join(dir, "assets")).catch(() => null);
  state.assetsIsSymlink = assets?.isSymbolicLink() ?? false;
  if (assets && !assets.isDirectory() && !assets.isSymbolicLink()) state.foreign.push("assets (not a folder)");
  const stories = await lstat(path.join(dir, "stories")).catch(() => null);
  if (stories && !stories.isDirectory()) state.foreign.push("stories (not a folder)");
  return state;
}

/** Throws when the folder may not be written into: it holds other things, or its assets folder is a link. */
export function checkOutDir(state: OutDirState, outDir: string, force: boolean): void {
  if (force) return;
  if (state.foreign.length > 0) {
    const list = state.foreign.slice(0, 5).join(", ") + (state.foreign.length > 5 ? ", ..." : "");
    throw new PullError(
      "output",
      `${outDir} holds files that are not part of a content export (${list}). Choose an empty or new folder, or pass --force to write into it anyway.`,
    );
  }
  if (state.exists && !state.empty && !state.isExport) {
    throw new PullError(
      "output",
      `${outDir} is not empty and holds no space.json or ${MANIFEST_FILE} of an earlier export. Choose an empty or new folder, or pass --force.`,
    );
  }
  if (state.assetsIsSymlink) {
    throw new PullError(
      "output",
      `${outDir}/assets is a symbolic link; writing through it would change the folder it points to. Remove the link or pass --force (the link is then replaced by a folder).`,
    );
  }
}

function safeSegment(segment: string): string {
  // eslint-disable-next-line no-control-regex
  let s = segment.replace(/[\u0000-\u001f\\:*?"<>|]/g, "_");
  if (s === "") s = "_";
  if (s.startsWith(".")) s = `_${s}`; // the content service skips hidden files
  if (s.length > 200) s = s.slice(0, 200);
  return s;
}

/** `datasources/{slug}.json` */
export function datasourceFileFor(slug: string): string {
  return `datasources/${safeSegment(slug.replace(/\//g, "_"))}.json`;
}

/** `stories/{full_slug}.json`; a folder's start page (`articles/`) becomes `articles/index.json`. */
export function storyFileFor(fullSlug: string): string {
  let slug = fullSlug.replace(/^\/+/, "");
  if (slug === "" || slug.endsWith("/")) slug += "index";
  return `stories/${slug.split("/").map(safeSegment).join("/")}.json`;
}

/**
 * File names for all stories, unique even on case-insensitive file systems:
 * a clash gets `~{id}` appended. The content service reads the slug from the
 * JSON, so the name only has to be unique.
 */
export function assignStoryFiles(stories: readonly { id: number; full_slug: string }[]): Map<number, string> {
  const taken = new Set<string>();
  const out = new Map<number, string>();
  const ordered = [...stories].sort((a, b) =>
    a.full_slug < b.full_slug ? -1 : a.full_slug > b.full_slug ? 1 : a.id - b.id,
  );
  for (const story of ordered) {
    let file = storyFileFor(story.full_slug);
    if (taken.has(file.toLowerCase())) file = file.replace(/\.json$/, `~${story.id}.json`);
    taken.add(file.toLowerCase());
    out.set(story.id, file);
  }
  return out;
}

/** Every file and folder below `dir`; none when it does not exist. */
async function entriesBelow(dir: string): Promise<Dirent[]> {
  return readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
}

const fullPath = (entry: Dirent): string => path.join(entry.parentPath, entry.name);

/** Deletes temporary files an interrupted run left behind; returns how many. */
export async function removeTempFiles(outDir: string): Promise<number> {
  const assets = await lstat(path.join(outDir, "assets")).catch(() => null);
  const folders = ["stories", "datasources", ...(assets?.isDirectory() ? ["assets"] : [])];
  const below = await Promise.all(folders.map((folder) => entriesBelow(path.join(outDir, folder))));
  const top = await readdir(outDir, { withFileTypes: true }).catch(() => []);
  const temps = [...top, ...below.flat()].filter((entry) => !entry.isDirectory() && isTempFile(entry.name));
  for (const entry of temps) await rm(fullPath(entry), { force: true });
  return temps.length;
}

/** Deletes story files (`stories/**.json`, not hidden) that are not in `keep`, then empty folders; returns the removed files. */
export async function removeStaleStories(outDir: string, keep: ReadonlySet<string>): Promise<string[]> {
  const removed: string[] = [];
  const entries = await entriesBelow(path.join(outDir, "stories"));
  for (const entry of entries.filter((e) => !e.isDirectory())) {
    const rel = path.relative(outDir, fullPath(entry)).split(path.sep).join("/");
    if (!entry.name.endsWith(".json") || rel.split("/").some((part) => part.startsWith("."))) continue;
    if (!keep.has(rel)) {
      await rm(fullPath(entry), { force: true });
      removed.push(rel);
    }
  }
  // the deepest first, so that a folder whose folders went is empty in its turn
  const folders = entries.filter((e) => e.isDirectory()).map(fullPath);
  for (const folder of folders.sort((a, b) => b.length - a.length)) await rmdir(folder).catch(() => undefined); // only succeeds when empty
  return removed.sort();
}

/** Deletes datasource files (`datasources/*.json`) that are not in `keep`. */
export async function removeStaleDatasources(outDir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(path.join(outDir, "datasources")).catch(() => [] as string[])) {
    const rel = `datasources/${name}`;
    if (name.endsWith(".json") && !name.startsWith(".") && !keep.has(rel))
      await rm(path.join(outDir, rel), { force: true });
  }
}
