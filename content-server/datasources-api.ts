import type { Datasource } from "./content-files";
import { admit, authorize, COMMON_PARAMS, cvRedirect, ok, paging, rateLimit, type Endpoint } from "./cdn-api";
import { notFound, recordNotFound } from "./errors";
import { getInt, getList, getString, rejectUnknown } from "./query";

/**
 * `cdn/datasources`, `cdn/datasources/{id or slug}` and
 * `cdn/datasource_entries`, from the content folder's `datasources/`. The
 * answers' shapes are those of storyblok-ruby-client
 * spec/fixtures/vcr_cassettes/.../When_querying_datasources/.../returns_a_datasources_list.yml
 * (`{"datasources":[{"id","name","slug","dimensions"}]}`) and
 * .../When_querying_datasource_entries/.../returns_a_datasource_entries_list.yml
 * (`{"datasource_entries":[{"id","name","value","dimension_value":null}]}`),
 * both with `Total` and `Per-Page`; the parameters those of
 * https://www.storyblok.com/docs/api/content-delivery/v2/datasources and
 * its pagination rules (at most 100 a page, 1000 for entries).
 */

const LIST_PARAMS = new Set<string>([...COMMON_PARAMS, "page", "per_page", "search", "by_ids"]);
const ONE_PARAMS = new Set<string>(COMMON_PARAMS);
const ENTRIES_PARAMS = new Set<string>([...COMMON_PARAMS, "datasource", "dimension", "page", "per_page"]);
/** Every query parameter a datasource endpoint accepts (content-server/no-stall.test.ts drives each). */
export const DATASOURCE_ENDPOINT_PARAMS: ReadonlySet<string> = new Set([
  ...LIST_PARAMS,
  ...ONE_PARAMS,
  ...ENTRIES_PARAMS,
]);

function datasourceObject(ds: Datasource): Record<string, unknown> {
  return {
    id: ds.id,
    name: ds.name,
    slug: ds.slug,
    // field by field: the answer says what the delivery API says, whatever else a parsed dimension may come to hold
    dimensions: ds.dimensions.map((d) => ({
      id: d.id,
      name: d.name,
      entry_value: d.entry_value,
      datasource_id: ds.id,
    })),
  };
}

const datasources: Endpoint = (ctx, query, rest) => {
  if (rest.length > 1) throw notFound();
  const access = authorize(ctx.store, query);
  const rl = rateLimit(ctx, access, query);
  getInt(query, "cv", { min: 0 });
  if (rest.length === 1) {
    rejectUnknown(query, ONE_PARAMS);
    const redirect = cvRedirect(ctx, access, query);
    if (redirect) return redirect;
    const key = rest[0] as string;
    const ds = ctx.store.datasources().find((d) => String(d.id) === key || d.slug === key);
    if (!ds) throw recordNotFound();
    return ok(ctx, access.version, JSON.stringify({ datasource: datasourceObject(ds), cv: ctx.store.cv }), rl);
  }
  rejectUnknown(query, LIST_PARAMS);
  const page = paging(query, 100);
  const search = getString(query, "search")?.toLowerCase();
  const ids = getList(query, "by_ids");
  const redirect = cvRedirect(ctx, access, query);
  if (redirect) return redirect;
  const all = ctx.store
    .datasources()
    .filter((d) => !search || d.name.toLowerCase().includes(search) || d.slug.toLowerCase().includes(search))
    .filter((d) => !ids || ids.includes(String(d.id)));
  const json = JSON.stringify({ datasources: page.of(all).map(datasourceObject), cv: ctx.store.cv });
  return ok(ctx, access.version, json, { ...rl, ...page.headers(all.length) });
};

/** Without `datasource`, the entries of every datasource; `dimension` (an `entry_value`) fills `dimension_value`. */
const datasourceEntries: Endpoint = (ctx, query, rest) => {
  if (rest.length > 0) throw notFound();
  const { access, rl } = admit(ctx, query, ENTRIES_PARAMS);
  getInt(query, "cv", { min: 0 });
  const page = paging(query, 1000);
  const slug = getString(query, "datasource");
  const dimension = getString(query, "dimension");
  const redirect = cvRedirect(ctx, access, query);
  if (redirect) return redirect;
  const all = ctx.store
    .datasources()
    .filter((d) => !slug || d.slug === slug || String(d.id) === slug)
    .flatMap((d) => d.entries);
  const entries = page.of(all).map((e) => ({
    id: e.id,
    name: e.name,
    value: e.value,
    dimension_value: dimension ? (e.dimension_values[dimension] ?? null) : null,
  }));
  const json = JSON.stringify({ datasource_entries: entries, cv: ctx.store.cv });
  return ok(ctx, access.version, json, { ...rl, ...page.headers(all.length) });
};

export const DATASOURCE_ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  datasources,
  datasource_entries: datasourceEntries,
};
