import { createHmac } from "node:crypto";
import pLimit from "p-limit";
import pRetry, { AbortError } from "p-retry";
import type { StoryEvent } from "./content-store";
import { commaList } from "./query";

/**
 * Storyblok's story webhooks, sent when a story file changes: a POST of
 * `{ action, text, story_id, space_id, full_slug }` to every configured URL
 * (payloads: https://www.storyblok.com/docs/concepts/webhooks and the
 * examples of https://www.storyblok.com/docs/Guides/using-storyblok-webhooks),
 * signed when a secret is set: `webhook-signature` is the hex HMAC-SHA1 of
 * the raw body (https://www.storyblok.com/tp/webhook-secret-with-different-technologies).
 *
 * Delivery never holds the service: requests run in the background, a few
 * at a time, each with a timeout and a bounded number of retries with
 * backoff (p-retry); past MAX_PENDING waiting deliveries new ones are
 * dropped with a warning.
 */

export interface WebhookOptions {
  urls: readonly string[];
  /** Signs every body (`webhook-signature`); unset, none is sent. */
  secret?: string;
  spaceId: () => number;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first for network errors, timeouts, 408, 429 and 5xx (default 3). */
  retries?: number;
  /** First backoff delay (default 1 s, doubling). */
  retryBaseMs?: number;
}

/** The body Storyblok posts for a story event. */
export function webhookPayload(event: StoryEvent, spaceId: number) {
  const { story } = event;
  return {
    action: event.action,
    // Storyblok names the user who acted; here it is the content folder's watcher
    text: `The user content-server@localhost ${event.action} the Story ${story.name} (${story.full_slug})`,
    story_id: story.id,
    space_id: spaceId,
    full_slug: story.full_slug,
  };
}

export function webhookSignature(body: string, secret: string): string {
  return createHmac("sha1", secret).update(body).digest("hex");
}

/** Throws for a value of CONTENT_WEBHOOKS that is not a list of http(s) URLs. */
export function parseWebhookUrls(raw: string | undefined): string[] {
  const urls = commaList(raw ?? "");
  for (const url of urls) {
    if (!URL.canParse(url)) throw new Error(`"${url}" is not a URL`);
    const { protocol } = new URL(url);
    if (protocol !== "http:" && protocol !== "https:") throw new Error(`"${url}" is not http(s)`);
  }
  return urls;
}

class RetryableStatus extends Error {}

/** Deliveries waiting at most; past that new ones are dropped with a warning. */
const MAX_PENDING = 200;

export class WebhookSender {
  private readonly limit = pLimit(4);
  private readonly stopping = new AbortController();
  private readonly options: Required<Omit<WebhookOptions, "secret">> & Pick<WebhookOptions, "secret">;

  constructor(options: WebhookOptions) {
    this.options = {
      timeoutMs: 10_000,
      retries: 3,
      retryBaseMs: 1000,
      ...options,
    };
  }

  /** Queues the events' deliveries and returns at once. */
  send(events: readonly StoryEvent[]): void {
    if (this.stopping.signal.aborted) return;
    for (const event of events) {
      const body = JSON.stringify(webhookPayload(event, this.options.spaceId()));
      for (const url of this.options.urls) {
        if (this.limit.pendingCount >= MAX_PENDING) {
          console.warn(
            `webhook: ${MAX_PENDING} deliveries waiting, dropped ${event.action} of ${event.story.full_slug} to ${url}`,
          );
          continue;
        }
        void this.limit(() => this.deliver(url, body)).catch((err: unknown) => {
          if (!this.stopping.signal.aborted) console.warn(`webhook: ${url}: ${(err as Error).message}`);
        });
      }
    }
  }

  /** Stops retrying and drops what waits. */
  close(): void {
    this.stopping.abort();
    this.limit.clearQueue();
  }

  private deliver(url: string, body: string): Promise<void> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.options.secret) headers["webhook-signature"] = webhookSignature(body, this.options.secret);
    return pRetry(
      async () => {
        const signal = AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), this.stopping.signal]);
        const res = await fetch(url, { method: "POST", headers, body, signal, redirect: "manual" });
        await res.body?.cancel();
        if (res.ok) return;
        const message = `answered ${res.status}`;
        if (res.status >= 500 || res.status === 408 || res.status === 429) throw new RetryableStatus(message);
        throw new AbortError(message); // the receiver refused it: sending again will not help
      },
      {
        retries: this.options.retries,
        minTimeout: this.options.retryBaseMs,
        factor: 2,
        randomize: true,
        signal: this.stopping.signal,
        unref: true,
      },
    );
  }
}
