import { describe, expect, it } from "vitest";
import { parseSettings, SettingsError } from "../settings/env-variables";
import { BUILD_VARIABLES } from "./build-settings";

describe("the build's settings", () => {
  it("defaults: a draft build of the local content on port 4100 for Cloudflare, no site URL", () => {
    expect(parseSettings(BUILD_VARIABLES, {})).toEqual({
      STORYBLOK_TOKEN: undefined,
      STORYBLOK_REGION: undefined,
      CONTENT_API_URL: undefined,
      CONTENT_VERSION: "draft",
      CONTENT_ASSET_ORIGINS: [],
      SITE_URL: "",
      SITE_BUILD_DIR: "build",
      STATIC_HOST: "cloudflare",
      CONTENT_VIA_SITE: false,
      CONTENT_PORT: 4100,
      CONTENT_DIR: "content",
    });
  });

  it("reads the values it is given", () => {
    expect(
      parseSettings(BUILD_VARIABLES, {
        CONTENT_VERSION: "published",
        CONTENT_ASSET_ORIGINS: "https://assets.example/x, http://cdn.example",
        SITE_URL: "https://studio.example/",
        STATIC_HOST: " Netlify ",
        CONTENT_VIA_SITE: "1",
      }),
    ).toMatchObject({
      CONTENT_VERSION: "published",
      CONTENT_ASSET_ORIGINS: ["https://assets.example", "http://cdn.example"],
      SITE_URL: "https://studio.example",
      STATIC_HOST: "netlify",
      CONTENT_VIA_SITE: true,
    });
  });

  it("refuses a bad value, naming the variable, the choices and the value", () => {
    expect(() => parseSettings(BUILD_VARIABLES, { STATIC_HOST: "vercel" })).toThrow(
      new SettingsError('STATIC_HOST must be one of cloudflare, netlify, not "vercel"'),
    );
    expect(() => parseSettings(BUILD_VARIABLES, { CONTENT_VERSION: "final" })).toThrow(
      new SettingsError('CONTENT_VERSION must be draft or published, not "final"'),
    );
    expect(() => parseSettings(BUILD_VARIABLES, { CONTENT_PORT: "41OO" })).toThrow(
      new SettingsError('CONTENT_PORT must be a port number from 0 to 65535, not "41OO"'),
    );
    expect(() => parseSettings(BUILD_VARIABLES, { SITE_URL: "studio.example" })).toThrow(
      new SettingsError('SITE_URL must be an absolute http(s) URL, not "studio.example"'),
    );
    expect(() => parseSettings(BUILD_VARIABLES, { CONTENT_ASSET_ORIGINS: "ftp://x.example" })).toThrow(
      /^CONTENT_ASSET_ORIGINS must list absolute http\(s\) URLs/,
    );
  });
});
