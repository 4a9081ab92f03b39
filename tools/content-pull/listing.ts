import StoryblokClient, { type ISbError, type ISbStoriesParams } from "storyblok-js-client";
import { describeError, PullError } from "./errors";
import type { HttpClient } from "./http";
import { isObject, type Json } from "./json";

/**
 * Everything content:pull reads from the Content Delivery API, through
 * storyblok-js-client on the shared HttpClient: the space, both versions of
 * every story (in every language), tags, folders and datasources.
 */

/** The space as cdn/spaces/me tells of it (SpaceApi.readSpace). */
export type SpaceInfo = Awaited<ReturnType<SpaceApi["readSpace"]>>;

export interface SpaceListing {
  draft: unknown[];
  published: unknown[];
  /** Both lists again in each language besides the default one. */
  translations: { language: string; draft: unknown[]; published: unknown[] }[];
  tags: unknown[];
  /** folders.json's folders. */
  folders: Json[];
  /** datasources/{slug}.json files. */
  datasources: { slug: string; file: Json }[];
}

export interface SpaceApiOptions {
  endpoint: string;
  http: HttpClient;
  /** Delay between the client's 429 retries in ms. */
  rateLimitRetryMs: number;
  signal?: AbortSignal;
}

/** Turns a rejection of storyblok-js-client into a PullError that says what to do. */
function apiFailure(what: string, err: unknown, endpoint: string, signal?: AbortSignal): Error {
  if (signal?.aborted) return signal.reason instanceof Error ? signal.reason : new Error("aborted");
  if (err instanceof PullError) return err;
  const e = (isObject(err) ? err : {}) as ISbError;
  const status = typeof e.status === "number" ? e.status : undefined;
  const message = describeError(typeof e.message === "string" ? new Error(e.message) : err);
  if (status === 401 || status === 403) {
    const statusText = status === 401 ? "Unauthorized" : "Forbidden";
    return new PullError(
      "auth",
      `${what}: ${status} ${statusText}${message && message !== statusText ? ` (${message})` : ""}. The token was refused by ${endpoint}: ` +
        "use a preview token of the space (Settings > Access Tokens) and the region the space was created in (--region eu|us|ca|ap|cn).",
    );
  }
  if (status === 429)
    return new PullError(
      "api",
      `${what}: still rate limited (429) after the client's retries; try again later or with --concurrency 1.`,
    );
  if (status === 404)
    return new PullError(
      "api",
      `${what}: 404 Not Found at ${endpoint}; is this a Content Delivery API v2 base (e.g. https://api.storyblok.com/v2)?`,
    );
  if (status !== undefined) return new PullError("api", `${what}: the API answered ${status}: ${message}`);
  const kind = /HTTP \d{3}|JSON/i.test(message) ? "api" : "network";
  return new PullError(kind, `${what}: ${kind === "network" ? `cannot reach ${endpoint}: ` : ""}${message}`, {
    cause: err,
  });
}

/** folders.json of the content folder: the folders of cdn/links, which the stories listing does not name. */
function foldersOf(links: unknown[]): Json[] {
  return links
    .filter((l): l is Json => isObject(l) && l.is_folder === true)
    .map((l) => ({
      id: l.id,
      uuid: l.uuid,
      name: l.name,
      full_slug: l.slug,
      parent_id: l.parent_id,
      position: l.position,
    }))
    .sort((a, b) => String(a.full_slug).localeCompare(String(b.full_slug)));
}

/** datasources/{slug}.json: the datasource and its entries, with each dimension's values. */
async function datasourceFile(client: StoryblokClient, datasource: Json, cv: number | undefined) {
  const slug = String(datasource.slug);
  const params = { datasource: slug, per_page: 1000, ...(cv === undefined ? {} : { cv }) };
  const entries = (await client.getAll("cdn/datasource_entries", params)) as Json[];
  const dimensions = (Array.isArray(datasource.dimensions) ? datasource.dimensions : []).filter(isObject);
  const values = new Map<unknown, Record<string, string>>();
  for (const dimension of dimensions) {
    const entryValue = String(dimension.entry_value);
    const inDimension = (await client.getAll("cdn/datasource_entries", { ...params, dimension: entryValue })) as Json[];
    for (const entry of inDimension) {
      if (typeof entry.dimension_value !== "string") continue;
      const own = values.get(entry.id) ?? {};
      own[entryValue] = entry.dimension_value;
      values.set(entry.id, own);
    }
  }
  return {
    slug,
    file: {
      datasource: {
        id: datasource.id,
        name: datasource.name,
        slug,
        dimensions: dimensions.map((d) => ({ id: d.id, name: d.name, entry_value: d.entry_value })),
      },
      datasource_entries: entries.map((e) => ({
        id: e.id,
        name: e.name,
        value: e.value,
        ...(values.has(e.id) ? { dimension_values: values.get(e.id) } : {}),
      })),
    },
  };
}

