import { mkdir, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { downloadAssets, type AssetDownloadOptions, type AssetDownloads } from "./asset-downloads";
import { AssetCollector, STORYBLOK_ASSET_ORIGINS, type AssetScan } from "./assets";
import { isLoopback, resolveEndpoint, serviceOrigins, type Region } from "./endpoint";
import { describeError, PullError } from "./errors";
import { writeIfChanged } from "./file-writes";
import { HttpClient, type HttpStats } from "./http";
import { jsonText } from "./json";
import { SpaceApi, type SpaceListing } from "./listing";
import { ManifestWriter } from "./manifest";
import {
  checkOutDir,
  datasourceFileFor,
  FOLDERS_FILE,
  inspectOutDir,
  removeStaleDatasources,
  removeStaleStories,
  removeTempFiles,
  TAGS_FILE,
  type OutDirState,
} from "./output";
import { choosePublicToken, type PublicTokenSource } from "./public-token";
import { canonicalStories, pairVersions, writeStoryFiles, type PairedStories } from "./stories";

/**
 * content:pull: exports a Storyblok space (or a local content service) into
 * a content folder (docs/content-model.md): space.json, stories/{full_slug}.json,
 * folders.json, datasources/, tags.json and the asset files under
 * assets/{W}x{H}/{hash}/{file}. The steps, in order: the space, its listing,
 * the stories made canonical, the assets, the files.
 */

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
  space: { id: number; name: string };
  /** Where space.json's publicToken came from. */
  publicToken: PublicTokenSource;
  /** published, changed, unpublished: as PairedStories counts them. */
  stories: Omit<PairedStories, "files"> & {
    total: number;
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
  /** downloaded, skipped, missing, failed, bytes: as downloadAssets counts them. */
  assets: AssetDownloads & {
    total: number;
    /** Asset URLs of the space without the {W}x{H}/{hash}/{file} form (left as they are). */
    unrecognised: string[];
  };
  requests: HttpStats;
  durationMs: number;
}

export class PullFailure extends PullError {
  constructor(
    message: string,
    readonly summary: PullSummary,
  ) {
    super("assets", message);
  }
}

function intOption(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new PullError("usage", `${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}

async function readOutDir(outDir: string, force: boolean): Promise<OutDirState> {
  let state: OutDirState;
  try {
    state = await inspectOutDir(outDir);
  } catch (err) {
    throw new PullError("output", `Cannot use ${outDir}: ${describeError(err)}`, { cause: err });
  }
  checkOutDir(state, outDir, force);
  return state;
}

/** The options checked, before any request or file. */
function checkOptions(options: PullOptions, warn: (message: string) => void) {
  const token = options.token?.trim() ?? "";
  if (!token) throw new PullError("usage", "A preview token is needed: --token TOKEN or STORYBLOK_TOKEN");
  if (!options.outDir) throw new PullError("usage", "--out DIR is needed");
  const concurrency = intOption("--concurrency", options.concurrency, 4, 1, 16);
  const retries = intOption("retries", options.retries, 5, 0, 20);
  const endpoint = resolveEndpoint(options);
  const endpointUrl = new URL(endpoint);
  if (endpointUrl.protocol === "http:" && !isLoopback(endpointUrl.hostname)) {
    warn(`${endpoint} is plain http: the token travels unencrypted`);
  }
  if (options.publicToken !== undefined && options.publicToken.trim() === token) {
    throw new PullError(
      "usage",
      "--public-token must differ from the preview token (the content service tells them apart)",
    );
  }
  return { token, concurrency, retries, endpoint, endpointUrl, outDir: path.resolve(options.outDir) };
}

type CheckedOptions = ReturnType<typeof checkOptions>;

function spaceApi(options: PullOptions, { concurrency, retries, endpoint }: CheckedOptions, log: (m: string) => void) {
  const http = new HttpClient({
    concurrency,
    retries,
    retryBaseMs: options.retryBaseMs ?? 500,
    timeoutMs: options.timeoutMs ?? 60_000,
    signal: options.signal,
    onRetry: (r) => log(`retry ${r.attempt} in ${r.delayMs} ms: ${r.reason}`),
  });
  const api = new SpaceApi({
    endpoint,
    http,
    rateLimitRetryMs: options.rateLimitRetryMs ?? 1000,
    signal: options.signal,
  });
  return { http, api };
}

/** Assets are found in the stories as the API sends them; the stories are stored canonical. */
function scanStories(
  listing: SpaceListing,
  spaceId: number,
  { endpoint, endpointUrl }: CheckedOptions,
  normalizeAssetHosts: boolean,
  warn: (message: string) => void,
) {
  const ownOrigins = serviceOrigins(endpoint);
  const collector = new AssetCollector({
    spaceId,
    origins: [...STORYBLOK_ASSET_ORIGINS, ...ownOrigins],
    rootRelativeOrigin: endpointUrl.origin,
  });
  const canonicalOrigins = [...ownOrigins, ...(normalizeAssetHosts ? STORYBLOK_ASSET_ORIGINS : [])];
  const stories = canonicalStories(listing, collector, canonicalOrigins);
  const scan = collector.result();
  if (scan.unrecognised.length > 0) {
    warn(
      `${scan.unrecognised.length} asset URL(s) of the space are not of the form {W}x{H}/{hash}/{file} and were not downloaded, e.g. ${scan.unrecognised[0]}`,
    );
  }
  if (!normalizeAssetHosts) {
    const regional = [...scan.assets.values()].filter(
      (a) => !a.url.startsWith("https://a.storyblok.com/") && !ownOrigins.some((o) => a.url.startsWith(`${o}/`)),
    );
    if (regional.length > 0) {
      warn(
        `${regional.length} asset URL(s) use a regional domain (${new URL(regional[0]?.url ?? "").origin}); the content service serves only https://a.storyblok.com/f/ URLs from the folder. Pass --normalize-asset-hosts to store them that way.`,
      );
    }
  }
  return { stories, scan };
}

