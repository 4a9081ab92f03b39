import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoryblokClient } from "@storyblok/react";
import { buildListing } from "../app/content/build-listing";
import { describeContentError } from "../app/content/content-error";
import { lastSlugSegment, storyPath } from "../app/content/schema/story";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageOfPath,
  languageQuery,
  localizedPath,
  type Language,
} from "../app/language";
import { createContentClient } from "../app/content/storyblok-client";
import type { ContentConfig } from "./content-config";
import { robotsTxt, siteUrlFrom, sitemapXml } from "./site-url";

/**
 * What the build prerenders (react-router.config.ts): the fixed pages and
 * one page per article in each language, found with ONE paged listing of
 * the stories per language (100 a page), never one request per story. The same listing dates every page
 * for sitemap.xml and serves the loaders' stories. Anything else is served
 * by the SPA fallback.
 */

export const STATIC_PATHS = ["/", "/index", "/imprint", "/about"] as const;

/** The story each fixed page shows: its published_at is the page's <lastmod>. */
const STATIC_PAGE_STORIES: Readonly<Record<string, (typeof STATIC_PATHS)[number]>> = {
  home: "/",
  index: "/index",
  imprint: "/imprint",
  about: "/about",
};

export interface PrerenderListing {
  paths: string[];
  /** path -> published_at of its story, for the paths whose story has been published */
  lastModified: Map<string, string>;
  /** path -> id of the story it shows (a webhook names stories by id) */
  storyIds: Map<string, number>;
}

interface ListedStory {
  id: number | null;
  fullSlug: string;
  isStartpage: boolean;
  publishedAt: string;
}

/** All stories (articles and the fixed pages' stories), 100 a request. */
async function readStories<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new Error(`Listing the articles failed: ${describeContentError(error)}`, { cause: error });
  }
}

function listedStories(stories: unknown): ListedStory[] {
  const listed: ListedStory[] = [];
  for (const story of Array.isArray(stories) ? stories : []) {
    if (typeof story !== "object" || story === null) continue;
    const record = story as { id?: unknown; full_slug?: unknown; is_startpage?: unknown; published_at?: unknown };
    if (typeof record.full_slug !== "string") continue;
    listed.push({
      id: typeof record.id === "number" && Number.isSafeInteger(record.id) ? record.id : null,
      // the path in the answer's language, without its prefix (en/articles/x -> articles/x)
      fullSlug: storyPath(record),
      isStartpage: record.is_startpage === true,
      publishedAt: typeof record.published_at === "string" ? record.published_at : "",
    });
  }
  return listed;
}

/** /articles/{last slug segment} of a listed story, or null when it is not an article. */
function articlePath(story: ListedStory): string | null {
  // the folder's start page (articles/) is not an article
  if (story.isStartpage || !story.fullSlug.startsWith("articles/")) return null;
  const slug = lastSlugSegment(story.fullSlug);
  return slug ? `/articles/${slug}` : null;
}

export async function prerenderListing(
  client: StoryblokClient,
  version: ContentConfig["version"],
): Promise<PrerenderListing> {
  const listings = await Promise.all(
    LANGUAGES.map(async (language) =>
      listingOf(
        await readStories(() =>
          client.getAll("cdn/stories", {
            per_page: 100,
            version,
            ...languageQuery(language),
          }),
        ),
        language,
      ),
    ),
  );
  return mergeListings(listings);
}

/** The pages of all languages in one listing: German first, then English. */
export function mergeListings(listings: readonly PrerenderListing[]): PrerenderListing {
  return {
    paths: listings.flatMap((listing) => listing.paths),
    lastModified: new Map(listings.flatMap((listing) => [...listing.lastModified])),
    storyIds: new Map(listings.flatMap((listing) => [...listing.storyIds])),
  };
}

/** The site's pages in every language, from the build's listings (app/content/build-listing.ts), one per language. */
export async function siteListing(
  version: ContentConfig["version"],
  client: () => StoryblokClient,
): Promise<PrerenderListing> {
  const listings = await Promise.all(
    LANGUAGES.map(async (language) => listingOf((await buildListing(version, client, language)).stories, language)),
  );
  return mergeListings(listings);
}

/** The pages of one language's listing: the fixed pages and the articles, under the language's prefix. */
export function listingOf(all: unknown, language: Language = DEFAULT_LANGUAGE): PrerenderListing {
  const stories = listedStories(all);
  const articles = new Set<string>();
  const lastModified = new Map<string, string>();
  const storyIds = new Map<string, number>();
  for (const story of stories) {
    const path =
      articlePath(story) ??
      (Object.hasOwn(STATIC_PAGE_STORIES, story.fullSlug) ? STATIC_PAGE_STORIES[story.fullSlug]! : null);
    if (!path) continue;
    if (path.startsWith("/articles/")) {
      // two stories with the same last segment share a page: the first one listed
      if (articles.has(path)) continue;
      articles.add(path);
    }
    const page = localizedPath(path, language);
    if (story.publishedAt && !lastModified.has(page)) lastModified.set(page, story.publishedAt);
    if (story.id !== null && !storyIds.has(page)) storyIds.set(page, story.id);
  }
  const paths = [...STATIC_PATHS, ...[...articles].sort()].map((path) => localizedPath(path, language));
  return { paths, lastModified, storyIds };
}

