import { readFileSync } from "node:fs";
import path from "node:path";
import type { ContentConfig } from "../app/content/content-config";
import type { SiteMode } from "../release/headers-manifest";
import { storyblokRegionOf, type BuildSettings, type StoryblokRegion } from "./build-settings";

/** What the site needs to reach its content (the site's own type); resolved once at build time. */
export type { ContentConfig };

/** The content service's paths on the site's origin when it is forwarded there. */
export const FORWARDED_API_PATH = "/v2";

const REGION_HOSTS: Record<StoryblokRegion, string> = {
  eu: "api.storyblok.com",
  us: "api-us.storyblok.com",
  ca: "api-ca.storyblok.com",
  ap: "api-ap.storyblok.com",
  cn: "app.storyblokchina.cn",
};

/** Storyblok's asset CDN per region (a2-* are the CORS-friendly twins). */
const REGION_ASSET_ORIGINS: Record<StoryblokRegion, readonly string[]> = {
  eu: ["https://a.storyblok.com", "https://a2.storyblok.com"],
  us: ["https://a-us.storyblok.com", "https://a2-us.storyblok.com"],
  ca: ["https://a-ca.storyblok.com"],
  ap: ["https://a-ap.storyblok.com", "https://a2-ap.storyblok.com"],
  cn: ["https://a.storyblokchina.cn"],
};

/**
 * Preview builds read drafts with a preview token, which the browser bundle
 * then carries: anyone can read unpublished content with it. Production
 * builds read published content with a public token.
 */
export function siteModeOf(config: Pick<ContentConfig, "version">): SiteMode {
  return config.version === "published" ? "production" : "preview";
}

/**
 * The origins the browser reaches for content, for the Content-Security-Policy: the API, and the images and
 * videos. The local content service serves its assets itself; Storyblok from its regional asset CDN.
 * CONTENT_ASSET_ORIGINS adds more, e.g. a custom assets domain.
 */
export function contentOriginsOf(
  config: ContentConfig,
  settings: Pick<BuildSettings, "STORYBLOK_REGION" | "CONTENT_ASSET_ORIGINS">,
) {
  const api = config.viaSite ? "'self'" : new URL(config.endpoint).origin;
  const assets = config.viaSite
    ? []
    : config.local
      ? loopbackAliases(api)
      : [...REGION_ASSET_ORIGINS[storyblokRegionOf(settings)], "https://a.storyblok.com"];
  return { api, assets: [...new Set([...assets, ...settings.CONTENT_ASSET_ORIGINS])] };
}

/**
 * The local service answers on loopback, as localhost or 127.0.0.1, and
 * writes asset URLs with the host it was asked by: either may turn up in content.
 */
function loopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (url.hostname !== "localhost" && url.hostname !== "127.0.0.1") return [origin];
  return ["localhost", "127.0.0.1"].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

interface LocalSpaceFile {
  previewToken: string;
  publicToken: string;
}

export function readLocalSpace(contentDir: string): LocalSpaceFile {
  const file = path.join(contentDir, "space.json");
  const space = JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSpaceFile>;
  if (typeof space.previewToken !== "string" || typeof space.publicToken !== "string") {
    throw new Error(`${file} must hold previewToken and publicToken`);
  }
  return { previewToken: space.previewToken, publicToken: space.publicToken };
}

/** Where the build reads its content, from its settings: Storyblok with STORYBLOK_TOKEN, else the local content service. */
export function resolveContentConfig(settings: BuildSettings): ContentConfig {
  const version = settings.CONTENT_VERSION;
  if (settings.STORYBLOK_TOKEN) {
    return {
      endpoint: trimSlash(settings.CONTENT_API_URL ?? `https://${REGION_HOSTS[storyblokRegionOf(settings)]}/v2`),
      token: settings.STORYBLOK_TOKEN,
      version,
      local: false,
    };
  }
  const space = readLocalSpace(path.resolve(settings.CONTENT_DIR));
  return {
    endpoint: trimSlash(settings.CONTENT_API_URL ?? `http://localhost:${settings.CONTENT_PORT}/v2`),
    token: version === "draft" ? space.previewToken : space.publicToken,
    version,
    local: true,
    ...(settings.CONTENT_VIA_SITE ? { viaSite: true } : {}),
  };
}

/**
 * The config the browser bundle carries: with CONTENT_VIA_SITE its API
 * endpoint is the root-relative path the site forwards, which
 * app/content/content-config.ts resolves against the page's own origin.
 * The build itself keeps asking the content service directly.
 */
export function browserContentConfig(config: ContentConfig): ContentConfig {
  return config.viaSite ? { ...config, endpoint: FORWARDED_API_PATH } : config;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
