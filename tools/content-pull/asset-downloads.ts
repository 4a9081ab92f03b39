import { stat } from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import type { AssetRef } from "./assets";
import { describeError } from "./errors";
import type { HttpClient } from "./http";
import type { ManifestAsset, ManifestWriter } from "./manifest";

/**
 * Downloads the space's assets into assets/{W}x{H}/{hash}/{file}, keeping the
 * manifest up to date so that an interrupted run can be resumed.
 */

export interface AssetDownloads {
  downloaded: number;
  skipped: number;
  /** Bytes downloaded in this run. */
  bytes: number;
  /** Referenced, but 404/410 at the source. */
  missing: string[];
  /** Could not be downloaded (network, 5xx after retries, 403, ...). */
  failed: { rel: string; error: string }[];
}

export interface AssetDownloadOptions {
  outDir: string;
  http: HttpClient;
  manifest: ManifestWriter;
  /** The assets of the previous run's manifest (same space). */
  previous: Readonly<Record<string, ManifestAsset>>;
  /** Keep files already present with the right size (manifest, else HEAD). */
  resume: boolean;
  /** Assets in progress at once. */
  concurrency: number;
  signal?: AbortSignal;
  onProgress: (state: AssetDownloads & { done: number }) => void;
}

/** Saving the manifest after every file would cost more than the downloads. */
const SAVE_EVERY = 25;

export async function downloadAssets(
  assets: ReadonlyMap<string, AssetRef>,
  options: AssetDownloadOptions,
): Promise<AssetDownloads> {
  const { http, previous } = options;
  const entries = options.manifest.manifest.assets;
  const result: AssetDownloads = { downloaded: 0, skipped: 0, bytes: 0, missing: [], failed: [] };
  let done = 0;
  let sinceSave = 0;

  const isPresent = async (asset: AssetRef, dest: string): Promise<boolean> => {
    const have = await stat(dest).catch(() => null);
    if (!have?.isFile()) return false;
    const known = previous[asset.rel];
    const present = known ? known.size === have.size : (await http.head(asset.url)) === have.size;
    if (present) entries[asset.rel] = { size: have.size, url: asset.url };
    return present;
  };

  const fetchAsset = async (asset: AssetRef) => {
    const dest = path.join(options.outDir, "assets", ...asset.rel.split("/"));
    try {
      if (options.resume && (await isPresent(asset, dest))) result.skipped++;
      else {
        const download = await http.download(asset.url, dest);
        if (download.ok) {
          result.downloaded++;
          result.bytes += download.bytes;
          entries[asset.rel] = { size: download.bytes, url: asset.url };
          if (++sinceSave >= SAVE_EVERY) {
            sinceSave = 0;
            void options.manifest.save();
          }
        } else {
          result.missing.push(asset.rel);
          delete entries[asset.rel];
        }
      }
    } catch (err) {
      if (options.signal?.aborted) throw err;
      result.failed.push({ rel: asset.rel, error: describeError(err) });
      delete entries[asset.rel];
    }
    options.onProgress({ ...result, done: ++done });
  };

  try {
    // the HttpClient limits the requests; this limits the assets in progress (and their files)
    const limit = pLimit(options.concurrency);
    const results = await Promise.allSettled([...assets.values()].map((asset) => limit(() => fetchAsset(asset))));
    const stopped = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (stopped) throw stopped.reason;
  } finally {
    for (const rel of Object.keys(entries)) if (!assets.has(rel)) delete entries[rel];
    await options.manifest.save().catch(() => undefined);
  }
  result.missing.sort();
  return result;
}
