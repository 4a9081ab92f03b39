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

/** seconds any one exchange with the content service (API or asset) may take */
export const CONTENT_TIMEOUT_SECONDS = CLIENT_LIMITS.timeout;

export type ClientLimits = { -readonly [Key in keyof typeof CLIENT_LIMITS]: number };

/**
 * The SDK's timeout stops waiting for an answer's headers only: a body that
 * stalls after them would leave a page (or the build) loading forever. This
 * fetch gives the whole exchange, body included, the same deadline.
 */
export function fetchWithDeadline(seconds: number): typeof fetch {
  return (input, init) => {
    if (typeof AbortSignal.timeout !== "function" || typeof AbortSignal.any !== "function") return fetch(input, init);
    const deadline = AbortSignal.timeout(seconds * 1000);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  };
}

/**
 * `limits` overrides SPEC 9's numbers (tests use short timeouts and delays).
 * `keepAnswers: false` drops the SDK's cache of published answers (it keeps
 * every answer until the content changes).
 */
export function contentClientOptions(
  config: ContentConfig,
  limits: Partial<ClientLimits> = {},
  { keepAnswers = true }: { keepAnswers?: boolean } = {},
) {
  const options = { ...CLIENT_LIMITS, ...limits };
  return {
    accessToken: config.token,
    endpoint: config.endpoint,
    cache: { type: keepAnswers ? ("memory" as const) : ("none" as const), clear: "auto" as const },
    ...options,
    fetch: fetchWithDeadline(options.timeout),
  };
}

// module-level: every request of the process shares the one client and its cv cache
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

/**
 * A client that is not the site's own, for the build, tests and tools.
 * `onRequest` is told of each request it makes (a build counts its own).
 */
export function createContentClient(
  config: ContentConfig,
  limits: Partial<ClientLimits> = {},
  options: { keepAnswers?: boolean; onRequest?: () => void } = {},
): StoryblokClient {
  const apiOptions = contentClientOptions(config, limits, options);
  const { onRequest } = options;
  const counted: typeof fetch | undefined = onRequest
    ? (input, init) => {
        onRequest();
        return apiOptions.fetch(input, init);
      }
    : undefined;
  const result = apiPlugin({ apiOptions: counted ? { ...apiOptions, fetch: counted } : apiOptions }) as
    { storyblokApi?: StoryblokClient } | undefined;
  if (!result?.storyblokApi) throw new Error("No Storyblok client: the access token is missing");
  return result.storyblokApi;
}
