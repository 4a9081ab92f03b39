import { describe, expect, it } from "vitest";
import { readEnvConfig } from "./config";

describe("readEnvConfig", () => {
  it("reads the webhook URLs and secret, and the image cache bound", () => {
    const options = readEnvConfig({
      CONTENT_WEBHOOKS: "http://127.0.0.1:3000/__webhook, https://hooks.example/build",
      STORYBLOK_WEBHOOK_SECRET: "site-secret",
      CONTENT_IMAGE_CACHE_MB: "64",
    });
    expect(options.webhooks).toEqual(["http://127.0.0.1:3000/__webhook", "https://hooks.example/build"]);
    // the site server's secret signs them unless the service has its own
    expect(options.webhookSecret).toBe("site-secret");
    expect(readEnvConfig({ CONTENT_WEBHOOK_SECRET: "own", STORYBLOK_WEBHOOK_SECRET: "site" }).webhookSecret).toBe(
      "own",
    );
    expect(options.imageCacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(readEnvConfig({})).toMatchObject({ webhooks: [] });
    expect(readEnvConfig({}).webhookSecret).toBeUndefined();
  });

  it("refuses values it cannot use, naming the variable", () => {
    expect(() => readEnvConfig({ CONTENT_WEBHOOKS: "file:///etc/passwd" })).toThrow(/^CONTENT_WEBHOOKS: .*not http/);
    expect(() => readEnvConfig({ CONTENT_WEBHOOKS: "not a url" })).toThrow(/^CONTENT_WEBHOOKS: .*not a URL/);
    expect(() => readEnvConfig({ CONTENT_IMAGE_CACHE_MB: "lots" })).toThrow(/^CONTENT_IMAGE_CACHE_MB/);
  });
});
