import { defaultOrder, type StoryRecord, type VersionView } from "./content-files";
import { walk } from "./content-tree";
import { admit, COMMON_PARAMS, cvRedirect, ok, paging, type ApiContext, type Endpoint } from "./cdn-api";
import { invalidParameter, notFound, recordNotFound } from "./errors";
import { type Reply } from "./http-utils";
import { getBool, getEnum, getInt, getList, getString, type QueryObject } from "./query";
import { folderLink, linkObject, parseRelationPatterns, resolve, type LinkMode, type Resolved } from "./relations";
import { parseSelection, SELECTION_PARAMS, selectStoriesCached } from "./story-query";
import { isLanguageCode, localizationOf, pathIn, type Localization } from "./languages";

/**
 * The story endpoints of the Content Delivery API v2 under `/v2/cdn/`:
 * stories (single and listing), links, tags and spaces/me.
 */

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

const SINGLE_PARAMS = new Set<string>([...COMMON_PARAMS, ...RESOLVE, "find_by"]);
const LISTING_PARAMS = new Set<string>([
  ...COMMON_PARAMS,
  ...RESOLVE,
  "per_page",
  "page",
  "in_workflow_stages",
  ...SELECTION_PARAMS,
]);
const LINKS_PARAMS = new Set<string>([
  ...COMMON_PARAMS,
  "starts_with",
  "with_parent",
  "include_dates",
  "page",
  "per_page",
  "paginated",
]);
const TAGS_PARAMS = new Set<string>([...COMMON_PARAMS, "starts_with"]);
const SPACE_PARAMS = new Set<string>(COMMON_PARAMS);
/** Every query parameter a story endpoint accepts (content-server/no-stall.test.ts drives each). */
export const STORY_ENDPOINT_PARAMS: ReadonlySet<string> = new Set([
  ...SINGLE_PARAMS,
  ...LISTING_PARAMS,
  ...LINKS_PARAMS,
  ...TAGS_PARAMS,
  ...SPACE_PARAMS,
]);

function lenientPerPage(query: QueryObject): number {
  const raw = query.per_page;
  const n = typeof raw === "string" ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 ? Math.min(n, 100) : 25;
}

interface Shaping {
  excludingFields?: string[];
  excludingStoryFields?: string[];
  relations?: ReturnType<typeof parseRelationPatterns>;
  links?: LinkMode;
  assets: boolean;
  localization: Localization;
}

/** `language` and `fallback_lang`: codes, else 422 like any invalid value. */
function languageParam(query: QueryObject, name: string): string | undefined {
  const value = getString(query, name);
  if (value === undefined || value === "") return undefined;
  if (!isLanguageCode(value)) throw invalidParameter(`${name} must be a language code`);
  return value;
}

function parseShaping(query: QueryObject, spaceLanguages: readonly string[]): Shaping {
  const shaping: Shaping = {
    assets: false,
    localization: localizationOf(
      languageParam(query, "language"),
      languageParam(query, "fallback_lang"),
      spaceLanguages,
    ),
  };
  const rel = getString(query, "resolve_relations");
  if (rel) shaping.relations = parseRelationPatterns(rel);
  const links = getEnum(query, "resolve_links", ["0", "1", "story", "url", "link"] as const);
  if (links && links !== "0") shaping.links = links === "1" ? "story" : links;
  getInt(query, "resolve_level", { min: 0, max: 2 });
  getInt(query, "resolve_links_level", { min: 1, max: 2 });
  shaping.assets = getInt(query, "resolve_assets", { min: 0, max: 1 }) === 1;
  getString(query, "from_release");
  getInt(query, "cv", { min: 0 });
  const fields = getList(query, "excluding_fields");
  if (fields?.length) shaping.excludingFields = fields;
  const storyFields = getList(query, "excluding_story_fields");
  if (storyFields?.length) shaping.excludingStoryFields = storyFields;
  return shaping;
}

function storyJson(record: StoryRecord, shaping: Shaping): string {
  const json = record.jsonIn(shaping.localization);
  if (!shaping.excludingFields && !shaping.excludingStoryFields) return json;
  const story = JSON.parse(json) as Record<string, unknown>;
  for (const key of shaping.excludingStoryFields ?? []) {
    if (key !== "id" && key !== "uuid" && key !== "content" && key !== "full_slug") delete story[key];
  }
  if (shaping.excludingFields && story.content && typeof story.content === "object") {
    const content = story.content as Record<string, unknown>;
    for (const key of shaping.excludingFields) if (key !== "component" && key !== "_uid") delete content[key];
  }
  return JSON.stringify(story);
}

