import path from "node:path";
import { fileURLToPath } from "node:url";
import { storyblokEditable } from "@storyblok/react";
import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { rawRequest } from "./test-fixture";

/**
 * The contract: what the content service answers where Storyblok's Content
 * Delivery API v2 is known to answer so, through the official
 * storyblok-js-client where a client sees it, and over plain HTTP where
 * only the wire shows it. Each fact names its source: Storyblok's
 * documentation, or an answer the API really gave, recorded in the public
 * test fixtures of Storyblok's own clients. Facts are taken from them; the
 * fixture (contract-fixture/) and these tests are our own.
 *
 * "ruby fixtures" below is https://github.com/storyblok/storyblok-ruby-client,
 * spec/fixtures/vcr_cassettes/Storyblok_Client/.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "contract-fixture");
const SPACE_ID = 3141592;
const PREVIEW = "contract-preview-token";
const PUBLIC = "contract-public-token";
const DRAFT_ONLY = { id: 2101, uuid: "c0de0000-0000-4000-8000-000000002101", full_slug: "drafts/unreleased" };

let server: ContentServerHandle;

beforeAll(async () => {
  server = await startContentServer({ port: 0, contentDir: FIXTURE, watch: false });
});

afterAll(async () => {
  await server?.close();
});

function client(accessToken: string, extra: Record<string, unknown> = {}) {
  return new StoryblokClient({
    accessToken,
    endpoint: server.apiUrl,
    cache: { type: "none" },
    maxRetries: 0,
    ...extra,
  });
}

type Json = Record<string, unknown>;
type Story = Json & { id: number; uuid: string; full_slug: string; content: Json };

/** Every blok (object with `component` and `_uid`) of a content tree. */
function bloks(node: unknown, into: Json[] = []): Json[] {
  if (Array.isArray(node)) for (const item of node) bloks(item, into);
  else if (node && typeof node === "object") {
    const obj = node as Json;
    if (typeof obj.component === "string" && typeof obj._uid === "string") into.push(obj);
    for (const value of Object.values(obj)) bloks(value, into);
  }
  return into;
}

function raw(pathAndQuery: string, headers: Record<string, string> = {}) {
  return rawRequest(server.url, `/v2/${pathAndQuery}`, { headers });
}

describe("listing order", () => {
  // ruby fixtures .../When_querying_the_draft_version/when_querying_an_story_list_by_slug/returns_a_stories_list.yml:
  // without sort_by the API answered position -10 before position 0, i.e. `position` ascending
  // (the docs' example https://www.storyblok.com/docs/api/content-delivery/v2/stories/examples/sorting-by-story-object-property
  // says sort_by=position:desc gives "the order of the Content tab"; the recorded answer is what a site sees)
  it("lists stories by position ascending, then newest first", async () => {
    const { data } = await client(PREVIEW).getStories({ version: "draft" });
    expect(data.stories.map((s) => s.full_slug)).toEqual([
      "journal/first-post", // -20
      "about", // -10
      "drafts/unreleased", // 0, the highest id of the three created together
      "journal/",
      "home",
      "journal/second-post", // 10
      "related", // 20
    ]);
  });
});

describe("a story that was never published", () => {
  // https://www.storyblok.com/docs/concepts/access-tokens: a public token reads published content only;
  // a raw draft export of a never-published story has published_at null
  it("is 404 for version=published and for the public token", async () => {
    for (const [token, version] of [
      [PUBLIC, "published"],
      [PREVIEW, "published"],
    ] as const) {
      await expect(client(token).get(`cdn/stories/${DRAFT_ONLY.full_slug}`, { version })).rejects.toMatchObject({
        status: 404,
        message: "This record could not be found",
      });
      await expect(client(token).getStory(DRAFT_ONLY.uuid, { version, find_by: "uuid" })).rejects.toMatchObject({
        status: 404,
      });
    }
    const draft = await client(PREVIEW).get(`cdn/stories/${DRAFT_ONLY.full_slug}`, { version: "draft" });
    expect(draft.data.story.id).toBe(DRAFT_ONLY.id);
  });

  it("never appears in published listings, relations or links", async () => {
    const pub = client(PUBLIC);
    const all = await pub.getAll("cdn/stories", {});
    expect(all.map((s: Story) => s.full_slug)).not.toContain(DRAFT_ONLY.full_slug);
    expect(all).toHaveLength(6);

    const related = await pub.get("cdn/stories/related", { resolve_relations: "list.Items" });
    expect((related.data.rels as Story[]).map((s) => s.full_slug).sort()).toEqual([
      "journal/first-post",
      "journal/second-post",
    ]);
    const resolvedLinks = await pub.get("cdn/stories/home", { resolve_links: "url" });
    expect((resolvedLinks.data.links as Json[]).map((l) => l.full_slug)).toEqual(["journal/first-post"]);

    const links = await pub.get("cdn/links", { per_page: 1000 });
    const published = Object.values(links.data.links as Record<string, Json>);
    expect(published.map((l) => l.slug)).not.toContain(DRAFT_ONLY.full_slug);
    // in the draft links it is there, marked unpublished
    const draftLinks = await client(PREVIEW).get("cdn/links", { version: "draft", per_page: 1000 });
    expect((draftLinks.data.links as Record<string, Json>)[DRAFT_ONLY.uuid]).toMatchObject({ published: false });
  });

  it("serves the published version of a story whose draft differs", async () => {
    const slug = "journal/second-post";
    expect((await client(PUBLIC).get(`cdn/stories/${slug}`)).data.story.name).toBe("Second post");
    expect((await client(PREVIEW).get(`cdn/stories/${slug}`, { version: "draft" })).data.story.name).toBe(
      "Second post (draft)",
    );
  });
});

