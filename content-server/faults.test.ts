import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { Faults } from "./faults";
import { RateLimiter } from "./rate-limit";
import { createFixture, HERO_PATH, PREVIEW_TOKEN, PUBLIC_TOKEN, type Fixture } from "./test-fixture";

/** Fault injection through the admin routes, and rate limiting. */

let fx: Fixture;
let server: ContentServerHandle;
const ADMIN = "admin-token-for-tests";

beforeAll(async () => {
  fx = await createFixture({ articles: 2 });
  server = await startContentServer({
    port: 0,
    contentDir: fx.dir,
    imageCacheDir: `${fx.dir}/.image-cache`,
    adminToken: ADMIN,
    // the limiter's clock stands still: a burst is counted against a full bucket, however slowly the machine sends it
    rateLimitClock: () => 0,
  });
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
});

function admin(path: string, method = "GET", body?: unknown, token = ADMIN) {
  return fetch(`${server.url}/__admin/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// a draft read: a published one without the current cv is first redirected, which doubles the requests
const story = () => fetch(`${server.apiUrl}/cdn/stories/home?token=${PREVIEW_TOKEN}&version=draft`);

describe("admin routes", () => {
  it("need the admin token; content tokens are refused", async () => {
    for (const token of [PREVIEW_TOKEN, PUBLIC_TOKEN, "wrong"]) {
      const res = await admin("faults", "PUT", { errorRate: 1 }, token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: "Unauthorized",
        message: "Admin routes need Authorization: Bearer <admin token>",
      });
    }
    const noHeader = await fetch(`${server.url}/__admin/faults?token=${PREVIEW_TOKEN}`);
    expect(noHeader.status).toBe(401);
    expect((await story()).status).toBe(200); // nothing was set
  });

  it("set, read and clear faults; validate the body", async () => {
    const put = await admin("faults", "PUT", { latencyMs: 5, burst429: 2 });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ faults: { latencyMs: 5, burst429: 2, burst429Remaining: 2 } });
    expect(await (await admin("faults")).json()).toEqual({
      faults: { latencyMs: 5, burst429: 2, burst429Remaining: 2 },
    });
    const bad = await admin("faults", "PUT", { errorRate: 2 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "errorRate must be a number between 0 and 1" });
    const unknown = await admin("faults", "POST", { explode: true });
    expect(await unknown.json()).toEqual({
      error: 'unknown fault "explode"; known: latencyMs, errorRate, burst429, resetRate, malformedRate, paths',
    });
    const notJson = await fetch(`${server.url}/__admin/faults`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${ADMIN}` },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await (await admin("faults", "DELETE")).json()).toEqual({ faults: { burst429Remaining: 0 } });
    expect((await admin("nothing")).status).toBe(404);
    expect((await admin("reload", "GET")).status).toBe(405);
  });

  it("reload re-reads the folder and answers the cv", async () => {
    const res = await admin("reload", "POST");
    expect(await res.json()).toEqual({ cv: server.cv(), stories: 8 });
  });
});

