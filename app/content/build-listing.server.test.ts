import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoryblokClient } from "@storyblok/react";
import {
  handListingToLoaders,
  isArticleStory,
  prerenderListing,
  readBuildListing,
  writeBuildListing,
  type BuildListing,
} from "./build-listing.server";
import { LISTING_PAGE_SIZE } from "./story-file.server";
import { tempDirOfTests } from "../../test-support/temp-dir";

const dir = tempDirOfTests("build-listing-");
const opened: BuildListing[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((listing) => listing.close()));
});

/** A listing the test closes when it ends. */
function kept<T extends BuildListing | undefined>(listing: T): T {
  if (listing) opened.push(listing);
  return listing;
}

const story = (fullSlug: string, uuid: string, extra: Record<string, unknown> = {}) => ({
  full_slug: fullSlug,
  uuid,
  content: { component: "article", body: `text of ${fullSlug}` },
  ...extra,
});

/** A client whose `get` answers `cdn/stories` pages of `stories` the way the Content Delivery API does. */
function pagingClient(stories: readonly unknown[]) {
  const get = vi.fn(async (_path: string, params: { page: number; per_page: number }) => {
    const start = (params.page - 1) * params.per_page;
    return { data: { stories: stories.slice(start, start + params.per_page) }, total: stories.length, perPage: 100 };
  });
  return { get, client: { get } as unknown as StoryblokClient };
}

describe("writeBuildListing", () => {
  it("indexes articles by their last slug segment (first listed wins) and every story by uuid", async () => {
    const first = story("articles/2024/tidewater", "u1", { id: 1, published_at: "2024-01-01" });
    const { client } = pagingClient([
      first,
      story("articles/tidewater", "u2"),
      story("articles/", "u3", { is_startpage: true }),
      story("about", "u4"),
      story("articles/kiln", "u1"),
      null,
      "articles/x",
      { full_slug: 7, uuid: "u5" },
    ]);
    const listing = kept(await writeBuildListing(dir(), client, "published", "de"));
    expect(await listing.article("tidewater")).toEqual(first);
    expect(await listing.article("kiln")).toEqual(story("articles/kiln", "u1"));
    expect(listing.hasArticle("tidewater")).toBe(true);
    expect(listing.hasArticle("x")).toBe(false);
    expect(await listing.article("x")).toBeUndefined();
    const byUuid = await listing.storiesByUuid(["u1", "u4", "u5", "missing", "u1"]);
    expect([...byUuid.keys()]).toEqual(["u1", "u4", "u5"]);
    expect(byUuid.get("u1")).toEqual(first);
    // memory keeps the fields that name and date a page, not the content
    expect(listing.stories).toHaveLength(6);
    expect(listing.stories[0]).toEqual({
      id: 1,
      uuid: "u1",
      full_slug: "articles/2024/tidewater",
      lang: undefined,
      is_startpage: undefined,
      published_at: "2024-01-01",
    });
  });

  it("reads every page, 100 stories a request, and keeps the API's order across pages", async () => {
    const stories = Array.from({ length: 2 * LISTING_PAGE_SIZE + 5 }, (_, index) =>
      story(`articles/a${index}`, `u${index}`),
    );
    // the same slug further on: the first listed (page 1) wins
    stories.push(story("articles/dup/a0", "late"));
    const { get, client } = pagingClient(stories);
    const listing = kept(await writeBuildListing(dir(), client, "draft", "en"));
    expect(get).toHaveBeenCalledTimes(3);
    expect(get.mock.calls.map(([, params]) => params)).toEqual(
      [1, 2, 3].map((page) => ({ version: "draft", language: "en", per_page: 100, page })),
    );
    expect(listing.stories.map((entry) => entry.uuid)).toEqual(stories.map((entry) => entry.uuid));
    expect((await listing.article("a0"))?.uuid).toBe("u0");
    expect((await listing.article("a204"))?.content).toEqual(stories[204]!.content);
    const head = await listing.firstInFolder("articles/", 3);
    expect(head.map((entry) => entry.uuid)).toEqual(["u0", "u1", "u2"]);
    expect(await listing.firstInFolder("about", 3)).toEqual([]);
  });

  it("leaves no listing to be found when a page of it fails", async () => {
    const { get, client } = pagingClient(
      Array.from({ length: 150 }, (_, index) => story(`articles/a${index}`, `u${index}`)),
    );
    get.mockRejectedValueOnce(new Error("down"));
    await expect(writeBuildListing(dir(), client, "published", "de")).rejects.toThrow("down");
    get.mockImplementationOnce(get.getMockImplementation()!).mockRejectedValueOnce(new Error("page 2 down"));
    await expect(writeBuildListing(dir(), client, "published", "de")).rejects.toThrow("page 2 down");
    expect(await readBuildListing(dir(), "published", "de")).toBeUndefined();
  });

  it("knows an article from a page or the articles folder", () => {
    expect(isArticleStory(story("articles/a", "x"))).toBe(true);
    expect(isArticleStory(story("articles/", "x", { is_startpage: true }))).toBe(false);
    expect(isArticleStory(story("about", "x"))).toBe(false);
  });
});

describe("readBuildListing", () => {
  it("finds the listing another module graph wrote, for its version and language only, with no request", async () => {
    const stories = [story("articles/kiln", "u1", { id: 3 }), story("about", "u2")];
    const { get, client } = pagingClient(stories);
    const written = kept(await writeBuildListing(dir(), client, "published", "en"));
    const read = kept(await readBuildListing(dir(), "published", "en"));
    expect(read?.stories).toEqual(written.stories);
    expect(await read?.article("kiln")).toEqual(stories[0]);
    expect(await read?.storiesByUuid(["u2"])).toEqual(new Map([["u2", stories[1]]]));
    expect(get).toHaveBeenCalledTimes(1);
    expect(await readBuildListing(dir(), "draft", "en")).toBeUndefined();
    expect(await readBuildListing(dir(), "published", "de")).toBeUndefined();
  });
});

describe("prerenderListing", () => {
  it("opens the listing the build hands its loaders, once for all pages", async () => {
    const { client } = pagingClient([story("articles/kiln", "u1")]);
    kept(await writeBuildListing(dir(), client, "draft", "de"));
    handListingToLoaders(dir());
    const [first, second] = await Promise.all([prerenderListing("de", "draft"), prerenderListing("de", "draft")]);
    handListingToLoaders(undefined);
    kept(first);
    expect(first).toBe(second);
    expect(first?.hasArticle("kiln")).toBe(true);
  });

  it("is none outside a prerender, where the loaders ask the content service", async () => {
    expect(await prerenderListing("de", "draft")).toBeUndefined();
  });
});
