import { lstat, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { isTempFile, tempPathFor } from "./http";

/**
 * The output folder: what may be in it, atomic writes, story file names, the
 * resume manifest and removal of stories that left the space.
 */

export const MANIFEST_FILE = ".pull-manifest.json";
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

export interface ManifestAsset {
  size: number;
  url: string;
}

/** `.pull-manifest.json`: what the last run wrote, so that `--resume` needs no requests for finished files. */
export interface Manifest {
  format: "content-pull/1";
  /** API base the export came from (no token). */
  source: string;
  space: { id: number; name: string };
  startedAt: string;
  finishedAt: string | null;
  /** False while a run is in progress or when it failed. */
  complete: boolean;
  /** full_slug -> file below the folder. */
  stories: Record<string, string>;
  /** `{W}x{H}/{hash}/{file}` -> size and source URL of the file in assets/. */
  assets: Record<string, ManifestAsset>;
}

export interface OutDirState {
  exists: boolean;
  /** Exists and holds nothing but hidden entries. */
  empty: boolean;
  /** Holds a space.json of a content folder or a manifest of an earlier pull. */
  isExport: boolean;
  /** Visible top-level entries that a content export does not have. */
  foreign: string[];
  space?: { id: number; name: string };
  previewToken?: string;
  publicToken?: string;
  manifest?: Manifest;
  /** `assets` is a symbolic link (e.g. a `content:generate --no-media` folder). */
  assetsIsSymlink: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as unknown;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return null; // exists but unreadable or not JSON
  }
}

export function parseManifest(value: unknown): Manifest | undefined {
  if (
    !isObject(value) ||
    value.format !== "content-pull/1" ||
    !isObject(value.assets) ||
    !isObject(value.stories) ||
    !isObject(value.space)
  )
    return undefined;
  const assets: Record<string, ManifestAsset> = {};
  for (const [rel, entry] of Object.entries(value.assets)) {
    if (isObject(entry) && typeof entry.size === "number" && typeof entry.url === "string")
      assets[rel] = { size: entry.size, url: entry.url };
  }
  const stories: Record<string, string> = {};
  for (const [slug, file] of Object.entries(value.stories)) if (typeof file === "string") stories[slug] = file;
  const space = value.space;
  return {
    format: "content-pull/1",
    source: typeof value.source === "string" ? value.source : "",
    space: { id: typeof space.id === "number" ? space.id : 0, name: typeof space.name === "string" ? space.name : "" },
    startedAt: typeof value.startedAt === "string" ? value.startedAt : "",
    finishedAt: typeof value.finishedAt === "string" ? value.finishedAt : null,
    complete: value.complete === true,
    stories,
    assets,
  };
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
    if (typeof spaceJson.previewToken === "string") state.previewToken = spaceJson.previewToken;
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

/** Writes through a temporary file in the same folder and a rename: readers see the old or the new file, never a part. */
export async function writeFileAtomic(file: string, data: string | Uint8Array, mode?: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = tempPathFor(file);
  try {
    await writeFile(tmp, data, mode === undefined ? undefined : { mode });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Writes `text` unless the file already holds exactly that; true when written. */
export async function writeIfChanged(file: string, text: string, mode?: number): Promise<boolean> {
  const old = await readFile(file, "utf8").catch(() => null);
  if (old === text) return false;
  await writeFileAtomic(file, text, mode);
  return true;
}

/** JSON as the content folder keeps it: two-space indent, final newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
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

async function walk(dir: string, visit: (abs: string, name: string, isDir: boolean) => Promise<void>): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(abs, visit);
    await visit(abs, entry.name, entry.isDirectory());
  }
}

/** Deletes temporary files an interrupted run left behind; returns how many. */
export async function removeTempFiles(outDir: string): Promise<number> {
  let removed = 0;
  const visit = async (abs: string, name: string, isDir: boolean) => {
    if (!isDir && isTempFile(name)) {
      await rm(abs, { force: true });
      removed++;
    }
  };
  for (const name of await readdir(outDir).catch(() => [] as string[]))
    if (isTempFile(name)) await visit(path.join(outDir, name), name, false);
  await walk(path.join(outDir, "stories"), visit);
  await walk(path.join(outDir, "datasources"), visit);
  const assets = await lstat(path.join(outDir, "assets")).catch(() => null);
  if (assets?.isDirectory()) await walk(path.join(outDir, "assets"), visit);
  return removed;
}

/** Deletes story files (`stories/**.json`, not hidden) that are not in `keep`, then empty folders; returns the removed files. */
export async function removeStaleStories(outDir: string, keep: ReadonlySet<string>): Promise<string[]> {
  const removed: string[] = [];
  const storiesDir = path.join(outDir, "stories");
  await walk(storiesDir, async (abs, name, isDir) => {
    const rel = path.relative(outDir, abs).split(path.sep).join("/");
    if (isDir) {
      await rmdir(abs).catch(() => undefined); // only succeeds when empty
      return;
    }
    if (!name.endsWith(".json") || rel.split("/").some((part) => part.startsWith("."))) return;
    if (!keep.has(rel)) {
      await rm(abs, { force: true });
      removed.push(rel);
    }
  });
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