/** The folder made ready: a symlinked assets folder and an interrupted run's temp files gone, the manifest begun. */
async function prepareFolder(
  outDir: string,
  state: OutDirState,
  { source, space }: { source: string; space: { id: number; name: string } },
  log: (message: string) => void,
) {
  await mkdir(outDir, { recursive: true });
  if (state.assetsIsSymlink) await unlink(path.join(outDir, "assets"));
  const leftovers = await removeTempFiles(outDir);
  if (leftovers > 0) log(`removed ${leftovers} temporary file(s) of an interrupted run`);
  const previousAssets = state.manifest && state.manifest.space.id === space.id ? state.manifest.assets : {};
  const manifest = new ManifestWriter(outDir, {
    format: "content-pull/1",
    source,
    space,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    complete: false,
    stories: {},
    assets: { ...previousAssets },
  });
  await manifest.save();
  return { manifest, previousAssets };
}

/** tags.json, folders.json and datasources/; with `prune`, what the space no longer has goes. */
async function writeListingFiles(outDir: string, listing: SpaceListing, prune: boolean): Promise<void> {
  await writeIfChanged(path.join(outDir, TAGS_FILE), jsonText({ tags: listing.tags }));
  const foldersFile = path.join(outDir, FOLDERS_FILE);
  if (listing.folders.length > 0) await writeIfChanged(foldersFile, jsonText({ folders: listing.folders }));
  else if (prune) await rm(foldersFile, { force: true });
  const keepDatasources = new Set<string>();
  for (const { slug, file } of listing.datasources) {
    const rel = datasourceFileFor(slug);
    keepDatasources.add(rel);
    await writeIfChanged(path.join(outDir, ...rel.split("/")), jsonText(file));
  }
  if (prune) await removeStaleDatasources(outDir, keepDatasources);
}

/** Assets that could not be downloaded fail the pull, with the summary of all that was written. */
function failOnFailedAssets(summary: PullSummary): void {
  const { failed, total } = summary.assets;
  if (failed.length === 0) return;
  const list = failed
    .slice(0, 5)
    .map((f) => `  ${f.rel}: ${f.error}`)
    .join("\n");
  throw new PullFailure(
    `${failed.length} of ${total} assets could not be downloaded:\n${list}${failed.length > 5 ? "\n  ..." : ""}\n` +
      "Everything else was written; run again with --resume to fetch only what is missing.",
    summary,
  );
}

/**
 * The space the token reads (an export of another space in the folder stops the pull unless forced), its
 * listing and the public token space.json will hold.
 */
