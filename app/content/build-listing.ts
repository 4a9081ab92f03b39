import type { StoryblokClient } from "@storyblok/react";
import type { ContentConfig } from "./content-config";
import { isRecord } from "./is-record";
import { parseText } from "./schema/values";
import { lastSlugSegment, storyPath } from "./schema/story";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

type Version = ContentConfig["version"];
type StoryRecord = Record<string, unknown>;

/**
 * Every story of the space, read once per prerender build with one paged
 * listing (100 a request). It names the pages to prerender, dates them for
 * sitemap.xml, and gives every article page its story, the other-projects
 * list its candidates and the index its references: a build of N articles
 * asks about N / 100 + a handful of requests and holds each story once.
 */
export interface BuildListing {
  version: Version;
  language: Language;
  /** in the API's default order (position, then newest first) */
  stories: readonly StoryRecord[];
  /** articles by the last segment of their path in the listing's language; the first listed wins */
  articlesBySlug: ReadonlyMap<string, StoryRecord>;
  byUuid: ReadonlyMap<string, StoryRecord>;
}

/** An article story: under articles/, and not the folder's start page. */
export function isArticleStory(story: StoryRecord): boolean {
  return story.is_startpage !== true && storyPath(story).startsWith("articles/");
}

export function indexListing(version: Version, all: unknown, language: Language = DEFAULT_LANGUAGE): BuildListing {
  const stories = (Array.isArray(all) ? all : []).filter(isRecord);
  const articlesBySlug = new Map<string, StoryRecord>();
  const byUuid = new Map<string, StoryRecord>();
  for (const story of stories) {
    const uuid = parseText(story.uuid);
    if (uuid && !byUuid.has(uuid)) byUuid.set(uuid, story);
    if (!isArticleStory(story)) continue;
    const slug = lastSlugSegment(storyPath(story));
    if (slug && !articlesBySlug.has(slug)) articlesBySlug.set(slug, story);
  }
  return { version, language, stories, articlesBySlug, byUuid };
}

// The react-router config (which asks for the paths to prerender) and the
// server bundle (whose loaders render them) are separate module graphs in
// one build process: the listing is shared through the global object.
const LISTINGS = Symbol.for("studio-portfolio.build-listing");
type ListingKey = `${Version} ${Language}`;
type GlobalWithListings = typeof globalThis & { [LISTINGS]?: Map<ListingKey, Promise<BuildListing>> };

function listings(): Map<ListingKey, Promise<BuildListing>> {
  const global = globalThis as GlobalWithListings;
  global[LISTINGS] ??= new Map();
  return global[LISTINGS];
}

/**
 * The build's listing of `version` in `language` (one paged listing per
 * language), read on first use with `client` (a failed read is forgotten,
 * so the next caller tries again).
 */
export function buildListing(
  version: Version,
  client: () => StoryblokClient | Promise<StoryblokClient>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<BuildListing> {
  const key: ListingKey = `${version} ${language}`;
  const known = listings().get(key);
  if (known) return known;
  const listing = Promise.resolve()
    .then(client)
    .then((api) => api.getAll("cdn/stories", { per_page: 100, version, ...languageQuery(language) }))
    .then((all: unknown) => indexListing(version, all, language));
  listings().set(key, listing);
  listing.catch(() => {
    if (listings().get(key) === listing) listings().delete(key);
  });
  return listing;
}

/** Forgets the listings read so far (tests; a build process reads once). */
export function resetBuildListings(): void {
  listings().clear();
}
