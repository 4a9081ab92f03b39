import { describe, expect, it } from "vitest";
import {
  hasValidSignature,
  parseWebhookPayload,
  webhookEffect,
  webhookSignature,
  type StoryblokEvent,
} from "./storyblok-webhook";

/** Storyblok's documented example payload (docs, "Webhooks": story published). */
const PAYLOAD =
  '{"text":"The user test@domain.com published the Story XYZ (xyz)","action":"published","space_id":123,"story_id":456,"full_slug":"articles/xyz"}';
/** `openssl dgst -sha1 -hmac hello` of PAYLOAD: the reference the signature is checked against. */
const OPENSSL_SIGNATURE = "ad41461d5db1abe0c9724c9476088ef631d66206";

describe("webhook-signature", () => {
  it("is the hex HMAC-SHA1 of the raw body under the secret", () => {
    expect(webhookSignature(PAYLOAD, "hello")).toBe(OPENSSL_SIGNATURE);
  });

  it("accepts the right signature, in either case, and nothing else", () => {
    const body = Buffer.from(PAYLOAD);
    expect(hasValidSignature(body, OPENSSL_SIGNATURE, "hello")).toBe(true);
    expect(hasValidSignature(body, OPENSSL_SIGNATURE.toUpperCase(), "hello")).toBe(true);
    expect(hasValidSignature(body, [OPENSSL_SIGNATURE], "hello")).toBe(true);
    expect(hasValidSignature(body, OPENSSL_SIGNATURE, "other secret")).toBe(false);
    expect(hasValidSignature(Buffer.from(`${PAYLOAD} `), OPENSSL_SIGNATURE, "hello")).toBe(false);
    expect(hasValidSignature(body, undefined, "hello")).toBe(false);
    expect(hasValidSignature(body, "", "hello")).toBe(false);
    expect(hasValidSignature(body, OPENSSL_SIGNATURE.slice(2), "hello")).toBe(false);
    expect(hasValidSignature(body, `sha1=${OPENSSL_SIGNATURE}`, "hello")).toBe(false);
  });
});

describe("parseWebhookPayload", () => {
  it("reads a story event", () => {
    expect(parseWebhookPayload(Buffer.from(PAYLOAD))).toEqual({
      action: "published",
      text: "The user test@domain.com published the Story XYZ (xyz)",
      spaceId: 123,
      storyId: 456,
      fullSlug: "articles/xyz",
    });
  });

  it("reads events without a story or slug (deleted, unpublished, others)", () => {
    expect(parseWebhookPayload(Buffer.from('{"action":"deleted","text":"x","space_id":1,"story_id":"77"}'))).toEqual({
      action: "deleted",
      text: "x",
      spaceId: 1,
      storyId: 77,
      fullSlug: null,
    });
    expect(parseWebhookPayload(Buffer.from('{"action":"release_merged","text":"x","space_id":1}'))).toMatchObject({
      action: "release_merged",
      storyId: null,
    });
  });

  it("normalises slashes around the slug and drops nonsense ids", () => {
    expect(
      parseWebhookPayload(Buffer.from('{"action":"moved","story_id":-3,"full_slug":"/articles/neu/"}')),
    ).toMatchObject({ storyId: null, fullSlug: "articles/neu" });
  });

  it.each([
    ["not JSON", "published"],
    ["a list", "[]"],
    ["no action", '{"text":"x","space_id":1}'],
    ["an empty action", '{"action":""}'],
    ["an action of the wrong type", '{"action":3}'],
    ["null", "null"],
  ])("refuses %s", (_, body) => {
    expect(parseWebhookPayload(Buffer.from(body))).toHaveProperty("error");
  });
});

describe("webhookEffect", () => {
  const event = (payload: Record<string, unknown>): StoryblokEvent => {
    const parsed = parseWebhookPayload(Buffer.from(JSON.stringify({ text: "x", space_id: 1, ...payload })));
    if ("error" in parsed) throw new Error(parsed.error);
    return parsed;
  };

  it.each([
    ["published", { story_id: 7, full_slug: "articles/a" }],
    ["unpublished", { story_id: 7 }],
    ["deleted", { story_id: 7 }],
    ["moved", { story_id: 7, full_slug: "articles/b" }],
    ["published", { full_slug: "about" }],
  ])("reaches the pages of one story for %s %j", (action, fields) => {
    expect(webhookEffect(event({ action, ...fields }))).toEqual({ kind: "story" });
  });

  it.each(["release_merged", "deployed", "branch_deployed"])("reaches every page for %s", (action) => {
    expect(webhookEffect(event({ action }))).toEqual({ kind: "site" });
  });

  it.each([
    ["entries_updated", { datasource_slug: "colours" }],
    ["created", { asset_id: 5 }],
    ["replaced", { asset_id: 5 }],
    ["restored", { asset_id: 5 }],
    ["deleted", { asset_id: "5" }],
    ["added", { user_id: 9 }],
    ["removed", { user_id: 9 }],
    ["roles_updated", { user_id: 9 }],
    ["stage.changed", { story_id: 7, workflow_stage_name: "Review" }],
    ["datasource_entry_saved", { datasource_slug: "colours" }],
    ["workflow_stage_changed", { story_id: 7 }],
    ["created", { discussion_id: 3 }],
    ["comment_created", { discussion_id: 3 }],
    ["comment_updated", { discussion_id: 3 }],
    ["comment_deleted", { discussion_id: 3 }],
    ["resolved", { discussion_id: 3 }],
  ])("reaches nothing for %s %j", (action, fields) => {
    expect(webhookEffect(event({ action, ...fields }))).toEqual({ kind: "none", reason: expect.any(String) });
  });

  it.each([
    ["an unknown action", { action: "rebuild_everything" }],
    ["an action in another case", { action: "Published", story_id: 7 }],
    ["a story event naming no story", { action: "published" }],
    ["a deletion naming neither a story nor an asset", { action: "deleted" }],
  ])("refuses %s", (_, payload) => {
    expect(webhookEffect(event(payload))).toEqual({ error: expect.any(String) });
  });

  it("keeps an asset's id apart from a story's", () => {
    expect(event({ action: "deleted", asset_id: 5 })).toMatchObject({ storyId: null, assetId: 5 });
    expect(event({ action: "deleted", story_id: 7 })).not.toHaveProperty("assetId");
  });
});
