import { readFileSync } from "node:fs";
import path from "node:path";

/** What the site needs to reach its content; resolved once at build time. */
export interface ContentConfig {
  /** Base of the Content Delivery API, e.g. http://localhost:4100/v2 */
  endpoint: string;
  token: string;
  version: "draft" | "published";
  /** True when the embedded local content service is the source. */
  local: boolean;
}

const REGION_HOSTS: Record<string, string> = {
  eu: "api.storyblok.com",
  us: "api-us.storyblok.com",
  ca: "api-ca.storyblok.com",
  ap: "api-ap.storyblok.com",
  cn: "app.storyblokchina.cn",
};

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

export function resolveContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const versionSetting = env.CONTENT_VERSION ?? "draft";
  if (versionSetting !== "draft" && versionSetting !== "published") {
    throw new Error(`CONTENT_VERSION must be draft or published, not "${versionSetting}"`);
  }
  const version = versionSetting;

  if (env.STORYBLOK_TOKEN) {
    const region = (env.STORYBLOK_REGION ?? "eu").toLowerCase();
    const host = REGION_HOSTS[region];
    if (!host && !env.CONTENT_API_URL) {
      throw new Error(`STORYBLOK_REGION must be one of ${Object.keys(REGION_HOSTS).join(", ")}`);
    }
    return {
      endpoint: trimSlash(env.CONTENT_API_URL ?? `https://${host}/v2`),
      token: env.STORYBLOK_TOKEN,
      version,
      local: false,
    };
  }

  const contentDir = path.resolve(env.CONTENT_DIR ?? "content");
  const space = readLocalSpace(contentDir);
  const port = env.CONTENT_PORT ?? "4100";
  return {
    endpoint: trimSlash(env.CONTENT_API_URL ?? `http://localhost:${port}/v2`),
    token: version === "draft" ? space.previewToken : space.publicToken,
    version,
    local: true,
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
