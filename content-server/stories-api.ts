import type { ContentStore, StoryRecord, Version, VersionView } from "./content-store";
import { HttpError, invalidParameter, notFound, recordNotFound, unauthorized } from "./errors";
import { jsonReply, type Reply } from "./http-utils";
import { getBool, getEnum, getInt, getList, getString, rejectUnknown, type QueryObject } from "./query";
import type { RateLimiter } from "./rate-limit";
import { linkObject, parseRelationPatterns, resolve, type LinkMode, type Resolved } from "./relations";
import { parseSelection, selectStoriesCached } from "./story-query";

/**
 * The Content Delivery API v2 routes under `/v2/cdn/`: stories (single and
 * listing), links, tags and spaces/me, with Storyblok's token rules, status
 * codes and error bodies.
 */

export const STORYBLOK_ASSET_ORIGIN = "https://a.storyblok.com/f/";

const COMMON = ["token", "version", "cv", "_"] as const;
const RESOLVE = [
  "resolve_links",
  "resolve_links_level",
  "resolve_relations",
  "resolve_level",
  "resolve_assets",
  "from_release",
  "language",
  "fallback_lang",
  "excluding_fields",
  "excluding_story_fields",
] as const;

const SINGLE_PARAMS = new Set<string>([...COMMON, ...RESOLVE, "find_by"]);
const LISTING_PARAMS = new Set<string>([
  ...COMMON,
  ...RESOLVE,
  "starts_with",
  "search_term",
  "per_page",
  "page",
  "by_slugs",
  "excluding_slugs",
  "by_uuids",
  "by_uuids_ordered",
  "excluding_ids",
  "with_tag",
  "is_startpage",
  "sort_by",
  "filter_query",
  "published_at_gt",
  "published_at_lt",
  "first_published_at_gt",
  "first_published_at_lt",
  "updated_at_gt",
  "updated_at_lt",
  "in_workflow_stages",
  "content_type",
  "level",
]);
const LINKS_PARAMS = new Set<string>([
  ...COMMON,
  "starts_with",
  "with_parent",
  "include_dates",
  "page",
  "per_page",
  "paginated",
]);
const TAGS_PARAMS = new Set<string>([...COMMON, "starts_with"]);
const SPACE_PARAMS = new Set<string>(COMMON);

export interface ApiContext {
  store: ContentStore;
  rateLimiter: RateLimiter;
  /** Origin that replaces https://a.storyblok.com in answers, e.g. http://127.0.0.1:4100 */
  origin: string;
}

interface Access {
  token: string;
  version: Version;
}

/** Token first (401), then the version it may read. */
function authorize(store: ContentStore, query: QueryObject): Access {
  const token = query.token;
  if (typeof token !== "string" || token === "") throw unauthorized("Missing access token: add ?token=");
  const isPreview = token === store.previewToken;
  if (!isPreview && token !== store.publicToken) throw unauthorized("Invalid access token");
  const version = getEnum(query, "version", ["draft", "published"] as const) ?? "published";
  if (version === "draft" && !isPreview) {
    throw unauthorized("A public token reads published content only; version=draft needs a preview token");
  }
  return { token, version };
}

function rateLimit(
  ctx: ApiContext,
  access: Access,
  query: QueryObject,
  perPage: number | undefined,
): Record<string, string> {
  const cached = access.version === "published" && query.cv === String(ctx.store.cv);
  const decision = ctx.rateLimiter.check({ token: access.token, perPage, cached });
  if (!decision) return {};
  if (!decision.allowed) throw new HttpError(429, { error: "Rate limit exceeded. Retry later." }, decision.headers);
  return decision.headers;
}

function lenientPerPage(query: QueryObject): number {
  const n = typeof query.per_page === "string" ? Number(query.per_page) : NaN;
  return Number.isInteger(n) && n > 0 ? Math.min(n, 100) : 25;
}

