import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import * as v from "valibot";

/**
 * Storyblok's webhook as the site server receives it (Storyblok docs,
 * "Webhooks" and "Securing webhooks"): a POST with a JSON body such as
 * `{"text": "...", "action": "published", "space_id": 1, "story_id": 2,
 * "full_slug": "articles/x"}`; every payload has `text`, `action` and
 * `space_id`, story events add `story_id` (and `full_slug` when published or
 * moved). With a webhook secret, Storyblok sends `webhook-signature`: the
 * hex HMAC-SHA1 of the raw body under the secret. Storyblok waits at most
 * 120 s and wants a 2xx with a JSON body: a rebuild is only scheduled here
 * (202 Accepted), never awaited.
 */

/** Where the site server takes the webhook (README, "Publish to live"). */
export const WEBHOOK_PATH = "/webhooks/storyblok";
export const SIGNATURE_HEADER = "webhook-signature";
/** Storyblok's payloads are a few hundred bytes. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

export interface StoryblokEvent {
  action: string;
  text: string;
  spaceId: number | null;
  storyId: number | null;
  /** The story's full_slug after the event, when the payload names it. */
  fullSlug: string | null;
  /** An asset event's asset (only there when the payload names one). */
  assetId?: number;
}

const PayloadSchema = v.object({
  action: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  text: v.optional(v.string(), ""),
  space_id: v.optional(v.union([v.number(), v.string()])),
  story_id: v.optional(v.union([v.number(), v.string()])),
  full_slug: v.optional(v.string()),
  // an asset event's: tells an asset's "deleted" from a story's
  asset_id: v.optional(v.union([v.number(), v.string()])),
});

/**
 * What each of Storyblok's webhook actions does to this site (README,
 * "Publish to live"). The pages are made of published stories and nothing
 * else: no datasource, no asset library listing, no user or workflow data.
 *
 * - Story events (`published`, `unpublished`, `deleted`, `moved`, naming a
 *   story by `story_id` or `full_slug`): the pages that story reaches
 *   (live-update/update-plan.ts decides which, or a whole build).
 * - `release_merged` (a release's stories published at once, none named) and
 *   pipelines' `deployed` / legacy `branch_deployed` (a stage's content
 *   replaced): the whole site.
 * - Known events the site cannot be affected by are answered 200 with
 *   `queued: false` and start nothing: datasource entries (`entries_updated`),
 *   assets (`created`, `replaced`, `restored`, and `deleted` with an
 *   `asset_id`: a page holds an asset's URL as its story saved it, and the
 *   asset host serves the file), users (`added`, `removed`, `roles_updated`),
 *   workflow stages (`stage.changed`: publishing is its own event) and
 *   discussions (`created`, `comment_created`, `comment_updated`,
 *   `comment_deleted`, `resolved`), with the legacy names
 *   `datasource_entry_saved` and `workflow_stage_changed` (Storyblok's
 *   "Webhooks" concept page lists them all). Storyblok mails the space's
 *   owner about every answer that is not a 2xx, so a trigger a studio may
 *   well enable must not be refused.
 * - Any other action, or a story event naming no story, is refused with 400.
 *   It used to be "rebuild everything to be safe", which let any signed
 *   payload (a replayed one, or a trigger nobody meant to enable) cost a whole
 *   build (75-86 s of CPU). A trigger Storyblok adds shows up as 400s in its
 *   webhook log, and is added here once we know what it changes.
 */
export const STORY_ACTIONS: ReadonlySet<string> = new Set(["published", "unpublished", "deleted", "moved"]);
export const SITE_WIDE_ACTIONS: ReadonlySet<string> = new Set(["release_merged", "deployed", "branch_deployed"]);
const UNAFFECTING_ACTIONS: ReadonlyMap<string, string> = new Map([
  ["entries_updated", "the site shows no datasource"],
  ["datasource_entry_saved", "the site shows no datasource"],
  ["created", "an asset or discussion event: pages show neither but through their stories"],
  ["replaced", "an asset event: pages show assets through their stories"],
  ["restored", "an asset event: pages show assets through their stories"],
  ["added", "a user event"],
  ["removed", "a user event"],
  ["roles_updated", "a user event"],
  ["stage.changed", "a workflow stage changes nothing that is published"],
  ["workflow_stage_changed", "a workflow stage changes nothing that is published"],
  ["comment_created", "a discussion event"],
  ["comment_updated", "a discussion event"],
  ["comment_deleted", "a discussion event"],
  ["resolved", "a discussion event"],
]);

