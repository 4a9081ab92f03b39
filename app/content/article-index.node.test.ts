import { describe, expect, it, onTestFinished, vi } from "vitest";
import { loadIndexPage, parseIndexStory } from "./article-index";
import { storiesByUuids } from "./stories-by-uuid";
import { lastSlugSegment } from "./schema/story";
import {
  contentApi,
  contentService,
  demoBuildListing,
  demoContentClient,
  recordContentRequests,
} from "~/test/content-service";

interface RawStory {
  id: number;
  uuid: string;
  name: string;
  full_slug: string;
  tag_list: string[];
  content: { Header?: { filename?: string; alt?: string; focus?: string } };
}

const client = demoContentClient();

describe("loadIndexPage (live content service)", () => {
  it("lists the index story's published articles in its order, dropping unreadable references", async () => {
    const raw = await contentApi("cdn/stories/index", { version: "draft" });
    const { title, uuids } = parseIndexStory(raw.story);
    expect(uuids.length).toBeGreaterThan(0);

    // what the CDN holds in the published state, one uuid at a time (test only)
    const published = new Map<string, RawStory>();
    for (const uuid of uuids) {
      const url = new URL(`${contentService.endpoint}/cdn/stories/${uuid}`);
      url.searchParams.set("find_by", "uuid");
      url.searchParams.set("version", "published");
      url.searchParams.set("token", contentService.previewToken);
      const response = await fetch(url);
      if (response.ok) published.set(uuid, ((await response.json()) as { story: RawStory }).story);
    }
    const expected = uuids.flatMap((uuid) => {
      const story = published.get(uuid);
      return story
        ? [
            {
              storyId: story.id,
              uuid,
              name: story.name,
              slug: lastSlugSegment(story.full_slug),
              img: story.content.Header?.filename ?? "",
              alt: story.content.Header?.alt ?? "",
              ...(story.content.Header?.focus ? { focus: story.content.Header.focus } : {}),
              tags: story.tag_list,
              error: false,
            },
          ]
        : [];
    });

    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const page = await loadIndexPage(client, "draft");
    const missing = uuids.filter((uuid) => !published.has(uuid));
    expect(missing.length).toBeGreaterThan(0);
    for (const uuid of missing)
      expect(log).toHaveBeenCalledWith(expect.stringContaining(`story ${uuid} is not in the published content`));
    log.mockRestore();

    expect(page.title).toBe(title);
    expect(page.articles).toEqual(expected);
    expect(page.articles.every((entry) => !entry.error)).toBe(true);
  });

  it("resolves references with one request per 50 uuids", async () => {
    const raw = await contentApi("cdn/stories", { version: "published", starts_with: "articles/", per_page: "100" });
    const uuids = (raw.stories as RawStory[]).map((s) => s.uuid);
    expect(uuids.length).toBeGreaterThan(0);
    const padded = [
      ...uuids,
      ...Array.from({ length: 120 - uuids.length }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`),
    ];

    const { urls: counted, stop: restore } = recordContentRequests();
    let found: Map<string, unknown>;
    try {
      found = await storiesByUuids(client, padded, "published");
    } finally {
      restore();
    }
    const listings = counted.filter((url) => url.includes("/cdn/stories?") && url.includes("by_uuids="));
    expect(listings).toHaveLength(3);
    expect(found.size).toBe(uuids.length);
  });
});

describe("loadIndexPage in a prerender build", () => {
  it("resolves a production build's references from its listing of all stories, with no by_uuids request", async () => {
    const { listing, dispose } = await demoBuildListing("published");
    onTestFinished(dispose);
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const expected = await loadIndexPage(client, "published");
    const logged = log.mock.calls
      .map((call) => String(call[0]))
      .filter((line) => line.startsWith("Left out of the index"));
    // the SDK would answer the index story from its cache of published answers
    await client.flushCache();
    const { urls: counted, stop: restore } = recordContentRequests();
    let page: Awaited<ReturnType<typeof loadIndexPage>>;
    try {
      page = await loadIndexPage(client, "published", { listing });
    } finally {
      restore();
    }
    // the unpublished references are logged and dropped as before
    expect(logged.length).toBeGreaterThan(0);
    expect(
      log.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("Left out of the index")),
    ).toEqual([...logged, ...logged]);
    log.mockRestore();
    expect(page).toEqual(expected);
    expect(page.articles.length).toBeGreaterThan(0);
    expect(counted.filter((url) => url.includes("by_uuids="))).toEqual([]);
    // the index story alone: the build read the listing of all stories before
    expect(counted.map((url) => new URL(url).pathname.replace(/^.*\/cdn\//, "cdn/"))).toEqual(["cdn/stories/index"]);
  });

  it("asks for the references of a preview build, whose listing holds drafts", async () => {
    const { listing, dispose } = await demoBuildListing("draft");
    onTestFinished(dispose);
    await client.flushCache();
    const { urls: counted, stop: restore } = recordContentRequests();
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await loadIndexPage(client, "draft", { listing });
    } finally {
      restore();
      log.mockRestore();
    }
    expect(
      counted.filter((url) => url.includes("by_uuids=") && new URL(url).searchParams.get("version") === "published"),
    ).toHaveLength(1);
  });
});