describe("_editable", () => {
  // ruby fixtures .../When_querying_the_draft_version/when_querying_stories/when_using_region_parameter/returns_a_list_of_stories.yml:
  // every blok of a draft answer carries `<!--#storyblok#{"name": "teaser", "space": "1000126", "uid": "...", "id": "172"}-->`,
  // with a space after each `:` and `,`; .../V2/.../When_querying_the_published_version/.../returns_a_story.yml has none
  const expected = (blok: Json, storyId: number) =>
    `<!--#storyblok#{"name": "${String(blok.component)}", "space": "${SPACE_ID}", "uid": "${String(blok._uid)}", "id": "${storyId}"}-->`;

  it("is on every blok of a draft answer, stories and relations, in Storyblok's format", async () => {
    const { data } = await client(PREVIEW).get("cdn/stories/home", { version: "draft" });
    const all = bloks(data.story.content);
    expect(all.map((b) => b._uid)).toEqual(["home-root", "hero-1", "slide-1", "slide-2", "teaser-1"]);
    for (const blok of all) expect(blok._editable, String(blok._uid)).toBe(expected(blok, 2001));

    const related = await client(PREVIEW).get("cdn/stories/related", {
      version: "draft",
      resolve_relations: "list.Items",
    });
    for (const rel of related.data.rels as Story[]) {
      for (const blok of bloks(rel.content)) expect(blok._editable).toBe(expected(blok, rel.id));
    }
  });

  it("gives the official SDK the editor's attributes", async () => {
    const { data } = await client(PREVIEW).get("cdn/stories/home", { version: "draft" });
    const hero = bloks(data.story.content).find((b) => b._uid === "hero-1")!;
    expect(storyblokEditable(hero as never)).toEqual({
      "data-blok-c": JSON.stringify({ name: "hero", space: String(SPACE_ID), uid: "hero-1", id: "2001" }),
      "data-blok-uid": "2001-hero-1",
    });
  });

  it("never reaches a published answer, not even one left in a story file by an export", async () => {
    const answers = [
      await raw(`cdn/stories/home?token=${PUBLIC}&cv=${server.cv()}`),
      await raw(`cdn/stories?token=${PREVIEW}&version=published&cv=${server.cv()}&resolve_relations=list.Items`),
      await raw(
        `cdn/stories/related?token=${PUBLIC}&cv=${server.cv()}&resolve_relations=list.Items&resolve_links=story`,
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain("_editable");
      expect(answer.text).not.toContain("#storyblok#");
    }
  });
});

describe("the cache version", () => {
  // ruby fixtures .../V2/.../when_querying_an_existent_story_by_slug/returns_a_story.yml: a published request with an
  // old cv (cv=0) is answered 301 Moved Permanently to the same URL with the current cv, Cache-Control: no-cache;
  // https://www.storyblok.com/docs/api/content-delivery/v2/migrating-from-v1: "Storyblok redirect requests without cv to the latest version"
  it("redirects a published request without the current cv to it, keeping every other parameter", async () => {
    for (const cv of ["", "&cv=0", "&cv=1"]) {
      const res = await raw(`cdn/stories/home?token=${PUBLIC}${cv}&resolve_links=url`);
      expect(res.status, cv).toBe(301);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.location).toMatch(/^\/v2\/cdn\/stories\/home\?/);
      const location = new URL(res.headers.location as string, server.url);
      expect([...location.searchParams].sort()).toEqual([
        ["cv", String(server.cv())],
        ["resolve_links", "url"],
        ["token", PUBLIC],
      ]);
      expect(res.headers["access-control-allow-origin"]).toBe("*"); // a browser may follow it
    }
    expect((await raw(`cdn/stories/home?token=${PUBLIC}&cv=${server.cv()}`)).status).toBe(200);
    // drafts are never cached, so never redirected
    expect((await raw(`cdn/stories/home?token=${PREVIEW}&version=draft`)).status).toBe(200);
    // spaces/me is how a client learns the cv
    expect((await raw(`cdn/spaces/me?token=${PUBLIC}`)).status).toBe(200);
  });

  it("is followed by the client, which then knows the cv", async () => {
    const res = await client(PUBLIC).get("cdn/stories/home");
    expect(res.data.story.full_slug).toBe("home");
    expect(res.data.cv).toBe(server.cv());
  });
});

