import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentVersion as Version } from "./content-config";
import { isRecord } from "./is-record";
import { parseText } from "./schema/values";
import { lastSlugSegment, storyPath } from "./schema/story";
import { readListing, StoryFile, type Entry, type ListedStory, type Location } from "./story-file.server";
import { languageQuery, type Language } from "../language";

type StoryRecord = Record<string, unknown>;

/**
 * Where the folder of the listing a build prerenders from waits for the loaders: handed over by the
 * build (pipeline/preset.ts) and by a live update (live-update/render-pages.ts) before their server
 * bundle renders. React Router's prerendering hands the loaders nothing from the build, and the server
 * bundle has its own copy of this module: the one place both see is the process's global object.
 */
const LISTING_DIR = Symbol.for("studio-portfolio.build-listing-dir");
type ListingDirHolder = { [LISTING_DIR]?: string };

/** Hands the loaders of a server bundle rendering in this process the listing in `dir` (undefined: none). */
export function handListingToLoaders(dir: string | undefined): void {
  (globalThis as ListingDirHolder)[LISTING_DIR] = dir;
}

/** The listing folder handed to this process's loaders, if any. */
export function handedListingDir(): string | undefined {
  return (globalThis as ListingDirHolder)[LISTING_DIR];
}

/**
 * Every story of the space, read once per prerender build with one paged
 * listing (100 a request). It names the pages to prerender, dates them for
 * sitemap.xml, and gives every article page its story, the other-projects
 * list its candidates and the index its references: a build of N articles
 * asks about N / 100 + a handful of requests. Each listing page goes to a
 * file as it arrives and memory keeps only a summary a story, so the
 * build's memory does not grow with the stories' content.
 */
export interface BuildListing {
  version: Version;
  language: Language;
  /** summaries in the API's default order (position, then newest first) */
  stories: readonly ListedStory[];
  /** whether an article has the page /articles/{slug} in the listing's language */
  hasArticle(slug: string): boolean;
  /** the article whose path ends in `slug`; the first listed wins */
  article(slug: string): Promise<StoryRecord | undefined>;
  /** the listed stories among `uuids`, by uuid (the first listed wins) */
  storiesByUuid(uuids: readonly string[]): Promise<Map<string, StoryRecord>>;
  /** the first `count` stories under `folder` (what listing the folder alone would answer), in listing order */
  firstInFolder(folder: string, count: number): Promise<StoryRecord[]>;
  /** closes its file: the listing reads no more stories */
  close(): Promise<void>;
}

/** An article story: under articles/, and not the folder's start page. */
export function isArticleStory(story: ListedStory): boolean {
  return story.is_startpage !== true && storyPath(story).startsWith("articles/");
}

/** Indexes entries in listing order: articles by the last segment of their path, every story by uuid. */
function indexListing(version: Version, file: StoryFile, entries: readonly Entry[], language: Language): BuildListing {
  const articlesBySlug = new Map<string, Location>();
  const byUuid = new Map<string, Location>();
  for (const { summary, location } of entries) {
    const uuid = parseText(summary.uuid);
    if (uuid && !byUuid.has(uuid)) byUuid.set(uuid, location);
    if (!isArticleStory(summary)) continue;
    const slug = lastSlugSegment(storyPath(summary));
    if (slug && !articlesBySlug.has(slug)) articlesBySlug.set(slug, location);
  }
  return {
    version,
    language,
    stories: entries.map((entry) => entry.summary),
    hasArticle: (slug) => articlesBySlug.has(slug),
    async article(slug) {
      const location = articlesBySlug.get(slug);
      return location ? file.read(location) : undefined;
    },
    async storiesByUuid(uuids) {
      const found = new Map<string, StoryRecord>();
      for (const uuid of new Set(uuids)) {
        const location = byUuid.get(uuid);
        const story = location ? await file.read(location) : undefined;
        if (story) found.set(uuid, story);
      }
      return found;
    },
    async firstInFolder(folder, count) {
      const inFolder = entries.filter((entry) => storyPath(entry.summary).startsWith(folder)).slice(0, count);
      const stories = await Promise.all(inFolder.map((entry) => file.read(entry.location)));
      return stories.filter((story): story is StoryRecord => story !== undefined);
    },
    close: () => file.close(),
  };
}

/** The listing's two files in `dir`: the stories back to back, and each story's summary and place among them. */
function listingFiles(dir: string, version: Version, language: Language) {
  const name = `${version}-${language}`;
  return { stories: path.join(dir, `${name}.stories`), entries: path.join(dir, `${name}.entries.json`) };
}

/**
 * Reads the listing of `version` in `language` (one paged listing) into
 * `dir`, where `readBuildListing` finds it again. `client` should keep no
 * answers in memory (the site client's response cache would hold every story).
 */
export async function writeBuildListing(
  dir: string,
  client: StoryblokClient,
  version: Version,
  language: Language,
): Promise<BuildListing> {
  const files = listingFiles(dir, version, language);
  const file = await StoryFile.create(files.stories);
  try {
    const entries = await readListing(client, file, { version, ...languageQuery(language) });
    // written last: a listing whose read failed is not there for anyone to find
    await writeFile(files.entries, JSON.stringify(entries));
    return indexListing(version, file, entries, language);
  } catch (error) {
    await file.close();
    throw error;
  }
}

function isEntry(value: unknown): value is Entry {
  return (
    isRecord(value) &&
    isRecord(value.summary) &&
    isRecord(value.location) &&
    typeof value.location.offset === "number" &&
    typeof value.location.length === "number"
  );
}

/** The listing `writeBuildListing` left in `dir` for `version` in `language`; undefined when there is none. */
export async function readBuildListing(
  dir: string,
  version: Version,
  language: Language,
): Promise<BuildListing | undefined> {
  const files = listingFiles(dir, version, language);
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(files.entries, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (!Array.isArray(entries) || !entries.every(isEntry)) throw new Error(`${files.entries} is not a build listing`);
  return indexListing(version, await StoryFile.openForReading(files.stories), entries, language);
}

// One server bundle renders every page of a build: each listing is opened once, not once a page.
const opened = new Map<string, Promise<BuildListing | undefined>>();

/**
 * The listing of the build that is prerendering this server bundle
 * (handListingToLoaders), in the site's content version; undefined outside a
 * prerender (`npm run dev`, a bundle run by other means), where the loaders
 * ask the content service instead.
 */
export function prerenderListing(
  language: Language,
  version: Version = contentConfig.version,
  dir: string | undefined = handedListingDir(),
): Promise<BuildListing | undefined> {
  if (!dir) return Promise.resolve(undefined);
  const key = `${dir}\n${version}\n${language}`;
  let listing = opened.get(key);
  if (!listing) {
    listing = readBuildListing(dir, version, language);
    opened.set(key, listing);
  }
  return listing;
}
