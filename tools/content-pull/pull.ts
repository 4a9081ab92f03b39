import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import pLimit from "p-limit";
import StoryblokClient, { type ISbError, type ISbStoriesParams } from "storyblok-js-client";
import { AssetCollector, canonicalizeAssetOrigins, STORYBLOK_ASSET_ORIGINS, type AssetRef } from "./assets";
import { describeError, PullError } from "./errors";
import { HttpClient, type HttpStats } from "./http";
import { mergeTranslatedStory } from "./translations";
import {
  assignStoryFiles,
  datasourceFileFor,
  FOLDERS_FILE,
  inspectOutDir,
  jsonText,
  MANIFEST_FILE,
  removeStaleDatasources,
  removeStaleStories,
  removeTempFiles,
  TAGS_FILE,
  writeFileAtomic,
  writeIfChanged,
  type Manifest,
  type OutDirState,
} from "./output";

/**
 * content:pull: exports a Storyblok space (or a local content service) into
 * a content folder (docs/content-model.md): space.json, stories/{full_slug}.json
 * with the draft as `story` and the published version as `published` when it
 * differs (null: never published), tags.json, and the asset files under
 * assets/{W}x{H}/{hash}/{file}.
 */

export const REGION_HOSTS = {
  eu: "api.storyblok.com",
  us: "api-us.storyblok.com",
  ca: "api-ca.storyblok.com",
  ap: "api-ap.storyblok.com",
  cn: "app.storyblokchina.cn",
} as const;
export type Region = keyof typeof REGION_HOSTS;

export interface PullOptions {
  /** A preview token of the space (reads draft and published). */
  token: string;
  /** The space's public token for space.json; without it the previous one is kept or a local one generated. */
  publicToken?: string;
  /** Storyblok region (default eu); not together with apiUrl. */
  region?: Region;
  /** API base, e.g. http://127.0.0.1:4100/v2 (a bare origin gets /v2). */
  apiUrl?: string;
  outDir: string;
  /** Skip assets already present with the right size (manifest, else HEAD). */
  resume?: boolean;
  /** Write into a folder that holds other things, or an export of another space. */
  force?: boolean;
  /** Requests in flight at most (default 4, 1..16). */
  concurrency?: number;
  /** Store regional asset URLs (a-us.storyblok.com, ...) as https://a.storyblok.com/f/ so the content service serves them. */
  normalizeAssetHosts?: boolean;
  /** Extra attempts for network errors, timeouts and 5xx (default 5). */
  retries?: number;
  /** First backoff delay in ms (default 500). */
  retryBaseMs?: number;
  /** Per-request timeout, for downloads the longest pause without data, in ms (default 60 000). */
  timeoutMs?: number;
  /** Delay between the client's 429 retries in ms (default 1000). */
  rateLimitRetryMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Warnings and notes (default: none). */
  log?: (message: string) => void;
  onProgress?: (event: ProgressEvent) => void;
}

export type ProgressEvent =
  | { phase: "space"; id: number; name: string; endpoint: string }
  | { phase: "listed"; draft: number; published: number; assets: number }
  | { phase: "assets"; done: number; total: number; downloaded: number; skipped: number; bytes: number }
  | { phase: "stories"; done: number; total: number; written: number };

export interface PullSummary {
  outDir: string;
  endpoint: string;
  space: { id: number; name: string };
  /** Where space.json's publicToken came from. */
  publicToken: "given" | "kept" | "generated";
  stories: {
    total: number;
    /** Published and equal to the draft. */
    published: number;
    /** Published, with a draft that differs. */
    changed: number;
    /** Never published (`published: null`). */
    unpublished: number;
    written: number;
    unchanged: number;
    /** Story files of an earlier export whose story is gone. */
    removed: string[];
  };
  tags: number;
  /** Folders in folders.json. */
  folders: number;
  /** Files in datasources/. */
  datasources: number;
  assets: {
    total: number;
    downloaded: number;
    skipped: number;
    /** Referenced, but 404/410 at the source. */
    missing: string[];
    /** Could not be downloaded (network, 5xx after retries, 403, ...). */
    failed: { rel: string; error: string }[];
    /** Bytes downloaded in this run. */
    bytes: number;
    /** Asset URLs of the space without the {W}x{H}/{hash}/{file} form (left as they are). */
    unrecognised: string[];
  };
  requests: HttpStats;
  warnings: string[];
  durationMs: number;
}

