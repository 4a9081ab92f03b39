import type { FileHandle } from "node:fs/promises";
import type { StoryblokClient } from "@storyblok/react";
import pLimit from "p-limit";
import type { ContentConfig } from "./content-config";
import { isRecord } from "./is-record";
import { parseText } from "./schema/values";
import { lastSlugSegment, storyPath } from "./schema/story";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

type Version = ContentConfig["version"];
type StoryRecord = Record<string, unknown>;

/** Stories a listing request asks for (the API's maximum). */
export const LISTING_PAGE_SIZE = 100;
/** Listing pages read at once: a build holds at most this many pages of stories in memory. */
const PAGES_AT_ONCE = 4;

/**
 * What the build keeps in memory of a listed story: the fields that name
 * its page, date it and tie its languages together. The story itself waits
 * on disk until its page renders.
 */
export interface ListedStory {
  id?: unknown;
  uuid?: unknown;
  full_slug?: unknown;
  lang?: unknown;
  is_startpage?: unknown;
  published_at?: unknown;
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
}

/** An article story: under articles/, and not the folder's start page. */
export function isArticleStory(story: ListedStory): boolean {
  return story.is_startpage !== true && storyPath(story).startsWith("articles/");
}

function summaryOf(story: StoryRecord): ListedStory {
  const { id, uuid, full_slug, lang, is_startpage, published_at } = story;
  return { id, uuid, full_slug, lang, is_startpage, published_at };
}

/** Where a story's JSON lies in its listing's file. */
interface Location {
  offset: number;
  length: number;
}

/** The listing's stories as JSON, one after the other in one file, read back one at a time. */
class StoryFile {
  private size = 0;
  private constructor(private readonly handle: FileHandle) {}

  static async create(dir: string, name: string): Promise<StoryFile> {
    const { open } = await import("node:fs/promises");
    const { join } = await import("node:path");
    return new StoryFile(await open(join(dir, name), "w+"));
  }

  /** Appends the stories; their locations in the same order. */
  async append(stories: readonly StoryRecord[]): Promise<Location[]> {
    const texts = stories.map((story) => Buffer.from(JSON.stringify(story)));
    const locations: Location[] = [];
    let offset = this.size;
    for (const text of texts) {
      locations.push({ offset, length: text.length });
      offset += text.length;
    }
    const start = this.size;
    // reserved before writing: pages arrive concurrently
    this.size = offset;
    if (texts.length > 0) await this.handle.write(Buffer.concat(texts), 0, offset - start, start);
    return locations;
  }

  async read({ offset, length }: Location): Promise<StoryRecord | undefined> {
    const buffer = Buffer.alloc(length);
    await this.handle.read(buffer, 0, length, offset);
    const story: unknown = JSON.parse(buffer.toString("utf8"));
    return isRecord(story) ? story : undefined;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

interface Entry {
  summary: ListedStory;
  location: Location;
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
  };
}

// The listings' files live in one temp folder of the build process, removed when it exits.
// Node's modules are imported when used: the client's bundle sees this module too (never running it).
let storeDir: Promise<string> | undefined;
const openFiles = new Set<StoryFile>();

async function createListingDir(): Promise<string> {
  const [{ rmSync }, { mkdtemp }, { tmpdir }, { join }] = await Promise.all([
    import("node:fs"),
    import("node:fs/promises"),
    import("node:os"),
    import("node:path"),
  ]);
  const dir = await mkdtemp(join(tmpdir(), "studio-portfolio-listing-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function listingDir(): Promise<string> {
  storeDir ??= createListingDir();
  return storeDir;
}

function storiesOf(answer: unknown): StoryRecord[] {
  const data = isRecord(answer) && isRecord(answer.data) ? answer.data : {};
  return (Array.isArray(data.stories) ? data.stories : []).filter(isRecord);
}

/**
 * Reads every page of the listing, at most PAGES_AT_ONCE at a time, each
 * page's stories to `file` as it arrives.
 */
async function readListing(
  api: StoryblokClient,
  file: StoryFile,
  params: Record<string, string | number>,
): Promise<Entry[]> {
  const readPage = async (page: number) => {
    const answer: unknown = await api.get("cdn/stories", { ...params, per_page: LISTING_PAGE_SIZE, page });
    const stories = storiesOf(answer);
    const locations = await file.append(stories);
    const entries = stories.map((story, index) => ({ summary: summaryOf(story), location: locations[index]! }));
    const total = isRecord(answer) && typeof answer.total === "number" ? answer.total : 0;
    return { entries, total };
  };
  const first = await readPage(1);
  const pages = Math.max(1, Math.ceil(first.total / LISTING_PAGE_SIZE));
  const limit = pLimit(PAGES_AT_ONCE);
  // every page settles before the file may close: a failed page fails the listing after the others
  const rest = await Promise.allSettled(
    Array.from({ length: pages - 1 }, (_, index) => limit(() => readPage(index + 2))),
  );
  const entries = [...first.entries];
  for (const page of rest) {
    if (page.status === "rejected") throw page.reason;
    entries.push(...page.value.entries);
  }
  return entries;
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
 * so the next caller tries again). `client` should keep no answers in
 * memory (contentClient's response cache would hold every story).
 */
export function buildListing(
  version: Version,
  client: () => StoryblokClient | Promise<StoryblokClient>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<BuildListing> {
  const key: ListingKey = `${version} ${language}`;
  const known = listings().get(key);
  if (known) return known;
  const listing = (async () => {
    const api = await client();
    const file = await StoryFile.create(await listingDir(), `${version}-${language}.json`);
    openFiles.add(file);
    try {
      const entries = await readListing(api, file, { version, ...languageQuery(language) });
      return indexListing(version, file, entries, language);
    } catch (error) {
      openFiles.delete(file);
      await file.close();
      throw error;
    }
  })();
  listings().set(key, listing);
  listing.catch(() => {
    if (listings().get(key) === listing) listings().delete(key);
  });
  return listing;
}

/** Forgets the listings read so far and removes their files (tests; a build process reads once). */
export async function resetBuildListings(): Promise<void> {
  listings().clear();
  const files = [...openFiles];
  openFiles.clear();
  await Promise.all(files.map((file) => file.close()));
  const dir = storeDir;
  storeDir = undefined;
  if (dir) {
    const { rm } = await import("node:fs/promises");
    await rm(await dir, { recursive: true, force: true });
  }
}