export function rewriteAssetUrls(json: string, origin: string): string {
  return json.includes(STORYBLOK_ASSET_ORIGIN) ? json.replaceAll(STORYBLOK_ASSET_ORIGIN, `${origin}/f/`) : json;
}

function ok(ctx: ApiContext, json: string, headers: Record<string, string | number>): Reply {
  return jsonReply(200, rewriteAssetUrls(json, ctx.origin), { "Cache-Control": "no-cache", ...headers });
}

interface Shaping {
  excludingFields?: string[];
  excludingStoryFields?: string[];
  relations?: ReturnType<typeof parseRelationPatterns>;
  links?: LinkMode;
}

function parseShaping(query: QueryObject): Shaping {
  const shaping: Shaping = {};
  const rel = getString(query, "resolve_relations");
  if (rel) shaping.relations = parseRelationPatterns(rel);
  const links = getEnum(query, "resolve_links", ["0", "1", "story", "url", "link"] as const);
  if (links && links !== "0") shaping.links = links === "1" ? "story" : links;
  getInt(query, "resolve_level", { min: 0, max: 2 });
  getInt(query, "resolve_links_level", { min: 1, max: 2 });
  getInt(query, "resolve_assets", { min: 0, max: 1 });
  getString(query, "from_release");
  getString(query, "language"); // one language: every code answers the default
  getString(query, "fallback_lang");
  getInt(query, "cv", { min: 0 });
  const fields = getList(query, "excluding_fields");
  if (fields?.length) shaping.excludingFields = fields;
  const storyFields = getList(query, "excluding_story_fields");
  if (storyFields?.length) shaping.excludingStoryFields = storyFields;
  return shaping;
}

function storyJson(record: StoryRecord, shaping: Shaping): string {
  if (!shaping.excludingFields && !shaping.excludingStoryFields) return record.json;
  const story: Record<string, unknown> = { ...record.story };
  for (const key of shaping.excludingStoryFields ?? []) {
    if (key !== "id" && key !== "uuid" && key !== "content" && key !== "full_slug") delete story[key];
  }
  if (shaping.excludingFields && story.content && typeof story.content === "object") {
    const content: Record<string, unknown> = { ...(story.content as Record<string, unknown>) };
    for (const key of shaping.excludingFields) if (key !== "component" && key !== "_uid") delete content[key];
    story.content = content;
  }
  return JSON.stringify(story);
}

function resolvedJson(resolved: Resolved): string {
  let json = `"rels":[${resolved.rels.join(",")}],"links":[${resolved.links.join(",")}]`;
  if (resolved.relUuids) json += `,"rel_uuids":${JSON.stringify(resolved.relUuids)}`;
  if (resolved.linkUuids) json += `,"link_uuids":${JSON.stringify(resolved.linkUuids)}`;
  return json;
}

function findStory(view: VersionView, id: string, byUuid: boolean): StoryRecord | undefined {
  if (byUuid) return view.byUuid.get(id);
  if (/^\d{1,15}$/.test(id)) {
    const byId = view.byId.get(Number(id));
    if (byId) return byId;
  }
  return view.bySlug.get(id) ?? (id.endsWith("/") ? view.bySlug.get(id.slice(0, -1)) : view.bySlug.get(`${id}/`));
}

function singleStory(ctx: ApiContext, query: QueryObject, id: string): Reply {
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query, undefined);
  rejectUnknown(query, SINGLE_PARAMS);
  const findBy = getEnum(query, "find_by", ["uuid"] as const);
  const shaping = parseShaping(query);
  const view = ctx.store.view(access.version);
  const record = findStory(view, id, findBy === "uuid");
  if (!record) throw recordNotFound();
  const resolved = resolve([record], view, shaping.relations, shaping.links);
  const json = `{"story":${storyJson(record, shaping)},"cv":${ctx.store.cv},${resolvedJson(resolved)}}`;
  return ok(ctx, json, rl);
}