interface Story {
  id: number;
  uuid: string;
  full_slug: string;
  [key: string]: unknown;
}

interface StoryFile {
  story: Story;
  published?: Story | null;
}

export class PullFailure extends PullError {
  constructor(
    message: string,
    readonly summary: PullSummary,
  ) {
    super("assets", message);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function intOption(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new PullError("usage", `${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}

export function resolveEndpoint(options: Pick<PullOptions, "apiUrl" | "region">): string {
  if (options.apiUrl !== undefined) {
    if (options.region !== undefined) throw new PullError("usage", "Give either --region or --api-url, not both");
    let url: URL;
    try {
      url = new URL(options.apiUrl);
    } catch {
      throw new PullError(
        "usage",
        `--api-url must be a URL such as https://api.storyblok.com/v2, got "${options.apiUrl}"`,
      );
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new PullError("usage", `--api-url must be http(s), got "${url.protocol}"`);
    const base = url.pathname.replace(/\/+$/, "");
    return `${url.origin}${base === "" ? "/v2" : base}`;
  }
  const region = options.region ?? "eu";
  const host = (REGION_HOSTS as Record<string, string>)[region];
  if (!host)
    throw new PullError("usage", `--region must be one of ${Object.keys(REGION_HOSTS).join(", ")}, got "${region}"`);
  return `https://${host}/v2`;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
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

function checkStory(value: unknown, where: string): Story {
  if (
    !isObject(value) ||
    typeof value.id !== "number" ||
    typeof value.uuid !== "string" ||
    typeof value.full_slug !== "string"
  ) {
    throw new PullError(
      "api",
      `${where}: the API answered a story without id, uuid and full_slug; is this a Storyblok CDN API?`,
    );
  }
  return value as Story;
}

function checkOutDir(state: OutDirState, outDir: string, force: boolean): void {
  if (force) return;
  if (state.foreign.length > 0) {
    const list = state.foreign.slice(0, 5).join(", ") + (state.foreign.length > 5 ? ", ..." : "");
    throw new PullError(
      "output",
      `${outDir} holds files that are not part of a content export (${list}). Choose an empty or new folder, or pass --force to write into it anyway.`,
    );
  }
  if (state.exists && !state.empty && !state.isExport) {
    throw new PullError(
      "output",
      `${outDir} is not empty and holds no space.json or ${MANIFEST_FILE} of an earlier export. Choose an empty or new folder, or pass --force.`,
    );
  }
  if (state.assetsIsSymlink) {
    throw new PullError(
      "output",
      `${outDir}/assets is a symbolic link; writing through it would change the folder it points to. Remove the link or pass --force (the link is then replaced by a folder).`,
    );
  }
}

type Json = Record<string, unknown>;

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
async function datasourceFile(
  client: StoryblokClient,
  datasource: Json,
  cv: number | undefined,
): Promise<{ slug: string; file: Json }> {
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

export async function pullContent(options: PullOptions): Promise<PullSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    log(`warning: ${message}`);
  };
  const progress = options.onProgress ?? (() => undefined);

  // options
  const token = options.token?.trim() ?? "";
  if (!token) throw new PullError("usage", "A preview token is needed: --token TOKEN or STORYBLOK_TOKEN");
  if (!options.outDir) throw new PullError("usage", "--out DIR is needed");
  const concurrency = intOption("--concurrency", options.concurrency, 4, 1, 16);
  const retries = intOption("retries", options.retries, 5, 0, 20);
  const endpoint = resolveEndpoint(options);
  const apiOrigin = new URL(endpoint).origin;
  if (new URL(endpoint).protocol === "http:" && !isLoopback(new URL(endpoint).hostname)) {
    warn(`${endpoint} is plain http: the token travels unencrypted`);
  }
  if (options.publicToken !== undefined && options.publicToken.trim() === token) {
    throw new PullError(
      "usage",
      "--public-token must differ from the preview token (the content service tells them apart)",
    );
  }
  const outDir = path.resolve(options.outDir);

  // output folder, before any request
  let state: OutDirState;
  try {
    state = await inspectOutDir(outDir);
  } catch (err) {
    throw new PullError("output", `Cannot use ${outDir}: ${describeError(err)}`, { cause: err });
  }
  checkOutDir(state, outDir, options.force ?? false);
  const prune = !state.exists || state.empty || state.isExport;

  const http = new HttpClient({
    concurrency,
    retries,
    retryBaseMs: options.retryBaseMs ?? 500,
    timeoutMs: options.timeoutMs ?? 60_000,
    fetch: options.fetch,
    signal: options.signal,
    onRetry: (r) => log(`retry ${r.attempt} in ${r.delayMs} ms: ${r.reason}`),
  });
  const makeClient = (accessToken: string) =>
    new StoryblokClient({
      accessToken,
      endpoint,
      fetch: http.apiFetch,
      // no response cache, and `cv` only where this code sets it: the client's
      // cv memory is per process and token, not per endpoint
      cache: { type: "none", clear: "manual", cv: "manual" },
      maxRetries: 10,
      retriesDelay: options.rateLimitRetryMs ?? 1000,
    });
  const client = makeClient(token);
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw apiFailure(what, err, endpoint, options.signal);
    }
  };

  // the space
  const me = await call("Reading the space (cdn/spaces/me)", () => client.get("cdn/spaces/me", {}));
  const spaceData: unknown = isObject(me.data) ? me.data.space : undefined;
  if (!isObject(spaceData) || typeof spaceData.id !== "number") {
    throw new PullError("api", `cdn/spaces/me at ${endpoint} answered no space; is this a Storyblok CDN API?`);
  }
  const { version: cacheVersion, ...spaceInfo } = spaceData as {
    id: number;
    name?: unknown;
    version?: unknown;
    [key: string]: unknown;
  };
  const space = { id: spaceInfo.id, name: typeof spaceInfo.name === "string" ? spaceInfo.name : "" };
  progress({ phase: "space", ...space, endpoint });
  if (state.space && state.space.id !== space.id && !options.force) {
    throw new PullError(
      "output",
      `${outDir} holds an export of space ${state.space.id} (${state.space.name}), but the token reads space ${space.id} (${space.name}). Use another folder, or --force to replace it.`,
    );
  }
  const cv = typeof cacheVersion === "number" ? cacheVersion : undefined;
  const listParams = (version: "draft" | "published"): ISbStoriesParams => ({
    version,
    per_page: 100,
    ...(cv === undefined ? {} : { cv }),
  });

  // stories (both versions) and tags
  const cvParam = cv === undefined ? {} : { cv };
  const [draftList, publishedList, tagsRes, linkList, datasourceList] = await Promise.all([
    call("Listing draft stories", () => client.getAll("cdn/stories", listParams("draft"))).catch((err: unknown) => {
      if (err instanceof PullError && err.kind === "auth") {
        throw new PullError(
          "auth",
          "The token reads the space but not its drafts: it is a public token. content:pull needs a preview token (Settings > Access Tokens).",
        );
      }
      throw err;
    }),
    call("Listing published stories", () => client.getAll("cdn/stories", listParams("published"))),
    call("Reading tags (cdn/tags)", () => client.get("cdn/tags", { version: "draft", ...cvParam })),
    // spaces older than May 2023 answer every link at once, newer ones page them: getAll reads both
    call("Listing folders (cdn/links)", () =>
      client.getAll("cdn/links", { version: "draft", per_page: 1000, ...cvParam }),
    ),
    call("Listing datasources (cdn/datasources)", () =>
      client.getAll("cdn/datasources", { per_page: 100, ...cvParam }),
    ),
  ]);
  // field-level translations: both versions once more per language of the space
  const languages = Array.isArray(spaceInfo.language_codes)
    ? spaceInfo.language_codes.filter((code): code is string => typeof code === "string" && code !== "")
    : [];
  const translatedLists = await Promise.all(
    languages.map(async (language) => {
      const [draftIn, publishedIn] = await Promise.all(
        (["draft", "published"] as const).map((version) =>
          call(`Listing ${version} stories in ${language}`, () =>
            client.getAll("cdn/stories", { ...listParams(version), language }),
          ),
        ),
      );
      return { language, draft: draftIn ?? [], published: publishedIn ?? [] };
    }),
  );
  const datasources = await call("Reading datasource entries (cdn/datasource_entries)", () =>
    Promise.all((datasourceList as unknown[]).filter(isObject).map((d) => datasourceFile(client, d, cv))),
  );
  const folders = foldersOf(linkList as unknown[]);
  const tags: unknown = isObject(tagsRes.data) ? tagsRes.data.tags : undefined;
  if (!Array.isArray(tags)) throw new PullError("api", "cdn/tags answered no tags list");

  // public token for space.json
  let publicToken: string;
  let publicTokenSource: PullSummary["publicToken"];
  if (options.publicToken !== undefined) {
    publicToken = options.publicToken.trim();
    const other = await call("Checking --public-token (cdn/spaces/me)", () =>
      makeClient(publicToken).get("cdn/spaces/me", {}),
    ).catch((err: unknown) => {
      if (err instanceof PullError && err.kind === "auth")
        throw new PullError(
          "auth",
          "--public-token was refused by the API (401): check that it is a token of this space.",
        );
      throw err;
    });
    const otherId: unknown = isObject(other.data) && isObject(other.data.space) ? other.data.space.id : undefined;
    if (otherId !== space.id)
      throw new PullError("usage", `--public-token belongs to space ${String(otherId)}, not to space ${space.id}`);
    publicTokenSource = "given";
  } else if (state.publicToken && state.publicToken !== token && state.space?.id === space.id) {
    publicToken = state.publicToken;
    publicTokenSource = "kept";
  } else {
    publicToken = `local-${randomBytes(12).toString("base64url")}`;
    publicTokenSource = "generated";
    warn("no --public-token: space.json gets a generated public token that only the local content service accepts");
  }

  // assets are found in the stories as the API sends them; the stories are stored canonical
  const collector = new AssetCollector(space.id, [...STORYBLOK_ASSET_ORIGINS, apiOrigin]);
  const canonicalOrigins = [apiOrigin, ...(options.normalizeAssetHosts ? STORYBLOK_ASSET_ORIGINS : [])];
  const canonical = (raw: unknown, where: string): Story => {
    collector.add(raw);
    const text = canonicalizeAssetOrigins(JSON.stringify(raw), canonicalOrigins);
    return checkStory(
      JSON.parse(text, (key, v: unknown) => (key === "_editable" ? undefined : v)),
      where,
    );
  };
  const byUuidIn = (list: unknown[], what: string) =>
    new Map(list.map((s, i) => canonical(s, `${what} story ${i}`)).map((story) => [story.uuid, story]));
  const translations = translatedLists.map(({ language, draft: draftIn, published: publishedIn }) => ({
    language,
    draft: byUuidIn(draftIn, `${language} draft`),
    published: byUuidIn(publishedIn, `${language} published`),
  }));
  const withTranslations = (story: Story, version: "draft" | "published"): Story =>
    translations.reduce(
      (merged, translation) => mergeTranslatedStory(merged, translation[version].get(story.uuid), translation.language),
      story,
    );
  const draft = draftList.map((s, i) => withTranslations(canonical(s, `draft story ${i}`), "draft"));
  const publishedByUuid = new Map<string, Story>();
  for (const [i, s] of publishedList.entries()) {
    const story = withTranslations(canonical(s, `published story ${i}`), "published");
    publishedByUuid.set(story.uuid, story);
  }
  const scan = collector.result();
  progress({ phase: "listed", draft: draft.length, published: publishedByUuid.size, assets: scan.assets.size });
  if (scan.unrecognised.length > 0) {
    warn(
      `${scan.unrecognised.length} asset URL(s) of the space are not of the form {W}x{H}/{hash}/{file} and were not downloaded, e.g. ${scan.unrecognised[0]}`,
    );
  }
  if (!options.normalizeAssetHosts) {
    const regional = [...scan.assets.values()].filter(
      (a) => !a.url.startsWith("https://a.storyblok.com/") && !a.url.startsWith(`${apiOrigin}/`),
    );
    if (regional.length > 0) {
      warn(
        `${regional.length} asset URL(s) use a regional domain (${new URL(regional[0]?.url ?? "").origin}); the content service serves only https://a.storyblok.com/f/ URLs from the folder. Pass --normalize-asset-hosts to store them that way.`,
      );
    }
  }

  // pair the versions
  const files: StoryFile[] = [];
  let published = 0;
  let changed = 0;
  let unpublished = 0;
  const draftUuids = new Set<string>();
  for (const story of draft) {
    if (draftUuids.has(story.uuid)) continue; // listed twice (pages shifted while reading)
    draftUuids.add(story.uuid);
    const pub = publishedByUuid.get(story.uuid);
    if (pub === undefined) {
      files.push({ story, published: null });
      unpublished++;
    } else if (isDeepStrictEqual(story, pub)) {
      files.push({ story });
      published++;
    } else {
      files.push({ story, published: pub });
      changed++;
    }
  }
  for (const pub of publishedByUuid.values()) {
    if (draftUuids.has(pub.uuid)) continue;
    warn(`published story ${pub.full_slug} (${pub.uuid}) has no draft; it is stored as its own draft`);
    files.push({ story: pub });
    published++;
  }

  // the folder
  await mkdir(outDir, { recursive: true });
  if (state.assetsIsSymlink) await unlink(path.join(outDir, "assets"));
  const leftovers = await removeTempFiles(outDir);
  if (leftovers > 0) log(`removed ${leftovers} temporary file(s) of an interrupted run`);
  const oldAssets = state.manifest && state.manifest.space.id === space.id ? state.manifest.assets : {};
  const manifest: Manifest = {
    format: "content-pull/1",
    source: endpoint,
    space,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    complete: false,
    stories: {},
    assets: { ...oldAssets },
  };
  let manifestWrite: Promise<void> = Promise.resolve();
  const saveManifest = () => {
    const text = jsonText(manifest);
    manifestWrite = manifestWrite.then(() => writeFileAtomic(path.join(outDir, MANIFEST_FILE), text));
    return manifestWrite;
  };
  await saveManifest();

  // assets
  const assetList = [...scan.assets.values()];
  const assetStats = { downloaded: 0, skipped: 0, bytes: 0, done: 0 };
  const missing: string[] = [];
  const failed: { rel: string; error: string }[] = [];
  const sinceSave = { count: 0 };
  const fetchAsset = async (asset: AssetRef) => {
    const dest = path.join(outDir, "assets", ...asset.rel.split("/"));
    try {
      let skip = false;
      if (options.resume) {
        const have = await stat(dest).catch(() => null);
        if (have?.isFile()) {
          const known = oldAssets[asset.rel];
          if (known) skip = known.size === have.size;
          else skip = (await http.head(asset.url)) === have.size;
          if (skip) manifest.assets[asset.rel] = { size: have.size, url: asset.url };
        }
      }
      if (skip) assetStats.skipped++;
      else {
        const result = await http.download(asset.url, dest);
        if (result.ok) {
          assetStats.downloaded++;
          assetStats.bytes += result.bytes;
          manifest.assets[asset.rel] = { size: result.bytes, url: asset.url };
          if (++sinceSave.count >= 25) {
            sinceSave.count = 0;
            void saveManifest();
          }
        } else {
          missing.push(asset.rel);
          delete manifest.assets[asset.rel];
        }
      }
    } catch (err) {
      if (options.signal?.aborted) throw err;
      failed.push({ rel: asset.rel, error: describeError(err) });
      delete manifest.assets[asset.rel];
    }
    assetStats.done++;
    progress({
      phase: "assets",
      done: assetStats.done,
      total: assetList.length,
      downloaded: assetStats.downloaded,
      skipped: assetStats.skipped,
      bytes: assetStats.bytes,
    });
  };
  try {
    // the HttpClient limits the requests; this limits the assets in progress (and their files)
    const limit = pLimit(concurrency);
    const results = await Promise.allSettled(assetList.map((asset) => limit(() => fetchAsset(asset))));
    const stopped = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (stopped) throw stopped.reason;
  } finally {
    for (const rel of Object.keys(manifest.assets)) if (!scan.assets.has(rel)) delete manifest.assets[rel];
    await saveManifest().catch(() => undefined);
  }
  for (const rel of missing.sort()) warn(`asset not found at the source (404): ${rel}`);

  // stories
  const names = assignStoryFiles(files.map((f) => f.story));
  const keep = new Set<string>();
  let written = 0;
  let unchanged = 0;
  let done = 0;
  for (const file of files) {
    const rel = names.get(file.story.id) as string;
    keep.add(rel);
    manifest.stories[file.story.full_slug] = rel;
    if (await writeIfChanged(path.join(outDir, ...rel.split("/")), jsonText(file))) written++;
    else unchanged++;
    progress({ phase: "stories", done: ++done, total: files.length, written });
  }
  const removed = prune ? await removeStaleStories(outDir, keep) : [];

  // tags and space.json (holds the tokens: readable by the owner only)
  await writeIfChanged(path.join(outDir, TAGS_FILE), jsonText({ tags }));
  const foldersFile = path.join(outDir, FOLDERS_FILE);
  if (folders.length > 0) await writeIfChanged(foldersFile, jsonText({ folders }));
  else if (prune) await rm(foldersFile, { force: true });
  const keepDatasources = new Set<string>();
  for (const { slug, file } of datasources) {
    const rel = datasourceFileFor(slug);
    keepDatasources.add(rel);
    await writeIfChanged(path.join(outDir, ...rel.split("/")), jsonText(file));
  }
  if (prune) await removeStaleDatasources(outDir, keepDatasources);
  await writeIfChanged(
    path.join(outDir, "space.json"),
    jsonText({ space: spaceInfo, previewToken: token, publicToken }),
    0o600,
  );

  manifest.complete = failed.length === 0;
  manifest.finishedAt = new Date().toISOString();
  await saveManifest();

  const summary: PullSummary = {
    outDir,
    endpoint,
    space,
    publicToken: publicTokenSource,
    stories: { total: files.length, published, changed, unpublished, written, unchanged, removed },
    tags: tags.length,
    folders: folders.length,
    datasources: datasources.length,
    assets: {
      total: assetList.length,
      downloaded: assetStats.downloaded,
      skipped: assetStats.skipped,
      missing,
      failed,
      bytes: assetStats.bytes,
      unrecognised: scan.unrecognised,
    },
    requests: { ...http.stats },
    warnings,
    durationMs: Math.round(performance.now() - started),
  };
  if (failed.length > 0) {
    const list = failed
      .slice(0, 5)
      .map((f) => `  ${f.rel}: ${f.error}`)
      .join("\n");
    throw new PullFailure(
      `${failed.length} of ${assetList.length} assets could not be downloaded:\n${list}${failed.length > 5 ? "\n  ..." : ""}\n` +
        "Everything else was written; run again with --resume to fetch only what is missing.",
      summary,
    );
  }
  return summary;
}