export type WebhookEffect =
  /** The pages one story reaches. */
  | { kind: "story" }
  /** Every page: a whole build. */
  | { kind: "site" }
  /** Nothing on the site: answered, and nothing is queued. */
  | { kind: "none"; reason: string };

/** What an event does to the site (see STORY_ACTIONS), or why it is refused. */
export function webhookEffect(event: StoryblokEvent): WebhookEffect | { error: string } {
  if (STORY_ACTIONS.has(event.action)) {
    if (event.storyId !== null || event.fullSlug !== null) return { kind: "story" };
    if (event.action === "deleted" && event.assetId !== undefined) {
      return { kind: "none", reason: "an asset event: pages show assets through their stories" };
    }
    return { error: `A "${event.action}" event needs the story's story_id or full_slug` };
  }
  if (SITE_WIDE_ACTIONS.has(event.action)) return { kind: "site" };
  const reason = UNAFFECTING_ACTIONS.get(event.action);
  if (reason) return { kind: "none", reason };
  return { error: `Unknown action "${event.action.slice(0, 100)}": nothing is built for it` };
}

/**
 * What handing a verified event on to the publisher does now: queues it
 * ("new"), nothing because the same change already waits for the next
 * release ("duplicate"), or nothing because the site is stopping.
 */
export type WebhookTriage = "new" | "duplicate" | "stopping";

export function webhookSignature(body: Buffer | string, secret: string): string {
  return createHmac("sha1", secret).update(body).digest("hex");
}

/** Constant-time check of the `webhook-signature` header against the body. */
export function hasValidSignature(body: Buffer, header: string | string[] | undefined, secret: string): boolean {
  const given = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? "";
  if (!/^[0-9a-f]{40}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(webhookSignature(body, secret), "hex"));
}

function idOf(value: number | string | undefined): number | null {
  const id = typeof value === "string" && /^\d{1,18}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The event of a payload, or the reason it is not one. */
export function parseWebhookPayload(body: Buffer): StoryblokEvent | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return { error: "The body is not JSON" };
  }
  const parsed = v.safeParse(PayloadSchema, json);
  if (!parsed.success) return { error: "Not a Storyblok webhook payload: it needs at least a string action" };
  const payload = parsed.output;
  const fullSlug = payload.full_slug?.trim().replace(/^\/+|\/+$/g, "") ?? "";
  const assetId = idOf(payload.asset_id);
  return {
    action: payload.action,
    text: payload.text.slice(0, 500),
    spaceId: idOf(payload.space_id),
    storyId: idOf(payload.story_id),
    fullSlug: fullSlug && fullSlug.length <= 500 ? fullSlug : null,
    ...(assetId === null ? {} : { assetId }),
  };
}

export class BodyTooLargeError extends Error {}

/**
 * The raw body (the signature is over its bytes), at most `limit` bytes.
 * Over the limit it rejects with BodyTooLargeError at once and reads the
 * rest only to throw it away: the request is never destroyed here, so the
 * caller's 413 (with `Connection: close`) reaches the client before the
 * socket closes; destroying it reset the connection and the client saw
 * ECONNRESET instead of an answer.
 */
export function readBody(req: IncomingMessage, limit = MAX_WEBHOOK_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      req.off("data", collect);
      // keeps the socket flowing until the answer is written and the server closes it
      req.resume();
      reject(new BodyTooLargeError(`The body is over ${limit} bytes`));
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        tooLarge();
        return;
      }
      chunks.push(chunk);
    };
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      tooLarge();
      return;
    }
    req.on("data", collect);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("The client went away")));
  });
}
