import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServerHandle, ContentServerOptions } from "./content-server";
import {
  createFixture,
  HERO_PATH,
  PREVIEW_TOKEN,
  PUBLIC_TOKEN,
  rawRequest,
  type Fixture,
  type RawResponse,
  startOnFixture,
} from "./test-fixture";

/**
 * Asset URLs and the cv redirect's Location are written with the configured
 * public origin, else the service's own: never with the request's Host or
 * X-Forwarded-* headers, since published answers are cached for a week by
 * whatever shared cache stands in front.
 */

let fx: Fixture;
const servers: ContentServerHandle[] = [];

beforeAll(async () => {
  fx = await createFixture({ articles: 2 });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await fx?.cleanup();
});

const start = (options: ContentServerOptions = {}) => startOnFixture(fx, servers, options);

const HOSTILE = {
  Host: "evil.example",
  "X-Forwarded-Host": "evil.example",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Port": "443",
  Forwarded: "host=evil.example;proto=https",
};

function expectClean(res: RawResponse, what: string): void {
  expect(JSON.stringify(res.headers), what).not.toContain("evil");
  expect(res.text, what).not.toContain("evil");
}

const HERO_FILE = "/f/287401/1600x1000/3f9a1c2b7e/hero-1.jpg";

/** Every kind of answer that may carry a URL, asked with hostile headers; returns them by name. */
async function askHostile(server: ContentServerHandle): Promise<Record<string, RawResponse>> {
  const cv = server.cv();
  const targets: Record<string, string> = {
    draft: `/v2/cdn/stories/home?token=${PREVIEW_TOKEN}&version=draft`,
    redirect: `/v2/cdn/stories/home?token=${PUBLIC_TOKEN}`,
    redirectAbsoluteForm: `http://evil.example/v2/cdn/stories/home?token=${PUBLIC_TOKEN}`,
    published: `/v2/cdn/stories/home?token=${PUBLIC_TOKEN}&cv=${cv}`,
    listing: `/v2/cdn/stories?token=${PUBLIC_TOKEN}&cv=${cv}&resolve_assets=1`,
    notFound: `/v2/cdn/stories/nothing-here?token=${PUBLIC_TOKEN}&cv=${cv}`,
    health: "/__health",
    asset: HERO_FILE,
    image: `${HERO_PATH}/m/40x0`,
  };
  const answers: Record<string, RawResponse> = {};
  for (const [name, target] of Object.entries(targets)) {
    answers[name] = await rawRequest(server.url, target, { headers: HOSTILE });
    expectClean(answers[name], name);
  }
  return answers;
}

describe("the public origin of asset URLs and redirects", () => {
  it("is the service's own origin by default, whatever Host and X-Forwarded-Host say", async () => {
    const server = await start();
    expect(server.publicOrigin).toBe(server.url);
    const answers = await askHostile(server);
    expect(answers.draft?.text).toContain(`"${server.url}${HERO_FILE}"`);
    expect(answers.published?.text).toContain(`"${server.url}${HERO_FILE}"`);
    expect(answers.published?.headers["cache-control"]).toBe("max-age=0, public, s-maxage=604800");
    expect(answers.listing?.text).toContain(`"${server.url}${HERO_FILE}"`);
    for (const name of ["redirect", "redirectAbsoluteForm"]) {
      expect(answers[name]?.status).toBe(301);
      expect(answers[name]?.headers.location).toBe(`/v2/cdn/stories/home?token=${PUBLIC_TOKEN}&cv=${server.cv()}`);
    }
    expect(JSON.parse(answers.health?.text ?? "{}")).toMatchObject({ api: `${server.url}/v2` });
    expect(answers.asset?.status).toBe(200);
    expect(answers.image?.status).toBe(200);
  });

  it('is root-relative with publicOrigin "" (a site that forwards /v2/ and /f/)', async () => {
    const server = await start({ publicOrigin: "" });
    expect(server.publicOrigin).toBe("");
    const answers = await askHostile(server);
    expect(answers.draft?.text).toContain(`"${HERO_FILE}"`);
    expect(answers.published?.text).toContain(`"${HERO_FILE}"`);
    expect(answers.published?.text).not.toContain("http://");
    expect(answers.redirect?.headers.location).toBe(`/v2/cdn/stories/home?token=${PUBLIC_TOKEN}&cv=${server.cv()}`);
  });

  it("is the configured origin, without its trailing slash", async () => {
    const server = await start({ publicOrigin: "https://content.example/" });
    expect(server.publicOrigin).toBe("https://content.example");
    const answers = await askHostile(server);
    expect(answers.published?.text).toContain(`"https://content.example${HERO_FILE}"`);
    expect(answers.redirect?.headers.location).toBe(`/v2/cdn/stories/home?token=${PUBLIC_TOKEN}&cv=${server.cv()}`);
  });

  it("refuses a public origin that is not an http(s) origin", async () => {
    for (const publicOrigin of ["content.example", "ftp://content.example", "https://content.example/base", "/"]) {
      await expect(start({ publicOrigin }), publicOrigin).rejects.toThrow(/^publicOrigin must be an http\(s\) origin/);
    }
  });
});
