import * as v from "valibot";
import { CONTENT_DIR, CONTENT_PORT } from "../settings/shared-variables";
import { envVariable, flag, oneOf, optionalText, parsedWith, textOr, type SettingsOf } from "../settings/env-variables";
import { STATIC_HOSTS } from "./host-config";

/**
 * The build's settings (`npm run build`, and every build `npm start` or a publish starts, which hand them
 * on in the build's environment). The preset parses them once before prerendering (pipeline/preset.ts);
 * their descriptions are the README's table (tools/schema/variables-table.ts).
 */
export const BUILD_VARIABLES = {
  STORYBLOK_TOKEN: envVariable(
    optionalText,
    "unset",
    "a Storyblok access token; when set, the site reads Storyblok and the local service is not started",
  ),
  STORYBLOK_REGION: envVariable(
    oneOf(["eu", "us", "ca", "ap", "cn"], "eu"),
    "`eu`",
    "the space's region: `eu`, `us`, `ca`, `ap` or `cn`",
  ),
  CONTENT_API_URL: envVariable(
    v.pipe(
      optionalText,
      v.check((url) => url === undefined || URL.canParse(url), "must be an absolute URL"),
    ),
    "from the above",
    "the full API base instead, e.g. `https://api-us.storyblok.com/v2`",
  ),
  CONTENT_VERSION: envVariable(
    v.pipe(
      v.optional(v.string()),
      v.transform((raw) => raw?.trim() || "draft"),
      v.picklist(["draft", "published"], "must be draft or published"),
    ),
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
      v.optional(v.string()),
      v.transform((raw) => raw?.trim() ?? ""),
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
  CONTENT_PORT,
  CONTENT_DIR,
} as const;

export type BuildSettings = SettingsOf<typeof BUILD_VARIABLES>;

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
