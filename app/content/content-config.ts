/**
 * The content source, fixed at build time by vite.config.ts from the
 * environment (see pipeline/content-config.ts and README).
 */
export interface ContentConfig {
  /** Base of the Content Delivery API, e.g. http://localhost:4100/v2 */
  endpoint: string;
  token: string;
  version: "draft" | "published";
  /** True when the embedded local content service is the source. */
  local: boolean;
  /**
   * Local content service only (CONTENT_VIA_SITE=1, set by `npm start`):
   * browsers reach its API and assets on the site's own origin, which the
   * site server forwards (site-server/content-forward.ts), so the site works
   * under any address it is visited by.
   */
  viaSite?: boolean;
}

/** Which state of the content is read: the drafts (a preview) or what is published. */
export type ContentVersion = ContentConfig["version"];

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
