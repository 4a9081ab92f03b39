import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { DATASOURCE_ENDPOINT_PARAMS } from "./datasources-api";
import { STORY_ENDPOINT_PARAMS } from "./stories-api";
import {
  createFixture,
  HERO_PATH,
  PREVIEW_TOKEN,
  PUBLIC_TOKEN,
  rawRequest,
  uuidFor,
  type Fixture,
} from "./test-fixture";

/**
 * No request can stall the service: every query parameter of every endpoint,
 * a Range header and the image service's path are driven with generated
 * strings (fast-check), built to find backtracking, quadratic parsing and
 * oversized work: runs of `*`, near-misses of long texts, deep brackets,
 * 60 KB headers. Each answer must come within ANSWER_BOUND_MS with a
 * specified status and, for errors, a JSON body. The slowest answer and its
 * input are printed.
 */

/** Generous for a 2-core machine shared with other test files; a stall takes seconds to minutes. */
const ANSWER_BOUND_MS = 1000;
const RUNS = 400;

let fx: Fixture;
let server: ContentServerHandle;
const slowest = { ms: 0, input: "" };
const slowestWildcard = { ms: 0, input: "" };

function shorten(text: string): string {
  return text.length > 160 ? `${text.slice(0, 100)}…(${text.length} chars)…${text.slice(-40)}` : text;
}

beforeAll(async () => {
  fx = await createFixture({ articles: 240 });
  // a story whose fields are long runs of one letter: the worst text for a backtracking `*a*a*...*b`
  await fx.writeStory("long", {
    story: {
      id: 9000,
      uuid: uuidFor(9000),
      name: "Long",
      slug: "long",
      full_slug: `long/${"a".repeat(200)}`,
      content: { _uid: "long", component: "article", Headline: "a".repeat(100_000), Body: ["a".repeat(50_000)] },
      published_at: "2025-01-01T00:00:00.000Z",
    },
  });
  server = await startContentServer({
    port: 0,
    contentDir: fx.dir,
    imageCacheDir: `${fx.dir}/.image-cache`,
    watch: false,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
  console.info(
    `[no-stall] slowest answer ${slowest.ms.toFixed(1)} ms (bound ${ANSWER_BOUND_MS} ms) for ${shorten(slowest.input)}; ` +
      `worst wildcard input: ${slowestWildcard.ms.toFixed(1)} ms for ${shorten(slowestWildcard.input)}`,
  );
});

/** Strings that have broken parsers: wildcards, separators, brackets, escapes, long repeats. */
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("*", "a", "/", ",", "-", ".", " ", "%", "[", "]", ":", "(", ")"), maxLength: 300 }),
  fc
    .tuple(fc.constantFrom("*a", "a*", "*", "a", "%2A", "[", "(", ",", " ", "*/"), fc.integer({ min: 1, max: 4000 }))
    .map(([unit, n]) => unit.repeat(n)),
  fc.integer({ min: 1, max: 127 }).map((n) => `${"*a".repeat(n)}b`),
  fc.constantFrom("", "0", "-1", "1e309", "9".repeat(30), "true", "[]", "{}", "%", "%zz", "\u0000", "😀".repeat(100)),
);

/** Every parameter the endpoints accept, and one they do not. */
const PARAMS = [...STORY_ENDPOINT_PARAMS, ...DATASOURCE_ENDPOINT_PARAMS, "unknown_param"];
const OPERATIONS = [
  "is",
  "in",
  "not_in",
  "like",
  "not_like",
  "any_in_array",
  "all_in_array",
  "gt_date",
  "lt_int",
  "gt_float",
  "nope",
];
const FIELDS = ["Headline", "Body", "Rank", "Tags", "Header", "component", "a.b.c", "*", "__proto__"];

const param = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...PARAMS), hostile) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATIONS), hostile, fc.boolean())
      .map(([field, op, value, or]) => [`filter_query${or ? "[__or][]" : ""}[${field}][${op}]`, value] as const),
  },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 60 }), hostile) },
);

const ENDPOINTS = [
  "cdn/stories",
  "cdn/stories/home",
  `cdn/stories/long/${"a".repeat(200)}`,
  "cdn/links",
  "cdn/tags",
  "cdn/spaces/me",
  "cdn/datasources",
  "cdn/datasource_entries",
];

