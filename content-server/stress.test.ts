import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultConfig } from "./faults";
import type { MemorySample, StressChildOptions, StressReply, StressRequest } from "./stress-child";
import {
  createFixture,
  HERO_PATH,
  ICON_PATH,
  PREVIEW_TOKEN,
  PUBLIC_TOKEN,
  TAGS,
  uuidFor,
  type Fixture,
} from "./test-fixture";

/**
 * Stress test of the content service on loopback: concurrent story reads
 * and image transforms, then fault injection under the same load, then
 * recovery. The service runs in a child process (stress-child.ts) so that
 * its memory is measured alone. The request mix is seeded and bounded in
 * count; the whole run in time.
 */

const ARTICLES = 240;
const CLIENTS = 48;
const SEED = 20_240_601;
const MB = 1024 * 1024;

/**
 * The run: a warm-up, then nine measured phases whose thirds are compared
 * for memory growth; the faults come in the middle third, and the last
 * third shows the recovery.
 */
type PhaseKind = "warm-up" | "load" | "faults";
const PHASES: readonly PhaseKind[] = [
  "warm-up",
  "load",
  "load",
  "load",
  "load",
  "faults",
  "load",
  "load",
  "load",
  "load",
];
/** Block sizes: story reads and image transforms, shuffled together. */
const WARM_UP = { storyReads: 400, images: 60 };
const LOAD = { storyReads: 560, images: 36 };
/** The fault phase: every fault kind on the API, then 5xx on image transforms only. */
const API_FAULT_BLOCK = { storyReads: 400, images: 24 };
const IMAGE_FAULT_BLOCK = { storyReads: 160, images: 40 };
/** Share of image requests that repeat a transform rendered in an earlier phase (a disk cache hit). */
const IMAGE_REPEAT_SHARE = 0.3;

/**
 * Memory bounds. RSS of the loaded service climbs by 20-40 MB from the
 * first to the last third of this run and levels off later (allocator
 * high-water of the image renders: about 265 MB after 2,000 renders), so
 * its growth bound is generous; it catches native leaks, and kept render
 * buffers (+90 MB here). What the service retains after a full GC (JS heap
 * plus external buffers) stays within 1 MB from phase to phase, so that
 * bound is tight: it catches kept render buffers too, and a cache of story
 * answers, which adds about 3 MB of strings per phase but too little RSS
 * to see.
 */
const RSS_GROWTH_LIMIT = 80 * MB;
const RSS_CEILING = 600 * MB;
const RETAINED_GROWTH_LIMIT = 8 * MB;

const REQUEST_TIMEOUT_MS = 30_000;
/** Past this no request is sent any more, so that the test fails with a count rather than a timeout. */
const RUN_DEADLINE_MS = 100_000;
const TEST_TIMEOUT_MS = 120_000;

const ADMIN_TOKEN = "stress-admin-token";
const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------
// Seeded randomness

class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, count);
  }
}

// ---------------------------------------------------------------------------
// Requests and what their answers must be

interface Received {
  status: number;
  headers: { get(name: string): string | null };
  body: Buffer;
}

interface ImageTransform {
  /** Path after the asset, e.g. /m/400x0/filters:quality(60) */
  url: string;
  accept: string;
  type: "image/webp" | "image/jpeg" | "image/png";
  width: number;
  height: number;
}

interface RequestSpec {
  kind: "story" | "image";
  /** Path and query, sent as is. */
  target: string;
  accept?: string;
  /** null when the answer is the expected one, else what is wrong with it. */
  check(received: Received): Promise<string | null> | string | null;
  /** Set on image requests that render a transform for the first time. */
  newTransform?: ImageTransform;
}

interface StoryJson {
  id: number;
  uuid: string;
  full_slug: string;
  name?: unknown;
  tag_list?: unknown;
  content?: Record<string, unknown>;
}

