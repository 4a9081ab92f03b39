import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { parseStoryFile } from "./content-files";
import { ContentStore } from "./content-store";
import { createFixture, uuidFor, type Fixture } from "./test-fixture";

/** Loading, indexing, watching and the cv. */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function fixture(articles = 3): Promise<Fixture> {
  const fx = await createFixture({ articles, assets: false });
  cleanups.push(fx.cleanup);
  return fx;
}

function article(n: number, fullSlug: string, name = `Story ${n}`) {
  return {
    story: {
      id: n,
      uuid: uuidFor(n),
      name,
      slug: fullSlug,
      full_slug: fullSlug,
      content: { _uid: `u${n}`, component: "article" },
      tag_list: [],
      position: 0,
    },
  };
}

describe("content store", () => {
  it("indexes stories by slug, id and uuid per version", async () => {
    const fx = await fixture();
    const store = new ContentStore(fx.dir, { watch: false });
    await store.load();
    const draft = store.view("draft");
    const published = store.view("published");
    expect(draft.list).toHaveLength(9);
    expect(published.list).toHaveLength(8);
    expect(draft.bySlug.get("about")?.story.name).toBe("About (draft)");
    expect(published.bySlug.get("about")?.story.name).toBe("About");
    expect(draft.byId.get(1001)?.story.full_slug).toBe("articles/article-001");
    expect(draft.byUuid.get(uuidFor(3))?.story.full_slug).toBe("secret");
    expect(published.byUuid.get(uuidFor(3))).toBeUndefined();
    expect(store.cv).toBeGreaterThan(1_600_000_000);
  });

  it("skips invalid files and duplicate ids with a warning instead of failing", async () => {
    const fx = await fixture();
    await fx.writeStory("broken", "{ not json");
    await fx.writeStory("no-id", { story: { uuid: "x", full_slug: "no-id" } });
    await fx.writeStory("dupe", article(1001, "dupe"));
    const warnings: string[] = [];
    const store = new ContentStore(fx.dir, { watch: false, log: (m) => warnings.push(m) });
    await store.load();
    expect(store.view("draft").list).toHaveLength(9);
    expect(warnings.join("\n")).toContain("stories/broken.json");
    expect(warnings.join("\n")).toContain('"id" must be an integer');
    expect(warnings.join("\n")).toContain("id 1001 is already used");
  });

  it("fails clearly without space.json", async () => {
    const fx = await fixture();
    await rm(path.join(fx.dir, "space.json"));
    await expect(new ContentStore(fx.dir, { watch: false }).load()).rejects.toThrow(/space\.json/);
  });

  it("parses the published variants of a story file", () => {
    const base = article(7, "x").story;
    const same = parseStoryFile(JSON.stringify({ story: base }), "f", 0, 0);
    expect(same.published?.story).toBe(same.draft.story);
    // a raw draft export of a story never published: published_at null and no `published`
    const neverPublished = parseStoryFile(JSON.stringify({ story: { ...base, published_at: null } }), "f", 0, 0);
    expect(neverPublished.published).toBeNull();
    const entry = parseStoryFile(JSON.stringify({ story: base, published: null }), "f", 0, 0);
    expect(entry.published).toBeNull();
    const both = parseStoryFile(JSON.stringify({ story: base, published: { ...base, name: "old" } }), "f", 0, 0);
    expect(both.draft.story.name).toBe("Story 7");
    expect(both.published?.story.name).toBe("old");
  });

  it("watches the folder: edits, new files, new folders and deletions change the cv", async () => {
    const fx = await fixture();
    const store = new ContentStore(fx.dir, { debounceMs: 10 });
    cleanups.push(() => store.close());
    await store.load();

    let cv = store.cv;
    await fx.writeStory("about", article(2, "about", "About edited"));
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.cv).toBeGreaterThan(cv);
    expect(store.view("published").bySlug.get("about")?.story.name).toBe("About edited");

    cv = store.cv;
    await fx.writeStory("news/2026/hello", article(77, "news/2026/hello"));
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.view("draft").bySlug.get("news/2026/hello")?.story.id).toBe(77);

    cv = store.cv;
    await fx.writeStory("news/2026/again", article(78, "news/2026/again"));
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.view("draft").byId.get(78)?.story.full_slug).toBe("news/2026/again");

    cv = store.cv;
    await rm(path.join(fx.dir, "stories/news"), { recursive: true });
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.view("draft").byId.get(77)).toBeUndefined();

    cv = store.cv;
    await mkdir(path.join(fx.dir, "datasources"), { recursive: true });
    await writeFile(
      path.join(fx.dir, "datasources", "colours.json"),
      JSON.stringify({
        datasource: { id: 1, name: "Colours" },
        datasource_entries: [{ id: 2, name: "red", value: "#f00" }],
      }),
    );
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.datasources().map((d) => [d.slug, d.entries.length])).toEqual([["colours", 1]]);

    cv = store.cv;
    await writeFile(
      path.join(fx.dir, "folders.json"),
      JSON.stringify({ folders: [{ id: 900, uuid: "f-900", name: "All articles", full_slug: "articles" }] }),
    );
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.folders().find((f) => f.full_slug === "articles")).toMatchObject({ id: 900, name: "All articles" });

    cv = store.cv;
    const space = path.join(fx.dir, "space.json");
    await writeFile(
      space,
      JSON.stringify({
        space: { id: 1, name: "Renamed", domain: "" },
        previewToken: "p-123456",
        publicToken: "q-123456",
      }),
    );
    await vi.waitFor(() => expect(store.cv).not.toBe(cv), { timeout: 3000 });
    expect(store.space.name).toBe("Renamed");
    expect(store.previewToken).toBe("p-123456");
  });

  it("loads 1,000 story files quickly", async () => {
    const fx = await fixture(1000);
    const t = performance.now();
    const store = new ContentStore(fx.dir, { watch: false });
    await store.load();
    expect(store.view("draft").list.length).toBe(1006);
    expect(performance.now() - t).toBeLessThan(5000);
  });
});

// the repository's own demo content, wherever the tests are started from
const demo = fileURLToPath(new URL("../content", import.meta.url));
describe("the demo content folder", () => {
  let server: ContentServerHandle;
  afterEach(async () => server?.close());

  it("loads and serves every story of content/", async () => {
    server = await startContentServer({ port: 0, contentDir: demo, watch: false });
    expect(server.storyCount()).toBeGreaterThan(0);
    const res = await fetch(`${server.apiUrl}/cdn/stories?token=${server.previewToken}&version=draft&per_page=100`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { stories: Array<{ full_slug: string }> };
    expect(data.stories.length).toBe(Math.min(100, server.storyCount()));
    for (const slug of ["home", "header", "footer"]) {
      const one = await fetch(`${server.apiUrl}/cdn/stories/${slug}?token=${server.previewToken}&version=draft`);
      expect(one.status, slug).toBe(200);
    }
  });
});
