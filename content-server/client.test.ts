import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { createFixture, PREVIEW_TOKEN, PUBLIC_TOKEN, uuidFor, type Fixture } from "./test-fixture";

/** The service through the official client, as the site uses it. */

let fx: Fixture;
let server: ContentServerHandle;
let requests: string[] = [];

const countingFetch: typeof fetch = (input, init) => {
  requests.push(String(input));
  return fetch(input, init);
};

function client(accessToken: string, extra: Record<string, unknown> = {}) {
  return new StoryblokClient({
    accessToken,
    endpoint: server.apiUrl,
    cache: { type: "none" },
    maxRetries: 2,
    retriesDelay: 10,
    fetch: countingFetch,
    ...extra,
  });
}

beforeAll(async () => {
  fx = await createFixture({ articles: 230 });
  // an index with 60 relations, more than the API inlines
  await fx.writeStory("big-index", {
    story: {
      id: 50,
      uuid: uuidFor(50),
      name: "Big index",
      slug: "big-index",
      full_slug: "big-index",
      content: {
        _uid: "b1",
        component: "index",
        body: [{ _uid: "b2", component: "article_list", Articles: fx.articles.slice(0, 60).map((a) => a.uuid) }],
      },
      tag_list: [],
      position: 0,
      is_startpage: false,
      parent_id: null,
    },
  });
  server = await startContentServer({ port: 0, contentDir: fx.dir, imageCacheDir: `${fx.dir}/.image-cache` });
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
});

