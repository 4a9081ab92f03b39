import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { createFixture, PREVIEW_TOKEN, PUBLIC_TOKEN, rawRequest, type Fixture } from "./test-fixture";

/** Listing filters, sorting, links, tags, spaces/me, CORS and HEAD over plain HTTP. */

let fx: Fixture;
let server: ContentServerHandle;

interface Listing {
  stories: Array<{
    full_slug: string;
    uuid: string;
    name: string;
    position: number;
    content: Record<string, unknown>;
    tag_list: string[];
  }>;
  cv: number;
  rels: unknown[];
  links: unknown[];
  rel_uuids?: string[];
}

async function api<T = Listing>(
  path: string,
  params: Record<string, string> = {},
  token = PREVIEW_TOKEN,
): Promise<{ status: number; data: T; headers: Headers }> {
  const url = new URL(`${server.apiUrl}/${path}`);
  url.searchParams.set("token", token);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url);
  return { status: res.status, data: (await res.json()) as T, headers: res.headers };
}

const slugs = (l: Listing) => l.stories.map((s) => s.full_slug);

beforeAll(async () => {
  fx = await createFixture({ articles: 12 });
  server = await startContentServer({ port: 0, contentDir: fx.dir, imageCacheDir: `${fx.dir}/.image-cache` });
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
});