/**
 * resolve_assets=1: the asset objects of the stories' asset fields, one per
 * id, in `assets`, which storyblok-js-client merges back into the fields
 * (src/index.ts processInlineAssets, storyblok/storyblok-js-client).
 */
function assetsJson(records: readonly StoryRecord[]): string {
  const assets = new Map<number, Record<string, unknown>>();
  for (const record of records) {
    walk(record.story.content, (obj) => {
      if (
        obj.fieldtype === "asset" &&
        typeof obj.id === "number" &&
        obj.id > 0 &&
        obj.filename &&
        !assets.has(obj.id)
      ) {
        const { fieldtype: _fieldtype, ...asset } = obj;
        assets.set(obj.id, asset);
      }
    });
  }
  return JSON.stringify([...assets.values()]);
}

function answerJson(
  key: "story" | "stories",
  stories: string,
  cv: number,
  resolved: Resolved,
  assets?: string,
): string {
  let json = `{"${key}":${stories},"cv":${cv},"rels":[${resolved.rels.join(",")}],"links":[${resolved.links.join(",")}]`;
  if (resolved.relUuids) json += `,"rel_uuids":${JSON.stringify(resolved.relUuids)}`;
  if (resolved.linkUuids) json += `,"link_uuids":${JSON.stringify(resolved.linkUuids)}`;
  if (assets !== undefined) json += `,"assets":${assets}`;
  return `${json}}`;
}

/** Per view and language: the stories by their path in that language (translated slugs). */
const translatedPaths = new WeakMap<VersionView, Map<string, Map<string, StoryRecord>>>();

function byTranslatedPath(view: VersionView, lang: string, path: string): StoryRecord | undefined {
  let languages = translatedPaths.get(view);
  if (!languages) translatedPaths.set(view, (languages = new Map()));
  let paths = languages.get(lang);
  if (!paths) {
    paths = new Map();
    for (const record of view.list) {
      const translated = pathIn(record.story, lang);
      if (translated !== record.story.full_slug && !paths.has(translated)) paths.set(translated, record);
    }
    languages.set(lang, paths);
  }
  return paths.get(path.replace(/\/+$/, ""));
}

/**
 * A story by id, uuid or slug; in a language its translated path finds it
 * too, before the default slug does.
 */
function findStory(view: VersionView, id: string, byUuid: boolean, lang: string | null): StoryRecord | undefined {
  if (byUuid) return view.byUuid.get(id);
  if (lang) {
    const translated = byTranslatedPath(view, lang, id);
    if (translated) return translated;
  }
  if (/^\d{1,15}$/.test(id)) {
    const byId = view.byId.get(Number(id));
    if (byId) return byId;
  }
  return view.bySlug.get(id) ?? (id.endsWith("/") ? view.bySlug.get(id.slice(0, -1)) : view.bySlug.get(`${id}/`));
}

function singleStory(ctx: ApiContext, query: QueryObject, id: string): Reply {
  const { access, rl } = admit(ctx, query, SINGLE_PARAMS);
  if (id.length > 1000) throw invalidParameter("Story slug too long");
  const findBy = getEnum(query, "find_by", ["uuid"] as const);
  const languages = ctx.store.space.language_codes;
  const shaping = parseShaping(query, languages);
  const redirect = cvRedirect(ctx, access, query);
  if (redirect) return redirect;
  // "en/about" is the story "about" in English, as Storyblok answers a language's full_slug
  const prefix = findBy === "uuid" ? undefined : languages.find((code) => id.startsWith(`${code}/`));
  if (prefix && !shaping.localization.lang) {
    shaping.localization = localizationOf(prefix, languageParam(query, "fallback_lang"), languages);
    id = id.slice(prefix.length + 1);
  }
  const view = ctx.store.view(access.version);
  const record = findStory(view, id, findBy === "uuid", shaping.localization.lang);
  if (!record) throw recordNotFound();
  const resolved = resolve([record], view, shaping.relations, shaping.links, shaping.localization);
  const assets = shaping.assets ? assetsJson([record]) : undefined;
  return ok(ctx, access.version, answerJson("story", storyJson(record, shaping), ctx.store.cv, resolved, assets), rl);
}

