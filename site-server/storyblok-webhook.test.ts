import { describe, expect, it } from "vitest";
import { hasValidSignature, parseWebhookPayload, webhookSignature } from "./storyblok-webhook";

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
