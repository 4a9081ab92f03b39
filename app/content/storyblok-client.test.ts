import { describe, expect, it } from "vitest";
import { contentClientOptions } from "./storyblok-client";

const config = {
  token: "public-token",
  endpoint: "http://127.0.0.1:1/v2",
  version: "published",
  local: true,
} as unknown as Parameters<typeof contentClientOptions>[0];

describe("contentClientOptions", () => {
  it("keeps published answers in the SDK's memory cache by default", () => {
    expect(contentClientOptions(config).cache).toEqual({ type: "memory", clear: "auto" });
  });

  it("keeps no answers for the build's listing of all stories", () => {
    expect(contentClientOptions(config, {}, { keepAnswers: false }).cache).toEqual({ type: "none", clear: "auto" });
  });

  it("keeps SPEC 9's limits unless told otherwise", () => {
    const options = contentClientOptions(config, { timeout: 2 }, { keepAnswers: false });
    expect(options).toMatchObject({ accessToken: "public-token", maxRetries: 10, rateLimit: 5, timeout: 2 });
  });
});
