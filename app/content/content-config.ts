/**
 * The content source, fixed at build time by vite.config.ts from the
 * environment (see pipeline/content-config.ts and README).
 */
export interface ContentConfig {
  endpoint: string;
  token: string;
  version: "draft" | "published";
  local: boolean;
  viaSite?: boolean;
}

declare const __CONTENT_CONFIG__: ContentConfig | undefined;

const FALLBACK_CONFIG: ContentConfig = {
  endpoint: "http://localhost:4100/v2",
  token: "",
  version: "draft",
  local: true,
};

/**
 * A root-relative endpoint (`/v2`: the site forwards the local content
 * service, CONTENT_VIA_SITE) is the API on the origin the page was loaded
 * from, whatever address the visitor used.
 */
export function resolveEndpoint(config: ContentConfig, origin: string | undefined): ContentConfig {
  if (!config.endpoint.startsWith("/") || !origin) return config;
  return { ...config, endpoint: `${origin}${config.endpoint}` };
}

export const contentConfig: ContentConfig = resolveEndpoint(
  typeof __CONTENT_CONFIG__ === "undefined" ? FALLBACK_CONFIG : __CONTENT_CONFIG__,
  typeof window === "undefined" ? undefined : window.location.origin,
);
