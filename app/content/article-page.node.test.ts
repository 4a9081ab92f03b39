import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { parseArticleStory, parseOtherProject } from "./article";
import { loadArticlePage, loadOtherArticles } from "./article-page";
import { OTHER_PROJECTS_POOL, type OtherProject } from "./other-projects";
import {
  contentApi,
  contentService,
  demoBuildListing,
  demoContentClient,
  recordContentRequests,
} from "~/test/content-service";

async function listing(version: "draft" | "published"): Promise<OtherProject[]> {
  const raw = await contentApi("cdn/stories", { version, starts_with: "articles/", per_page: "100" });
  return (raw.stories as unknown[])
    .map((story) => parseOtherProject(story))
    .filter((p): p is OtherProject => p !== null);
}

const client = demoContentClient();

beforeEach(async () => {
  // the SDK's memory cache (of published answers) is shared by all clients: start each test without it
  await client.flushCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadArticlePage (live content service)", () => {
  it("normalises the draft article story", async () => {
    const raw = await contentApi("cdn/stories/articles/hafenkino", { version: "draft" });
    const page = await loadArticlePage(client, "hafenkino", { version: "draft" });
    expect(page.status).toBe("found");
    if (page.status !== "found") return;
    expect(page.article).toEqual(parseArticleStory(raw.story));
    const story = raw.story as { name: string; content: { Headline: string; info: Array<{ Client: string }> } };
    expect(page.article.headline).toBe(story.content.Headline);
    expect(page.article.info.client).toBe(story.content.info[0]!.Client);
    expect(page.article.media.length).toBeGreaterThan(0);
    expect(page.article.media.every((item) => item.kind === "image")).toBe(true);
  });

  it("asks once for the story and once for each listing", async () => {
    const calls = recordContentRequests().urls;
    await loadArticlePage(client, "hafenkino", { version: "draft" });
    expect(calls).toHaveLength(3);
    expect(calls.filter((url) => url.includes("/cdn/stories/articles/hafenkino"))).toHaveLength(1);
    const listings = calls.filter((url) => new URL(url).pathname.endsWith("/cdn/stories"));
    expect(listings.map((url) => new URL(url).searchParams.get("version")).sort()).toEqual(["draft", "published"]);
    for (const url of listings) {
      expect(new URL(url).searchParams.get("starts_with")).toBe("articles/");
      expect(new URL(url).searchParams.get("per_page")).toBe("100");
    }
  });

  it("carries other articles from the draft listing in a random order, never the current one", async () => {
    const draft = await listing("draft");
    const published = await listing("published");
    const draftOnly = draft.filter((d) => !published.some((p) => p.slug === d.slug && p.title === d.title));
    expect(draftOnly.length).toBeGreaterThan(0);

    const seen = new Set<string>();
    for (let run = 0; run < 6; run += 1) {
      const page = await loadArticlePage(client, "hafenkino", { version: "draft" });
      if (page.status !== "found") throw new Error("expected the article");
      // the page's candidates for its run-time choice: as many as the pool holds, each once
      expect(page.otherProjects).toHaveLength(Math.min(OTHER_PROJECTS_POOL, draft.length - 1));
      expect(new Set(page.otherProjects.map((other) => other.slug)).size).toBe(page.otherProjects.length);
      for (const other of page.otherProjects) {
        expect(other.slug).not.toBe("hafenkino");
        expect(draft).toContainEqual(other);
      }
      // the two it shows before it runs in the browser are random too
      for (const other of page.otherProjects.slice(0, 2)) seen.add(other.slug);
    }
    expect(seen.size).toBeGreaterThan(2);

    // a draft-only entry (unpublished, or renamed in its draft) is chosen as the draft listing has it
    const target = draftOnly[0]!;
    const index = draft.filter((p) => p.slug !== "hafenkino").findIndex((p) => p.slug === target.slug);
    const pool = draft.filter((p) => p.slug !== "hafenkino").length;
    const page = await loadArticlePage(client, "hafenkino", { version: "draft", random: () => (index + 0.5) / pool });
    expect(page.status === "found" && page.otherProjects[0]).toEqual(target);
  }, 30_000);

  it("is not found for an unknown slug, logging the SDK's 404 rejection", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await loadArticlePage(client, "does-not-exist", { version: "draft" })).toMatchObject({
      status: "not-found",
      slug: "does-not-exist",
    });
    expect(log).toHaveBeenCalledWith("Artikel nicht gefunden:", expect.objectContaining({ status: 404 }));
  });

  it("gives 'no Image' for the demo article without a Wrapper list", async () => {
    const raw = await contentApi("cdn/stories/articles/halbe-sachen", { version: "draft" });
    expect(Array.isArray((raw.story as { content: { Wrapper?: unknown } }).content.Wrapper)).toBe(false);
    const page = await loadArticlePage(client, "halbe-sachen", { version: "draft" });
    expect(page.status === "found" && page.article.media).toEqual([
      { kind: "message", key: "no-image", layout: "fullsize", text: "no Image", editable: {} },
    ]);
  });

  it("reads an unpublished article in the draft version only", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await loadArticlePage(client, "pixelweide", { version: "draft" })).status).toBe("found");
    expect((await loadArticlePage(client, "pixelweide", { version: "published" })).status).toBe("not-found");
  });

  it("reads a prerender build's pages from its one listing of all stories: O(stories / 100) requests", async () => {
    const calls = recordContentRequests().urls;
    const build = await demoBuildListing("draft");
    onTestFinished(build.dispose);
    const slugs = ["hafenkino", "kiezkarte", "nachtbus", "koernung"];
    const pages = await Promise.all(
      slugs.map((slug) => loadArticlePage(client, slug, { version: "draft", listing: build.listing })),
    );
    // the demo's 38 stories fit one page of 100: one request for every page, never one per article
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!).pathname.endsWith("/cdn/stories")).toBe(true);
    expect(new URL(calls[0]!).searchParams.get("starts_with")).toBeNull();
    await loadArticlePage(client, "lautschrift", { version: "draft", listing: build.listing });
    expect(calls).toHaveLength(1);
    vi.restoreAllMocks();
    const candidates = new Set((await listing("draft")).map((project) => project.slug));
    for (const [index, page] of pages.entries()) {
      const raw = await contentApi(`cdn/stories/articles/${slugs[index]}`, { version: "draft" });
      expect(page.status === "found" && page.article).toEqual(parseArticleStory(raw.story));
      // the same candidates as the other-projects listing of a visit
      const others = page.status === "found" ? page.otherProjects : [];
      expect(others).toHaveLength(Math.min(OTHER_PROJECTS_POOL, candidates.size - 1));
      for (const other of others) expect(candidates.has(other.slug)).toBe(true);
    }
  });

  it("asks for an article the build's listing does not hold on its own", async () => {
    const build = await demoBuildListing("published");
    onTestFinished(build.dispose);
    const calls = recordContentRequests().urls;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const page = await loadArticlePage(client, "pixelweide", { version: "published", listing: build.listing });
    expect(page.status).toBe("not-found");
    // the article alone (unpublished: 404)
    expect(calls.map((url) => new URL(url).pathname.replace(/^.*\/cdn\//, "cdn/"))).toEqual([
      "cdn/stories/articles/pixelweide",
    ]);
  });
});

describe("loadOtherArticles in a production build", () => {
  it("reads only the published listing with a public token and logs nothing", async () => {
    const publicClient = demoContentClient(contentService.publicToken);
    await publicClient.flushCache();
    const calls = recordContentRequests().urls;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const projects = await loadOtherArticles(publicClient, "published");

    expect(projects.map((p) => p.slug)).toEqual((await listing("published")).map((p) => p.slug));
    expect(calls.some((url) => new URL(url).searchParams.get("version") === "draft")).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });
});
