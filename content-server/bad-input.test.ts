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
/** Draft reads are never redirected for their cv. */
const D = `token=${PREVIEW_TOKEN}&version=draft`;

describe("bad input", () => {
  // Storyblok's 401 body is exactly {"error":"Unauthorized"} (see contract.test.ts)
  it("missing or unknown token: 401", async () => {
    await expectJson("/v2/cdn/stories", 401, { error: "Unauthorized" });
    await expectJson("/v2/cdn/stories/home?token=wrong", 401, { error: "Unauthorized" });
  });

  it("public token with version=draft: 401", async () => {
    await expectJson(`/v2/cdn/stories/home?token=${PUBLIC_TOKEN}&version=draft`, 401, { error: "Unauthorized" });
  });

  it("unknown story: 404 with Storyblok's body", async () => {
    await expectJson(`/v2/cdn/stories/nope?${D}`, 404, ["This record could not be found"]);
    await expectJson(`/v2/cdn/stories/nope?${D}&find_by=uuid`, 404, ["This record could not be found"]);
  });

  it("unknown query parameter: 422 naming it, in Storyblok's words", async () => {
    await expectJson(`/v2/cdn/stories?${T}&per_pag=5`, 422, { error: "Parameter(s) per_pag not allowed" });
    await expectJson(`/v2/cdn/stories/home?${T}&starts_with=x&x=1`, 422, {
      error: "Parameter(s) starts_with, x not allowed",
    });
  });

  it("invalid values: 422", async () => {
    await expectJson(`/v2/cdn/stories?${T}&page=abc`, 422, { error: 'Parameter "page" must be an integer, got "abc"' });
    await expectJson(`/v2/cdn/stories?${T}&per_page=0`, 422, {
      error: 'Parameter "per_page" must be at least 1, got 0',
    });
    await expectJson(`/v2/cdn/stories?${T}&version=foo`, 422, {
      error: 'Parameter "version" must be one of draft, published, got "foo"',
    });
    await expectJson(`/v2/cdn/stories?${T}&sort_by=name:up`, 422, {
      error: 'sort_by direction must be asc or desc, got "up"',
    });
    await expectJson(`/v2/cdn/stories?${T}&filter_query[Rank][near]=1`, 422, {
      error: 'Unknown filter_query operation "near"',
    });
    await expectJson(`/v2/cdn/stories?${T}&resolve_relations=nodot`, 422, {
      error: 'resolve_relations items must look like component.field, got "nodot"',
    });
    await expectJson(`/v2/cdn/stories?${T}&page=1&page[x]=2`, 422, {
      error: 'Parameter "page" must be a single value',
    });
    await expectJson(`/v2/cdn/stories?${T}&by_slugs=${"a".repeat(256)}`, 422, {
      error: "A pattern in by_slugs is longer than 255 characters",
    });
    const conditions = Array.from({ length: 51 }, (_, i) => `filter_query[F${i}][is]=1`).join("&");
    await expectJson(`/v2/cdn/stories?${T}&${conditions}`, 422, {
      error: "filter_query holds more than 50 conditions",
    });
  });

  it("nesting, arrays and parameter counts past qs's limits: 400", async () => {
    await expectJson(`/v2/cdn/stories?${T}&a[b][c][d][e][f][g]=1`, 400, {
      error: "Malformed query string: Input depth exceeded depth option of 5 and strictDepth is true",
    });
    await expectJson(`/v2/cdn/stories?${T}&${Array.from({ length: 500 }, (_, i) => `k${i}=1`).join("&")}`, 400, {
      error: "Malformed query string: Parameter limit exceeded. Only 500 parameters allowed.",
    });
  });

  it("per_page 1000 is capped to 100 (Storyblok's behaviour), not an error", async () => {
    const res = await rawRequest(server.url, `/v2/cdn/stories?${D}&per_page=1000`);
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
    await expectJson(`/v2/cdn/nothing?${T}`, 404, { error: "Not Found" });
    await expectJson(`/v2/cdn/stories/home/../__proto__?${D}`, 404, ["This record could not be found"]);
    await expectJson(`/v2/cdn/__proto__?${T}`, 404, { error: "Not Found" });
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