describe("storyblok-js-client against the content service", () => {
  it("reads a story by slug, with asset URLs pointing at the service", async () => {
    const res = await client(PREVIEW_TOKEN).get("cdn/stories/home", { version: "draft" });
    expect(res.data.story.full_slug).toBe("home");
    expect(res.data.cv).toBe(server.cv());
    const image = res.data.story.content.body[0].Image[0].Image.filename as string;
    expect(image).toBe(`${server.url}/f/287401/1600x1000/3f9a1c2b7e/hero-1.jpg`);
    expect(JSON.stringify(res.data)).not.toContain("a.storyblok.com");
  });

  it("reads a story by uuid (find_by) and by numeric id", async () => {
    const c = client(PREVIEW_TOKEN);
    const target = fx.articles[4]!;
    const byUuid = await c.getStory(target.uuid, { find_by: "uuid" });
    expect(byUuid.data.story.full_slug).toBe(target.full_slug);
    const byId = await c.get(`cdn/stories/${target.id}`);
    expect(byId.data.story.uuid).toBe(target.uuid);
  });

  it("pages through every story with getAll (Total / Per-Page)", async () => {
    requests = [];
    const all = await client(PREVIEW_TOKEN).getAll("cdn/stories", { starts_with: "articles/article-", per_page: 100 });
    expect(all).toHaveLength(230);
    expect(new Set(all.map((s: { uuid: string }) => s.uuid)).size).toBe(230);
    expect(requests).toHaveLength(3);
    expect(requests.map((u) => new URL(u).searchParams.get("page")).sort()).toEqual(["1", "2", "3"]);
  });

  it("reads batches by_uuids and keeps by_uuids_ordered order", async () => {
    const c = client(PUBLIC_TOKEN);
    const uuids = fx.articles.slice(10, 60).map((a) => a.uuid);
    const res = await c.getStories({ by_uuids: uuids.join(","), per_page: 50 });
    expect(res.data.stories).toHaveLength(50);
    expect(res.total).toBe(50);
    const reversed = uuids.slice(0, 5).reverse();
    const ordered = await c.getStories({ by_uuids_ordered: reversed.join(",") } as never);
    expect(ordered.data.stories.map((s) => s.uuid)).toEqual(reversed);
  });

  it("serves draft and published versions by token kind", async () => {
    const preview = client(PREVIEW_TOKEN);
    const pub = client(PUBLIC_TOKEN);
    expect((await preview.get("cdn/stories/about", { version: "draft" })).data.story.name).toBe("About (draft)");
    expect((await preview.get("cdn/stories/about", { version: "published" })).data.story.name).toBe("About");
    expect((await pub.get("cdn/stories/about")).data.story.name).toBe("About");
    expect((await preview.get("cdn/stories/secret", { version: "draft" })).data.story.name).toBe("Secret draft");
    await expect(preview.get("cdn/stories/secret", { version: "published" })).rejects.toMatchObject({ status: 404 });
    await expect(pub.get("cdn/stories/secret")).rejects.toMatchObject({ status: 404 });
    await expect(pub.get("cdn/stories/about", { version: "draft" })).rejects.toMatchObject({
      status: 401,
      message: "Unauthorized",
      response: { status: 401, data: { error: "Unauthorized" } },
    });
  });

  it("rejects unknown tokens (401) and unknown stories (404) in the client's error shape", async () => {
    await expect(client("nope-token").get("cdn/stories/home")).rejects.toMatchObject({
      message: "Unauthorized",
      status: 401,
      response: { status: 401, data: { error: "Unauthorized" } },
    });
    await expect(client(PREVIEW_TOKEN).get("cdn/stories/does/not/exist")).rejects.toMatchObject({
      message: "This record could not be found",
      status: 404,
      response: { status: 404, data: ["This record could not be found"] },
    });
  });

  it("resolves relations inline and past 50 through rel_uuids", async () => {
    const c = client(PREVIEW_TOKEN);
    const small = await c.getStory("index", { resolve_relations: "article_list.Articles", version: "draft" });
    const articles = small.data.story.content.body[0].Articles as Array<{ full_slug?: string } | string>;
    expect(articles.slice(0, 3).map((a) => (typeof a === "string" ? a : a.full_slug))).toEqual(
      fx.articles.slice(0, 3).map((a) => a.full_slug),
    );
    expect(typeof articles[3]).toBe("object"); // the draft-only story, visible to a draft read

    requests = [];
    const big = await c.getStory("big-index", { resolve_relations: "article_list.Articles" });
    const resolved = big.data.story.content.body[0].Articles as Array<{ uuid: string }>;
    expect(resolved).toHaveLength(60);
    expect(resolved.every((r) => typeof r === "object" && r.uuid)).toBe(true);
    expect(requests.length).toBe(3); // the story, then two by_uuids chunks of 50
  });

  it("resolves story links (resolve_links=story)", async () => {
    const res = await client(PREVIEW_TOKEN).getStory("about", { resolve_links: "story", version: "draft" });
    const link = res.data.story.content.Link as { story?: { full_slug: string } };
    expect(link.story?.full_slug).toBe(fx.articles[0]!.full_slug);
    expect(res.data.links.length).toBe(2); // the multilink and the rich-text link
  });

  it("retries 429 (burst429: 3) and then succeeds", async () => {
    server.setFaults({ burst429: 3 });
    requests = [];
    const res = await client(PREVIEW_TOKEN, { maxRetries: 5 }).get("cdn/stories/home");
    expect(res.data.story.full_slug).toBe("home");
    expect(requests).toHaveLength(4);
    expect(server.getFaults().burst429Remaining).toBe(0);
    server.setFaults({});
  });

  it("sees new content after the cv changes (memory cache, clear: auto)", async () => {
    const c = client(PUBLIC_TOKEN, { cache: { type: "memory", clear: "auto" } });
    const first = await c.get("cdn/stories/header");
    expect(first.data.story.name).toBe("Header");
    const cv = first.data.cv as number;

    const edited = (await client(PREVIEW_TOKEN).get("cdn/stories/header", { version: "draft" })).data.story;
    await fx.writeStory("header", { story: { ...edited, name: "Header v2" } });
    await vi.waitFor(() => expect(server.cv()).not.toBe(cv), { timeout: 3000 });

    // the same call is still answered from the client's memory cache ...
    expect((await c.get("cdn/stories/header")).data.story.name).toBe("Header");
    // ... until any answer brings the new cv, which flushes the cache
    const other = await c.get("cdn/stories/home");
    expect(other.data.cv).toBeGreaterThan(cv);
    expect((await c.get("cdn/stories/header")).data.story.name).toBe("Header v2");
  });
});
