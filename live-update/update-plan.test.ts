import { describe, expect, it } from "vitest";
import type { ReleaseInfo } from "../release/release-info";
import { planUpdate, type StoryChange } from "./update-plan";

const page = (storyId: number | null, links: string[] = []) => ({ storyId, publishedAt: "", links });

const PREVIOUS: ReleaseInfo = {
  version: 1,
  builtAt: "",
  kind: "full",
  siteUrl: "",
  preview: false,
  pages: {
    "/": page(1, ["/articles/a"]),
    "/index": page(2, ["/articles/a", "/articles/b", "/articles/c"]),
    "/imprint": page(3),
    "/about": page(4),
    "/articles/a": page(10, ["/articles/b", "/articles/c"]),
    "/articles/b": page(11, ["/articles/c", "/articles/d"]),
    "/articles/c": page(12, ["/articles/a", "/articles/d"]),
    "/articles/d": page(13, ["/articles/a", "/articles/b"]),
  },
};

function listing(paths: Record<string, number>) {
  return { paths: Object.keys(paths), storyIds: new Map(Object.entries(paths)) };
}

const SAME = listing({
  "/": 1,
  "/index": 2,
  "/imprint": 3,
  "/about": 4,
  "/articles/a": 10,
  "/articles/b": 11,
  "/articles/c": 12,
  "/articles/d": 13,
});

const change = (storyId: number | null, fullSlug: string | null, action = "published"): StoryChange => ({
  action,
  storyId,
  fullSlug,
});

describe("planUpdate", () => {
  it("an edited article: its page, the pages that link to it, the index and home", () => {
    expect(planUpdate([change(11, "articles/b")], PREVIOUS, SAME)).toEqual({
      kind: "pages",
      render: ["/", "/articles/a", "/articles/b", "/articles/d", "/index"],
      remove: [],
    });
  });

  it("an edited article named by its full_slug alone (no story_id): found by its slug, in every language", () => {
    const withEnglish: ReleaseInfo = { ...PREVIOUS, pages: { ...PREVIOUS.pages, "/en/articles/b-en": page(11) } };
    const listed = listing({ ...Object.fromEntries(SAME.storyIds), "/en/articles/b-en": 11 });
    expect(planUpdate([change(null, "articles/b")], withEnglish, listed)).toEqual({
      kind: "pages",
      render: ["/", "/articles/a", "/articles/b", "/articles/d", "/en/articles/b-en", "/index"],
      remove: [],
    });
  });

  it("a new article: its page, the index and home (no page links to it yet)", () => {
    const withNew = listing({ ...Object.fromEntries(SAME.storyIds), "/articles/e": 14 });
    expect(planUpdate([change(14, "articles/e")], PREVIOUS, withNew)).toEqual({
      kind: "pages",
      render: ["/", "/articles/e", "/index"],
      remove: [],
    });
  });

  it("a deleted article (the payload names no slug): removed, and its linkers rendered again", () => {
    const withoutD = listing({
      "/": 1,
      "/index": 2,
      "/imprint": 3,
      "/about": 4,
      "/articles/a": 10,
      "/articles/b": 11,
      "/articles/c": 12,
    });
    expect(planUpdate([change(13, null, "deleted")], PREVIOUS, withoutD)).toEqual({
      kind: "pages",
      render: ["/", "/articles/b", "/articles/c", "/index"],
      remove: ["/articles/d"],
    });
  });

  it("a moved article: the old page goes, the new one comes, both sets of linkers are rendered", () => {
    const moved = listing({
      "/": 1,
      "/index": 2,
      "/imprint": 3,
      "/about": 4,
      "/articles/a": 10,
      "/articles/b": 11,
      "/articles/c": 12,
      "/articles/z": 13,
    });
    const plan = planUpdate([change(13, "articles/z", "moved")], PREVIOUS, moved);
    expect(plan).toEqual({
      kind: "pages",
      render: ["/", "/articles/b", "/articles/c", "/articles/z", "/index"],
      remove: ["/articles/d"],
    });
  });

  it("the about, imprint or index story: that page alone", () => {
    expect(planUpdate([change(4, "about")], PREVIOUS, SAME)).toEqual({ kind: "pages", render: ["/about"], remove: [] });
    expect(planUpdate([change(null, "imprint", "unpublished")], PREVIOUS, SAME)).toEqual({
      kind: "pages",
      render: ["/imprint"],
      remove: [],
    });
  });

  it.each([
    ["home (every page's share image)", [change(1, "home")]],
    ["the header (on every page)", [change(77, "header")]],
    ["a story the site has no page for", [change(78, null, "unpublished")]],
    ["an asset event", [{ action: "asset_replaced", storyId: null, fullSlug: null }]],
    ["a release merged", [change(11, "articles/b"), { action: "release_merged", storyId: null, fullSlug: null }]],
  ])("needs a whole build for %s", (_, changes) => {
    expect(planUpdate(changes, PREVIOUS, SAME).kind).toBe("full");
  });
});
