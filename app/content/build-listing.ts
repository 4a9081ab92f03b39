import type { StoryblokClient } from "@storyblok/react";
import type { ContentConfig } from "./content-config";
import { isRecord } from "./is-record";
import { parseText } from "./schema/values";
import { lastSlugSegment } from "./schema/story";

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
  /** in the API's default order (position, then newest first) */
  stories: readonly StoryRecord[];
  /** articles by the last segment of their full_slug; the first listed wins */
  articlesBySlug: ReadonlyMap<string, StoryRecord>;
  byUuid: ReadonlyMap<string, StoryRecord>;
}

/** An article story: under articles/, and not the folder's start page. */
export function isArticleStory(story: StoryRecord): boolean {
  return story.is_startpage !== true && parseText(story.full_slug).startsWith("articles/");
}

export function indexListing(version: Version, all: unknown): BuildListing {
  const stories = (Array.isArray(all) ? all : []).filter(isRecord);
  const articlesBySlug = new Map<string, StoryRecord>();
  const byUuid = new Map<string, StoryRecord>();
  for (const story of stories) {
    const uuid = parseText(story.uuid);
    if (uuid && !byUuid.has(uuid)) byUuid.set(uuid, story);
    if (!isArticleStory(story)) continue;
    const slug = lastSlugSegment(parseText(story.full_slug));
    if (slug && !articlesBySlug.has(slug)) articlesBySlug.set(slug, story);
  }
  return { version, stories, articlesBySlug, byUuid };
}

// The react-router config (which asks for the paths to prerender) and the
// server bundle (whose loaders render them) are separate module graphs in
// one build process: the listing is shared through the global object.
const LISTINGS = Symbol.for("studio-portfolio.build-listing");
type GlobalWithListings = typeof globalThis & { [LISTINGS]?: Map<Version, Promise<BuildListing>> };

function listings(): Map<Version, Promise<BuildListing>> {
  const global = globalThis as GlobalWithListings;
  global[LISTINGS] ??= new Map();
  return global[LISTINGS];
}

/**
 * The build's listing of `version`, read on first use with `client` (a
 * failed read is forgotten, so the next caller tries again).
 */
export function buildListing(version: Version, client: () => StoryblokClient | Promise<StoryblokClient>): Promise<BuildListing> {
  const known = listings().get(version);
  if (known) return known;
  const listing = Promise.resolve()
    .then(client)
    .then((api) => api.getAll("cdn/stories", { per_page: 100, version }))
    .then((all: unknown) => indexListing(version, all));
  listings().set(version, listing);
  listing.catch(() => {
    if (listings().get(version) === listing) listings().delete(version);
  });
  return listing;
}

/** Forgets the listings read so far (tests; a build process reads once). */
export function resetBuildListings(): void {
  listings().clear();
}
