import { writeFile } from "node:fs/promises";
import path from "node:path";
import { LANGUAGES, languageOfPath, type Language } from "../app/language";
import { robotsTxt, sitemapXml } from "./site-url";

export interface CrawlerFileOptions {
  /** a build from draft content: robots.txt disallows all */
  preview?: boolean;
  lastModified?: ReadonlyMap<string, string>;
  /** path -> id of its story: the pages of one story are one page in each language */
  storyIds?: ReadonlyMap<string, number>;
}

/** Each page's siblings in every language (itself included), German first: the pages of the same story. */
export function languageAlternates(paths: readonly string[], storyIds: ReadonlyMap<string, number>) {
  const byStory = new Map<number, Array<readonly [Language, string]>>();
  for (const page of paths) {
    const id = storyIds.get(page);
    if (id === undefined) continue;
    const language = languageOfPath(page);
    const siblings = byStory.get(id) ?? [];
    if (!siblings.some(([known]) => known === language)) siblings.push([language, page]);
    byStory.set(id, siblings);
  }
  for (const siblings of byStory.values()) siblings.sort((a, b) => LANGUAGES.indexOf(a[0]) - LANGUAGES.indexOf(b[0]));
  const result = new Map<string, Array<readonly [Language, string]>>();
  for (const page of paths) {
    const siblings = byStory.get(storyIds.get(page) ?? -1);
    if (siblings && siblings.length > 1) result.set(page, siblings);
  }
  return result;
}

/** robots.txt always; sitemap.xml of the prerendered paths when SITE_URL is set. */
export async function writeCrawlerFiles(
  clientDir: string,
  paths: readonly string[],
  siteUrl: string,
  options: CrawlerFileOptions = {},
): Promise<void> {
  await writeFile(path.join(clientDir, "robots.txt"), robotsTxt(siteUrl, { preview: options.preview }));
  if (siteUrl) {
    const alternates = languageAlternates(paths, options.storyIds ?? new Map());
    await writeFile(path.join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, paths, options.lastModified, alternates));
  }
}
