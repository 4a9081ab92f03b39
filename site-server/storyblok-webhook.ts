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
}

const PayloadSchema = v.object({
  action: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  text: v.optional(v.string(), ""),
  space_id: v.optional(v.union([v.number(), v.string()])),
  story_id: v.optional(v.union([v.number(), v.string()])),
  full_slug: v.optional(v.string()),
});

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
  return {
    action: payload.action,
    text: payload.text.slice(0, 500),
    spaceId: idOf(payload.space_id),
    storyId: idOf(payload.story_id),
    fullSlug: fullSlug && fullSlug.length <= 500 ? fullSlug : null,
  };
}

export class BodyTooLargeError extends Error {}

/** The raw body (the signature is over its bytes), at most `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_WEBHOOK_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLargeError(`The body is over ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError(`The body is over ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("The client went away")));
  });
}