function encode(text: string): string {
  // lone surrogates cannot be percent-encoded: send them as replacement characters
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

async function timed(target: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await rawRequest(server.url, target, { headers });
  const ms = performance.now() - started;
  const input = `${target}${Object.keys(headers).length ? ` ${JSON.stringify(headers).slice(0, 120)}` : ""}`;
  if (ms > slowest.ms) Object.assign(slowest, { ms, input });
  return { res, ms, input };
}

function expectSpecified(res: { status: number; headers: Record<string, unknown>; text: string }, input: string) {
  expect([200, 206, 301, 304, 400, 401, 404, 413, 414, 416, 422, 431], input).toContain(res.status);
  if (res.status >= 400) {
    expect(res.headers["content-type"], input).toBe("application/json; charset=utf-8");
    expect(() => JSON.parse(res.text), input).not.toThrow();
  }
}

describe("no request stalls the service", () => {
  it("answers any mix of generated query parameters on every endpoint within the bound", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.constantFrom(PREVIEW_TOKEN, PUBLIC_TOKEN),
        fc.array(param, { minLength: 1, maxLength: 4 }),
        async (endpoint, token, params) => {
          const query = [`token=${token}`, ...params.map(([k, v]) => `${encode(k)}=${encode(v)}`)].join("&");
          const { res, ms, input } = await timed(`/v2/${endpoint}?${query}`);
          expectSpecified(res, input);
          expect(ms, input).toBeLessThan(ANSWER_BOUND_MS);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("answers the worst wildcard inputs at once: many stars against the longest texts", async () => {
    const stars = `${"*a".repeat(127)}b`; // 255 characters, the longest pattern accepted
    const scan = `${"a*".repeat(126)}b*`; // matches its way through the whole text before it fails
    for (const query of [
      `filter_query[Headline][like]=${encode(scan)}`,
      `by_slugs=${encode(`long/${"a*".repeat(124)}b*`)}`,
      `by_slugs=${encode(stars)}`,
      `excluding_slugs=${encode(stars)}`,
      `filter_query[Headline][like]=${encode(stars)}`,
      `filter_query[Body][not_like]=${encode(stars)}`,
      `filter_query[__or][][Headline][like]=${encode(stars)}&filter_query[__or][][Body][like]=${encode(stars)}`,
      `by_slugs=${Array.from({ length: 30 }, () => encode(stars)).join(",")}`,
    ]) {
      const { res, ms, input } = await timed(`/v2/cdn/stories?token=${PREVIEW_TOKEN}&version=draft&${query}`);
      if (ms > slowestWildcard.ms) Object.assign(slowestWildcard, { ms, input });
      expect(res.status, input).toBe(200);
      expect(ms, input).toBeLessThan(ANSWER_BOUND_MS);
    }
  }, 60_000);

  it("answers generated headers (Range, conditionals, Accept, Host) and image transforms within the bound", async () => {
    const range = fc.oneof(
      hostile,
      hostile.map((s) => `bytes=${s}`),
      fc.integer({ min: 1, max: 60_000 }).map((n) => " ".repeat(n)),
      fc.integer({ min: 1, max: 6_000 }).map((n) => `bytes=${"0-1,".repeat(n)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        range,
        fc.constantFrom("Range", "If-None-Match", "If-Range", "Accept", "Host"),
        async (value, name) => {
          const header = value.replace(/[^\t\x20-\x7e]/g, "x").slice(0, 60_000);
          // Accept and Host are read by the API (asset URLs) and the image service (WebP)
          const target =
            name === "Host"
              ? `/v2/cdn/stories/home?token=${PREVIEW_TOKEN}&version=draft`
              : name === "Accept"
                ? `${HERO_PATH}/m/40x0`
                : HERO_PATH;
          const { res, ms, input } = await timed(target, { [name]: header });
          expectSpecified(res, input);
          expect(ms, input).toBeLessThan(ANSWER_BOUND_MS);
        },
      ),
      { numRuns: 200 },
    );
    const filter = fc.oneof(
      hostile,
      fc
        .tuple(
          fc.constantFrom("quality", "blur", "brightness", "rotate", "format", "fill", "focal", "grayscale"),
          hostile,
        )
        .map(([name, arg]) => `${name}(${arg})`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(filter, { maxLength: 3 }),
        fc.constantFrom("/m/", "/m/10x10/", "/m/fit-in/20x20/"),
        async (filters, prefix) => {
          const target = `${HERO_PATH}${prefix}filters:${filters.map(encode).join(":")}`;
          const { res, ms, input } = await timed(target.slice(0, 8000));
          expectSpecified(res, input);
          expect(ms, input).toBeLessThan(ANSWER_BOUND_MS * 2); // a valid one renders an image
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