describe("GET /v2/cdn/stories", () => {
  it("answers {stories, cv, rels, links} with Total and Per-Page", async () => {
    const { status, data, headers } = await api("cdn/stories", { per_page: "5", version: "draft" });
    expect(status).toBe(200);
    expect(data.stories).toHaveLength(5);
    expect(data.cv).toBe(server.cv());
    expect(data.rels).toEqual([]);
    expect(data.links).toEqual([]);
    expect(headers.get("total")).toBe("18");
    expect(headers.get("per-page")).toBe("5");
    expect(headers.get("access-control-expose-headers")).toContain("Total");
    expect(headers.get("access-control-allow-origin")).toBe("*");
  });

  it("hides unpublished stories from published reads", async () => {
    const draft = await api("cdn/stories", { version: "draft", per_page: "100" });
    const published = await api("cdn/stories", { per_page: "100" }, PUBLIC_TOKEN);
    expect(slugs(draft.data)).toContain("secret");
    expect(slugs(published.data)).not.toContain("secret");
    expect(published.headers.get("total")).toBe("17");
  });

  it("filters by starts_with, by_slugs, excluding_slugs and is_startpage", async () => {
    expect(
      slugs((await api("cdn/stories", { starts_with: "articles/article-01", sort_by: "full_slug:asc" })).data),
    ).toEqual(["articles/article-010", "articles/article-011", "articles/article-012"]);
    expect(
      slugs(
        (await api("cdn/stories", { by_slugs: "home,about,articles/*-00*", sort_by: "full_slug:asc", per_page: "100" }))
          .data,
      ),
    ).toEqual(["about", ...Array.from({ length: 9 }, (_, i) => `articles/article-00${i + 1}`), "home"]);
    const excluded = slugs((await api("cdn/stories", { excluding_slugs: "articles/*", per_page: "100" })).data).sort();
    expect(excluded).toEqual(["about", "header", "home", "index"]);
    expect(slugs((await api("cdn/stories", { is_startpage: "1" })).data)).toEqual(["articles/"]);
    expect((await api("cdn/stories", { is_startpage: "0", per_page: "100" })).data.stories).toHaveLength(16);
  });

  it("filters by tag (comma = any), content_type, level, search_term and filter_query", async () => {
    const research = (await api("cdn/stories", { with_tag: "Research", per_page: "100" })).data.stories;
    expect(research.length).toBeGreaterThan(0);
    expect(research.every((s) => s.tag_list.includes("Research"))).toBe(true);
    const either = (await api("cdn/stories", { with_tag: "Research,Poster", per_page: "100" })).data.stories;
    expect(either.length).toBeGreaterThan(research.length);
    expect((await api("cdn/stories", { content_type: "article", per_page: "100" })).data.stories).toHaveLength(12);
    expect(slugs((await api("cdn/stories", { level: "1", per_page: "100" })).data).sort()).toEqual([
      "about",
      "articles/",
      "header",
      "home",
      "index",
    ]);
    expect(slugs((await api("cdn/stories", { search_term: "headline 007" })).data)).toEqual(["articles/article-007"]);
    expect(
      (await api("cdn/stories", { "filter_query[Rank][in]": "1,2", per_page: "100" })).data.stories
        .map((s) => s.content.Rank)
        .sort(),
    ).toEqual(["1", "1", "2", "2"]);
    const anyTag = await api("cdn/stories", { "filter_query[Tags][any_in_array]": "Sound", per_page: "100" });
    expect(anyTag.data.stories.every((s) => (s.content.Tags as string[]).includes("Sound"))).toBe(true);
    const like = await api("cdn/stories", { "filter_query[Headline][like]": "Headline 00*", per_page: "100" });
    expect(like.data.stories).toHaveLength(9);
  });

  it("sorts by story fields and content fields; pages", async () => {
    const byName = slugs(
      (await api("cdn/stories", { sort_by: "content.Headline:desc", starts_with: "articles/article-", per_page: "3" }))
        .data,
    );
    expect(byName).toEqual(["articles/article-012", "articles/article-011", "articles/article-010"]);
    const page2 = slugs(
      (
        await api("cdn/stories", {
          sort_by: "content.Headline:desc",
          starts_with: "articles/article-",
          per_page: "3",
          page: "2",
        })
      ).data,
    );
    expect(page2).toEqual(["articles/article-009", "articles/article-008", "articles/article-007"]);
    const created = (await api("cdn/stories", { sort_by: "created_at:asc", per_page: "3" })).data.stories.map(
      (s) => s.full_slug,
    );
    expect(created).toEqual(["home", "about", "index"]);
    const positions = (
      await api("cdn/stories", { sort_by: "position:asc", starts_with: "articles/article-", per_page: "100" })
    ).data.stories.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const beyond = await api("cdn/stories", { page: "99" });
    expect(beyond.status).toBe(200);
    expect(beyond.data.stories).toEqual([]);
  });

  it("answers an empty listing with 200 and []", async () => {
    const { status, data, headers } = await api("cdn/stories", { starts_with: "nothing/here" });
    expect(status).toBe(200);
    expect(data.stories).toEqual([]);
    expect(headers.get("total")).toBe("0");
  });

  it("caps per_page at 100, as Storyblok does", async () => {
    const { status, headers } = await api("cdn/stories", { per_page: "1000" });
    expect(status).toBe(200);
    expect(headers.get("per-page")).toBe("100");
  });

  it("resolves relations into rels and links into links", async () => {
    const rel = await api<{ story: unknown; rels: Array<{ uuid: string }>; links: unknown[] }>("cdn/stories/index", {
      resolve_relations: "article_list.Articles",
    });
    expect(rel.data.rels.map((r) => r.uuid).sort()).toEqual(
      fx.articles
        .slice(0, 3)
        .map((a) => a.uuid)
        .sort(),
    ); // published only
    const links = await api<{ links: Array<{ full_slug: string; url: string }> }>("cdn/stories/about", {
      resolve_links: "url",
      version: "draft",
    });
    expect(links.data.links.map((l) => l.url).sort()).toEqual([fx.articles[0]!.full_slug, fx.articles[1]!.full_slug]);
    const linkObjects = await api<{ links: Array<{ slug: string; real_path: string; is_folder: boolean }> }>(
      "cdn/stories/about",
      { resolve_links: "link", version: "draft" },
    );
    expect(linkObjects.data.links[0]).toMatchObject({ is_folder: false });
    expect(linkObjects.data.links.map((l) => l.real_path).sort()).toEqual([
      `/${fx.articles[0]!.full_slug}`,
      `/${fx.articles[1]!.full_slug}`,
    ]);
  });

  it("drops fields with excluding_fields and excluding_story_fields", async () => {
    const { data } = await api("cdn/stories", {
      starts_with: "articles/article-001",
      excluding_fields: "Header,Tags",
      excluding_story_fields: "tag_list,created_at",
    });
    const s = data.stories[0] as unknown as Record<string, unknown> & { content: Record<string, unknown> };
    expect(s.content.Header).toBeUndefined();
    expect(s.content.Headline).toBe("Headline 001");
    expect(s.tag_list).toBeUndefined();
    expect(s.created_at).toBeUndefined();
    expect(s.uuid).toBe(fx.articles[0]!.uuid);
  });
});

