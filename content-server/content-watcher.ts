import path from "node:path";
import { watch, type FSWatcher } from "chokidar";

/**
 * Watches the content folder (chokidar) for what the content service reads,
 * and hands bursts of changes over once the folder is quiet for a moment.
 */

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

export interface ContentWatcherOptions {
  contentDir: string;
  /** Stat the files every POLL_MS instead of listening to the file system's events. */
  poll: boolean;
  /** Quiet time before a burst of file events is handed over. */
  debounceMs: number;
  /** A burst of changes: the files (relative, `/`-separated), or `full` when everything must be looked at. */
  onChanges: (files: string[], full: boolean) => void;
  log: (message: string) => void;
}

const POLL_MS = 2000;

/** What the content service reads: space.json, folders.json, stories/**.json, datasources/*.json. */
function isRead(rel: string): boolean {
  if (rel === "space.json" || rel === "folders.json") return true;
  if (rel.split("/").some((part) => part.startsWith("."))) return false;
  if (rel.startsWith("stories/") && rel.endsWith(".json")) return true;
  return rel.startsWith("datasources/") && rel.endsWith(".json") && rel.split("/").length === 2;
}

export class ContentWatcher {
  private readonly pending = new Set<string>();
  private pendingFull = false;
  private debounceTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly options: ContentWatcherOptions,
    private readonly watcher: FSWatcher,
  ) {}

  /** Resolves once the folder is watched. */
  static async start(options: ContentWatcherOptions): Promise<ContentWatcher> {
    const { contentDir } = options;
    // the folder itself, not its parts: chokidar reports "ready" before it watches a path that does not exist yet
    const fsWatcher = watch(contentDir, {
      ignoreInitial: true,
      usePolling: options.poll,
      interval: POLL_MS,
      // an editor may still be writing: wait until the size holds still
      awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 },
      ignored: (abs) => {
        const rel = toPosix(path.relative(contentDir, abs));
        if (rel === "") return false;
        const parts = rel.split("/");
        if (parts.some((part) => part.startsWith("."))) return true;
        // assets/ may hold thousands of folders: it is not watched
        return parts[0] !== "stories" && parts[0] !== "datasources" && rel !== "space.json" && rel !== "folders.json";
      },
    });
    const watcher = new ContentWatcher(options, fsWatcher);
    fsWatcher.on("all", (event, abs) => {
      // a folder appeared or vanished: look at everything (its files may not be reported one by one)
      if (event === "addDir" || event === "unlinkDir") return watcher.schedule(null);
      const rel = toPosix(path.relative(contentDir, abs));
      if (isRead(rel)) watcher.schedule(rel);
    });
    fsWatcher.on("error", (err) => options.log(`content: watching ${contentDir} failed: ${String(err)}`));
    await new Promise<void>((resolve) => fsWatcher.once("ready", resolve));
    return watcher;
  }

  /** A changed file, or null for "look at everything". */
  private schedule(change: string | null): void {
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
      this.options.onChanges(files, full);
    }, this.options.debounceMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.debounceTimer);
    await this.watcher.close();
  }
}
