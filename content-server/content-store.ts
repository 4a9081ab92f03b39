import { promises as fsp, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import {
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
  type Version,
  type VersionView,
} from "./content-files";
import { ContentWatcher, toPosix } from "./content-watcher";
import { buildFolders, buildView } from "./story-views";

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
  /** Watch the folder for changes (default true); "poll" stats the files every 2 s instead. */
  watch?: boolean | "poll";
  /** Quiet time before a burst of file events is applied. */
  debounceMs?: number;
  log?: (message: string) => void;
  /** Called after a change is applied with what it published, unpublished, moved or deleted. */
  onStoryEvents?: (events: StoryEvent[]) => void;
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

export class ContentStore {
  readonly contentDir: string;
  readonly assetsDir: string;
  private spaceFile!: SpaceFile;
  private spaceMtimeMs = 0;
  private entries = new Map<string, StoryEntry>();
  private datasourceFiles = new Map<string, { mtimeMs: number; datasource: Datasource }>();
  private declaredFolders: Folder[] = [];
  private foldersMtimeMs = 0;
  private views: Partial<Record<Version, VersionView>> = {};
  private folderList: Folder[] | undefined;
  private cvValue = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private watcher: ContentWatcher | undefined;
  private closed = false;
  private readonly options: Required<Omit<ContentStoreOptions, "onStoryEvents">> &
    Pick<ContentStoreOptions, "onStoryEvents">;

  constructor(contentDir: string, options: ContentStoreOptions = {}) {
    this.contentDir = path.resolve(contentDir);
    this.assetsDir = path.join(this.contentDir, "assets");
    this.options = {
      watch: options.watch ?? true,
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
  get storyCount(): number {
    return this.view("draft").list.length;
  }

  view(version: Version): VersionView {
    return (this.views[version] ??= buildView(this.entries.values(), version, this.options.log));
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
      this.spaceFile = parseSpaceFile(await fsp.readFile(file, "utf8"));
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

  /** The JSON files of the folder `dir` (stories, datasources), as `{dir}/{path}`. */
  private listFiles(dir: string, recursive: boolean): string[] {
    let names: string[];
    try {
      names = readdirSync(path.join(this.contentDir, dir), { recursive }) as string[];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    return names
      .filter((n) => n.endsWith(".json") && !n.split(path.sep).some((part) => part.startsWith(".")))
      .map((n) => `${dir}/${toPosix(n)}`);
  }

  /** Full scan of stories/: whether anything changed, and the webhook events of what did. */
  private scanStories(): { changed: boolean; events: StoryEvent[] } {
    const files = this.listFiles("stories", true);
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
    const files = only ? [only] : this.listFiles("datasources", false);
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
    if (full) {
      // each one, whatever the others found
      const reloaded = [await this.loadSpace(false), await this.loadFolders(), await this.scanDatasources()];
      changed = reloaded.includes(true);
    }
    const stories = full ? this.scanStories() : { changed: false, events: [] as StoryEvent[] };
    for (const file of full ? [] : files) {
      if (file === "space.json") changed = (await this.loadSpace(false)) || changed;
      else if (file === "folders.json") changed = (await this.loadFolders()) || changed;
      else if (file.startsWith("datasources/")) changed = (await this.scanDatasources(file)) || changed;
      else this.applyStoryFile(file, stories);
    }
    if (changed || stories.changed) this.bump();
    if (stories.events.length > 0) this.options.onStoryEvents?.(stories.events);
  }

  private async startWatching(): Promise<void> {
    const watcher = await ContentWatcher.start({
      contentDir: this.contentDir,
      poll: this.options.watch === "poll",
      debounceMs: this.options.debounceMs,
      log: this.options.log,
      onChanges: (files, full) =>
        void this.enqueue(() => this.applyChanges(files, full)).catch((err: unknown) =>
          this.options.log(`content: reload failed: ${(err as Error).message}`),
        ),
    });
    // closed while the watcher was getting ready
    if (this.closed) await watcher.close();
    else this.watcher = watcher;
  }
}