function listStories(ctx: ApiContext, query: QueryObject): Reply {
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query, lenientPerPage(query));
  rejectUnknown(query, LISTING_PARAMS);
  // Storyblok caps per_page at 100 and says so in the Per-Page header
  const perPage = Math.min(getInt(query, "per_page", { min: 1 }) ?? 25, 100);
  const page = getInt(query, "page", { min: 1, max: 1_000_000_000 }) ?? 1;
  getString(query, "in_workflow_stages");
  const shaping = parseShaping(query);
  const selection = parseSelection(query);
  const view = ctx.store.view(access.version);
  const all = selectStoriesCached(view, query, selection);
  const items = all.slice((page - 1) * perPage, page * perPage);
  const resolved = resolve(items, view, shaping.relations, shaping.links);
  const json = `{"stories":[${items.map((r) => storyJson(r, shaping)).join(",")}],"cv":${ctx.store.cv},${resolvedJson(resolved)}}`;
  return ok(ctx, json, { ...rl, Total: all.length, "Per-Page": perPage });
}

function links(ctx: ApiContext, query: QueryObject): Reply {
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query, undefined);
  rejectUnknown(query, LINKS_PARAMS);
  getInt(query, "cv", { min: 0 });
  const perPage = Math.min(getInt(query, "per_page", { min: 1 }) ?? 25, 1000);
  const page = getInt(query, "page", { min: 1, max: 1_000_000_000 }) ?? 1;
  getBool(query, "paginated");
  const includeDates = getBool(query, "include_dates") ?? false;
  const withParent = getInt(query, "with_parent", { min: 0 });
  const startsWith = getString(query, "starts_with");
  const view = ctx.store.view(access.version);
  const all = view.list.filter((r) => {
    if (startsWith && !r.story.full_slug.startsWith(startsWith)) return false;
    if (withParent !== undefined) {
      const parent = typeof r.story.parent_id === "number" ? r.story.parent_id : 0;
      if (parent !== withParent) return false;
    }
    return true;
  });
  const out: Record<string, unknown> = {};
  for (const r of all.slice((page - 1) * perPage, page * perPage)) out[r.story.uuid] = linkObject(r, includeDates);
  return ok(ctx, JSON.stringify({ links: out }), { ...rl, Total: all.length, "Per-Page": perPage });
}

function tags(ctx: ApiContext, query: QueryObject): Reply {
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query, undefined);
  rejectUnknown(query, TAGS_PARAMS);
  getInt(query, "cv", { min: 0 });
  const startsWith = getString(query, "starts_with");
  const counts = new Map<string, number>();
  for (const r of ctx.store.view(access.version).list) {
    if (startsWith && !r.story.full_slug.startsWith(startsWith)) continue;
    for (const tag of new Set(r.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const list = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, taggings_count]) => ({ name, taggings_count }));
  return ok(ctx, JSON.stringify({ tags: list }), rl);
}

function spaceMe(ctx: ApiContext, query: QueryObject): Reply {
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query, undefined);
  rejectUnknown(query, SPACE_PARAMS);
  getInt(query, "cv", { min: 0 });
  const { id, name, domain } = ctx.store.space;
  return ok(ctx, JSON.stringify({ space: { id, name, domain, version: ctx.store.cv, language_codes: [] } }), rl);
}

/** `segments`: the decoded path after `/v2/`. */
export function handleApi(ctx: ApiContext, segments: string[], query: QueryObject): Reply {
  const [cdn, resource, ...rest] = segments;
  if (cdn === "cdn") {
    if (resource === "stories") {
      if (rest.length === 0 || (rest.length === 1 && rest[0] === "")) return listStories(ctx, query);
      const id = rest.join("/");
      if (id.length > 1000) throw invalidParameter("slug", "Story slug too long");
      return singleStory(ctx, query, id);
    }
    if (rest.length === 0 || (rest.length === 1 && rest[0] === "")) {
      if (resource === "links") return links(ctx, query);
      if (resource === "tags") return tags(ctx, query);
    }
    if (resource === "spaces" && rest[0] === "me" && rest.length === 1) return spaceMe(ctx, query);
  }
  throw notFound();
}
