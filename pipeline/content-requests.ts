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

/** The build's "Content: N request(s) ..." line, once it has prerendered `paths` pages. */
export async function contentRequestsLine(
  config: ContentConfig,
  start: RequestCountAtStart,
  paths: number,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const now = start.serviceCount === null ? null : await contentServiceRequestCount(config, fetchImpl);
  const requests =
    start.serviceCount !== null && now !== null
      ? `${now - start.serviceCount} request(s) to the ${describeContentSource(config)}`
      : `${start.listingRequests} request(s) to the ${describeContentSource(config)} for the listing of all stories ` +
        "(the pages' own go uncounted: only the local content service tells its count)";
  return `Content: ${requests}; ${paths} path(s) prerendered plus the SPA fallback`;
}