describe("faults", () => {
  it("burst429 answers the next N API requests with 429, then recovers", async () => {
    await admin("faults", "PUT", { burst429: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await story()).status);
    expect(statuses).toEqual([429, 429, 200]);
    const res = await (async () => {
      await admin("faults", "PUT", { burst429: 1 });
      return story();
    })();
    expect(await res.json()).toEqual({ error: "Rate limit exceeded. Retry later." });
    expect(res.headers.get("retry-after")).toBe("1");
  });

  it("adds latency", async () => {
    await admin("faults", "PUT", { latencyMs: 150 });
    const t = performance.now();
    await (await story()).text();
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
    await admin("faults", "DELETE");
  });

  it("answers a share of 5xx", async () => {
    await admin("faults", "PUT", { errorRate: 1 });
    const res = await story();
    expect([500, 502, 503]).toContain(res.status);
    expect((await res.json()).error).toMatch(/^Injected fault: 50[023]$/);
    await admin("faults", "PUT", { errorRate: 0.5 });
    let failures = 0;
    for (let i = 0; i < 100; i++) if ((await story()).status >= 500) failures++;
    expect(failures).toBeGreaterThan(25);
    expect(failures).toBeLessThan(75);
    await admin("faults", "DELETE");
  });

  it("resets connections", async () => {
    await admin("faults", "PUT", { resetRate: 1 });
    await expect(story()).rejects.toThrow();
    await admin("faults", "DELETE");
    expect((await story()).status).toBe(200);
  });

  it("answers truncated JSON", async () => {
    await admin("faults", "PUT", { malformedRate: 1 });
    const res = await story();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(text.startsWith('{"story":')).toBe(true);
    await admin("faults", "DELETE");
  });

  it("applies to /v2/ only, or to the configured paths", async () => {
    await admin("faults", "PUT", { errorRate: 1 });
    expect((await fetch(server.url + HERO_PATH)).status).toBe(200);
    await admin("faults", "PUT", { errorRate: 1, paths: "/cdn/links" });
    expect((await story()).status).toBe(200);
    expect((await fetch(`${server.apiUrl}/cdn/links?token=${PREVIEW_TOKEN}`)).status).toBeGreaterThanOrEqual(500);
    await admin("faults", "PUT", { errorRate: 1, paths: "/f/" });
    expect((await fetch(server.url + HERO_PATH)).status).toBeGreaterThanOrEqual(500);
    await admin("faults", "DELETE");
  });

  it("plans deterministically with a given random source", () => {
    const f = new Faults({ errorRate: 0.5, malformedRate: 0.5 }, () => 0.9);
    expect(f.plan("/v2/cdn/stories")).toEqual({ latencyMs: 0, action: { kind: "none" }, malformed: false });
    expect(f.plan("/f/1/2x2/abc/x.png")).toBeNull();
  });
});

describe("rate limiting", () => {
  it("storyblok tiers: 6 req/s for per_page 100, and 429 past it", async () => {
    server.setRateLimit("storyblok");
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${server.apiUrl}/cdn/stories?token=${PUBLIC_TOKEN}&per_page=100`)),
    );
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok.length).toBe(6);
    expect(limited.length).toBe(4);
    const last = limited[0]!;
    expect(await last.json()).toEqual({ error: "Rate limit exceeded. Retry later." });
    expect(last.headers.get("x-ratelimit-policy")).toBe('"uncached-6";q=6;w=1');
    expect(last.headers.get("retry-after")).toBe("1");
    // single reads have their own 50 req/s bucket; another token its own buckets
    expect((await fetch(`${server.apiUrl}/cdn/stories/home?token=${PUBLIC_TOKEN}`)).status).toBe(200);
    expect((await fetch(`${server.apiUrl}/cdn/stories?token=${PREVIEW_TOKEN}&per_page=100`)).status).toBe(200);
    server.setRateLimit("off");
  });

  it("treats published requests with the current cv as cached (1000 req/s)", () => {
    let now = 0;
    const limiter = new RateLimiter("storyblok", () => now);
    let allowed = 0;
    for (let i = 0; i < 1200; i++) if (limiter.check({ token: "t", perPage: 100, cached: true })?.allowed) allowed++;
    expect(allowed).toBe(1000);
    now = 500; // half a second refills half the bucket
    allowed = 0;
    for (let i = 0; i < 1200; i++) if (limiter.check({ token: "t", perPage: 100, cached: true })?.allowed) allowed++;
    expect(allowed).toBe(500);
  });

  it("a fixed number limits every request of a token", () => {
    const limiter = new RateLimiter(3, () => 0);
    const results = Array.from({ length: 5 }, () => limiter.check({ token: "t", cached: false })?.allowed);
    expect(results).toEqual([true, true, true, false, false]);
    expect(new RateLimiter("off").check({ token: "t", cached: false })).toBeNull();
  });
});
