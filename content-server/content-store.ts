import { createHash } from "node:crypto";
import { promises as fsp, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { watch, type FSWatcher } from "chokidar";
import {
  defaultOrder,
  parseDatasourceFile,
  parseFoldersFile,
  parseSpaceFile,
  parseStoryFile,
  type Datasource,
  type Folder,
  type SpaceFile,
  type SpaceInfo,
  type Story,
  type StoryEntry,
  type StoryRecord,
  type Version,
  type VersionView,
} from "./content-files";

/**
 * The content folder in memory: space.json, every stories/**.json file,
 * folders.json and datasources/*.json, parsed once, indexed by full_slug,
 * id and uuid for each version, and kept fresh by watching the folder
 * (chokidar). `cv` (the cache version) changes whenever any of them
 * changes; changes to what is published are reported as Storyblok's
 * webhook events.
 */

/** A change of what is published, as Storyblok's story webhooks name it. */
export interface StoryEvent {
  action: "published" | "unpublished" | "deleted" | "moved";
  story: { id: number; name: string; full_slug: string };
}

export interface ContentStoreOptions {
  /** Watch the folder for changes (default true); "poll" stats the files every pollMs instead. */
  watch?: boolean | "poll";
  pollMs?: number;
  /** Quiet time before a burst of file events is applied. */
  debounceMs?: number;
  log?: (message: string) => void;
  /** Called after a change is applied with what it published, unpublished, moved or deleted. */
  onStoryEvents?: (events: StoryEvent[]) => void;
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

/** A stable uuid (version 4 layout) for a folder that has none in folders.json. */
function folderUuid(spaceId: number, slug: string): string {
  const h = createHash("sha256").update(`folder\u0000${spaceId}\u0000${slug}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[Number.parseInt(h[16] as string, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The folders of the space: every path prefix of a story's full_slug.
 * folders.json names them; a folder it does not list takes its id from its
 * stories' parent_id and its name from its slug.
 */
function buildFolders(stories: readonly Story[], declared: readonly Folder[], spaceId: number): Folder[] {
  const bySlug = new Map(declared.map((f) => [f.full_slug, { ...f }]));
  const parentIds = new Map<string, Set<number>>();
  for (const story of stories) {
    const segments = story.full_slug.replace(/\/+$/, "").split("/");
    // a folder's start page ("articles/") lives in the folder "articles"
    const depth = story.full_slug.endsWith("/") ? segments.length : segments.length - 1;
    for (let i = 1; i <= depth; i++) {
      const slug = segments.slice(0, i).join("/");
      if (!parentIds.has(slug)) parentIds.set(slug, new Set());
      if (i === depth && typeof story.parent_id === "number" && story.parent_id > 0)
        parentIds.get(slug)?.add(story.parent_id);
    }
  }
  const usedIds = new Set(declared.map((f) => f.id));
  for (const [slug, ids] of parentIds) {
    if (bySlug.has(slug)) continue;
    const [only] = ids;
    let id = ids.size === 1 && only !== undefined && !usedIds.has(only) ? only : 0;
    if (id === 0)
      id = Number.parseInt(createHash("sha256").update(`folder-id\u0000${slug}`).digest("hex").slice(0, 12), 16);
    usedIds.add(id);
    bySlug.set(slug, {
      id,
      uuid: folderUuid(spaceId, slug),
      name: slug.split("/").pop() ?? slug,
      full_slug: slug,
      parent_id: -1,
      position: 0,
    });
  }
  for (const folder of bySlug.values()) {
    if (folder.parent_id !== -1) continue;
    const parent = folder.full_slug.includes("/")
      ? bySlug.get(folder.full_slug.slice(0, folder.full_slug.lastIndexOf("/")))
      : undefined;
    folder.parent_id = parent?.id ?? 0;
  }
  return [...bySlug.values()];
}

function buildView(entries: Iterable<StoryEntry>, version: Version, warn: (m: string) => void): VersionView {
  const records: StoryRecord[] = [];
  for (const entry of entries) {
    const record = version === "draft" ? entry.draft : entry.published;
    if (record) records.push(record);
  }
  // files in path order, so duplicates resolve the same way every time
  records.sort((a, b) => (a.entry.file < b.entry.file ? -1 : a.entry.file > b.entry.file ? 1 : 0));
  const bySlug = new Map<string, StoryRecord>();
  const byId = new Map<number, StoryRecord>();
  const byUuid = new Map<string, StoryRecord>();
  const list: StoryRecord[] = [];
  for (const record of records) {
    const { id, uuid, full_slug } = record.story;
    const clash = byId.has(id)
      ? `id ${id}`
      : byUuid.has(uuid)
        ? `uuid ${uuid}`
        : bySlug.has(full_slug)
          ? `full_slug "${full_slug}"`
          : "";
    if (clash) {
      if (version === "draft")
        warn(`content: ${record.entry.file} ignored, its ${clash} is already used by another story`);
      continue;
    }
    byId.set(id, record);
    byUuid.set(uuid, record);
    bySlug.set(full_slug, record);
    list.push(record);
  }
  list.sort((a, b) => defaultOrder(a.story, b.story));
  return { list, bySlug, byId, byUuid };
}

/** What changing one story file tells Storyblok's webhook receivers. */
export function storyEvents(before: StoryEntry | undefined, after: StoryEntry | undefined): StoryEvent[] {
  const about = (story: Story) => ({
    id: story.id,
    name: typeof story.name === "string" ? story.name : "",
    full_slug: story.full_slug,
  });
  if (!after) return before ? [{ action: "deleted", story: about(before.draft.story) }] : [];
  const events: StoryEvent[] = [];
  if (before && before.draft.story.full_slug !== after.draft.story.full_slug)
    events.push({ action: "moved", story: about(after.draft.story) });
  const was = before?.published?.story;
  const is = after.published?.story;
  if (was && !is) events.push({ action: "unpublished", story: about(was) });
  else if (is && (!was || !isDeepStrictEqual(was, is))) events.push({ action: "published", story: about(is) });
  return events;
}

/** What the watcher reports: a file of the content folder, or null for "look at everything". */
type Change = string | null;

export class ContentStore {
  readonly contentDir: string;
  readonly storiesDir: string;
  readonly assetsDir: string;
  readonly datasourcesDir: string;
  private spaceFile!: SpaceFile;
  private spaceMtimeMs = 0;
  private entries = new Map<string, StoryEntry>();
  private datasourceFiles = new Map<string, { mtimeMs: number; datasource: Datasource }>();
  private declaredFolders: Folder[] = [];
  private foldersMtimeMs = 0;
  private views: Partial<Record<Version, VersionView>> = {};
  private folderList: Folder[] | undefined;
  private cvValue = 0;
  private generationValue = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private watcher: FSWatcher | undefined;
  private pending = new Set<string>();
  private pendingFull = false;
  private debounceTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly options: Required<Omit<ContentStoreOptions, "onStoryEvents">> &
    Pick<ContentStoreOptions, "onStoryEvents">;

  constructor(contentDir: string, options: ContentStoreOptions = {}) {
    this.contentDir = path.resolve(contentDir);
    this.storiesDir = path.join(this.contentDir, "stories");
    this.assetsDir = path.join(this.contentDir, "assets");
    this.datasourcesDir = path.join(this.contentDir, "datasources");
    this.options = {
      watch: options.watch ?? true,
      pollMs: options.pollMs ?? 2000,
      debounceMs: options.debounceMs ?? 25,
      log: options.log ?? ((m) => console.warn(m)),
      onStoryEvents: options.onStoryEvents,
    };
  }

  get space(): SpaceInfo {
    return this.spaceFile.space;
  }
  get previewToken(): string {
    return this.spaceFile.previewToken;
  }
  get publicToken(): string {
    return this.spaceFile.publicToken;
  }
  /** The cache version: a Unix timestamp (seconds) that grows with every change. */
  get cv(): number {
    return this.cvValue;
  }
  /** Grows with every applied change; lets callers cache derived data. */
  get generation(): number {
    return this.generationValue;
  }
  get storyCount(): number {
    return this.view("draft").list.length;
  }

  view(version: Version): VersionView {
    let view = this.views[version];
    if (!view) {
      view = buildView(this.entries.values(), version, this.options.log);
      this.views[version] = view;
    }
    return view;
  }

  /** The space's folders, made up from the stories' paths where folders.json does not name them. */
  folders(): readonly Folder[] {
    this.folderList ??= buildFolders(
      this.view("draft").list.map((r) => r.story),
      this.declaredFolders,
      this.space.id,
    );
    return this.folderList;
  }

  /** Datasources by slug, in file order. */
  datasources(): Datasource[] {
    return [...this.datasourceFiles.values()].map((d) => d.datasource);
  }

  /** Loads everything; throws when space.json is missing or invalid. */
  async load(): Promise<void> {
    await this.loadSpace(true);
    await this.loadFolders();
    this.scanStories();
    await this.scanDatasources();
    this.cvValue = this.computeMtimeCv();
    this.view("draft");
    this.view("published");
    if (this.options.watch) await this.startWatching();
  }

  /** Re-reads the folder now (only changed files are parsed). Resolves to the cv. */
  reload(): Promise<number> {
    return this.enqueue(async () => {
      await this.applyChanges([], true);
      return this.cvValue;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.debounceTimer);
    await this.watcher?.close();
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private bump(): void {
    this.views = {};
    this.folderList = undefined;
    this.generationValue++;
    this.cvValue = Math.max(this.computeMtimeCv(), this.cvValue + 1);
  }

  private computeMtimeCv(): number {
    let max = Math.max(this.spaceMtimeMs, this.foldersMtimeMs);
    for (const entry of this.entries.values()) if (entry.mtimeMs > max) max = entry.mtimeMs;
    for (const file of this.datasourceFiles.values()) if (file.mtimeMs > max) max = file.mtimeMs;
    return Math.max(1, Math.floor(max / 1000));
  }

  /** Returns true when space.json changed. */
  private async loadSpace(required: boolean): Promise<boolean> {
    const file = path.join(this.contentDir, "space.json");
    try {
      const stat = await fsp.stat(file);
      if (!required && stat.mtimeMs === this.spaceMtimeMs) return false;
      const parsed = parseSpaceFile(await fsp.readFile(file, "utf8"));
      this.spaceFile = parsed;
      this.spaceMtimeMs = stat.mtimeMs;
      return true;
    } catch (err) {
      const message = `content: cannot read ${file}: ${(err as Error).message}`;
      if (required) throw new Error(message, { cause: err });
      this.options.log(`${message} (keeping the previous space.json)`);
      return false;
    }
  }

  /** Returns true when folders.json changed (it is optional). */
  private async loadFolders(): Promise<boolean> {
    const file = path.join(this.contentDir, "folders.json");
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat) {
      const had = this.foldersMtimeMs !== 0;
      this.declaredFolders = [];
      this.foldersMtimeMs = 0;
      return had;
    }
    if (stat.mtimeMs === this.foldersMtimeMs) return false;
    try {
      this.declaredFolders = parseFoldersFile(await fsp.readFile(file, "utf8"));
      this.foldersMtimeMs = stat.mtimeMs;
      return true;
    } catch (err) {
      this.options.log(`content: skipping folders.json: ${(err as Error).message}`);
      return false;
    }
  }

  private listFiles(dir: string, prefix: string, recursive: boolean): string[] {
    let names: string[];
    try {
      names = readdirSync(dir, { recursive }) as string[];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    return names
      .filter((n) => n.endsWith(".json") && !n.split(path.sep).some((part) => part.startsWith(".")))
      .map((n) => `${prefix}/${toPosix(n)}`);
  }

  /** Full scan of stories/: whether anything changed, and the webhook events of what did. */
  private scanStories(): { changed: boolean; events: StoryEvent[] } {
    const files = this.listFiles(this.storiesDir, "stories", true);
    const seen = new Set(files);
    const result = { changed: false, events: [] as StoryEvent[] };
    // Synchronous reads: ten times faster than the thread pool for thousands of
    // small files; a rescan of unchanged files is only stat calls (~5 µs each).
    for (const file of files) this.applyStoryFile(file, result);
    for (const file of [...this.entries.keys()]) if (!seen.has(file)) this.applyStoryFile(file, result);
    return result;
  }

  private applyStoryFile(file: string, result: { changed: boolean; events: StoryEvent[] }): void {
    const before = this.entries.get(file);
    const read = this.readEntry(file);
    if (read === "unchanged" || read === "error") return;
    if (read === "missing") {
      if (!before) return;
      this.entries.delete(file);
    } else this.entries.set(file, read);
    result.changed = true;
    result.events.push(...storyEvents(before, read === "missing" ? undefined : read));
  }

  private readEntry(file: string): StoryEntry | "unchanged" | "missing" | "error" {
    const abs = path.join(this.contentDir, file);
    try {
      const stat = statSync(abs);
      if (!stat.isFile()) return "missing";
      const old = this.entries.get(file);
      if (old && old.mtimeMs === stat.mtimeMs && old.size === stat.size) return "unchanged";
      return parseStoryFile(readFileSync(abs, "utf8"), file, stat.mtimeMs, stat.size, () => this.space.id);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return "missing";
      this.options.log(`content: skipping ${file}: ${(err as Error).message}`);
      return "error";
    }
  }

  /** Re-reads datasources/ (or one file of it); returns true when anything changed. */
  private async scanDatasources(only?: string): Promise<boolean> {
    const files = only ? [only] : this.listFiles(this.datasourcesDir, "datasources", false);
    let changed = false;
    for (const file of files) {
      const stat = await fsp.stat(path.join(this.contentDir, file)).catch(() => null);
      if (!stat?.isFile()) {
        changed = this.datasourceFiles.delete(file) || changed;
        continue;
      }
      if (this.datasourceFiles.get(file)?.mtimeMs === stat.mtimeMs) continue;
      try {
        const datasource = parseDatasourceFile(await fsp.readFile(path.join(this.contentDir, file), "utf8"), file);
        this.datasourceFiles.set(file, { mtimeMs: stat.mtimeMs, datasource });
        changed = true;
      } catch (err) {
        this.options.log(`content: skipping ${file}: ${(err as Error).message}`);
      }
    }
    if (!only) {
      const seen = new Set(files);
      for (const file of [...this.datasourceFiles.keys()])
        if (!seen.has(file)) changed = this.datasourceFiles.delete(file) || changed;
    }
    return changed;
  }

  private async applyChanges(files: string[], full: boolean): Promise<void> {
    let changed = false;
    const stories = { changed: false, events: [] as StoryEvent[] };
    if (full) {
      changed = (await this.loadSpace(false)) || changed;
      changed = (await this.loadFolders()) || changed;
      changed = (await this.scanDatasources()) || changed;
      const scan = this.scanStories();
      stories.changed = scan.changed;
      stories.events.push(...scan.events);
    } else {
      for (const file of files) {
        if (file === "space.json") changed = (await this.loadSpace(false)) || changed;
        else if (file === "folders.json") changed = (await this.loadFolders()) || changed;
        else if (file.startsWith("datasources/")) changed = (await this.scanDatasources(file)) || changed;
        else this.applyStoryFile(file, stories);
      }
    }
    if (changed || stories.changed) this.bump();
    if (stories.events.length > 0) this.options.onStoryEvents?.(stories.events);
  }

  private schedule(change: Change): void {
    if (this.closed) return;
    if (change === null) this.pendingFull = true;
    else this.pending.add(change);
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      const files = [...this.pending];
      const full = this.pendingFull;
      this.pending.clear();
      this.pendingFull = false;
      void this.enqueue(() => this.applyChanges(files, full)).catch((err: unknown) =>
        this.options.log(`content: reload failed: ${(err as Error).message}`),
      );
    }, this.options.debounceMs);
  }

  /** What the content service reads: space.json, folders.json, stories/**.json, datasources/*.json. */
  private relevant(rel: string): Change | undefined {
    if (rel === "space.json" || rel === "folders.json") return rel;
    if (rel.split("/").some((part) => part.startsWith("."))) return undefined;
    if (rel.startsWith("stories/") && rel.endsWith(".json")) return rel;
    if (rel.startsWith("datasources/") && rel.endsWith(".json") && rel.split("/").length === 2) return rel;
    return undefined;
  }

  private async startWatching(): Promise<void> {
    // the folder itself, not its parts: chokidar reports "ready" before it watches a path that does not exist yet
    const watcher = watch(this.contentDir, {
      ignoreInitial: true,
      usePolling: this.options.watch === "poll",
      interval: this.options.pollMs,
      // an editor may still be writing: wait until the size holds still
      awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 },
      ignored: (abs) => {
        const rel = toPosix(path.relative(this.contentDir, abs));
        if (rel === "") return false;
        const parts = rel.split("/");
        if (parts.some((part) => part.startsWith("."))) return true;
        // assets/ may hold thousands of folders: it is not watched
        return parts[0] !== "stories" && parts[0] !== "datasources" && rel !== "space.json" && rel !== "folders.json";
      },
    });
    watcher.on("all", (event, abs) => {
      const rel = toPosix(path.relative(this.contentDir, abs));
      // a folder appeared or vanished: look at everything (its files may not be reported one by one)
      if (event === "addDir" || event === "unlinkDir") return this.schedule(null);
      const change = this.relevant(rel);
      if (change !== undefined) this.schedule(change);
    });
    watcher.on("error", (err) => this.options.log(`content: watching ${this.contentDir} failed: ${String(err)}`));
    this.watcher = watcher;
    await new Promise<void>((resolve) => watcher.once("ready", resolve));
  }
}
