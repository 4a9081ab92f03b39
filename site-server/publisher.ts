import type { StoryChange } from "../live-update/update-plan";
import { SITE_WIDE_ACTIONS, type StoryblokEvent, type WebhookTriage } from "./storyblok-webhook";

/**
 * Publish to live: turns Storyblok's webhooks into new releases of the
 * prerendered site and swaps the site server to each, one at a time.
 *
 * - Bursts coalesce: events that arrive within `debounceMs` of each other,
 *   or while a release is being made, go into one next release. So at most
 *   one release, and so one whole build, waits behind the running one,
 *   however many events arrive.
 * - A change that already waits for the next release is not queued again
 *   (`triage`: "duplicate"): that release reads the content after it, so
 *   nothing is lost. Storyblok's signature has no timestamp, so a replayed
 *   payload costs at most that one waiting release. A change that arrives
 *   while its release runs is queued: that release may have read the story
 *   before it changed (Storyblok sends the same bytes when the same user
 *   publishes the same story twice, so a time window would drop real edits).
 * - Past MAX_PENDING_CHANGES distinct changes, the next release is a whole
 *   build (it covers any change), which bounds what waiting events hold.
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
  /**
   * The site is stopping: ends the release being made (its folder removed) and starts none after; resolves
   * when its processes are gone. `update` and `build` then reject.
   */
  stop?(): Promise<void>;
  /** Removes a release that was made but will not go live (the site stopped before the swap). */
  discard?(release: Release): Promise<void>;
}

export interface PublisherOptions {
  live: Release;
  maker: ReleaseMaker;
  /** Switches the server to a release; rejects (and the live site stays) when the release is unusable. */
  swap(release: Release): Promise<void>;
  /** Quiet time that ends a burst of webhooks (default 300 ms). */
  debounceMs?: number;
  /**
   * How long `stop` waits for the release being made once the maker has stopped (default 1 s: its processes
   * are gone by then, what is left is bookkeeping), so that a stop takes the maker's grace and about a second.
   */
  stopTimeoutMs?: number;
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

/** Distinct changes the next release gathers at most; past that it is a whole build, which covers them all. */
export const MAX_PENDING_CHANGES = 500;

const keyOf = (change: StoryChange) => JSON.stringify([change.action, change.storyId, change.fullSlug]);

export class Publisher {
  private live: Release;
  private previous: Release | null = null;
  /** The next release's changes, by what they change: a change already here is a duplicate. */
  private pending = new Map<string, StoryChange>();
  /** The next release is a whole build (it covers every change): changes are no longer kept. */
  private wholeBuildPending = false;
  private pendingEvents = 0;
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

  /** What `notify(event)` would do now, without doing it. */
  triage(event: StoryblokEvent): WebhookTriage {
    if (this.stopped) return "stopping";
    if (this.wholeBuildPending || this.pending.has(keyOf(changeOf(event)))) return "duplicate";
    return "new";
  }

  /** Queues the event's change for the next release, unless it is there already or the site is stopping. */
  notify(event: StoryblokEvent): WebhookTriage {
    const triage = this.triage(event);
    if (triage !== "new") return triage;
    const change = changeOf(event);
    this.pendingEvents += 1;
    if (SITE_WIDE_ACTIONS.has(event.action) || this.pending.size >= MAX_PENDING_CHANGES) {
      if (this.pending.size >= MAX_PENDING_CHANGES) {
        this.log(`over ${MAX_PENDING_CHANGES} changes wait: the next release is a whole build`);
      }
      this.wholeBuildPending = true;
      this.pending.clear();
    } else {
      this.pending.set(keyOf(change), change);
    }
    if (this.running) return triage; // picked up when the running release is done
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(), this.options.debounceMs ?? 300);
    return triage;
  }

  private get hasPending(): boolean {
    return this.wholeBuildPending || this.pending.size > 0;
  }

  /** Resolves when no release is being made and none is waiting. */
  whenIdle(): Promise<void> {
    if (!this.running && !this.timer && !this.hasPending) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Takes no more events and starts no release; ends the one being made (the maker kills its processes and
   * removes its folder) and waits for it, at most `stopTimeoutMs`.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.wholeBuildPending = false;
    await this.options.maker.stop?.();
    if (this.running) await atMost(this.running, this.options.stopTimeoutMs ?? 1000);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private start(): void {
    this.timer = null;
    if (this.running || !this.hasPending || this.stopped) return;
    const changes = [...this.pending.values()];
    const wholeBuild = this.wholeBuildPending;
    const events = this.pendingEvents;
    this.pending.clear();
    this.wholeBuildPending = false;
    this.pendingEvents = 0;
    this.running = this.publish(changes, wholeBuild, events).finally(() => {
      this.running = null;
      if (this.hasPending && !this.stopped) this.start();
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private log(message: string): void {
    (this.options.log ?? console.info)(`publish: ${message}`);
  }

  private async publish(changes: StoryChange[], wholeBuild: boolean, events: number): Promise<void> {
    const at = new Date().toISOString();
    const { maker } = this.options;
    let result: ReleaseResult | null = null;
    try {
      const updated = wholeBuild
        ? ("build" as const)
        : await maker.update(this.live, changes).catch((error: unknown) => {
            // a stop ends the update on purpose: building the whole site instead is the last thing to do then
            if (this.stopped) throw error;
            this.log(`updating the pages failed, building the whole site instead: ${describe(error)}`);
            return "build" as const;
          });
      if (updated === "build" && this.stopped) throw stoppingError();
      result = updated === "build" ? await maker.build(this.live) : updated;
      if (this.stopped) {
        await maker.discard?.(result.release);
        throw stoppingError();
      }
      await this.options.swap(result.release);
    } catch (error) {
      this.log(`no new release, the live site is unchanged: ${describe(error)}`);
      this.history.push({ at, events, result: { error: describe(error) } });
      return;
    }
    this.previous = this.live;
    this.live = result.release;
    this.history.push({ at, events, result });
    this.log(
      `${result.kind === "update" ? `${result.rendered?.length ?? 0} page(s) rendered` : "whole site built"} for ` +
        `${events} event(s) in ${(result.ms / 1000).toFixed(1)} s; live: ${result.release.dir}`,
    );
    await maker.prune([this.live, this.previous]).catch((error: unknown) => this.log(`pruning: ${describe(error)}`));
  }
}

/** What a release that the site's stop ended fails with (the publisher's history records its message). */
export function stoppingError(): Error {
  return new Error("the site is stopping");
}

/** Waits for `work`, at most `ms`. */
export async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
