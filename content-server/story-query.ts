import { LRUCache } from "lru-cache";
import type { StoryRecord, VersionView } from "./content-files";
import { invalidParameter } from "./errors";
import { asText, FIELD_NAME, filterQuery, parseDate, valueAt, type Predicate } from "./filter-query";
import { commaList, getBool, getInt, getList, getString, type QueryObject } from "./query";
import { byUuids } from "./story-views";
import { compileWildcard } from "./wildcard";

/**
 * The filters and sorting of `GET /v2/cdn/stories`: starts_with, by_slugs,
 * excluding_slugs, by_uuids(_ordered), excluding_ids, with_tag,
 * is_startpage, search_term, content_type, level, the date bounds,
 * filter_query (filter-query.ts) and sort_by.
 */

interface SortKey {
  path: string[];
  desc: boolean;
  type: "auto" | "int" | "float";
}

export interface StorySelection {
  predicates: Predicate[];
  /** by_uuids_ordered: answer in this order. */
  orderedUuids?: string[];
  byUuids?: string[];
  sort?: SortKey[];
}

/** `{field}_gt` and `{field}_lt` of each date field: the parameter, the field, and after (1) or before (-1). */
const DATE_BOUNDS = ["published_at", "first_published_at", "updated_at"].flatMap((field) => [
  [`${field}_gt`, field, 1] as const,
  [`${field}_lt`, field, -1] as const,
]);

/** The parameters of a listing that choose its stories and their order; the others shape or page the answer. */
export const SELECTION_PARAMS: ReadonlySet<string> = new Set([
  "starts_with",
  "search_term",
  "by_slugs",
  "excluding_slugs",
  "by_uuids",
  "by_uuids_ordered",
  "excluding_ids",
  "with_tag",
  "is_startpage",
  "sort_by",
  "filter_query",
  ...DATE_BOUNDS.map(([name]) => name),
  "content_type",
  "level",
]);

function parseSort(raw: string): SortKey[] {
  return commaList(raw).map((part) => {
    const [field = "", dir = "asc", type = "auto", ...extra] = part.split(":");
    if (!FIELD_NAME.test(field) || extra.length > 0)
      throw invalidParameter(`Invalid sort_by "${part.slice(0, 80)}"; use field:asc or content.Field:desc`);
    if (dir !== "asc" && dir !== "desc")
      throw invalidParameter(`sort_by direction must be asc or desc, got "${dir.slice(0, 20)}"`);
    if (type !== "auto" && type !== "int" && type !== "float")
      throw invalidParameter(`sort_by type must be int or float, got "${type.slice(0, 20)}"`);
    return { path: field.split("."), desc: dir === "desc", type };
  });
}