async function readSource(
  api: SpaceApi,
  checked: CheckedOptions,
  state: OutDirState,
  options: PullOptions,
  warn: (message: string) => void,
) {
  const spaceInfo = await api.readSpace(checked.token);
  const space = { id: spaceInfo.id, name: spaceInfo.name };
  if (state.space && state.space.id !== space.id && !options.force) {
    throw new PullError(
      "output",
      `${checked.outDir} holds an export of space ${state.space.id} (${state.space.name}), but the token reads space ${space.id} (${space.name}). Use another folder, or --force to replace it.`,
    );
  }
  options.onProgress?.({ phase: "space", ...space, endpoint: checked.endpoint });
  const listing = await api.list(checked.token, spaceInfo);
  const publicToken = await choosePublicToken({
    given: options.publicToken,
    previewToken: checked.token,
    spaceId: space.id,
    state,
    api,
    warn,
  });
  return { spaceInfo, space, listing, publicToken };
}

/** The story files, tags, folders, datasources and space.json (it holds the tokens: readable by the owner only). */
async function writeStoriesAndFiles(
  outDir: string,
  { files, listing, space }: { files: PairedStories["files"]; listing: SpaceListing; space: string },
  prune: boolean,
  onProgress: (done: number, written: number) => void,
) {
  const written = await writeStoryFiles(outDir, files, onProgress);
  const removed = prune ? await removeStaleStories(outDir, written.kept) : [];
  await writeListingFiles(outDir, listing, prune);
  await writeIfChanged(path.join(outDir, "space.json"), space, 0o600);
  return { written, removed };
}

/** The assets the stories use, downloaded (or kept, resuming); those missing at the source are warned of. */
async function downloadScannedAssets(
  scan: AssetScan,
  target: Pick<AssetDownloadOptions, "outDir" | "http" | "manifest" | "previous" | "concurrency">,
  options: PullOptions,
  warn: (message: string) => void,
) {
  const assets = await downloadAssets(scan.assets, {
    ...target,
    resume: options.resume ?? false,
    signal: options.signal,
    onProgress: ({ done, downloaded, skipped, bytes }) =>
      options.onProgress?.({ phase: "assets", done, total: scan.assets.size, downloaded, skipped, bytes }),
  });
  for (const rel of assets.missing) warn(`asset not found at the source (404): ${rel}`);
  return assets;
}

/** The manifest, finished: the stories' files, and complete when no asset failed. */
async function finishManifest(manifest: ManifestWriter, storyFiles: Map<string, string>, complete: boolean) {
  manifest.manifest.stories = Object.fromEntries(storyFiles);
  manifest.manifest.complete = complete;
  manifest.manifest.finishedAt = new Date().toISOString();
  await manifest.save();
}

export async function pullContent(options: PullOptions): Promise<PullSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const warn = (message: string) => log(`warning: ${message}`);
  const progress = options.onProgress ?? (() => undefined);
  const checked = checkOptions(options, warn);
  const { token, endpoint, outDir } = checked;

  // output folder, before any request
  const state = await readOutDir(outDir, options.force ?? false);
  const prune = !state.exists || state.empty || state.isExport;
  const { http, api } = spaceApi(options, checked, log);
  const { spaceInfo, space, listing, publicToken } = await readSource(api, checked, state, options, warn);
  const { stories, scan } = scanStories(listing, space.id, checked, options.normalizeAssetHosts ?? false, warn);
  progress({
    phase: "listed",
    draft: stories.draft.length,
    published: stories.published.size,
    assets: scan.assets.size,
  });
  const paired = pairVersions(stories.draft, stories.published, warn);

  const { manifest, previousAssets } = await prepareFolder(outDir, state, { source: endpoint, space }, log);
  const { concurrency } = checked;
  const target = { outDir, http, manifest, previous: previousAssets, concurrency };
  const assets = await downloadScannedAssets(scan, target, options, warn);

  const total = paired.files.length;
  const spaceFile = jsonText({ space: spaceInfo.info, previewToken: token, publicToken: publicToken.token });
  const { written, removed } = await writeStoriesAndFiles(
    outDir,
    { files: paired.files, listing, space: spaceFile },
    prune,
    (done, count) => progress({ phase: "stories", done, total, written: count }),
  );
  await finishManifest(manifest, written.bySlug, assets.failed.length === 0);

  const { files: _files, ...counts } = paired;
  const summary: PullSummary = {
    outDir,
    space,
    publicToken: publicToken.source,
    stories: {
      total,
      ...counts,
      written: written.written,
      unchanged: written.unchanged,
      removed,
    },
    tags: listing.tags.length,
    folders: listing.folders.length,
    datasources: listing.datasources.length,
    assets: { total: scan.assets.size, ...assets, unrecognised: scan.unrecognised },
    requests: { ...http.stats },
    durationMs: Math.round(performance.now() - started),
  };
  failOnFailedAssets(summary);
  return summary;
}
