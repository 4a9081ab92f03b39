import type { ContentConfig } from "./content-config";

/**
 * How many requests a build or a live update made to the content API, for
 * its log line. The local content service counts the API requests it is
 * asked and tells at `/__health`: two readings, before and after, give what
 * was asked in between (by anyone: during `npm start`'s build and the
 * bench's, the build alone). Storyblok tells no such count: there the
 * clients the build creates count through their `fetch` option
 * (createContentClient's `onRequest`): the listing of all stories, not the
 * page loaders' own requests.
 */

/** Where the content comes from, for log lines: "local content service at {endpoint}, draft content". */
export function describeContentSource(config: ContentConfig): string {
  const source = config.local ? "local content service" : "Storyblok";
  return `${source} at ${config.endpoint}, ${config.version} content`;
}

/**
 * The local content service's count of the API requests it has been
 * asked; null for Storyblok, and for a service that does not tell (an
 * older one, or none answering).
 */
export async function contentServiceRequestCount(
  config: Pick<ContentConfig, "endpoint" | "local">,
  fetchImpl: typeof fetch = fetch,
): Promise<number | null> {
  if (!config.local) return null;
  try {
    const response = await fetchImpl(new URL("/__health", config.endpoint), { signal: AbortSignal.timeout(5_000) });
    const health: unknown = response.ok ? await response.json() : null;
    const count =
      typeof health === "object" && health !== null ? (health as { apiRequests?: unknown }).apiRequests : null;
    return typeof count === "number" && Number.isSafeInteger(count) ? count : null;
  } catch {
    return null;
  }
}

/**
 * What a build knows of its content requests when it starts prerendering:
 * the service's count then, or (Storyblok) the listing's own requests.
 */
export interface RequestCountAtStart {
  serviceCount: number | null;
  listingRequests: number;
}

/**
 * The content requests a build made while it prerendered: the service's count since the start, or (Storyblok,
 * a service that stopped telling, or one started again since) the listing's own requests, `listingOnly`.
 */
export interface ContentRequests {
  count: number;
  listingOnly: boolean;
}

export async function countContentRequests(
  config: ContentConfig,
  start: RequestCountAtStart,
  fetchImpl: typeof fetch = fetch,
): Promise<ContentRequests> {
  const now = start.serviceCount === null ? null : await contentServiceRequestCount(config, fetchImpl);
  // a service started again meanwhile (npm start restarts one that stopped) counts from 0: its count says nothing
  return start.serviceCount !== null && now !== null && now >= start.serviceCount
    ? { count: now - start.serviceCount, listingOnly: false }
    : { count: start.listingRequests, listingOnly: true };
}

/** The build's "Content: N request(s) ..." line, once it has prerendered `paths` pages. */
export function contentRequestsLine(config: ContentConfig, requests: ContentRequests, paths: number): string {
  const counted = `${requests.count} request(s) to the ${describeContentSource(config)}`;
  const what = requests.listingOnly
    ? `${counted} for the listing of all stories ` +
      "(the pages' own go uncounted: only the local content service tells its count)"
    : counted;
  return `Content: ${what}; ${paths} path(s) prerendered plus the SPA fallback`;
}
