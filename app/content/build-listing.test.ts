import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoryblokClient } from "@storyblok/react";
import { buildListing, indexListing, isArticleStory, resetBuildListings } from "./build-listing";

afterEach(() => resetBuildListings());

const story = (fullSlug: string, uuid: string, extra: Record<string, unknown> = {}) => ({
  full_slug: fullSlug,
  uuid,
  ...extra,
});

describe("indexListing", () => {
  it("indexes articles by their last slug segment (first listed wins) and every story by uuid", () => {
    const first = story("articles/2024/tidewater", "u1");
    const listing = indexListing("published", [
      first,
      story("articles/tidewater", "u2"),
      story("articles/", "u3", { is_startpage: true }),
      story("about", "u4"),
      story("articles/kiln", "u1"),
      null,
      "articles/x",
      { full_slug: 7, uuid: "u5" },
    ]);
    expect([...listing.articlesBySlug.keys()]).toEqual(["tidewater", "kiln"]);
    expect(listing.articlesBySlug.get("tidewater")).toBe(first);
    expect([...listing.byUuid.keys()]).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(listing.byUuid.get("u1")).toBe(first);
    expect(listing.stories).toHaveLength(6);
  });

  it("takes anything that is not a list as no stories", () => {
    expect(indexListing("draft", { stories: [] }).stories).toEqual([]);
  });

  it("knows an article from a page or the articles folder", () => {
    expect(isArticleStory(story("articles/a", "x"))).toBe(true);
    expect(isArticleStory(story("articles/", "x", { is_startpage: true }))).toBe(false);
    expect(isArticleStory(story("about", "x"))).toBe(false);
  });
});

describe("buildListing", () => {
  it("reads once per version for every caller, 100 stories a request", async () => {
    const getAll = vi.fn(async () => [story("articles/a", "u1")]);
    const client = () => ({ getAll }) as unknown as StoryblokClient;
    const [a, b] = await Promise.all([buildListing("published", client), buildListing("published", client)]);
    expect(a).toBe(b);
    expect(getAll).toHaveBeenCalledTimes(1);
    expect(getAll).toHaveBeenCalledWith("cdn/stories", { per_page: 100, version: "published" });
    await buildListing("draft", client);
    expect(getAll).toHaveBeenCalledTimes(2);
  });

  it("forgets a failed read, so the next caller tries again", async () => {
    const getAll = vi
      .fn()
      .mockRejectedValueOnce(new Error("down"))
      .mockResolvedValueOnce([story("articles/a", "u1")]);
    const client = () => ({ getAll }) as unknown as StoryblokClient;
    await expect(buildListing("published", client)).rejects.toThrow("down");
    expect((await buildListing("published", client)).articlesBySlug.has("a")).toBe(true);
    expect(getAll).toHaveBeenCalledTimes(2);
  });
});
