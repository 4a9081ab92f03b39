import type { StoryChange } from "../live-update/update-plan";
import type { StoryblokEvent } from "./storyblok-webhook";

/**
 * Publish to live: turns Storyblok's webhooks into new releases of the
 * prerendered site and swaps the site server to each, one at a time.
 *
 * - Bursts coalesce: events that arrive within `debounceMs` of each other,
 *   or while a release is being made, go into one next release.
 * - A release is made by the pages the changes reach (`update`, much
 *   faster: live-update/render-pages.ts) or, when the changes reach everything
 *   or the update fails, by a whole build (`build`).
 * - Each release is a new folder; `swap` switches the server to it in one
 *   step. A release that fails is logged and leaves the live site as it was.
 */

export interface Release {
  /** Folder holding `client/`, `renderer/` and `release.json`. */
  dir: string;
}

export interface ReleaseResult {
  kind: "update" | "build";
  release: Release;
  ms: number;
  /** For an update: pages rendered and removed, content requests made. */
  rendered?: string[];
  removed?: string[];
  requests?: number;
}

export interface ReleaseMaker {
  /** The pages the changes reach, in a new release made from `live`; "build" when they need a whole build. */
  update(live: Release, changes: readonly StoryChange[]): Promise<ReleaseResult | "build">;
  /** A whole build in a new release, carrying over `live`'s hashed assets for pages already open. */
  build(live: Release): Promise<ReleaseResult>;
  /** Removes releases that are neither live nor the one before (after requests to them have ended). */
  prune(keep: readonly Release[]): Promise<void>;
  /** Ends a release being made (the site is stopping); it then fails and nothing is swapped. */
  stop?(): Promise<void>;
}

export interface PublisherOptions {
  live: Release;
  maker: ReleaseMaker;
  /** Switches the server to a release; rejects (and the live site stays) when the release is unusable. */
  swap(release: Release): Promise<void>;
  /** Quiet time that ends a burst of webhooks (default 300 ms). */
  debounceMs?: number;
  log?: (message: string) => void;
}

export interface PublishRecord {
  at: string;
  events: number;
  result: ReleaseResult | { error: string };
}

export function changeOf(event: StoryblokEvent): StoryChange {
  return { action: event.action, storyId: event.storyId, fullSlug: event.fullSlug };
}

export class Publisher {
  private live: Release;
  private previous: Release | null = null;
  private pending: StoryChange[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private idleWaiters: Array<() => void> = [];
  private stopped = false;
  readonly history: PublishRecord[] = [];

  constructor(private readonly options: PublisherOptions) {
    this.live = options.live;
  }

  get liveRelease(): Release {
    return this.live;
  }

  notify(event: StoryblokEvent): void {
    if (this.stopped) return;
    this.pending.push(changeOf(event));
    if (this.running) return; // picked up when the running release is done
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(), this.options.debounceMs ?? 300);
  }

  /** Resolves when no release is being made and none is waiting. */
  whenIdle(): Promise<void> {
    if (!this.running && !this.timer && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more events, ends the release being made and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    await this.options.maker.stop?.();
    await this.running;
  }

  private start(): void {
    this.timer = null;
    if (this.running || this.pending.length === 0) return;
    const changes = this.pending.splice(0);
    this.running = this.publish(changes).finally(() => {
      this.running = null;
      if (this.pending.length > 0 && !this.stopped) this.start();
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private log(message: string): void {
    (this.options.log ?? console.info)(`publish: ${message}`);
  }

  private async publish(changes: StoryChange[]): Promise<void> {
    const at = new Date().toISOString();
    const { maker } = this.options;
    let result: ReleaseResult | null = null;
    try {
      const updated = await maker.update(this.live, changes).catch((error: unknown) => {
        this.log(`updating the pages failed, building the whole site instead: ${describe(error)}`);
        return "build" as const;
      });
      result = updated === "build" ? await maker.build(this.live) : updated;
      if (this.stopped) throw new Error("the site is stopping");
      await this.options.swap(result.release);
    } catch (error) {
      this.log(`no new release, the live site is unchanged: ${describe(error)}`);
      this.history.push({ at, events: changes.length, result: { error: describe(error) } });
      return;
    }
    this.previous = this.live;
    this.live = result.release;
    this.history.push({ at, events: changes.length, result });
    this.log(
      `${result.kind === "update" ? `${result.rendered?.length ?? 0} page(s) rendered` : "whole site built"} for ` +
        `${changes.length} event(s) in ${(result.ms / 1000).toFixed(1)} s; live: ${result.release.dir}`,
    );
    await maker.prune([this.live, this.previous]).catch((error: unknown) => this.log(`pruning: ${describe(error)}`));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