function listStories(ctx: ApiContext, query: QueryObject): Reply {
  const { access, rl } = admit(ctx, query, LISTING_PARAMS, lenientPerPage(query));
  // Storyblok caps per_page at 100 and says so in the Per-Page header
  const page = paging(query, 100);
  getString(query, "in_workflow_stages");
  const shaping = parseShaping(query, ctx.store.space.language_codes);
  const selection = parseSelection(query);
  const redirect = cvRedirect(ctx, access, query);
  if (redirect) return redirect;
  const view = ctx.store.view(access.version);
  const all = selectStoriesCached(view, query, selection);
  const items = page.of(all);
  const resolved = resolve(items, view, shaping.relations, shaping.links, shaping.localization);
  const assets = shaping.assets ? assetsJson(items) : undefined;
  const stories = `[${items.map((r) => storyJson(r, shaping)).join(",")}]`;
  const json = answerJson("stories", stories, ctx.store.cv, resolved, assets);
  return ok(ctx, access.version, json, { ...rl, ...page.headers(all.length) });
}

const stories: Endpoint = (ctx, query, rest) =>
  rest.length === 0 ? listStories(ctx, query) : singleStory(ctx, query, rest.join("/"));

/**
 * Stories and folders (always listed, whatever the version), paginated by
 * default with at most 1000 a page, as for spaces created after May 9th
 * 2023 (https://www.storyblok.com/docs/api/content-delivery/v2/links/retrieve-multiple-links).
 */
const links: Endpoint = (ctx, query, rest) => {
  if (rest.length > 0) throw notFound();
  const { access, rl } = admit(ctx, query, LINKS_PARAMS);
  getInt(query, "cv", { min: 0 });
  const page = paging(query, 1000);
  getBool(query, "paginated");
  const includeDates = getBool(query, "include_dates") ?? false;
  const withParent = getInt(query, "with_parent", { min: 0 });
  const startsWith = getString(query, "starts_with");
  const redirect = cvRedirect(ctx, access, query);
  if (redirect) return redirect;
  const entries = [
    ...ctx.store
      .view(access.version)
      .list.map((r) => ({ sort: r.story, link: () => linkObject(r, includeDates, ctx.store.space.language_codes) })),
    ...ctx.store.folders().map((f) => ({ sort: f, link: () => folderLink(f, includeDates) })),
  ].filter(({ sort }) => {
    if (startsWith && !sort.full_slug.startsWith(startsWith)) return false;
    const parent = typeof sort.parent_id === "number" ? sort.parent_id : 0;
    return withParent === undefined || parent === withParent;
  });
  entries.sort((a, b) => defaultOrder(a.sort, b.sort));
  const out: Record<string, unknown> = {};
  for (const entry of page.of(entries)) {
    const link = entry.link();
    out[link.uuid as string] = link;
  }
  return ok(ctx, access.version, JSON.stringify({ links: out }), { ...rl, ...page.headers(entries.length) });
};

const tags: Endpoint = (ctx, query, rest) => {
  if (rest.length > 0) throw notFound();
  const { access, rl } = admit(ctx, query, TAGS_PARAMS);
  getInt(query, "cv", { min: 0 });
  const startsWith = getString(query, "starts_with");
  const redirect = cvRedirect(ctx, access, query);
  if (redirect) return redirect;
  const counts = new Map<string, number>();
  for (const r of ctx.store.view(access.version).list) {
    if (startsWith && !r.story.full_slug.startsWith(startsWith)) continue;
    for (const tag of new Set(r.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const list = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, taggings_count]) => ({ name, taggings_count }));
  return ok(ctx, access.version, JSON.stringify({ tags: list }), rl);
};

/** The space, with the current cv as `version`; never redirected: it is how a client learns the cv. */
const spaces: Endpoint = (ctx, query, rest) => {
  if (rest.length !== 1 || rest[0] !== "me") throw notFound();
  const { access, rl } = admit(ctx, query, SPACE_PARAMS);
  getInt(query, "cv", { min: 0 });
  const { id, name, domain, language_codes } = ctx.store.space;
  const space = { id, name, domain, version: ctx.store.cv, language_codes };
  return ok(ctx, access.version, JSON.stringify({ space }), rl);
};

export const STORY_ENDPOINTS: Readonly<Record<string, Endpoint>> = { stories, links, tags, spaces };
