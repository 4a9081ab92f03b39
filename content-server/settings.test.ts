import { describe, expect, it } from "vitest";
import { CONTENT_SERVER_VARIABLES, contentServerOptions } from "./settings";
import { parseSettings, SettingsError } from "../settings/env-variables";

/** As content-server/main.ts reads them, throwing where it exits. */
const optionsFrom = (env: NodeJS.ProcessEnv) => contentServerOptions(parseSettings(CONTENT_SERVER_VARIABLES, env));

describe("the content service's settings", () => {
  it("reads the webhook URLs and secret, and the image cache bound", () => {
    const options = optionsFrom({
      CONTENT_WEBHOOKS: "http://127.0.0.1:3000/__webhook, https://hooks.example/build",
      STORYBLOK_WEBHOOK_SECRET: "site-secret",
      CONTENT_IMAGE_CACHE_MB: "64",
    });
    expect(options.webhooks).toEqual(["http://127.0.0.1:3000/__webhook", "https://hooks.example/build"]);
    // the site server's secret signs them unless the service has its own
    expect(options.webhookSecret).toBe("site-secret");
    expect(optionsFrom({ CONTENT_WEBHOOK_SECRET: "own", STORYBLOK_WEBHOOK_SECRET: "site" }).webhookSecret).toBe("own");
    expect(options.imageCacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(optionsFrom({})).toMatchObject({ webhooks: [] });
    expect(optionsFrom({}).webhookSecret).toBeUndefined();
  });

  it("reads the public origin: unset for the service's own, / for root-relative URLs, else an http(s) origin", () => {
    expect(optionsFrom({}).publicOrigin).toBeUndefined();
    expect(optionsFrom({ CONTENT_PUBLIC_ORIGIN: "  " }).publicOrigin).toBeUndefined();
    expect(optionsFrom({ CONTENT_PUBLIC_ORIGIN: "/" }).publicOrigin).toBe("");
    expect(optionsFrom({ CONTENT_PUBLIC_ORIGIN: " / " }).publicOrigin).toBe("");
    expect(optionsFrom({ CONTENT_PUBLIC_ORIGIN: "https://content.example/" }).publicOrigin).toBe(
      "https://content.example",
    );
    expect(optionsFrom({ CONTENT_PUBLIC_ORIGIN: "http://127.0.0.1:4100" }).publicOrigin).toBe("http://127.0.0.1:4100");
    for (const value of [
      "content.example",
      "//content.example",
      "ftp://content.example",
      "https://content.example/f",
      "https://content.example/?x=1",
      "https://user:pass@content.example",
      "javascript:alert(1)",
    ]) {
      expect(() => optionsFrom({ CONTENT_PUBLIC_ORIGIN: value }), value).toThrow(
        /^CONTENT_PUBLIC_ORIGIN must be an http\(s\) origin .* or "\/" for root-relative URLs/,
      );
    }
  });

  it("reads every setting of the service, with its defaults", () => {
    expect(optionsFrom({})).toEqual({
      port: 4100,
      host: "127.0.0.1",
      contentDir: "content",
      rateLimit: "off",
      faults: {},
      webhooks: [],
      logRequests: false,
    });
    const options = optionsFrom({
      CONTENT_PORT: "0",
      CONTENT_HOST: "0.0.0.0",
      CONTENT_DIR: "/srv/content",
      CONTENT_PUBLIC_ORIGIN: "/",
      CONTENT_RATE_LIMIT: "storyblok",
      CONTENT_FAULTS: '{"latencyMs":5}',
      CONTENT_ADMIN_TOKEN: "admin-token-1",
      CONTENT_IMAGE_CACHE_DIR: "/tmp/renders",
      CONTENT_IMAGE_CACHE_MB: "8",
      CONTENT_LOG: "1",
    });
    expect(options).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      contentDir: "/srv/content",
      publicOrigin: "",
      rateLimit: "storyblok",
      faults: { latencyMs: 5 },
      adminToken: "admin-token-1",
      imageCacheDir: "/tmp/renders",
      imageCacheMaxBytes: 8 * 1024 * 1024,
      logRequests: true,
    });
  });

  it("refuses values it cannot use, naming the variable and the value", () => {
    expect(() => optionsFrom({ CONTENT_WEBHOOKS: "file:///etc/passwd" })).toThrow(
      'CONTENT_WEBHOOKS must be http(s) URLs separated by commas ("file:///etc/passwd" is not http(s)), not "file:///etc/passwd"',
    );
    expect(() => optionsFrom({ CONTENT_WEBHOOKS: "not a url" })).toThrow(/^CONTENT_WEBHOOKS must .*not a URL/);
    expect(() => optionsFrom({ CONTENT_IMAGE_CACHE_MB: "lots" })).toThrow(
      'CONTENT_IMAGE_CACHE_MB must be a whole number of megabytes, not "lots"',
    );
    expect(() => optionsFrom({ CONTENT_PORT: "65536" })).toThrow(
      'CONTENT_PORT must be a port number from 0 to 65535, not "65536"',
    );
    expect(() => optionsFrom({ CONTENT_RATE_LIMIT: "fast" })).toThrow(/^CONTENT_RATE_LIMIT must be "off", "storyblok"/);
    expect(() => optionsFrom({ CONTENT_ADMIN_TOKEN: "short" })).toThrow(
      "CONTENT_ADMIN_TOKEN must be at least 8 characters without spaces (the value is a secret: not shown)",
    );
  });

  it("names every bad variable at once", () => {
    expect(() => optionsFrom({ CONTENT_PORT: "http", CONTENT_FAULTS: "{" })).toThrow(
      new SettingsError(
        'CONTENT_PORT must be a port number from 0 to 65535, not "http"\n' +
          'CONTENT_FAULTS must be fault settings in JSON (not JSON; e.g. {"latencyMs":200,"errorRate":0.1}), not "{"',
      ),
    );
  });
});
