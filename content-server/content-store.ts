import { promises as fsp, readdirSync, readFileSync, statSync, watch, type Dirent, type FSWatcher } from "node:fs";
import path from "node:path";

/**
 * The content folder in memory: space.json and every stories/**.json file,
 * parsed once, indexed by full_slug, id and uuid for each version, and kept
 * fresh by watching the folder. `cv` (the cache version) changes whenever a
 * story or space.json changes.
 */

export type Version = "draft" | "published";

export interface Story {
  id: number;
  uuid: string;
  full_slug: string;
  [key: string]: unknown;
}

export interface StoryRecord {
  readonly story: Story;
  /** JSON.stringify(story), computed on first use and kept. */
  readonly json: string;
  readonly tags: readonly string[];
  readonly entry: StoryEntry;
  /** Lower-cased text for search_term, computed on first use. */
  searchText?: string;
}

class Record_ implements StoryRecord {
  private jsonText: string | undefined;
  searchText?: string;
  readonly tags: readonly string[];
  constructor(
    readonly story: Story,
    readonly entry: StoryEntry,
  ) {
    this.tags = tagsOf(story);
  }
  get json(): string {
    this.jsonText ??= JSON.stringify(this.story);
    return this.jsonText;
  }
}

export interface StoryEntry {
  /** Path relative to the content folder, with forward slashes. */
  readonly file: string;
  readonly mtimeMs: number;
  readonly size: number;
  readonly draft: StoryRecord;
  /** null: never published. */
  readonly published: StoryRecord | null;
}

export interface VersionView {
  /** All stories of the version, in the default order. */
  readonly list: readonly StoryRecord[];
  readonly bySlug: ReadonlyMap<string, StoryRecord>;
  readonly byId: ReadonlyMap<number, StoryRecord>;
  readonly byUuid: ReadonlyMap<string, StoryRecord>;
}

export interface SpaceInfo {
  id: number;
  name: string;
  domain: string;
  [key: string]: unknown;
}

export interface SpaceFile {
  space: SpaceInfo;
  previewToken: string;
  publicToken: string;
}