function isStory(value: unknown): value is StoryJson {
  const s = value as Partial<StoryJson> | null;
  return (
    typeof s === "object" &&
    s !== null &&
    typeof s.id === "number" &&
    typeof s.uuid === "string" &&
    typeof s.full_slug === "string"
  );
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function jsonAnswer(r: Received): { json: Record<string, unknown> } | { problem: string } {
  if (r.status !== 200) return { problem: `status ${r.status}: ${r.body.toString("utf8").slice(0, 120)}` };
  if (r.headers.get("content-type") !== "application/json; charset=utf-8")
    return { problem: `content-type ${r.headers.get("content-type")}` };
  const json = parseJson(r.body);
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { problem: "body is not a JSON object" };
  return { json: json as Record<string, unknown> };
}

interface Access {
  token: string;
  version: "draft" | "published";
}

const ACCESSES: readonly Access[] = [
  { token: PREVIEW_TOKEN, version: "draft" },
  { token: PREVIEW_TOKEN, version: "published" },
  { token: PUBLIC_TOKEN, version: "published" },
];

interface Article {
  n: number;
  id: number;
  uuid: string;
  fullSlug: string;
  tag: string;
  rank: string;
}

/** The fixture's articles, as test-fixture.ts writes them. */
const articles: Article[] = Array.from({ length: ARTICLES }, (_, index) => {
  const n = index + 1;
  const id = 1000 + n;
  return {
    n,
    id,
    uuid: uuidFor(id),
    fullSlug: `articles/article-${String(n).padStart(3, "0")}`,
    tag: TAGS[n % TAGS.length] as string,
    rank: String(n % 7),
  };
});
/** home, about, secret (draft only), index, header, articles/ */
const OTHER_STORIES = { draft: 6, published: 5 };

/** Builds the story reads: single stories by slug, uuid and id, and listings with filters, pages and relations. */
class StoryReads {
  constructor(
    private readonly random: Random,
    private readonly cv: number,
  ) {}

  next(): RequestSpec {
    const access = this.random.pick(ACCESSES);
    const roll = this.random.next();
    if (roll < 0.3) return this.single(access, "slug");
    if (roll < 0.4) return this.single(access, "uuid");
    if (roll < 0.45) return this.single(access, "id");
    if (roll < 0.5) return this.about(access);
    if (roll < 0.55) return this.index(access);
    return this.listing(access);
  }

  private query(access: Access, params: Record<string, string>): string {
    const query = new URLSearchParams({ token: access.token, version: access.version, ...params });
    // published reads carry the current cv half of the time, as the site's client does
    if (this.random.next() < 0.5) query.set("cv", String(this.cv));
    return query.toString();
  }

  private storyAnswer(
    r: Received,
    expect: (story: StoryJson, json: Record<string, unknown>) => string | null,
  ): string | null {
    const answer = jsonAnswer(r);
    if ("problem" in answer) return answer.problem;
    const { json } = answer;
    if (!isStory(json.story)) return "no story in the answer";
    if (json.cv !== this.cv) return `cv ${String(json.cv)}, expected ${this.cv}`;
    if (!Array.isArray(json.rels) || !Array.isArray(json.links)) return "rels or links missing";
    return expect(json.story, json);
  }

  private single(access: Access, by: "slug" | "uuid" | "id"): RequestSpec {
    const article = this.random.pick(articles);
    const id = by === "slug" ? article.fullSlug : by === "uuid" ? article.uuid : String(article.id);
    const extra: Record<string, string> = by === "uuid" ? { find_by: "uuid" } : {};
    return {
      kind: "story",
      target: `/v2/cdn/stories/${id}?${this.query(access, extra)}`,
      check: (r) =>
        this.storyAnswer(r, (story) =>
          story.uuid === article.uuid && story.full_slug === article.fullSlug
            ? null
            : `got ${story.full_slug}, expected ${article.fullSlug}`,
        ),
    };
  }

  /** The about story differs between draft and published; its draft links two articles. */
  private about(access: Access): RequestSpec {
    const draft = access.version === "draft";
    return {
      kind: "story",
      target: `/v2/cdn/stories/about?${this.query(access, { resolve_links: "url" })}`,
      check: (r) =>
        this.storyAnswer(r, (story, json) => {
          const name = draft ? "About (draft)" : "About";
          const links = (json.links as unknown[]).length;
          if (story.name !== name) return `name ${String(story.name)}, expected ${name}`;
          return links === (draft ? 2 : 0) ? null : `${links} links`;
        }),
    };
  }

  /** The index relates three articles and the draft-only secret story (and a missing uuid). */
  private index(access: Access): RequestSpec {
    const expectedRels = access.version === "draft" ? 4 : 3;
    return {
      kind: "story",
      target: `/v2/cdn/stories/index?${this.query(access, { resolve_relations: "article_list.Articles" })}`,
      check: (r) =>
        this.storyAnswer(r, (story, json) => {
          const rels = json.rels as unknown[];
          if (story.full_slug !== "index") return `got ${story.full_slug}`;
          return rels.length === expectedRels && rels.every(isStory)
            ? null
            : `${rels.length} rels, expected ${expectedRels}`;
        }),
    };
  }

  /**
   * A listing whose expected total is known from the fixture. Random
   * excluding_ids, by_uuids and search terms make most selections new, so
   * the service's selection cache keeps evicting.
   */
  private listing(access: Access): RequestSpec {
    const r = this.random;
    const draft = access.version === "draft";
    const kind = r.int(0, 7);
    let params: Record<string, string>;
    let total: number;
    let matches: (story: StoryJson) => boolean = () => true;
    let rels = 0;
    let first: string | undefined;
    switch (kind) {
      case 0:
        params = {};
        total = ARTICLES + (draft ? OTHER_STORIES.draft : OTHER_STORIES.published);
        break;
      case 1: {
        const sort = r.pick(["", "content.Headline:asc", "created_at:desc", "position:asc"]);
        params = { starts_with: "articles/", ...(sort ? { sort_by: sort } : {}) };
        total = ARTICLES + 1; // the articles and their folder's start page
        matches = (s) => s.full_slug.startsWith("articles/");
        if (sort === "content.Headline:asc") first = "articles/article-001";
        break;
      }
      case 2: {
        const tag = r.pick(TAGS);
        params = { with_tag: tag };
        total = articles.filter((a) => a.tag === tag).length;
        matches = (s) => Array.isArray(s.tag_list) && s.tag_list.includes(tag);
        break;
      }
      case 3: {
        const ranks = r.sample(["0", "1", "2", "3", "4", "5", "6"], r.int(1, 3));
        params = { "filter_query[Rank][in]": ranks.join(",") };
        total = articles.filter((a) => ranks.includes(a.rank)).length;
        matches = (s) => ranks.includes(String(s.content?.Rank));
        break;
      }
      case 4: {
        const excluded = r.sample(articles, r.int(1, 3));
        params = { starts_with: "articles/", excluding_ids: excluded.map((a) => a.id).join(",") };
        total = ARTICLES + 1 - excluded.length;
        matches = (s) => s.full_slug.startsWith("articles/") && !excluded.some((a) => a.id === s.id);
        break;
      }
      case 5: {
        const wanted = r.sample(articles, r.int(2, 30));
        params = { by_uuids: wanted.map((a) => a.uuid).join(",") };
        total = wanted.length;
        matches = (s) => wanted.some((a) => a.uuid === s.uuid);
        break;
      }
      case 6: {
        const article = r.pick(articles);
        params = { search_term: `headline ${String(article.n).padStart(3, "0")}` };
        total = 1;
        matches = (s) => s.uuid === article.uuid;
        break;
      }
      default:
        params = { by_slugs: "index,home", resolve_relations: "article_list.Articles" };
        total = 2;
        rels = draft ? 4 : 3;
    }
    const perPage = r.pick([10, 25, 50, 100]);
    const pages = Math.max(1, Math.ceil(total / perPage));
    const page = r.int(1, pages);
    const length = Math.min(perPage, total - (page - 1) * perPage);
    if (page > 1) first = undefined;
    return {
      kind: "story",
      target: `/v2/cdn/stories?${this.query(access, { ...params, per_page: String(perPage), page: String(page) })}`,
      check: (received) => {
        const answer = jsonAnswer(received);
        if ("problem" in answer) return answer.problem;
        const { json } = answer;
        const stories = json.stories;
        if (!Array.isArray(stories) || !stories.every(isStory)) return "no stories array";
        if (received.headers.get("total") !== String(total))
          return `Total ${received.headers.get("total")}, expected ${total}`;
        if (stories.length !== length) return `${stories.length} stories, expected ${length}`;
        if (!stories.every(matches)) return "a story that does not match the filter";
        if (first !== undefined && stories[0]?.full_slug !== first)
          return `first ${stories[0]?.full_slug}, expected ${first}`;
        if (json.cv !== this.cv) return `cv ${String(json.cv)}`;
        if (!Array.isArray(json.rels) || json.rels.length !== rels)
          return `rels ${Array.isArray(json.rels) ? json.rels.length : "missing"}, expected ${rels}`;
        return null;
      },
    };
  }
}

const WEBP_ACCEPT = "image/avif,image/webp,*/*";
const NO_WEBP_ACCEPT = "image/jpeg,image/png,*/*";

/**
 * Every distinct transform of the run, shuffled: widths 100..1600 of the
 * 1600x1000 JPEG in WebP, JPEG and PNG, with quality, fit-in and crops, and
 * widths 20..400 of the 200x100 PNG. None is requested twice as new, so each
 * is a real (cold) render.
 */
function distinctTransforms(random: Random): ImageTransform[] {
  const list: ImageTransform[] = [];
  const heroHeight = (w: number) => Math.round((w * 1000) / 1600);
  for (let w = 100; w <= 1600; w += 25) {
    list.push(
      { url: `${HERO_PATH}/m/${w}x0`, accept: WEBP_ACCEPT, type: "image/webp", width: w, height: heroHeight(w) },
      { url: `${HERO_PATH}/m/${w}x0`, accept: NO_WEBP_ACCEPT, type: "image/jpeg", width: w, height: heroHeight(w) },
      {
        url: `${HERO_PATH}/m/${w}x0/filters:quality(${40 + (w % 50)})`,
        accept: WEBP_ACCEPT,
        type: "image/webp",
        width: w,
        height: heroHeight(w),
      },
      {
        url: `${HERO_PATH}/m/fit-in/${w}x${w}/filters:format(jpeg):quality(70)`,
        accept: WEBP_ACCEPT,
        type: "image/jpeg",
        width: w,
        height: heroHeight(w),
      },
      {
        url: `${HERO_PATH}/m/${w}x${Math.round(w / 2)}`,
        accept: WEBP_ACCEPT,
        type: "image/webp",
        width: w,
        height: Math.round(w / 2),
      },
      {
        url: `${HERO_PATH}/m/${w}x0/filters:format(png)`,
        accept: WEBP_ACCEPT,
        type: "image/png",
        width: w,
        height: heroHeight(w),
      },
    );
  }
  for (let w = 20; w <= 400; w += 20) {
    list.push(
      { url: `${ICON_PATH}/m/${w}x0`, accept: "*/*", type: "image/png", width: w, height: w / 2 },
      { url: `${ICON_PATH}/m/${w}x0/filters:format(webp)`, accept: "*/*", type: "image/webp", width: w, height: w / 2 },
    );
  }
  return random.shuffle(list);
}

const SHARP_FORMAT = { "image/webp": "webp", "image/jpeg": "jpeg", "image/png": "png" } as const;

function imageRequest(t: ImageTransform, repeat: boolean): RequestSpec {
  return {
    kind: "image",
    target: t.url,
    accept: t.accept,
    newTransform: repeat ? undefined : t,
    async check(r) {
      if (r.status !== 200) return `status ${r.status}: ${r.body.toString("utf8").slice(0, 120)}`;
      if (r.headers.get("content-type") !== t.type)
        return `content-type ${r.headers.get("content-type")}, expected ${t.type}`;
      if (r.body.length === 0) return "empty body";
      // a repeat was rendered in an earlier phase, so it comes from the disk cache
      const cache = r.headers.get("x-image-cache");
      if (cache !== (repeat ? "hit" : "miss")) return `X-Image-Cache ${cache}, expected ${repeat ? "hit" : "miss"}`;
      const meta = await sharp(r.body).metadata();
      if (meta.format !== SHARP_FORMAT[t.type]) return `decodes as ${meta.format}`;
      if (meta.width !== t.width || Math.abs((meta.height ?? 0) - t.height) > 1)
        return `${meta.width}x${meta.height}, expected ${t.width}x${t.height}`;
      return null;
    },
  };
}

// ---------------------------------------------------------------------------
// Running requests

type Outcome = "ok" | "injected-5xx" | "injected-429" | "truncated-json" | "connection-reset" | "failed";
const INJECTED: readonly Outcome[] = ["injected-5xx", "injected-429", "truncated-json", "connection-reset"];

/** The failure kinds fault injection produces, recognised by their exact answers. */
function injectedFault(r: Received): Outcome | null {
  const json = parseJson(r.body) as { error?: unknown } | undefined;
  if ((r.status === 500 || r.status === 502 || r.status === 503) && json?.error === `Injected fault: ${r.status}`)
    return "injected-5xx";
  if (r.status === 429 && json?.error === "Rate limit exceeded. Retry later." && r.headers.get("retry-after") === "1")
    return "injected-429";
  const isJson = r.headers.get("content-type")?.startsWith("application/json") === true;
  if (r.status === 200 && isJson && json === undefined && /^\{"stor(y|ies)":/.test(r.body.toString("utf8")))
    return "truncated-json";
  return null;
}

/**
 * One HTTP request, the target sent as is. `agent` false: a connection of
 * its own. Requests of a block share one keep-alive agent, destroyed after
 * the block: a socket left idle past the server's keep-alive timeout (5 s,
 * easily reached between phases on a busy machine) would otherwise be
 * closed by the server just as the client reuses it, a reset that is no
 * fault of the service.
 */
function send(
  origin: string,
  target: string,
  init: { agent: Agent | false; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Received> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: target, method: init.method ?? "GET", headers: init.headers, agent: init.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const get = (name: string) => {
            const value = res.headers[name.toLowerCase()];
            return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
          };
          resolve({ status: res.statusCode ?? 0, headers: { get }, body: Buffer.concat(chunks) });
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(init.body);
  });
}

async function perform(
  origin: string,
  agent: Agent | false,
  spec: RequestSpec,
): Promise<{ outcome: Outcome; problem?: string }> {
  let received: Received;
  try {
    const headers: Record<string, string> = spec.accept ? { Accept: spec.accept } : {};
    received = await send(origin, spec.target, { agent, headers });
    // a published read without the current cv is redirected to it, as by Storyblok; clients follow
    const location = received.status === 301 ? received.headers.get("location") : null;
    if (location) {
      const target = new URL(location, origin);
      received = await send(origin, target.pathname + target.search, { agent, headers });
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ECONNRESET") return { outcome: "connection-reset" };
    return { outcome: "failed", problem: String(err) };
  }
  const injected = injectedFault(received);
  if (injected) return { outcome: injected };
  const problem = await spec.check(received);
  return problem === null ? { outcome: "ok" } : { outcome: "failed", problem };
}

interface Tally {
  storyReads: number;
  imageTransforms: number;
  outcomes: Record<Outcome, number>;
  /** Injected outcomes on requests the faults do not apply to are failures too. */
  failures: number;
  problems: string[];
  unsent: number;
  seconds: number;
}

function emptyTally(): Tally {
  const outcomes = {
    ok: 0,
    "injected-5xx": 0,
    "injected-429": 0,
    "truncated-json": 0,
    "connection-reset": 0,
    failed: 0,
  };
  return { storyReads: 0, imageTransforms: 0, outcomes, failures: 0, problems: [], unsent: 0, seconds: 0 };
}

function addTally(into: Tally, from: Tally): void {
  into.storyReads += from.storyReads;
  into.imageTransforms += from.imageTransforms;
  for (const key of Object.keys(into.outcomes) as Outcome[]) into.outcomes[key] += from.outcomes[key];
  into.failures += from.failures;
  into.problems.push(...from.problems.slice(0, Math.max(0, 20 - into.problems.length)));
  into.unsent += from.unsent;
  into.seconds += from.seconds;
}

/**
 * Sends the requests with CLIENTS concurrent clients on keep-alive
 * connections. `faultsApply`: whether the service's current faults apply to
 * a request (their `paths` rule); absent when no faults are set.
 */
async function runBlock(
  label: string,
  origin: string,
  specs: readonly RequestSpec[],
  deadline: number,
  faultsApply?: (spec: RequestSpec) => boolean,
): Promise<Tally> {
  const tally = emptyTally();
  const started = performance.now();
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  let next = 0;
  const client = async () => {
    while (next < specs.length) {
      if (performance.now() > deadline) {
        tally.unsent = specs.length - next;
        next = specs.length;
        return;
      }
      const spec = specs[next++] as RequestSpec;
      const { outcome, problem } = await perform(origin, agent, spec);
      if (spec.kind === "story") tally.storyReads++;
      else tally.imageTransforms++;
      tally.outcomes[outcome]++;
      const expected = outcome === "ok" || (faultsApply?.(spec) === true && INJECTED.includes(outcome));
      if (!expected) {
        tally.failures++;
        if (tally.problems.length < 20)
          tally.problems.push(`${label}: ${outcome} ${spec.target}${problem ? `: ${problem}` : ""}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  agent.destroy();
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

// ---------------------------------------------------------------------------
// The service in a child process

interface ServiceChild {
  url: string;
  cv: number;
  process: ChildProcess;
  stderr(): string;
  /** Memory now (after a full GC) and the highest RSS since the previous sample. */
  memory(): Promise<MemorySample>;
}

async function startServiceChild(options: StressChildOptions): Promise<ServiceChild> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", path.join(here, "stress-child.ts")], {
    cwd: path.resolve(here, ".."),
    env: { ...process.env, STRESS_CONTENT_OPTIONS: JSON.stringify(options) },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-8000);
  });
  const nextReply = <T extends StressReply["type"]>(
    type: T,
    timeoutMs: number,
  ): Promise<Extract<StressReply, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: StressReply) => {
        if (message.type !== type) return;
        cleanup();
        resolve(message as Extract<StressReply, { type: T }>);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`content service exited (${code}) while waiting for "${type}": ${stderr.trim()}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no "${type}" from the content service in ${timeoutMs} ms: ${stderr.trim()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const ready = await nextReply("ready", 30_000);
  return {
    url: ready.url,
    cv: ready.cv,
    process: child,
    stderr: () => stderr,
    async memory() {
      const reply = nextReply("memory", 10_000);
      child.send({ type: "memory", gc: true } satisfies StressRequest);
      return (await reply).sample;
    },
  };
}

/** Asks the child to close its server; resolves to its exit code and how long it took. */
function closeServiceChild(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", (code, signal) => {
      clearTimeout(force);
      resolve({ code, signal, ms: performance.now() - started });
    });
    child.send({ type: "close" } satisfies StressRequest);
  });
}

// ---------------------------------------------------------------------------
// The run

interface PhaseReport {
  name: string;
  kind: PhaseKind;
  tally: Tally;
  /** Sampled at the end of the phase. */
  memory: MemorySample;
  /** Bytes of answers not seen before in the run: what a cache of every answer would have added. */
  newAnswerBytes: { story: number; image: number };
}

interface FaultReport {
  /** All fault kinds on /v2/ (default paths). */
  apiFaults: Tally;
  apiFaultsAfter: unknown;
  /** 5xx on image transforms only (paths "/m/"). */
  imageFaults: Tally;
  clearedFaults: unknown;
}

interface StressReport {
  startMemory: MemorySample;
  phases: PhaseReport[];
  faults: FaultReport;
  total: Tally;
  seconds: number;
  health: { status: number; body: unknown };
  finalRead: string | null;
  close: { code: number | null; signal: NodeJS.Signals | null; ms: number };
  reconnect: string;
  stderr: string;
}

const API_FAULTS = {
  latencyMs: 2,
  errorRate: 0.1,
  burst429: 25,
  resetRate: 0.03,
  malformedRate: 0.1,
} satisfies FaultConfig;
const IMAGE_FAULTS = { errorRate: 0.3, paths: "/m/" } satisfies FaultConfig;

let fx: Fixture | undefined;
let service: ServiceChild | undefined;
let report: StressReport;

async function admin(origin: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const headers = { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" };
  const res = await send(origin, `/__admin/${route}`, {
    agent: false,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method} /__admin/${route}: ${res.status} ${res.body.toString("utf8")}`);
  return parseJson(res.body);
}

async function runStress(): Promise<StressReport> {
  fx = await createFixture({ articles: ARTICLES });
  service = await startServiceChild({
    contentDir: fx.dir,
    imageCacheDir: path.join(fx.dir, ".image-cache"),
    adminToken: ADMIN_TOKEN,
  });
  const origin = service.url;
  const random = new Random(SEED);
  const storyReads = new StoryReads(random, service.cv);
  const newTransforms = distinctTransforms(random);
  /** Transforms rendered in finished phases, repeated as warm (cached) requests. */
  const rendered: ImageTransform[] = [];
  const seenAnswers = new Set<string>();
  const deadline = performance.now() + RUN_DEADLINE_MS;

  const buildBlock = (size: { storyReads: number; images: number }): RequestSpec[] => {
    const specs = Array.from({ length: size.storyReads }, () => storyReads.next());
    for (let i = 0; i < size.images; i++) {
      const repeat = rendered.length > 0 && random.next() < IMAGE_REPEAT_SHARE;
      const transform = repeat ? random.pick(rendered) : newTransforms.pop();
      if (!transform) throw new Error("the run needs more distinct transforms");
      specs.push(imageRequest(transform, repeat));
    }
    return random.shuffle(specs);
  };
  /** Counts answers not seen before, and keeps new transforms of fault-free blocks for repeats. */
  const withTracking = (
    block: RequestSpec[],
    keepTransforms: boolean,
    newBytes: PhaseReport["newAnswerBytes"],
  ): RequestSpec[] =>
    block.map((spec) => ({
      ...spec,
      async check(r: Received) {
        const problem = await spec.check(r);
        const key = `${spec.accept ?? ""} ${spec.target}`;
        if (problem === null && !seenAnswers.has(key)) {
          seenAnswers.add(key);
          newBytes[spec.kind] += r.body.length;
        }
        if (problem === null && keepTransforms && spec.newTransform) rendered.push(spec.newTransform);
        return problem;
      },
    }));

  const startMemory = await service.memory();
  const phases: PhaseReport[] = [];
  const total = emptyTally();
  let faults: FaultReport | undefined;
  const started = performance.now();

  for (const [index, kind] of PHASES.entries()) {
    const name = `${index} ${kind}`;
    const newAnswerBytes = { story: 0, image: 0 };
    const tally = emptyTally();
    if (kind === "faults") {
      // the service applies faults to /v2/ by default, and to paths containing `paths` when set
      const apiBlock = withTracking(buildBlock(API_FAULT_BLOCK), false, newAnswerBytes);
      await admin(origin, "PUT", "faults", API_FAULTS);
      const apiFaults = await runBlock(`${name} (API)`, origin, apiBlock, deadline, (spec) =>
        spec.target.startsWith("/v2/"),
      );
      const apiFaultsAfter = await admin(origin, "GET", "faults");
      const imageBlock = withTracking(buildBlock(IMAGE_FAULT_BLOCK), false, newAnswerBytes);
      await admin(origin, "PUT", "faults", IMAGE_FAULTS);
      const imageFaults = await runBlock(
        `${name} (images)`,
        origin,
        imageBlock,
        deadline,
        (spec) => spec.target.split("?")[0]?.includes("/m/") === true,
      );
      const clearedFaults = await admin(origin, "DELETE", "faults");
      faults = { apiFaults, apiFaultsAfter, imageFaults, clearedFaults };
      addTally(tally, apiFaults);
      addTally(tally, imageFaults);
    } else {
      const block = withTracking(buildBlock(kind === "warm-up" ? WARM_UP : LOAD), true, newAnswerBytes);
      addTally(tally, await runBlock(name, origin, block, deadline));
    }
    addTally(total, tally);
    phases.push({ name, kind, tally, memory: await service.memory(), newAnswerBytes });
  }
  const seconds = (performance.now() - started) / 1000;

  const healthResponse = await send(origin, "/__health", { agent: false });
  const health = { status: healthResponse.status, body: parseJson(healthResponse.body) };
  const finalSpec = storyReads.next();
  const final = await perform(origin, false, finalSpec);
  const finalRead = final.outcome === "ok" ? null : `${final.outcome} ${finalSpec.target}: ${final.problem ?? ""}`;
  const close = await closeServiceChild(service.process);
  const reconnect = await send(origin, "/__health", { agent: false }).then(
    (res) => `answered ${res.status}`,
    (err: unknown) => String((err as NodeJS.ErrnoException).code ?? err),
  );

  if (!faults) throw new Error("the fault phase did not run");
  return { startMemory, phases, faults, total, seconds, health, finalRead, close, reconnect, stderr: service.stderr() };
}

const mb = (bytes: number) => Math.round(bytes / MB);
const peakOf = (phases: readonly PhaseReport[]) => Math.max(...phases.map((p) => p.memory.peakRss));
const retained = (m: MemorySample) => m.heapUsed + m.external;
const retainedOf = (phases: readonly PhaseReport[]) => Math.max(...phases.map((p) => retained(p.memory)));
const allAnswered = (t: Tally) => t.outcomes.ok === t.storyReads + t.imageTransforms;

function measuredThirds(phases: readonly PhaseReport[]): {
  first: PhaseReport[];
  later: PhaseReport[];
  last: PhaseReport[];
} {
  const measured = phases.filter((p) => p.kind !== "warm-up");
  const third = Math.floor(measured.length / 3);
  return { first: measured.slice(0, third), later: measured.slice(third), last: measured.slice(-third) };
}

function plannedRequests(): { storyReads: number; images: number } {
  const blocks = PHASES.flatMap((kind) =>
    kind === "warm-up" ? [WARM_UP] : kind === "load" ? [LOAD] : [API_FAULT_BLOCK, IMAGE_FAULT_BLOCK],
  );
  return {
    storyReads: blocks.reduce((sum, b) => sum + b.storyReads, 0),
    images: blocks.reduce((sum, b) => sum + b.images, 0),
  };
}

function logSummary(r: StressReport): void {
  const t = r.total;
  const requests = t.storyReads + t.imageTransforms;
  const injected = INJECTED.reduce((sum, o) => sum + t.outcomes[o], 0);
  const end = r.phases[r.phases.length - 1]?.memory;
  console.info(
    `[stress] requests=${requests} story_reads=${t.storyReads} image_transforms=${t.imageTransforms} failures=${t.failures} ` +
      `injected_faults=${injected} unsent=${t.unsent} duration_s=${r.seconds.toFixed(1)} req_per_s=${Math.round(requests / r.seconds)} ` +
      `rss_start_mb=${mb(r.startMemory.rss)} rss_peak_mb=${mb(peakOf(r.phases))} rss_end_mb=${mb(end?.rss ?? 0)} ` +
      `retained_start_mb=${mb(retained(r.startMemory))} retained_end_mb=${mb(end ? retained(end) : 0)} clients=${CLIENTS}`,
  );
  console.info(
    `[stress] by phase: ${r.phases.map((p) => `${p.name}: ${p.tally.storyReads}+${p.tally.imageTransforms} req in ${p.tally.seconds.toFixed(1)} s, peak ${mb(p.memory.peakRss)} MB, retained ${mb(retained(p.memory))} MB, new answers ${mb(p.newAnswerBytes.story)}+${mb(p.newAnswerBytes.image)} MB`).join("; ")}`,
  );
}

describe("content service under stress (loopback, child process)", () => {
  beforeAll(async () => {
    report = await runStress();
    logSummary(report);
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    if (service && service.process.exitCode === null && service.process.signalCode === null)
      service.process.kill("SIGKILL");
    await fx?.cleanup();
  });

  it("answers every story read and image transform as expected, within the deadline", () => {
    const { total } = report;
    expect(total.problems).toEqual([]);
    expect(total.failures).toBe(0);
    expect(total.unsent).toBe(0);
    expect({ storyReads: total.storyReads, images: total.imageTransforms }).toEqual(plannedRequests());
    for (const phase of report.phases.filter((p) => p.kind !== "faults"))
      expect(allAnswered(phase.tally), phase.name).toBe(true);
  });

  it("round-trips injected faults: clients see exactly the injected kinds, then none once cleared", () => {
    const { apiFaults, apiFaultsAfter, imageFaults, clearedFaults } = report.faults;
    // on the API every kind shows up; burst429 answers exactly the next N requests (after any reset)
    expect(apiFaults.outcomes["injected-429"]).toBe(API_FAULTS.burst429);
    expect(apiFaults.outcomes["injected-5xx"]).toBeGreaterThan((apiFaults.storyReads * API_FAULTS.errorRate) / 3);
    expect(apiFaults.outcomes["injected-5xx"]).toBeLessThan(apiFaults.storyReads * API_FAULTS.errorRate * 3);
    expect(apiFaults.outcomes["truncated-json"]).toBeGreaterThan(0);
    expect(apiFaults.outcomes["connection-reset"]).toBeGreaterThan(0);
    // and nothing else: any other answer, or an injected kind on an image transform (not under /v2/), is a failure
    expect(apiFaults.problems).toEqual([]);
    expect(apiFaults.storyReads + apiFaults.imageTransforms).toBe(API_FAULT_BLOCK.storyReads + API_FAULT_BLOCK.images);
    expect(apiFaultsAfter).toEqual({ faults: { ...API_FAULTS, burst429Remaining: 0 } });
    // with paths "/m/" only image transforms fail, and only with 5xx
    expect(imageFaults.problems).toEqual([]);
    expect(imageFaults.outcomes["injected-5xx"]).toBeGreaterThan(0);
    expect(imageFaults.outcomes["injected-5xx"]).toBeLessThan(imageFaults.imageTransforms);
    expect(imageFaults.outcomes.ok + imageFaults.outcomes["injected-5xx"]).toBe(
      IMAGE_FAULT_BLOCK.storyReads + IMAGE_FAULT_BLOCK.images,
    );
    expect(clearedFaults).toEqual({ faults: { burst429Remaining: 0 } });
    // once cleared, every request is answered again
    const after = report.phases.slice(report.phases.findIndex((p) => p.kind === "faults") + 1);
    expect(after.length).toBeGreaterThanOrEqual(3);
    for (const phase of after) expect(allAnswered(phase.tally), phase.name).toBe(true);
  });

  it("keeps the service's memory bounded: no growth from the first to the last third of the run", () => {
    const { first, later, last } = measuredThirds(report.phases);
    expect(peakOf(report.phases)).toBeLessThan(RSS_CEILING);
    expect(peakOf(last)).toBeLessThan(peakOf(first) + RSS_GROWTH_LIMIT);
    expect(retainedOf(last)).toBeLessThan(retainedOf(first) + RETAINED_GROWTH_LIMIT);
    // the bounds can fail: keeping the new story answers, or the new renders, of the later phases would exceed them
    expect(later.reduce((sum, p) => sum + p.newAnswerBytes.story, 0)).toBeGreaterThan(2 * RETAINED_GROWTH_LIMIT);
    expect(later.reduce((sum, p) => sum + p.newAnswerBytes.image, 0)).toBeGreaterThan(2 * RETAINED_GROWTH_LIMIT);
  });

  it("is healthy at the end and closes cleanly", () => {
    expect(report.health).toEqual({
      status: 200,
      body: expect.objectContaining({ service: "content-server", stories: ARTICLES + OTHER_STORIES.draft }),
    });
    expect(report.finalRead).toBeNull();
    expect(report.close).toMatchObject({ code: 0, signal: null });
    expect(report.close.ms).toBeLessThan(5000);
    expect(report.reconnect).toBe("ECONNREFUSED");
    // the service logged no failed request and no cache write error
    expect(report.stderr).not.toMatch(/content-server:|image cache:/);
  });
});
