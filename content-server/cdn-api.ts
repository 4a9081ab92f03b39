import escapeHtml from "escape-html";
import type { Version } from "./content-files";
import type { ContentStore } from "./content-store";
import { HttpError, notFound, unauthorized } from "./errors";
import { jsonReply, type Reply } from "./http-utils";
import { getEnum, getInt, getString, rejectUnknown, type QueryObject } from "./query";
import type { RateLimiter } from "./rate-limit";

/**
 * What every Content Delivery API v2 endpoint shares: the token rules, the
 * rate limit, the redirect of published requests without the current `cv`,
 * and the caching headers of Storyblok's answers. The endpoints themselves
 * are in stories-api.ts and datasources-api.ts.
 */

export const STORYBLOK_ASSET_ORIGIN = "https://a.storyblok.com/f/";

/**
 * Cache-Control as the API sends it (storyblok-ruby-client spec/fixtures/vcr_cassettes/...):
 * published answers (and the 401 of a published request) may sit in a shared
 * cache for a week, drafts never; the cv redirect is not cached.
 */
export const CACHE_CONTROL = {
  published: "max-age=0, public, s-maxage=604800",
  draft: "max-age=0, private, must-revalidate",
  redirect: "no-cache",
} as const;

/** Every answer of the API varies by Origin (the recorded answers above). */
const VARY = "Origin";

export interface ApiContext {
  store: ContentStore;
  rateLimiter: RateLimiter;
  /** Origin that replaces https://a.storyblok.com in answers and starts redirects, e.g. http://127.0.0.1:4100 */
  origin: string;
  /** The request's raw path and query string, for the cv redirect. */
  pathname: string;
  search: string;
}

/** The request's token and the version it may read. */
type Access = ReturnType<typeof authorize>;

/** The parameters every endpoint takes. */
export const COMMON_PARAMS = ["token", "version", "cv", "_"] as const;

/**
 * What every story endpoint checks first, in this order: the token (401), the rate limit (429; `perPage`
 * picks Storyblok's tier of a listing) and the parameters it knows (422).
 */
export function admit(
  ctx: ApiContext,
  query: QueryObject,
  params: ReadonlySet<string>,
  perPage?: number,
): { access: Access; rl: Record<string, string> } {
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query, perPage);
  rejectUnknown(query, params);
  return { access, rl };
}

/** A listing's page: `per_page` (25 unless given, at most `maxPerPage`) and `page`. */
export function paging(query: QueryObject, maxPerPage: number) {
  const perPage = Math.min(getInt(query, "per_page", { min: 1 }) ?? 25, maxPerPage);
  const page = getInt(query, "page", { min: 1, max: 1_000_000_000 }) ?? 1;
  return {
    /** The items of the page. */
    of: <T>(items: readonly T[]): T[] => items.slice((page - 1) * perPage, page * perPage),
    /** `Total` (of every page) and `Per-Page`. */
    headers: (total: number) => ({ Total: total, "Per-Page": perPage }),
  };
}

/** Token first (401), then the version it may read. */
export function authorize(store: ContentStore, query: QueryObject) {
  const token = getString(query, "token");
  if (!token) throw unauthorized();
  const isPreview = token === store.previewToken;
  if (!isPreview && token !== store.publicToken) throw unauthorized();
  const version = getEnum(query, "version", ["draft", "published"] as const) ?? "published";
  // a public token reads published content only
  if (version === "draft" && !isPreview) throw unauthorized();
  return { token, version };
}

/** Rate limit headers of an allowed request; 429 past the limit. */
export function rateLimit(
  ctx: ApiContext,
  access: Access,
  query: QueryObject,
  perPage?: number,
): Record<string, string> {
  const cached = access.version === "published" && query.cv === String(ctx.store.cv);
  const decision = ctx.rateLimiter.check({ token: access.token, perPage, cached });
  if (!decision) return {};
  if (!decision.allowed) throw new HttpError(429, { error: "Rate limit exceeded. Retry later." }, decision.headers);
  return decision.headers;
}

/** The query string with `cv` set to `cv`, every other parameter as sent. */
function withCv(search: string, cv: number): string {
  const pairs = search.split("&").filter((pair) => pair !== "");
  const isCv = (pair: string) => pair.split("=")[0] === "cv";
  const kept = pairs.filter((pair) => !isCv(pair));
  const at = pairs.findIndex(isCv);
  kept.splice(at === -1 ? kept.length : at, 0, `cv=${cv}`);
  return kept.join("&");
}

/**
 * A published request without the current `cv` is redirected to the same URL
 * with it, as Storyblok does ("Storyblok redirect requests without cv to the
 * latest version", https://www.storyblok.com/docs/api/content-delivery/v2/migrating-from-v1;
 * a 301 with `Cache-Control: no-cache` and an HTML body in storyblok-ruby-client
 * spec/fixtures/vcr_cassettes/Storyblok_Client/V2/.../when_querying_an_existent_story_by_slug/returns_a_story.yml).
 * Clients follow it; the answer then comes from the CDN cache. The Location
 * is root-relative: the client stays on the origin it used, whatever name
 * that was (localhost, 127.0.0.1, the site's forward), and no header of the
 * request goes into it.
 */
export function cvRedirect(ctx: ApiContext, access: Access, query: QueryObject): Reply | null {
  if (access.version !== "published" || getString(query, "cv") === String(ctx.store.cv)) return null;
  const location = `${ctx.pathname}?${withCv(ctx.search, ctx.store.cv)}`;
  return {
    status: 301,
    headers: {
      Location: location,
      "Cache-Control": CACHE_CONTROL.redirect,
      Vary: VARY,
      "Content-Type": "text/html; charset=utf-8",
    },
    body: `<html><body>You are being <a href="${escapeHtml(location)}">redirected</a>.</body></html>`,
  };
}

export function rewriteAssetUrls(json: string, origin: string): string {
  return json.includes(STORYBLOK_ASSET_ORIGIN) ? json.replaceAll(STORYBLOK_ASSET_ORIGIN, `${origin}/f/`) : json;
}

/** A 200 answer with the caching headers of its version; asset URLs point at this service. */
export function ok(ctx: ApiContext, version: Version, json: string, headers: Record<string, string | number>): Reply {
  return jsonReply(200, rewriteAssetUrls(json, ctx.origin), {
    "Cache-Control": CACHE_CONTROL[version],
    Vary: VARY,
    ...headers,
  });
}

export type Endpoint = (ctx: ApiContext, query: QueryObject, rest: string[]) => Reply;

/**
 * Routes `segments` (the decoded path after `/v2/`) to an endpoint; errors
 * carry the caching header of the version asked for.
 */
export function handleApi(
  ctx: ApiContext,
  segments: string[],
  query: QueryObject,
  endpoints: Readonly<Record<string, Endpoint>>,
): Reply {
  const [cdn, resource, ...rest] = segments;
  const endpoint = cdn === "cdn" && resource !== undefined ? endpoints[resource] : undefined;
  if (!endpoint || !Object.hasOwn(endpoints, resource as string)) throw notFound();
  try {
    return endpoint(ctx, query, rest.length === 1 && rest[0] === "" ? [] : rest);
  } catch (err) {
    if (err instanceof HttpError && !err.headers["Cache-Control"]) {
      const version = query.version === "draft" ? "draft" : "published";
      throw new HttpError(err.status, err.body, {
        ...err.headers,
        "Cache-Control": CACHE_CONTROL[version],
        Vary: VARY,
      });
    }
    throw err;
  }
}
