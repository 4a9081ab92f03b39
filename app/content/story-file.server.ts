import { open, type FileHandle } from "node:fs/promises";
import type { StoryblokClient } from "@storyblok/react";
import pLimit from "p-limit";
import { isRecord } from "./is-record";

/**
 * A listing of stories read page by page into one file (the stories back
 * to back) while memory keeps a summary of each, for the build's listing
 * of all stories (app/content/build-listing.server.ts).
 */

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

function summaryOf(story: StoryRecord): ListedStory {
  const { id, uuid, full_slug, lang, is_startpage, published_at } = story;
  return { id, uuid, full_slug, lang, is_startpage, published_at };
}

/** Where a story's JSON lies in its listing's file. */
export interface Location {
  offset: number;
  length: number;
}

export interface Entry {
  summary: ListedStory;
  location: Location;
}

/** The listing's stories as JSON, one after the other in one file, read back one at a time. */
export class StoryFile {
  private size = 0;
  private constructor(private readonly handle: FileHandle) {}

  static async create(file: string): Promise<StoryFile> {
    return new StoryFile(await open(file, "w+"));
  }

  static async openForReading(file: string): Promise<StoryFile> {
    return new StoryFile(await open(file, "r"));
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

function storiesOf(answer: unknown): StoryRecord[] {
  const data = isRecord(answer) && isRecord(answer.data) ? answer.data : {};
  return (Array.isArray(data.stories) ? data.stories : []).filter(isRecord);
}

/**
 * Reads every page of the listing, at most PAGES_AT_ONCE at a time, each
 * page's stories to `file` as it arrives.
 */
export async function readListing(
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