describe("response headers", () => {
  // ruby fixtures: published answers `Cache-Control: max-age=0, public, s-maxage=604800` (V2/.../returns_a_story.yml),
  // drafts `max-age=0, private, must-revalidate` (.../When_querying_the_draft_version/.../returns_a_story.yml),
  // weak ETags `W/"..."`, `Vary: Origin`, and `Total` / `Per-Page` (25 by default) on listings
  it("caches published answers publicly and drafts never", async () => {
    const published = await raw(`cdn/stories?token=${PUBLIC}&cv=${server.cv()}`);
    expect(published.headers).toMatchObject({
      "cache-control": "max-age=0, public, s-maxage=604800",
      vary: "Origin",
      total: "6",
      "per-page": "25",
    });
    expect(published.headers.etag).toMatch(/^W\/".+"$/);
    const draft = await raw(`cdn/stories?token=${PREVIEW}&version=draft&per_page=2`);
    expect(draft.headers).toMatchObject({
      "cache-control": "max-age=0, private, must-revalidate",
      total: "7",
      "per-page": "2",
    });
  });

  it("answers If-None-Match with 304 while the content is the same", async () => {
    const target = `cdn/stories/home?token=${PUBLIC}&cv=${server.cv()}`;
    const first = await raw(target);
    const etag = first.headers.etag as string;
    const again = await raw(target, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await raw(target, { "If-None-Match": 'W/"something-else"' })).status).toBe(200);
  });
});

describe("error bodies", () => {
  // ruby fixtures .../When_querying_the_published_version/using_resolve_relations/returns_a_story_with_relations_resolved.yml:
  // a refused token is 401 `{"error":"Unauthorized"}` with Cache-Control: max-age=0, public, s-maxage=604800
  it("401 for a missing or refused token", async () => {
    for (const query of ["", "?token=nope", `?token=${PUBLIC}&version=draft`]) {
      const res = await raw(`cdn/stories/home${query}`);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toEqual({ error: "Unauthorized" });
    }
    expect((await raw("cdn/stories/home?token=nope")).headers["cache-control"]).toBe(
      "max-age=0, public, s-maxage=604800",
    );
    await expect(client("nope").get("cdn/stories/home")).rejects.toMatchObject({
      status: 401,
      message: "Unauthorized",
    });
  });

  // an array with one message: storyblok-js-client reads `data[0]` of an array body (commit 6a24426, "error handling
  // when data is an array"), and https://github.com/storyblok/storyblok-astro/issues/800 shows the message
  it("404 for an unknown story", async () => {
    const res = await raw(`cdn/stories/nowhere?token=${PREVIEW}&version=draft`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual(["This record could not be found"]);
  });

  // https://github.com/storyblok/storyblok-js-client/issues/105: `{"error": "Parameter(s) is_startpage not allowed"}`
  it("422 for a parameter the endpoint does not take", async () => {
    const res = await raw(`cdn/stories/home?token=${PREVIEW}&version=draft&is_startpage=1`);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text)).toEqual({ error: "Parameter(s) is_startpage not allowed" });
    await expect(client(PREVIEW).get("cdn/stories", { version: "draft", nonsense: 1 } as never)).rejects.toMatchObject({
      status: 422,
      message: "Parameter(s) nonsense not allowed",
    });
  });
});

