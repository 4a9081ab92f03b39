import * as v from "valibot";
import { CONTENT_DIR, CONTENT_PORT } from "../settings/shared-variables";
import {
  envVariable,
  flag,
  oneOf,
  optionalText,
  parseSettings,
  parsedWith,
  textOr,
  type SettingsOf,
} from "../settings/env-variables";
import { STATIC_HOSTS } from "./host-config";

/**
 * The build's settings (`npm run build`, and every build `npm start` or a publish starts, which hand them
 * on in the build's environment). The preset parses them once before prerendering (pipeline/preset.ts);
 * their descriptions are the README's table (tools/schema/variables-table.ts).
 */
/** Storyblok's regions (pipeline/content-config.ts knows each one's hosts). */
export const STORYBLOK_REGIONS = ["eu", "us", "ca", "ap", "cn"] as const;
export type StoryblokRegion = (typeof STORYBLOK_REGIONS)[number];

/** STORYBLOK_REGION as it is checked where Storyblok is read (storyblokRegionOf): a local content service has none. */
const STORYBLOK_REGION = envVariable(
  oneOf(STORYBLOK_REGIONS, "eu"),
  "`eu`",
  "the space's region, read with `STORYBLOK_TOKEN`: `eu`, `us`, `ca`, `ap` or `cn`",
);

export const BUILD_VARIABLES = {
  STORYBLOK_TOKEN: envVariable(
    optionalText,
    "unset",
    "a Storyblok access token; when set, the site reads Storyblok and the local service is not started",
    { secret: true },
  ),
  // its text only: a build of the local content never checks it
  STORYBLOK_REGION: { ...STORYBLOK_REGION, schema: optionalText },
  CONTENT_API_URL: envVariable(
    v.pipe(
      optionalText,
      v.check((url) => url === undefined || URL.canParse(url), "must be an absolute URL"),
    ),
    "from the above",
    "the full API base instead, e.g. `https://api-us.storyblok.com/v2`",
  ),
  CONTENT_VERSION: envVariable(
    v.pipe(textOr("draft"), v.picklist(["draft", "published"], "must be draft or published")),
    "`draft`",
    "`draft`: a preview build (the spec's default); `published`: a production build (below)",
  ),
  CONTENT_ASSET_ORIGINS: envVariable(
    parsedWith(assetOrigins, "must list absolute http(s) URLs, comma-separated"),
    "unset",
    "more origins for images and videos in the CSP, comma-separated (e.g. a custom Storyblok assets domain)",
  ),
  SITE_URL: envVariable(
    v.pipe(
      textOr(""),
      v.check((url) => url === "" || /^https?:\/\/[^/\s]+/i.test(url), "must be an absolute http(s) URL"),
      v.transform((url) => url.replace(/\/+$/, "")),
    ),
    "unset",
    "public origin, e.g. `https://studio.example`: canonical links, `og:url` and `sitemap.xml` (every prerendered page, `lastmod` from its story's `published_at`); unset, pages have none of them rather than a wrong one",
  ),
  SITE_BUILD_DIR: envVariable(
    textOr("build"),
    "`build`",
    "where the build is written (`client/`, `renderer/`, `nginx/`, `release.json`; `npm start` logs the build's output to `build.log` beside it)",
  ),
  STATIC_HOST: envVariable(
    oneOf(STATIC_HOSTS, "cloudflare"),
    "`cloudflare`",
    "the static host `_redirects` is written for: `cloudflare` or `netlify` (`netlify.toml` sets it; Deployment)",
  ),
  CONTENT_VIA_SITE: envVariable(
    flag,
    "unset",
    "`1` (set by `npm start`): the browser reaches the local content service through the site's own origin",
  ),
  BUILD_EVENTS_FILE: envVariable(
    optionalText,
    "unset",
    "a file the build appends its progress to, one JSON object a line (`pipeline/build-events.ts`: pages, content requests, step times, warnings); `npm start` and the bench set it and follow it",
  ),
  CONTENT_PORT,
  CONTENT_DIR,
} as const;

export type BuildSettings = SettingsOf<typeof BUILD_VARIABLES>;

/**
 * The build's settings from its environment, where each of its entries starts (the preset, the Vite plugins,
 * `tsx pipeline/finish-build.ts`, a live update); a bad value throws a SettingsError naming it, and the build fails.
 */
export function buildSettingsFrom(env: NodeJS.ProcessEnv): BuildSettings {
  return parseSettings(BUILD_VARIABLES, env);
}

/** The space's region, checked where Storyblok is read: a bad one throws a SettingsError naming it. */
export function storyblokRegionOf(settings: Pick<BuildSettings, "STORYBLOK_REGION">): StoryblokRegion {
  return parseSettings({ STORYBLOK_REGION }, settings).STORYBLOK_REGION;
}

/** The origins of CONTENT_ASSET_ORIGINS; throws for one that is not an absolute http(s) URL. */
function assetOrigins(raw: string | undefined): string[] {
  const origins: string[] = [];
  for (const value of (raw ?? "").split(",").map((item) => item.trim())) {
    if (!value) continue;
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw new Error(`"${value}" is not an http(s) URL`);
    origins.push(new URL(value).origin);
  }
  return origins;
}
