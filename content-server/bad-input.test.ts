import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { createFixture, PREVIEW_TOKEN, PUBLIC_TOKEN, rawRequest, type Fixture } from "./test-fixture";

/** Every bad request gets an exact status and a JSON body; none gets a 500. */

let fx: Fixture;
let server: ContentServerHandle;

beforeAll(async () => {
  fx = await createFixture({ articles: 3 });
  server = await startContentServer({ port: 0, contentDir: fx.dir, imageCacheDir: `${fx.dir}/.image-cache` });
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
});

async function expectJson(
  path: string,
  status: number,
  body: unknown,
  init: { method?: string; headers?: Record<string, string> } = {},
) {
  const res = await rawRequest(server.url, path, init);
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(JSON.parse(res.text)).toEqual(body);
  return res;
}

const T = `token=${PREVIEW_TOKEN}`;

describe("bad input", () => {
  it("missing or unknown token: 401", async () => {
    await expectJson("/v2/cdn/stories", 401, { error: "Unauthorized", message: "Missing access token: add ?token=" });
    await expectJson("/v2/cdn/stories/home?token=wrong", 401, {
      error: "Unauthorized",
      message: "Invalid access token",
    });
  });

  it("public token with version=draft: 401", async () => {
    await expectJson(`/v2/cdn/stories/home?token=${PUBLIC_TOKEN}&version=draft`, 401, {
      error: "Unauthorized",
      message: "A public token reads published content only; version=draft needs a preview token",
    });
  });

  it("unknown story: 404 with Storyblok's body", async () => {
    await expectJson(`/v2/cdn/stories/nope?${T}`, 404, ["This record could not be found"]);
    await expectJson(`/v2/cdn/stories/nope?${T}&find_by=uuid`, 404, ["This record could not be found"]);
  });

  it("unknown query parameter: 422 naming it", async () => {
    await expectJson(`/v2/cdn/stories?${T}&per_pag=5`, 422, {
      error: 'Unknown query parameter "per_pag"',
      parameter: "per_pag",
    });
    await expectJson(`/v2/cdn/stories/home?${T}&starts_with=x`, 422, {
      error: 'Unknown query parameter "starts_with"',
      parameter: "starts_with",
    });
  });

  it("invalid values: 422", async () => {
    await expectJson(`/v2/cdn/stories?${T}&page=abc`, 422, {
      error: 'Parameter "page" must be an integer, got "abc"',
      parameter: "page",
    });
    await expectJson(`/v2/cdn/stories?${T}&per_page=0`, 422, {
      error: 'Parameter "per_page" must be at least 1, got 0',
      parameter: "per_page",
    });
    await expectJson(`/v2/cdn/stories?${T}&version=foo`, 422, {
      error: 'Parameter "version" must be one of draft, published, got "foo"',
      parameter: "version",
    });
    await expectJson(`/v2/cdn/stories?${T}&sort_by=name:up`, 422, {
      error: 'sort_by direction must be asc or desc, got "up"',
      parameter: "sort_by",
    });
    await expectJson(`/v2/cdn/stories?${T}&filter_query[Rank][near]=1`, 422, {
      error: 'Unknown filter_query operation "near"',
      parameter: "filter_query",
    });
    await expectJson(`/v2/cdn/stories?${T}&resolve_relations=nodot`, 422, {
      error: 'resolve_relations items must look like component.field, got "nodot"',
      parameter: "resolve_relations",
    });
    await expectJson(`/v2/cdn/stories?${T}&page=1&page[x]=2`, 400, {
      error: 'Query parameter "page[x]" conflicts with another one',
    });
  });

  it("per_page 1000 is capped to 100 (Storyblok's behaviour), not an error", async () => {
    const res = await rawRequest(server.url, `/v2/cdn/stories?${T}&per_page=1000`);
    expect(res.status).toBe(200);
    expect(res.headers["per-page"]).toBe("100");
  });

  it("bad percent-encoding: 400", async () => {
    await expectJson(`/v2/cdn/stories?${T}&starts_with=%E0%A4%A`, 400, {
      error: "Malformed percent-encoding in the query string",
    });
    await expectJson(`/v2/cdn/stories/%E0%A4%A?${T}`, 400, { error: "Malformed percent-encoding in the path" });
  });

  it("query string over 8 KB: 414", async () => {
    await expectJson(`/v2/cdn/stories?${T}&search_term=${"a".repeat(9000)}`, 414, {
      error: "URI Too Long: the query string exceeds 8 KB",
    });
  });

  it("request line beyond the header limit: 431 JSON", async () => {
    const res = await rawRequest(server.url, `/v2/cdn/stories?${"a".repeat(70_000)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.text)).toEqual({ error: "Request Header Fields Too Large" });
  });

  it("unknown routes: 404 JSON", async () => {
    await expectJson(`/v2/cdn/datasources?${T}`, 404, { error: "Not Found" });
    await expectJson("/nope", 404, { error: "Not Found" });
    await expectJson("/v2", 404, { error: "Not Found" });
  });

  it("methods other than GET, HEAD, OPTIONS: 405", async () => {
    const res = await expectJson(
      `/v2/cdn/stories?${T}`,
      405,
      { error: "Method Not Allowed", allow: ["GET", "HEAD", "OPTIONS"] },
      { method: "POST" },
    );
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
    await expectJson(
      `/v2/cdn/stories/home?${T}`,
      405,
      { error: "Method Not Allowed", allow: ["GET", "HEAD", "OPTIONS"] },
      { method: "DELETE" },
    );
  });

  it("path traversal on assets: 400, never a file outside assets/", async () => {
    const base = "/f/287401/1600x1000/3f9a1c2b7e";
    for (const p of [
      `${base}/..%2f..%2f..%2fspace.json`,
      `${base}/%2e%2e`,
      "/f/287401/%2e%2e/%2e%2e/space.json",
      "/f/287401/1600x1000/3f9a1c2b7e/..\\..\\..\\space.json",
      `${base}/hero-1.jpg%00.png`,
      "/f/287401/../../space-secret.txt",
    ]) {
      const res = await rawRequest(server.url, p);
      expect(res.status, p).toBe(400);
      expect(JSON.parse(res.text), p).toEqual({ error: "Invalid asset path" });
    }
    await expectJson("/f/287401/1600x1000/3f9a1c2b7e/missing.jpg", 404, { error: "Asset not found" });
    await expectJson("/f/287401/1600x1000/3f9a1c2b7e/.hidden", 404, { error: "Asset not found" });
    await expectJson("/f/287401/space.json", 404, { error: "Asset not found" });
  });
});