export interface ContentStoreOptions {
  /** Watch the folder for changes (default true). "poll" re-scans every pollMs. */
  watch?: boolean | "poll";
  pollMs?: number;
  /** Quiet time before a burst of file events is applied. */
  debounceMs?: number;
  log?: (message: string) => void;
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function validateStory(value: unknown, where: string): Story {
  if (!isObject(value)) throw new Error(`${where}: not an object`);
  if (typeof value.id !== "number" || !Number.isSafeInteger(value.id))
    throw new Error(`${where}: "id" must be an integer`);
  if (typeof value.uuid !== "string" || value.uuid === "")
    throw new Error(`${where}: "uuid" must be a non-empty string`);
  if (typeof value.full_slug !== "string") throw new Error(`${where}: "full_slug" must be a string`);
  return value as Story;
}

function tagsOf(story: Story): string[] {
  return Array.isArray(story.tag_list) ? story.tag_list.filter((t): t is string => typeof t === "string") : [];
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Default order of listings when no sort_by is given: `position:desc` (the
 * order of the Storyblok UI, per its docs), then newest first.
 */
export function defaultOrder(a: StoryRecord, b: StoryRecord): number {
  const pa = num(a.story.position);
  const pb = num(b.story.position);
  if (pa !== pb) return pb - pa;
  const ca = str(a.story.created_at);
  const cb = str(b.story.created_at);
  if (ca !== cb) return ca < cb ? 1 : -1;
  return b.story.id - a.story.id;
}

export function parseStoryFile(text: string, file: string, mtimeMs: number, size: number): StoryEntry {
  const data: unknown = JSON.parse(text);
  if (!isObject(data)) throw new Error(`${file}: expected an object with a "story" key`);
  const draftStory = validateStory(data.story, `${file}: story`);
  let publishedStory: Story | null;
  if (!("published" in data) || data.published === undefined) publishedStory = draftStory;
  else if (data.published === null) publishedStory = null;
  else publishedStory = validateStory(data.published, `${file}: published`);

  const entry = { file, mtimeMs, size } as {
    file: string;
    mtimeMs: number;
    size: number;
    draft: StoryRecord;
    published: StoryRecord | null;
  };
  const draft = new Record_(draftStory, entry);
  entry.draft = draft;
  entry.published =
    publishedStory === null ? null : publishedStory === draftStory ? draft : new Record_(publishedStory, entry);
  return entry;
}

export function parseSpaceFile(text: string): SpaceFile {
  const data: unknown = JSON.parse(text);
  if (!isObject(data) || !isObject(data.space))
    throw new Error('space.json: expected { "space": {...}, "previewToken", "publicToken" }');
  const space = data.space;
  if (typeof space.id !== "number") throw new Error('space.json: "space.id" must be a number');
  if (typeof data.previewToken !== "string" || data.previewToken.length < 4)
    throw new Error('space.json: "previewToken" must be a string');
  if (typeof data.publicToken !== "string" || data.publicToken.length < 4)
    throw new Error('space.json: "publicToken" must be a string');
  if (data.previewToken === data.publicToken) throw new Error("space.json: previewToken and publicToken must differ");
  return {
    space: { ...space, id: space.id, name: str(space.name), domain: str(space.domain) },
    previewToken: data.previewToken,
    publicToken: data.publicToken,
  };
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
  list.sort(defaultOrder);
  return { list, bySlug, byId, byUuid };
}

export class ContentStore {
  readonly contentDir: string;
  readonly storiesDir: string;
  readonly assetsDir: string;
  private spaceFile!: SpaceFile;
  private spaceMtimeMs = 0;
  private entries = new Map<string, StoryEntry>();
  private views: Partial<Record<Version, VersionView>> = {};
  private cvValue = 0;
  private generationValue = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private watchers = new Map<string, FSWatcher>();
  private pending = new Set<string>();
  private pendingFull = false;
  private debounceTimer: NodeJS.Timeout | undefined;
  private firstPendingAt = 0;
  private pollTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Set once the initial load is done: parse errors are then retried before a warning. */
  private live = false;
  private retries = new Map<string, number>();
  private readonly options: Required<Omit<ContentStoreOptions, "log">> & { log: (m: string) => void };

  constructor(contentDir: string, options: ContentStoreOptions = {}) {
    this.contentDir = path.resolve(contentDir);
    this.storiesDir = path.join(this.contentDir, "stories");
    this.assetsDir = path.join(this.contentDir, "assets");
    this.options = {
      watch: options.watch ?? true,
      pollMs: options.pollMs ?? 2000,
      debounceMs: options.debounceMs ?? 25,
      log: options.log ?? ((m) => console.warn(m)),
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

  /** Loads everything; throws when space.json is missing or invalid. */
  async load(): Promise<void> {
    await this.loadSpace(true);
    await this.scanAll();
    this.cvValue = this.computeMtimeCv();
    this.view("draft");
    this.view("published");
    this.live = true;
    if (this.options.watch === "poll") this.startPolling();
    else if (this.options.watch) this.startWatching();
  }

  /** Re-reads the folder now (only changed files are parsed). Resolves to the cv. */
  reload(): Promise<number> {
    return this.enqueue(async () => {
      const changedSpace = await this.loadSpace(false);
      const changed = await this.scanAll();
      if (changed || changedSpace) this.bump();
      return this.cvValue;
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.debounceTimer);
    clearInterval(this.pollTimer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private bump(): void {
    this.views = {};
    this.generationValue++;
    this.cvValue = Math.max(this.computeMtimeCv(), this.cvValue + 1);
  }

  private computeMtimeCv(): number {
    let max = this.spaceMtimeMs;
    for (const entry of this.entries.values()) if (entry.mtimeMs > max) max = entry.mtimeMs;
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

  private async listStoryFiles(): Promise<string[]> {
    let names: string[];
    try {
      names = await fsp.readdir(this.storiesDir, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    return names
      .filter((n) => n.endsWith(".json") && !n.split(path.sep).some((part) => part.startsWith(".")))
      .map((n) => `stories/${toPosix(n)}`);
  }

  /** Full scan; returns true when anything changed. */
  private async scanAll(): Promise<boolean> {
    const files = await this.listStoryFiles();
    const seen = new Set(files);
    let changed = false;
    // Synchronous reads: ten times faster than the thread pool for thousands of
    // small files; a rescan of unchanged files is only stat calls (~5 µs each).
    for (let i = 0; i < files.length; i++) {
      const result = this.readEntry(files[i] as string);
      if (result === undefined || result === "unchanged" || result === "error") continue;
      if (result === "missing") {
        changed = this.entries.delete(files[i] as string) || changed;
        continue;
      }
      this.entries.set(files[i] as string, result);
      changed = true;
    }
    for (const file of [...this.entries.keys()]) {
      if (!seen.has(file)) {
        this.entries.delete(file);
        changed = true;
      }
    }
    if (changed) this.views = {};
    return changed;
  }

  private readEntry(file: string): StoryEntry | "unchanged" | "missing" | "error" {
    const abs = path.join(this.contentDir, file);
    try {
      const stat = statSync(abs);
      if (!stat.isFile()) return "missing";
      const old = this.entries.get(file);
      if (old && old.mtimeMs === stat.mtimeMs && old.size === stat.size) return "unchanged";
      const text = readFileSync(abs, "utf8");
      const entry = parseStoryFile(text, file, stat.mtimeMs, stat.size);
      this.retries.delete(file);
      return entry;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return "missing";
      // an editor may still be writing the file: look again shortly before complaining
      const attempt = this.retries.get(file) ?? 0;
      if (this.live && !this.closed && attempt < 3) {
        this.retries.set(file, attempt + 1);
        setTimeout(() => this.schedule(file), 100).unref();
        return "error";
      }
      this.retries.delete(file);
      this.options.log(`content: skipping ${file}: ${(err as Error).message}`);
      return "error";
    }
  }

  private async applyChanges(files: string[], full: boolean): Promise<void> {
    let changed = false;
    if (full) {
      changed = (await this.loadSpace(false)) || changed;
      changed = (await this.scanAll()) || changed;
      this.syncDirectoryWatchers();
    } else {
      for (const file of files) {
        if (file === "space.json") {
          changed = (await this.loadSpace(false)) || changed;
          continue;
        }
        const result = this.readEntry(file);
        if (result === "unchanged" || result === "error") continue;
        if (result === "missing") {
          if (this.entries.delete(file)) changed = true;
          continue;
        }
        this.entries.set(file, result);
        changed = true;
      }
    }
    if (changed) this.bump();
  }

  private schedule(file: string | null): void {
    if (this.closed) return;
    if (file === null) this.pendingFull = true;
    else this.pending.add(file);
    const now = Date.now();
    if (!this.debounceTimer) this.firstPendingAt = now;
    clearTimeout(this.debounceTimer);
    const wait = now - this.firstPendingAt > 250 ? 0 : this.options.debounceMs;
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      const files = [...this.pending];
      const full = this.pendingFull;
      this.pending.clear();
      this.pendingFull = false;
      void this.enqueue(() => this.applyChanges(files, full)).catch((err: unknown) =>
        this.options.log(`content: reload failed: ${(err as Error).message}`),
      );
    }, wait);
  }

  private startPolling(): void {
    this.pollTimer = setInterval(() => this.schedule(null), this.options.pollMs);
    this.pollTimer.unref();
  }

  /** One inotify watcher per directory (cheap even for 10,000 files). */
  private startWatching(): void {
    try {
      this.watchDir(this.contentDir, "");
      this.syncDirectoryWatchers();
    } catch (err) {
      this.options.log(`content: cannot watch ${this.contentDir} (${(err as Error).message}); polling instead`);
      for (const w of this.watchers.values()) w.close();
      this.watchers.clear();
      this.startPolling();
    }
  }

  private watchDir(abs: string, rel: string): void {
    if (this.watchers.has(abs) || this.closed) return;
    const watcher = watch(abs, { persistent: false }, (_event, name) => {
      if (name === null || name === undefined) return this.schedule(null);
      const relPath = rel ? `${rel}/${toPosix(String(name))}` : toPosix(String(name));
      if (relPath === "space.json") return this.schedule("space.json");
      if (relPath.endsWith(".json") && relPath.startsWith("stories/")) return this.schedule(relPath);
      if (relPath === "stories" || (relPath.startsWith("stories/") && !path.extname(relPath))) {
        // a folder appeared, vanished or was renamed: rescan and re-watch
        return this.schedule(null);
      }
    });
    watcher.on("error", () => {
      watcher.close();
      this.watchers.delete(abs);
      this.schedule(null);
    });
    this.watchers.set(abs, watcher);
  }

  /** Watches every folder under stories/ and drops watchers of removed ones. */
  private syncDirectoryWatchers(): void {
    if (this.closed || this.options.watch !== true || this.watchers.size === 0) return;
    const wanted = new Set<string>([this.contentDir]);
    const walk = (abs: string, rel: string, depth: number): void => {
      if (depth > 32) return;
      let dirents: Dirent[];
      try {
        dirents = readdirSync(abs, { withFileTypes: true });
      } catch {
        return;
      }
      wanted.add(abs);
      try {
        this.watchDir(abs, rel);
      } catch {
        return;
      }
      for (const d of dirents) {
        if (d.isDirectory() && !d.name.startsWith(".")) walk(path.join(abs, d.name), `${rel}/${d.name}`, depth + 1);
      }
    };
    walk(this.storiesDir, "stories", 0);
    for (const [abs, w] of this.watchers) {
      if (!wanted.has(abs)) {
        w.close();
        this.watchers.delete(abs);
      }
    }
  }
}
