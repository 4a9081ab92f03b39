import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoryblokClient } from "@storyblok/react";
import { buildListing, isArticleStory, LISTING_PAGE_SIZE, resetBuildListings } from "./build-listing";

afterEach(() => resetBuildListings());

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
  return { get, client: () => ({ get }) as unknown as StoryblokClient };
}

describe("buildListing", () => {
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
    const listing = await buildListing("published", client);
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
    const listing = await buildListing("draft", client, "en");
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

  it("reads once per version and language for every caller", async () => {
    const { get, client } = pagingClient([story("articles/a", "u1")]);
    const [a, b] = await Promise.all([buildListing("published", client), buildListing("published", client)]);
    expect(a).toBe(b);
    expect(get).toHaveBeenCalledTimes(1);
    await buildListing("draft", client);
    await buildListing("published", client, "en");
    expect(get).toHaveBeenCalledTimes(3);
  });

  it("forgets a failed read, so the next caller tries again", async () => {
    const { get, client } = pagingClient(
      Array.from({ length: 150 }, (_, index) => story(`articles/a${index}`, `u${index}`)),
    );
    get.mockRejectedValueOnce(new Error("down"));
    await expect(buildListing("published", client)).rejects.toThrow("down");
    // a later page failing fails the listing too
    get.mockImplementationOnce(get.getMockImplementation()!).mockRejectedValueOnce(new Error("page 2 down"));
    await expect(buildListing("published", client)).rejects.toThrow("page 2 down");
    expect((await buildListing("published", client)).hasArticle("a149")).toBe(true);
    expect(get).toHaveBeenCalledTimes(5);
  });

  it("knows an article from a page or the articles folder", () => {
    expect(isArticleStory(story("articles/a", "x"))).toBe(true);
    expect(isArticleStory(story("articles/", "x", { is_startpage: true }))).toBe(false);
    expect(isArticleStory(story("about", "x"))).toBe(false);
  });
});
