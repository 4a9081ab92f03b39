import { parseFaultsEnv } from "./faults";
import { normalisePublicOrigin } from "./http-utils";
import { parseRateLimit } from "./rate-limit";
import { parseWebhookUrls } from "./webhooks";
import type { ContentServerOptions } from "./content-server";

/**
 * The one reader of the content service's settings (`npm run content`,
 * `npm start` and `npm run dev` all run content-server/main.ts, which reads
 * them here). From the environment:
 *   CONTENT_PORT (4100; 0 a free one), CONTENT_HOST (127.0.0.1), CONTENT_DIR (content/),
 *   CONTENT_PUBLIC_ORIGIN (see below), CONTENT_RATE_LIMIT (off | storyblok | N req/s),
 *   CONTENT_FAULTS (JSON), CONTENT_ADMIN_TOKEN (random), CONTENT_IMAGE_CACHE_DIR,
 *   CONTENT_IMAGE_CACHE_MB (256), CONTENT_WEBHOOKS (comma-separated URLs),
 *   CONTENT_WEBHOOK_SECRET (else STORYBLOK_WEBHOOK_SECRET), CONTENT_LOG (1 logs requests).
 *
 * CONTENT_PUBLIC_ORIGIN: the origin written into asset URLs and the cv
 * redirect's Location, never taken from a request's Host:
 *   unset or blank          the service's own origin, http://{CONTENT_HOST}:{port}
 *                           (http://127.0.0.1:{port} when bound to 0.0.0.0 or ::)
 *   "/"                     root-relative: `/f/...`, `/v2/...`, for a site that forwards
 *                           both paths to the service on its own origin (npm start)
 *   "https://host[:port]"   that origin (an http(s) origin: no path, query or credentials)
 *
 * Throws a readable Error, naming the variable, on invalid values.
 */
export function readEnvConfig(env: NodeJS.ProcessEnv = process.env): ContentServerOptions {
  const options: ContentServerOptions = {};
  const port = env.CONTENT_PORT?.trim();
  if (port) {
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
      throw new Error(`CONTENT_PORT must be a port number, got "${port}"`);
    options.port = Number(port);
  } else options.port = 4100;
  options.host = env.CONTENT_HOST?.trim() || "127.0.0.1";
  options.contentDir = env.CONTENT_DIR?.trim() || "content";
  const publicOrigin = env.CONTENT_PUBLIC_ORIGIN?.trim();
  if (publicOrigin === "/") options.publicOrigin = "";
  else if (publicOrigin) {
    try {
      options.publicOrigin = normalisePublicOrigin(publicOrigin);
    } catch (err) {
      throw new Error(
        `CONTENT_PUBLIC_ORIGIN must be an http(s) origin such as https://content.example, or "/" for root-relative URLs; got "${publicOrigin}"`,
        { cause: err },
      );
    }
  }
  try {
    options.rateLimit = parseRateLimit(env.CONTENT_RATE_LIMIT?.trim() || "off");
  } catch (err) {
    throw new Error(`CONTENT_RATE_LIMIT: ${(err as Error).message}`, { cause: err });
  }
  options.faults = parseFaultsEnv(env.CONTENT_FAULTS);
  const admin = env.CONTENT_ADMIN_TOKEN?.trim();
  if (admin) {
    if (admin.length < 8 || /\s/.test(admin))
      throw new Error("CONTENT_ADMIN_TOKEN must be at least 8 characters without spaces");
    options.adminToken = admin;
  }
  if (env.CONTENT_IMAGE_CACHE_DIR?.trim()) options.imageCacheDir = env.CONTENT_IMAGE_CACHE_DIR.trim();
  const cacheMb = env.CONTENT_IMAGE_CACHE_MB?.trim();
  if (cacheMb) {
    if (!/^\d{1,7}$/.test(cacheMb) || Number(cacheMb) < 1)
      throw new Error(`CONTENT_IMAGE_CACHE_MB must be a whole number of megabytes, got "${cacheMb}"`);
    options.imageCacheMaxBytes = Number(cacheMb) * 1024 * 1024;
  }
  try {
    options.webhooks = parseWebhookUrls(env.CONTENT_WEBHOOKS);
  } catch (err) {
    throw new Error(`CONTENT_WEBHOOKS: ${(err as Error).message}; give http(s) URLs separated by commas`, {
      cause: err,
    });
  }
  // the same secret the site server checks Storyblok's webhooks with, unless the service has its own
  const secret = env.CONTENT_WEBHOOK_SECRET?.trim() || env.STORYBLOK_WEBHOOK_SECRET?.trim();
  if (secret) options.webhookSecret = secret;
  options.logRequests = env.CONTENT_LOG === "1";
  return options;
}
