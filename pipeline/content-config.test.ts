import { buildSettingsFrom } from "./build-settings";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveEndpoint } from "../app/content/content-config";
import { SettingsError } from "../settings/env-variables";
import { contentSecurityPolicy } from "./csp";
import { browserContentConfig, contentOriginsOf, resolveContentConfig } from "./content-config";
import { tempDirOfTests } from "../test-support/temp-dir";

const contentDir = tempDirOfTests("content-config-", "all");

beforeAll(async () => {
  await writeFile(path.join(contentDir(), "space.json"), JSON.stringify({ previewToken: "p", publicToken: "q" }));
});

describe("the local content service forwarded by the site (CONTENT_VIA_SITE)", () => {
  it("the build asks the service directly; the browser bundle asks the site's own origin", () => {
    const config = resolveContentConfig(
      buildSettingsFrom({ CONTENT_DIR: contentDir(), CONTENT_PORT: "4123", CONTENT_VIA_SITE: "1" }),
    );
    expect(config.endpoint).toBe("http://localhost:4123/v2");
    expect(browserContentConfig(config).endpoint).toBe("/v2");
    expect(resolveEndpoint(browserContentConfig(config), "http://192.168.1.20:3000").endpoint).toBe(
      "http://192.168.1.20:3000/v2",
    );
    // at build time (no window) a root-relative endpoint stays as it is
    expect(resolveEndpoint(browserContentConfig(config), undefined).endpoint).toBe("/v2");
  });

  it("keeps the policy strict: API, images and videos from the site itself only", () => {
    const config = resolveContentConfig(
      buildSettingsFrom({ CONTENT_DIR: contentDir(), CONTENT_PORT: "4123", CONTENT_VIA_SITE: "1" }),
    );
    const origins = contentOriginsOf(config, buildSettingsFrom({}));
    expect(origins).toEqual({ api: "'self'", assets: [] });
    const policy = contentSecurityPolicy(
      { mode: "production", apiOrigin: origins.api, assetOrigins: origins.assets },
      [],
    );
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).toContain("media-src 'self';");
    expect(policy).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it("without it the browser asks the service's own address, as before", () => {
    const config = resolveContentConfig(buildSettingsFrom({ CONTENT_DIR: contentDir(), CONTENT_PORT: "4123" }));
    expect(browserContentConfig(config).endpoint).toBe("http://localhost:4123/v2");
    expect(resolveEndpoint(config, "http://127.0.0.2:3000").endpoint).toBe("http://localhost:4123/v2");
    expect(contentOriginsOf(config, buildSettingsFrom({})).api).toBe("http://localhost:4123");
  });
});

describe("STORYBLOK_REGION, checked only where Storyblok is read", () => {
  it("is ignored by a build of the local content service, where a region means nothing", () => {
    const settings = buildSettingsFrom({ CONTENT_DIR: contentDir(), CONTENT_PORT: "4123", STORYBLOK_REGION: "mars" });
    const config = resolveContentConfig(settings);
    expect(config.endpoint).toBe("http://localhost:4123/v2");
    expect(contentOriginsOf(config, settings).assets).toEqual(["http://localhost:4123", "http://127.0.0.1:4123"]);
  });

  it("picks Storyblok's hosts with STORYBLOK_TOKEN, and a bad one fails the build naming it", () => {
    const us = buildSettingsFrom({ STORYBLOK_TOKEN: "t", STORYBLOK_REGION: "US" });
    const config = resolveContentConfig(us);
    expect(config.endpoint).toBe("https://api-us.storyblok.com/v2");
    expect(contentOriginsOf(config, us).assets).toContain("https://a-us.storyblok.com");
    const mars = buildSettingsFrom({ STORYBLOK_TOKEN: "t", STORYBLOK_REGION: "mars" });
    const message = new SettingsError('STORYBLOK_REGION must be one of eu, us, ca, ap, cn, not "mars"');
    expect(() => resolveContentConfig(mars)).toThrow(message);
    expect(() => contentOriginsOf(config, mars)).toThrow(message);
  });
});