export class SpaceApi {
  constructor(private readonly options: SpaceApiOptions) {}

  private client(accessToken: string): StoryblokClient {
    return new StoryblokClient({
      accessToken,
      endpoint: this.options.endpoint,
      fetch: this.options.http.apiFetch,
      // no response cache, and `cv` only where this code sets it: the client's
      // cv memory is per process and token, not per endpoint
      cache: { type: "none", clear: "manual", cv: "manual" },
      maxRetries: 10,
      retriesDelay: this.options.rateLimitRetryMs,
    });
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw apiFailure(what, err, this.options.endpoint, this.options.signal);
    }
  }

  /** cdn/spaces/me with `token`. */
  async readSpace(token: string, what = "Reading the space (cdn/spaces/me)") {
    const me = await this.call(what, () => this.client(token).get("cdn/spaces/me", {}));
    const spaceData: unknown = isObject(me.data) ? me.data.space : undefined;
    if (!isObject(spaceData) || typeof spaceData.id !== "number") {
      throw new PullError(
        "api",
        `cdn/spaces/me at ${this.options.endpoint} answered no space; is this a Storyblok CDN API?`,
      );
    }
    const { version: cacheVersion, ...info } = spaceData as Json & { id: number };
    const languages = Array.isArray(info.language_codes)
      ? info.language_codes.filter((code): code is string => typeof code === "string" && code !== "")
      : [];
    return {
      // what cdn/spaces/me answers without `version` (space.json's `space`)
      info,
      id: info.id,
      name: typeof info.name === "string" ? info.name : "",
      // the space's cache version, sent as `cv` with every listing
      cv: typeof cacheVersion === "number" ? cacheVersion : undefined,
      // languages besides the default one
      languages,
    };
  }

  /** Everything of the space that goes into the content folder but the assets. */
  async list(token: string, space: SpaceInfo): Promise<SpaceListing> {
    const client = this.client(token);
    const cvParam = space.cv === undefined ? {} : { cv: space.cv };
    const listParams = (version: "draft" | "published"): ISbStoriesParams => ({ version, per_page: 100, ...cvParam });
    const [draft, published, tagsRes, links, datasourceList] = await Promise.all([
      this.call("Listing draft stories", () => client.getAll("cdn/stories", listParams("draft"))).catch(
        (err: unknown) => {
          if (err instanceof PullError && err.kind === "auth") {
            throw new PullError(
              "auth",
              "The token reads the space but not its drafts: it is a public token. content:pull needs a preview token (Settings > Access Tokens).",
            );
          }
          throw err;
        },
      ),
      this.call("Listing published stories", () => client.getAll("cdn/stories", listParams("published"))),
      this.call("Reading tags (cdn/tags)", () => client.get("cdn/tags", { version: "draft", ...cvParam })),
      // spaces older than May 2023 answer every link at once, newer ones page them: getAll reads both
      this.call("Listing folders (cdn/links)", () =>
        client.getAll("cdn/links", { version: "draft", per_page: 1000, ...cvParam }),
      ),
      this.call("Listing datasources (cdn/datasources)", () =>
        client.getAll("cdn/datasources", { per_page: 100, ...cvParam }),
      ),
    ]);
    // field-level translations: both versions once more per language of the space
    const translations = await Promise.all(
      space.languages.map(async (language) => {
        const [draftIn, publishedIn] = await Promise.all(
          (["draft", "published"] as const).map((version) =>
            this.call(`Listing ${version} stories in ${language}`, () =>
              client.getAll("cdn/stories", { ...listParams(version), language }),
            ),
          ),
        );
        return { language, draft: draftIn ?? [], published: publishedIn ?? [] };
      }),
    );
    const datasources = await this.call("Reading datasource entries (cdn/datasource_entries)", () =>
      Promise.all((datasourceList as unknown[]).filter(isObject).map((d) => datasourceFile(client, d, space.cv))),
    );
    const tags: unknown = isObject(tagsRes.data) ? tagsRes.data.tags : undefined;
    if (!Array.isArray(tags)) throw new PullError("api", "cdn/tags answered no tags list");
    return { draft, published, translations, tags, folders: foldersOf(links as unknown[]), datasources };
  }
}
