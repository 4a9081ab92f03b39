import { readFile } from "node:fs/promises";
import path from "node:path";
import { replaceFile } from "./layout";

/**
 * What a build knows about itself, for the next update of the live site
 * (site-server/publisher.ts, live-update/render-pages.ts): which story each
 * page shows and which articles each page links to (the index, home, the
 * other projects of other articles), so that a story change re-renders
 * exactly the pages it reaches. Written beside the client folder, never served.
 * The build writes it whole (pipeline/release-info.ts), a live update page by
 * page (live-update/render-pages.ts).
 */

export const RELEASE_FILE = "release.json";

export interface ReleasePage {
  /** The story the page shows; null for pages that have none. */
  storyId: number | null;
  publishedAt: string;
  /** The article pages it links to (`/articles/{slug}`), itself left out. */
  links: string[];
}

export interface ReleaseInfo {
  version: 1;
  builtAt: string;
  /** How the release was made: a whole build, or an update of the pages a change reached. */
  kind: "full" | "incremental";
  siteUrl: string;
  preview: boolean;
  pages: Record<string, ReleasePage>;
}

export async function writeReleaseInfo(releaseDir: string, info: ReleaseInfo): Promise<void> {
  const file = path.join(releaseDir, RELEASE_FILE);
  await replaceFile(file, `${JSON.stringify(info)}\n`);
}

/** The release's record, or null for a build made without it (or by an older version). */
export async function readReleaseInfo(releaseDir: string): Promise<ReleaseInfo | null> {
  try {
    const info = JSON.parse(await readFile(path.join(releaseDir, RELEASE_FILE), "utf8")) as Partial<ReleaseInfo>;
    if (info.version !== 1 || typeof info.pages !== "object" || info.pages === null) return null;
    return info as ReleaseInfo;
  } catch {
    return null;
  }
}