function compareValues(a: unknown, b: unknown, type: SortKey["type"]): number {
  const missingA = a === undefined || a === null || a === "";
  const missingB = b === undefined || b === null || b === "";
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (type !== "auto" || (typeof a === "number" && typeof b === "number")) {
    const na = type === "int" ? Number.parseInt(asText(a), 10) : Number(a);
    const nb = type === "int" ? Number.parseInt(asText(b), 10) : Number(b);
    if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  }
  const sa = asText(a);
  const sb = asText(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function parseSelection(query: QueryObject): StorySelection {
  const predicates: Predicate[] = [...slugPredicates(query), ...storyPredicates(query), ...datePredicates(query)];
  if (query.filter_query !== undefined) predicates.push(filterQuery(query.filter_query));
  const selection: StorySelection = { predicates };
  const byUuidsOrdered = getList(query, "by_uuids_ordered");
  const byUuids = getList(query, "by_uuids");
  if (byUuidsOrdered) selection.orderedUuids = byUuidsOrdered;
  else if (byUuids) selection.byUuids = byUuids;
  const sortBy = getString(query, "sort_by");
  if (sortBy) selection.sort = parseSort(sortBy);
  return selection;
}

/** starts_with, by_slugs, excluding_slugs, excluding_ids. */
function slugPredicates(query: QueryObject): Predicate[] {
  const predicates: Predicate[] = [];
  const startsWith = getString(query, "starts_with");
  if (startsWith) predicates.push((r) => r.story.full_slug.startsWith(startsWith));

  const bySlugs = getList(query, "by_slugs");
  if (bySlugs) {
    const patterns = bySlugs.map((p) => compileWildcard(p, "by_slugs"));
    predicates.push((r) => patterns.some((matches) => matches(r.story.full_slug)));
  }
  const excludingSlugs = getList(query, "excluding_slugs");
  if (excludingSlugs?.length) {
    const patterns = excludingSlugs.map((p) => compileWildcard(p, "excluding_slugs"));
    predicates.push((r) => !patterns.some((matches) => matches(r.story.full_slug)));
  }

  const excludingIds = getList(query, "excluding_ids");
  if (excludingIds?.length) {
    const ids = new Set(
      excludingIds.map((s) => {
        if (!/^\d{1,15}$/.test(s)) throw invalidParameter(`excluding_ids must be numeric ids, got "${s.slice(0, 50)}"`);
        return Number(s);
      }),
    );
    predicates.push((r) => !ids.has(r.story.id));
  }
  return predicates;
}

/** with_tag, is_startpage, content_type, level, search_term. */
function storyPredicates(query: QueryObject): Predicate[] {
  const predicates: Predicate[] = [];
  const withTag = getList(query, "with_tag");
  if (withTag?.length) predicates.push((r) => r.tags.some((t) => withTag.includes(t)));

  const isStartpage = getBool(query, "is_startpage");
  if (isStartpage !== undefined) predicates.push((r) => (r.story.is_startpage === true) === isStartpage);

  const contentType = getList(query, "content_type");
  if (contentType?.length) {
    predicates.push((r) => {
      const c = r.story.content as { component?: unknown } | undefined;
      return typeof c?.component === "string" && contentType.includes(c.component);
    });
  }

  const level = getInt(query, "level", { min: 1, max: 100 });
  if (level !== undefined) predicates.push((r) => r.story.full_slug.replace(/\/$/, "").split("/").length === level);

  const searchTerm = getString(query, "search_term")?.trim().toLowerCase();
  if (searchTerm) {
    predicates.push((r) => {
      r.searchText ??=
        `${String(r.story.name ?? "")}\n${r.story.full_slug}\n${JSON.stringify(r.story.content ?? null)}`.toLowerCase();
      return r.searchText.includes(searchTerm);
    });
  }
  return predicates;
}

/** The DATE_BOUNDS parameters (published_at_gt and the like). */
function datePredicates(query: QueryObject): Predicate[] {
  const predicates: Predicate[] = [];
  for (const [name, field, sign] of DATE_BOUNDS) {
    const raw = getString(query, name);
    if (!raw) continue;
    const bound = parseDate(name, raw);
    predicates.push((r) => {
      const v = r.story[field];
      if (typeof v !== "string" || v === "") return false;
      const t = Date.parse(v);
      return Number.isFinite(t) && (sign > 0 ? t > bound : t < bound);
    });
  }
  return predicates;
}

export function selectStories(view: VersionView, selection: StorySelection): StoryRecord[] {
  let candidates: readonly StoryRecord[];
  if (selection.orderedUuids) {
    candidates = byUuids(view, new Set(selection.orderedUuids));
  } else if (selection.byUuids) {
    const wanted = new Set(selection.byUuids);
    candidates = view.list.filter((r) => wanted.has(r.story.uuid));
  } else {
    candidates = view.list;
  }
  let result = candidates.filter((r) => selection.predicates.every((p) => p(r)));
  const sort = selection.sort;
  if (sort && !selection.orderedUuids) {
    // decorate, sort, undecorate: each value is read once, not on every comparison
    const keyed = result.map((record, index) => ({
      record,
      index,
      values: sort.map((key) =>
        key.path[0] === "content" ? valueAt(record.story.content, key.path.slice(1)) : valueAt(record.story, key.path),
      ),
    }));
    keyed.sort((a, b) => {
      for (const [k, key] of sort.entries()) {
        const va = a.values[k];
        const vb = b.values[k];
        const c = compareValues(va, vb, key.type);
        if (c !== 0) {
          const missing = va === undefined || va === null || va === "" || vb === undefined || vb === null || vb === "";
          return key.desc && !missing ? -c : c; // missing values stay last
        }
      }
      return a.index - b.index;
    });
    result = keyed.map((k) => k.record);
  }
  return result;
}

/**
 * A key for caching selections: the same key selects the same stories in the same order. `query` holds only
 * parameters of a listing (stories-api.ts refused any other).
 */
export function selectionKey(query: QueryObject): string {
  const keys = Object.keys(query)
    .filter((k) => SELECTION_PARAMS.has(k))
    .sort();
  return JSON.stringify(keys.map((k) => [k, query[k]]));
}

const selectionCache = new WeakMap<VersionView, LRUCache<string, StoryRecord[], StorySelection>>();

/**
 * selectStories with a small LRU per view: getAll asks the same selection
 * once per page, and a view is replaced (so its cache dropped) on every change.
 */
export function selectStoriesCached(view: VersionView, query: QueryObject, selection: StorySelection): StoryRecord[] {
  let cache = selectionCache.get(view);
  if (!cache) {
    cache = new LRUCache({ max: 64, memoMethod: (_key, _stale, { context }) => selectStories(view, context) });
    selectionCache.set(view, cache);
  }
  return cache.memo(selectionKey(query), { context: selection });
}
