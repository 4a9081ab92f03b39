import { apiPlugin, storyblokInit, type StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentConfig } from "./content-config";

/** SPEC section 9: 10 retries 300 ms apart on 429, 5 requests per second. */
const CLIENT_LIMITS = {
  maxRetries: 10,
  retriesDelay: 300,
  rateLimit: 5,
  /** seconds; a hanging content call ends instead of loading forever */
  timeout: 10,
} as const;

export type ClientLimits = { -readonly [Key in keyof typeof CLIENT_LIMITS]: number };

/**
 * The SDK's timeout stops waiting for an answer's headers only: a body that
 * stalls after them would leave a page (or the build) loading forever. This
 * fetch gives the whole exchange, body included, the same deadline.
 */
function fetchWithDeadline(seconds: number): typeof fetch {
  return (input, init) => {
    if (typeof AbortSignal.timeout !== "function" || typeof AbortSignal.any !== "function") return fetch(input, init);
    const deadline = AbortSignal.timeout(seconds * 1000);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  };
}

/** `limits` overrides SPEC 9's numbers (tests use short timeouts and delays). */
export function contentClientOptions(config: ContentConfig, limits: Partial<ClientLimits> = {}) {
  const options = { ...CLIENT_LIMITS, ...limits };
  return {
    accessToken: config.token,
    endpoint: config.endpoint,
    cache: { type: "memory" as const, clear: "auto" as const },
    ...options,
    fetch: fetchWithDeadline(options.timeout),
  };
}

let client: StoryblokClient | undefined;

/** The one Storyblok client of the site (the SDK's own, with its cv cache). */
export function contentClient(): StoryblokClient {
  if (!client) {
    // With no token the SDK logs the error itself (SPEC section 8) and gives no client.
    const initialised = storyblokInit({
      accessToken: contentConfig.token,
      use: [apiPlugin],
      apiOptions: contentClientOptions(contentConfig),
      bridge: false,
    })() as StoryblokClient | undefined;
    if (!initialised) throw new Error("No Storyblok client: the access token is missing");
    client = initialised;
  }
  return client;
}

/** Points the site's queries at another client (tests against a content service on a free port). */
export function setContentClient(next: StoryblokClient): void {
  client = next;
}

/** A client that is not the site's singleton, for tests and tools. */
export function createContentClient(config: ContentConfig, limits: Partial<ClientLimits> = {}): StoryblokClient {
  const result = apiPlugin({ apiOptions: contentClientOptions(config, limits) }) as
    { storyblokApi?: StoryblokClient } | undefined;
  if (!result?.storyblokApi) throw new Error("No Storyblok client: the access token is missing");
  return result.storyblokApi;
}