/** The German article pages (each has its English sibling under /en/). */
export async function listArticlePaths(client: StoryblokClient, version: ContentConfig["version"]): Promise<string[]> {
  return (await prerenderListing(client, version)).paths.filter((path) => path.startsWith("/articles/"));
}

export async function prerenderPaths(client: StoryblokClient, version: ContentConfig["version"]): Promise<string[]> {
  return (await prerenderListing(client, version)).paths;
}

export interface ContentRequestCounter {
  readonly count: number;
  stop(): void;
}

/**
 * Counts the requests to the content API made in this process (the path
 * listing here and every loader during prerendering), by wrapping fetch.
 */
export function countContentRequests(endpoint: string): ContentRequestCounter {
  const original = globalThis.fetch;
  const base = endpoint.replace(/\/+$/, "");
  let count = 0;
  const counting: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(`${base}/`) || url === base) count += 1;
    return original(input, init);
  };
  globalThis.fetch = counting;
  return {
    get count() {
      return count;
    },
    stop() {
      if (globalThis.fetch === counting) globalThis.fetch = original;
    },
  };
}

export function describeContentSource(config: ContentConfig): string {
  const source = config.local ? "local content service" : "Storyblok";
  return `${source} at ${config.endpoint}, ${config.version} content`;
}

interface BuildState {
  config: ContentConfig;
  counter: ContentRequestCounter;
  listing: Promise<PrerenderListing>;
  paths: Promise<string[]>;
}

// The config module may be evaluated more than once per build; the listing runs once.
const BUILD_STATE = Symbol.for("studio-portfolio.prerender-build");
type GlobalWithState = typeof globalThis & { [BUILD_STATE]?: BuildState };

/** The prerender list for `react-router build`; starts counting content requests. */
export function buildPrerenderPaths(config: ContentConfig): Promise<string[]> {
  const global = globalThis as GlobalWithState;
  if (!global[BUILD_STATE]) {
    const counter = countContentRequests(config.endpoint);
    console.info(`Prerendering from the ${describeContentSource(config)}`);
    // the listings (one per language) the page loaders read their stories from too (app/content/build-listing.ts)
    // a client without the SDK's answer cache, which would keep every listed story for the whole build
    const listing = readStories(() =>
      siteListing(config.version, () => createContentClient(config, {}, { keepAnswers: false })),
    );
    global[BUILD_STATE] = { config, counter, listing, paths: listing.then((result) => result.paths) };
  }
  return global[BUILD_STATE].paths;
}

export interface CrawlerFileOptions {
  /** a build from draft content: robots.txt disallows all */
  preview?: boolean;
  lastModified?: ReadonlyMap<string, string>;
  /** path -> id of its story: the pages of one story are one page in each language */
  storyIds?: ReadonlyMap<string, number>;
}

/** Each page's siblings in every language (itself included), German first: the pages of the same story. */
export function languageAlternates(
  paths: readonly string[],
  storyIds: ReadonlyMap<string, number>,
): Map<string, Array<readonly [Language, string]>> {
  const byStory = new Map<number, Array<readonly [Language, string]>>();
  for (const page of paths) {
    const id = storyIds.get(page);
    if (id === undefined) continue;
    const language = languageOfPath(page);
    const siblings = byStory.get(id) ?? [];
    if (!siblings.some(([known]) => known === language)) siblings.push([language, page]);
    byStory.set(id, siblings);
  }
  const order = (language: Language) => LANGUAGES.indexOf(language);
  const result = new Map<string, Array<readonly [Language, string]>>();
  for (const page of paths) {
    const siblings = byStory.get(storyIds.get(page) ?? -1);
    if (siblings && siblings.length > 1)
      result.set(
        page,
        [...siblings].sort((a, b) => order(a[0]) - order(b[0])),
      );
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

/** The listing of the build in this process (its pages and their stories), once it has been read. */
export async function currentBuildListing(): Promise<PrerenderListing | null> {
  const state = (globalThis as GlobalWithState)[BUILD_STATE];
  return state ? state.listing.catch(() => null) : null;
}

/** Printed when the build ends: how many content requests it made, and from where. */
export async function reportContentRequests(clientDir?: string): Promise<string | null> {
  const state = (globalThis as GlobalWithState)[BUILD_STATE];
  if (!state) return null;
  const listing = await state.listing.catch((): PrerenderListing => ({
    paths: [],
    lastModified: new Map(),
    storyIds: new Map(),
  }));
  const { paths } = listing;
  if (clientDir) {
    await writeCrawlerFiles(clientDir, paths, siteUrlFrom(), {
      preview: state.config.version === "draft",
      lastModified: listing.lastModified,
      storyIds: listing.storyIds,
    });
  }
  const line =
    `Content: ${state.counter.count} request(s) to the ${describeContentSource(state.config)}; ` +
    `${paths.length} path(s) prerendered plus the SPA fallback`;
  console.info(line);
  state.counter.stop();
  return line;
}