describe("links, tags, spaces/me", () => {
  it("GET /v2/cdn/links answers a uuid-keyed object, paginated", async () => {
    const { data, headers } = await api<{
      links: Record<string, { slug: string; published: boolean; real_path: string; is_startpage: boolean }>;
    }>("cdn/links", { version: "draft", per_page: "1000" });
    const values = Object.values(data.links);
    expect(values).toHaveLength(19); // 18 stories and the folder "articles"
    expect(headers.get("total")).toBe("19");
    expect(values.find((l) => l.slug === "secret")?.published).toBe(false);
    expect(values.find((l) => l.slug === "articles/")?.is_startpage).toBe(true);
    const pub = await api<{ links: Record<string, unknown> }>("cdn/links", { starts_with: "articles/" }, PUBLIC_TOKEN);
    expect(Object.keys(pub.data.links)).toHaveLength(13);
    const all = await api<{ links: Record<string, unknown> }>("cdn/links", { per_page: "1000" });
    expect(Object.keys(all.data.links)).toHaveLength(18); // published: 17 stories and the folder
  });

  it("GET /v2/cdn/tags counts taggings", async () => {
    const { data } = await api<{ tags: Array<{ name: string; taggings_count: number }> }>("cdn/tags", {});
    expect(data.tags.map((t) => t.name)).toEqual([...data.tags.map((t) => t.name)].sort());
    expect(data.tags.reduce((n, t) => n + t.taggings_count, 0)).toBe(12);
  });

  it("GET /v2/cdn/spaces/me answers the space with the cv as version", async () => {
    const { data } = await api<{ space: Record<string, unknown> }>("cdn/spaces/me", {}, PUBLIC_TOKEN);
    expect(data.space).toEqual({
      id: 287401,
      name: "Test Space",
      domain: "http://localhost:3000/",
      version: server.cv(),
      language_codes: [],
    });
  });
});

describe("HTTP details", () => {
  it("answers CORS preflight", async () => {
    const res = await fetch(`${server.apiUrl}/cdn/stories`, {
      method: "OPTIONS",
      headers: { Origin: "http://x.test", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers HEAD with headers and no body", async () => {
    const res = await fetch(`${server.apiUrl}/cdn/stories?token=${PREVIEW_TOKEN}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("total")).toBe("17");
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(100);
    expect(await res.text()).toBe("");
  });

  it("rewrites asset URLs to its own origin whatever Host the client used (public-origin.test.ts)", async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const res = await fetch(`http://localhost:${server.port}/v2/cdn/stories/home?token=${PREVIEW_TOKEN}`);
    expect(await res.text()).toContain(`"${server.url}/f/287401/1600x1000/3f9a1c2b7e/hero-1.jpg"`);
    const odd = await rawRequest(server.url, `/v2/cdn/stories/home?token=${PREVIEW_TOKEN}&version=draft`, {
      headers: { Host: "evil.test/<x>" },
    });
    expect(odd.text).toContain(`"${server.url}/f/287401/1600x1000/3f9a1c2b7e/hero-1.jpg"`);
    expect(odd.text).not.toContain("evil");
  });

  it("answers any language with the default language", async () => {
    const { status, data } = await api<{ story: { lang: string } }>("cdn/stories/home", { language: "de" });
    expect(status).toBe(200);
    expect(data.story.lang).toBe("default");
  });
});