describe("cdn/links", () => {
  // https://www.storyblok.com/docs/api/content-delivery/v2/links/retrieve-multiple-links: "The response always
  // includes folders, regardless of their publication status"; paginated by default, 25 a page, at most 1000;
  // the folder's fields: ruby fixtures .../When_querying_links/.../get_a_links_list.yml (is_folder true, published false)
  it("lists folders, declared (folders.json) or taken from the stories' paths", async () => {
    const { data } = await client(PUBLIC).get("cdn/links", { per_page: 1000 });
    const links = data.links as Record<string, Json>;
    expect(links["c0de0000-0000-4000-8000-000000000900"]).toEqual({
      id: 900,
      uuid: "c0de0000-0000-4000-8000-000000000900",
      slug: "journal",
      path: null,
      parent_id: 0,
      name: "Journal",
      is_folder: true,
      published: false,
      is_startpage: false,
      position: -5,
      real_path: "/journal",
    });
    // "drafts" has no entry in folders.json: its id is its stories' parent_id, its name its slug
    const drafts = Object.values(links).find((l) => l.slug === "drafts");
    expect(drafts).toMatchObject({ id: 901, name: "drafts", is_folder: true, parent_id: 0 });
    expect(links["c0de0000-0000-4000-8000-000000002003"]).toMatchObject({
      slug: "journal/first-post",
      is_folder: false,
      published: true,
      parent_id: 900,
      real_path: "/journal/first-post",
    });
  });

  it("pages by 25, at most 1000, with Total and Per-Page", async () => {
    const first = await raw(`cdn/links?token=${PREVIEW}&version=draft&per_page=3`);
    expect(first.headers).toMatchObject({ total: "9", "per-page": "3" });
    expect(Object.keys(JSON.parse(first.text).links)).toHaveLength(3);
    const all = await client(PREVIEW).getAll("cdn/links", { version: "draft", per_page: 4 });
    expect(all).toHaveLength(9); // 7 stories and 2 folders, read in 3 pages
    expect((await raw(`cdn/links?token=${PREVIEW}&version=draft&per_page=5000`)).headers["per-page"]).toBe("1000");
  });
});

describe("cdn/datasources and cdn/datasource_entries", () => {
  // shapes: ruby fixtures .../When_querying_datasources/.../returns_a_datasources_list.yml and
  // .../When_querying_datasource_entries/.../returns_a_datasource_entries_list.yml (both with Total and Per-Page)
  it("lists the datasources of datasources/", async () => {
    const res = await raw(`cdn/datasources?token=${PUBLIC}&cv=${server.cv()}`);
    expect(res.headers).toMatchObject({ total: "1", "per-page": "25" });
    expect(JSON.parse(res.text).datasources).toEqual([
      {
        id: 31,
        name: "Colours",
        slug: "colours",
        dimensions: [{ id: 41, name: "German", entry_value: "de", datasource_id: 31 }],
      },
    ]);
    const one = await client(PUBLIC).get("cdn/datasources/colours");
    expect(one.data.datasource).toMatchObject({ id: 31, slug: "colours" });
  });

  it("answers entries with dimension_value null unless a dimension is asked for", async () => {
    const plain = await client(PUBLIC).get("cdn/datasource_entries", { datasource: "colours" });
    expect(plain.data.datasource_entries).toEqual([
      { id: 51, name: "red", value: "#ff0000", dimension_value: null },
      { id: 52, name: "blue", value: "#0000ff", dimension_value: null },
    ]);
    expect(plain.total).toBe(2);
    const german = await client(PUBLIC).get("cdn/datasource_entries", { datasource: "colours", dimension: "de" });
    expect((german.data.datasource_entries as Json[]).map((e) => e.dimension_value)).toEqual(["rot", null]);
  });
});

describe("resolve_assets", () => {
  // storyblok-js-client src/index.ts processInlineAssets: with resolve_assets=1 the answer's `assets` are merged into
  // the asset fields by id
  it("answers the stories' assets once each, which the client merges into the fields", async () => {
    const { data } = await client(PUBLIC, { inlineAssets: true }).get("cdn/stories/home", { resolve_assets: 1 });
    const assets = data.assets as Json[];
    expect(assets.map((a) => a.id).sort()).toEqual([7001, 7002]);
    expect(assets.every((a) => String(a.filename).startsWith(`${server.url}/f/${SPACE_ID}/`))).toBe(true);
    expect(data.story.content.body[1].Picture).toMatchObject({ id: 7002, fieldtype: "asset" });
    const without = await client(PUBLIC).get("cdn/stories/home");
    expect(without.data.assets).toBeUndefined();
  });
});

describe("spaces/me and tags", () => {
  // ruby fixtures .../When_querying_Space_Info/.../get_the_space_info.yml and .../When_querying_tags/.../get_a_tags_list.yml
  it("answers the space with its cache version, and tags with their counts", async () => {
    const me = await client(PUBLIC).get("cdn/spaces/me");
    expect(me.data).toEqual({
      space: {
        id: SPACE_ID,
        name: "Contract Space",
        domain: "https://contract.example/",
        version: server.cv(),
        language_codes: [],
      },
    });
    const tags = await client(PUBLIC).get("cdn/tags");
    expect(tags.data.tags).toEqual([{ name: "News", taggings_count: 2 }]);
    const draftTags = await client(PREVIEW).get("cdn/tags", { version: "draft" });
    expect(draftTags.data.tags).toEqual([
      { name: "News", taggings_count: 2 },
      { name: "Notes", taggings_count: 1 },
    ]);
  });
});
