import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PrerenderListing } from "./prerender-paths";

/**
 * What a build knows about itself, for the next update of the live site
 * (site-server/publisher.ts, live-update/render-pages.ts): which story each
 * page shows and which articles each page links to (the index, home, the
 * other projects of other articles), so that a story change re-renders
 * exactly the pages it reaches. Written beside the client folder, never served.
 */

export const RELEASE_FILE = "release.json";
/** The server bundle the build prerendered with, kept for updates (vite.config.ts). */
export const RENDERER_DIR = "renderer";
export const CLIENT_DIR = "client";

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

/** The HTML file of a prerendered path. */
export function pageFile(clientDir: string, pagePath: string): string {
  return path.join(clientDir, ...pagePath.split("/").filter(Boolean), "index.html");
}

/** Its `.data` file, as React Router names it (`/` has `_root.data`). */
export function dataFile(clientDir: string, pagePath: string): string {
  return pagePath === "/" ? path.join(clientDir, "_root.data") : path.join(clientDir, `${pagePath.slice(1)}.data`);
}

/**
 * Article paths a page refers to, each once, in order: the links of its
 * HTML, and the article paths its data carries (the other projects the
 * browser draws from on each visit are in the page's `.data`, not all in
 * its HTML).
 */
export function linkedArticlePaths(html: string, self = "", data = ""): string[] {
  const links = new Set<string>();
  const found = [
    ...html.matchAll(/\shref="(\/articles\/[^"/?#]+)\/?(?:[?#][^"]*)?"/g),
    ...data.matchAll(/"(\/articles\/[^"/?#\\]+)"/g),
  ];
  for (const match of found) {
    let target = match[1]!;
    try {
      target = decodeURI(target);
    } catch {
      // an href the browser would leave encoded
    }
    if (target !== self) links.add(target);
  }
  return [...links];
}

/** The release's record of one page, from its HTML. */
export async function describePage(
  clientDir: string,
  pagePath: string,
  listing: Pick<PrerenderListing, "storyIds" | "lastModified">,
): Promise<ReleasePage> {
  const [html, data] = await Promise.all(
    [pageFile(clientDir, pagePath), dataFile(clientDir, pagePath)].map((file) =>
      readFile(file, "utf8").catch(() => ""),
    ),
  );
  return {
    storyId: listing.storyIds.get(pagePath) ?? null,
    publishedAt: listing.lastModified.get(pagePath) ?? "",
    links: linkedArticlePaths(html!, pagePath, data),
  };
}

export async function writeReleaseInfo(releaseDir: string, info: ReleaseInfo): Promise<void> {
  const file = path.join(releaseDir, RELEASE_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(info)}\n`);
  await rename(`${file}.tmp`, file);
}

/** After a whole build (react-router.config.ts, buildEnd). */
export async function writeFullReleaseInfo(
  releaseDir: string,
  listing: PrerenderListing,
  options: { siteUrl: string; preview: boolean },
): Promise<ReleaseInfo> {
  const clientDir = path.join(releaseDir, CLIENT_DIR);
  const pages: Record<string, ReleasePage> = {};
  for (const pagePath of listing.paths) pages[pagePath] = await describePage(clientDir, pagePath, listing);
  const info: ReleaseInfo = {
    version: 1,
    builtAt: new Date().toISOString(),
    kind: "full",
    siteUrl: options.siteUrl,
    preview: options.preview,
    pages,
  };
  await writeReleaseInfo(releaseDir, info);
  return info;
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
