import path from "node:path";
import { writeFileAtomic } from "./file-writes";
import { isObject, jsonText } from "./json";

/**
 * `.pull-manifest.json`: what the last run wrote, so that `--resume` needs no
 * requests for finished files.
 */

export const MANIFEST_FILE = ".pull-manifest.json";

export interface ManifestAsset {
  size: number;
  url: string;
}

export interface Manifest {
  format: "content-pull/1";
  /** API base the export came from (no token). */
  source: string;
  space: { id: number; name: string };
  startedAt: string;
  finishedAt: string | null;
  /** False while a run is in progress or when it failed. */
  complete: boolean;
  /** full_slug -> file below the folder. */
  stories: Record<string, string>;
  /** `{W}x{H}/{hash}/{file}` -> size and source URL of the file in assets/. */
  assets: Record<string, ManifestAsset>;
}

export function parseManifest(value: unknown): Manifest | undefined {
  if (
    !isObject(value) ||
    value.format !== "content-pull/1" ||
    !isObject(value.assets) ||
    !isObject(value.stories) ||
    !isObject(value.space)
  )
    return undefined;
  const assets: Record<string, ManifestAsset> = {};
  for (const [rel, entry] of Object.entries(value.assets)) {
    if (isObject(entry) && typeof entry.size === "number" && typeof entry.url === "string")
      assets[rel] = { size: entry.size, url: entry.url };
  }
  const stories: Record<string, string> = {};
  for (const [slug, file] of Object.entries(value.stories)) if (typeof file === "string") stories[slug] = file;
  const space = value.space;
  return {
    format: "content-pull/1",
    source: typeof value.source === "string" ? value.source : "",
    space: { id: typeof space.id === "number" ? space.id : 0, name: typeof space.name === "string" ? space.name : "" },
    startedAt: typeof value.startedAt === "string" ? value.startedAt : "",
    finishedAt: typeof value.finishedAt === "string" ? value.finishedAt : null,
    complete: value.complete === true,
    stories,
    assets,
  };
}

/** The manifest of a run in progress, saved now and then while the assets download. */
export class ManifestWriter {
  private writing: Promise<void> = Promise.resolve();
  private readonly file: string;

  constructor(
    outDir: string,
    readonly manifest: Manifest,
  ) {
    this.file = path.join(outDir, MANIFEST_FILE);
  }

  /** Saves the manifest as it is now; saves land in the order they were asked for, never two at once. */
  save(): Promise<void> {
    const text = jsonText(this.manifest);
    this.writing = this.writing.then(() => writeFileAtomic(this.file, text));
    return this.writing;
  }
}
