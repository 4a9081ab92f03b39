import type { StoryblokClient } from "@storyblok/react";
import {
  isArticleStory,
  readBuildListing,
  writeBuildListing,
  type BuildListing,
} from "../app/content/build-listing.server";
import { describeContentError } from "../app/content/content-error";
import { isRecord } from "../app/content/is-record";
import { lastSlugSegment, storyPath } from "../app/content/schema/story";
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from "../app/language";
import type { ContentConfig } from "./content-config";

/**
 * What the build prerenders (pipeline/preset.ts): the fixed pages and
 * one page per article in each language, found with ONE paged listing of
 * the stories per language (100 a page), never one request per story. The same listing dates every page
 * for sitemap.xml and serves the loaders' stories. Anything else is served
 * by the SPA fallback.
 */

export const STATIC_PATHS = ["/", "/index", "/imprint", "/about"] as const;

/**
 * The folder of a build (or of a live update's release) that holds its
 * listing of all stories while it prerenders (`writeSiteListing`); removed
 * when it is done.
 */
export const PRERENDER_DIR = "prerender";

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

/** The page a listed story shows: /articles/{last slug segment} for an article, a fixed page's path, or null. */
function pathOfStory(story: Record<string, unknown>): string | null {
  // the path in the answer's language, without its prefix (en/articles/x -> articles/x)
  const fullSlug = storyPath(story);
  // the folder's start page (articles/) is not an article
  if (isArticleStory(story)) {
    const slug = lastSlugSegment(fullSlug);
    return slug ? `/articles/${slug}` : null;
  }
  return Object.hasOwn(STATIC_PAGE_STORIES, fullSlug) ? STATIC_PAGE_STORIES[fullSlug]! : null;
}

/** The pages of all languages in one listing: German first, then English. */
export function mergeListings(listings: readonly PrerenderListing[]): PrerenderListing {
  return {
    paths: listings.flatMap((listing) => listing.paths),
    lastModified: new Map(listings.flatMap((listing) => [...listing.lastModified])),
    storyIds: new Map(listings.flatMap((listing) => [...listing.storyIds])),
  };
}

/** The pages of one language's listing, its files closed (the loaders open their own). */
async function pagesOf(listing: BuildListing, language: Language): Promise<PrerenderListing> {
  try {
    return listingOf(listing.stories, language);
  } finally {
    await listing.close();
  }
}

/**
 * Reads the site's stories into `dir`, one paged listing per language
 * (app/content/build-listing.server.ts), where the page loaders, the build's
 * last step and a live update find them: the site's pages in every language.
 * `client` should keep no answers (the SDK's cache would hold every story).
 */
export async function writeSiteListing(
  dir: string,
  client: StoryblokClient,
  version: ContentConfig["version"],
): Promise<PrerenderListing> {
  // all stories (articles and the fixed pages' stories), 100 a request
  try {
    return mergeListings(
      await Promise.all(
        LANGUAGES.map(async (language) => pagesOf(await writeBuildListing(dir, client, version, language), language)),
      ),
    );
  } catch (error) {
    throw new Error(`Listing the articles failed: ${describeContentError(error)}`, { cause: error });
  }
}

/** The site's pages from the listing `writeSiteListing` left in `dir`; null when it left none. */
export async function readSiteListing(
  dir: string,
  version: ContentConfig["version"],
): Promise<PrerenderListing | null> {
  const listings = await Promise.all(
    LANGUAGES.map(async (language) => {
      const listing = await readBuildListing(dir, version, language);
      return listing ? pagesOf(listing, language) : null;
    }),
  );
  return listings.every((listing): listing is PrerenderListing => listing !== null) ? mergeListings(listings) : null;
}

/** The pages of one language's listing: the fixed pages and the articles, under the language's prefix. */
export function listingOf(all: unknown, language: Language = DEFAULT_LANGUAGE): PrerenderListing {
  const articles = new Set<string>();
  const lastModified = new Map<string, string>();
  const storyIds = new Map<string, number>();
  for (const story of (Array.isArray(all) ? all : []).filter(isRecord)) {
    const path = pathOfStory(story);
    if (!path) continue;
    if (path.startsWith("/articles/")) {
      // two stories with the same last segment share a page: the first one listed
      if (articles.has(path)) continue;
      articles.add(path);
    }
    const page = localizedPath(path, language);
    const publishedAt = typeof story.published_at === "string" ? story.published_at : "";
    const id = typeof story.id === "number" && Number.isSafeInteger(story.id) ? story.id : null;
    if (publishedAt && !lastModified.has(page)) lastModified.set(page, publishedAt);
    if (id !== null && !storyIds.has(page)) storyIds.set(page, id);
  }
  const paths = [...STATIC_PATHS, ...[...articles].sort()].map((path) => localizedPath(path, language));
  return { paths, lastModified, storyIds };
}
