/**
 * The content source, fixed at build time by vite.config.ts from the
 * environment (see scripts/content-config.ts and README).
 */
export interface ContentConfig {
  endpoint: string;
  token: string;
  version: "draft" | "published";
  local: boolean;
}

declare const __CONTENT_CONFIG__: ContentConfig | undefined;

const FALLBACK_CONFIG: ContentConfig = {
  endpoint: "http://localhost:4100/v2",
  token: "",
  version: "draft",
  local: true,
};

export const contentConfig: ContentConfig =
  typeof __CONTENT_CONFIG__ === "undefined" ? FALLBACK_CONFIG : __CONTENT_CONFIG__;
