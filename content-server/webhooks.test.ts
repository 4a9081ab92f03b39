import { createHmac } from "node:crypto";
import { rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { parseStoryFile } from "./content-files";
import { storyEvents } from "./content-store";
import { createFixture, PREVIEW_TOKEN, SPACE_ID, uuidFor, type Fixture } from "./test-fixture";
import { parseWebhookUrls, webhookSignature } from "./webhooks";

/**
 * Storyblok's story webhooks, sent when story files change, to a receiver
 * started here. Payload: `action`, `text`, `story_id`, `space_id`
 * (https://www.storyblok.com/docs/Guides/using-storyblok-webhooks) and
 * `full_slug` (https://www.storyblok.com/docs/concepts/webhooks); signature:
 * `webhook-signature`, the hex HMAC-SHA1 of the raw body with the secret
 * (https://www.storyblok.com/tp/webhook-secret-with-different-technologies).
 */

interface Delivery {
  body: string;
  json: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

const SECRET = "webhook-secret-for-tests";

/** A receiver that records deliveries; `plan` answers the next requests (a status, or "hang"). */
class Receiver {
  deliveries: Delivery[] = [];
  attempts = 0;
  /** the attempts this receiver is holding without an answer, until their connection closes */
  hanging = new Set<number>();
  plan: Array<number | "hang"> = [];
  private server!: Server;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const attempt = ++this.attempts;
        const next = this.plan.shift() ?? 200;
        if (next === "hang") {
          // never answers
          this.hanging.add(attempt);
          res.once("close", () => this.hanging.delete(attempt));
          return;
        }
        const body = Buffer.concat(chunks).toString("utf8");
        if (next === 200)
          this.deliveries.push({ body, json: JSON.parse(body) as Record<string, unknown>, headers: req.headers });
        res.writeHead(next, { "Content-Type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async waitFor(count: number, timeoutMs = 5000): Promise<Delivery[]> {
    const until = Date.now() + timeoutMs;
    while (this.deliveries.length < count) {
      if (Date.now() > until) throw new Error(`${this.deliveries.length} of ${count} deliveries arrived`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.deliveries.splice(0, count);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function article(id: number, fullSlug: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    uuid: uuidFor(id),
    name,
    slug: fullSlug.split("/").pop(),
    full_slug: fullSlug,
    content: { _uid: `u${id}`, component: "article", Headline: name },
    published_at: "2025-01-01T00:00:00.000Z",
    position: 0,
    ...extra,
  };
}

describe("story events of a file change", () => {
  const entry = (data: unknown) => parseStoryFile(JSON.stringify(data), "stories/x.json", 0, 0);
  const story = article(7, "news/a", "A");

  it("publishes, unpublishes, moves and deletes as Storyblok names it", () => {
    const published = entry({ story });
    const draftOnly = entry({ story, published: null });
    const expected = (action: string, slug = "news/a", name = "A") => ({
      action,
      story: { id: 7, name, full_slug: slug },
    });
    expect(storyEvents(undefined, published)).toEqual([expected("published")]);
    expect(storyEvents(undefined, draftOnly)).toEqual([]); // saving a draft sends nothing
    expect(storyEvents(published, draftOnly)).toEqual([expected("unpublished")]);
    expect(storyEvents(draftOnly, published)).toEqual([expected("published")]);
    expect(storyEvents(published, entry({ story: { ...story, name: "B" } }))).toEqual([
      expected("published", "news/a", "B"),
    ]);
    // a draft edit of a published story changes nothing published
    expect(storyEvents(published, entry({ story: { ...story, name: "B" }, published: story }))).toEqual([]);
    expect(storyEvents(published, entry({ story: { ...story, full_slug: "archive/a" } }))).toEqual([
      expected("moved", "archive/a"),
      expected("published", "archive/a"),
    ]);
    expect(storyEvents(published, undefined)).toEqual([expected("deleted")]);
    expect(storyEvents(published, published)).toEqual([]);
  });

  it("reads CONTENT_WEBHOOKS as a list of http(s) URLs", () => {
    expect(parseWebhookUrls(" http://a.test/x , https://b.test ")).toEqual(["http://a.test/x", "https://b.test"]);
    expect(parseWebhookUrls("")).toEqual([]);
    expect(() => parseWebhookUrls("ftp://a.test")).toThrow(/not http/);
    expect(() => parseWebhookUrls("nope")).toThrow(/not a URL/);
  });
});

describe("webhooks from the content folder", () => {
  let fx: Fixture;
  let receiver: Receiver;
  let server: ContentServerHandle;

  beforeAll(async () => {
    fx = await createFixture({ articles: 3, assets: false });
    receiver = new Receiver();
    await receiver.start();
    server = await startContentServer({
      port: 0,
      contentDir: fx.dir,
      imageCacheDir: path.join(fx.dir, ".image-cache"),
      webhooks: [receiver.url],
      webhookSecret: SECRET,
      webhookDelivery: { retries: 2, retryBaseMs: 20, timeoutMs: 500 },
      // a burst of five writes falls within it however busy the machine (25 ms did not always)
      watchDebounceMs: 400,
    });
  });

  afterEach(() => {
    receiver.deliveries = [];
    receiver.plan = [];
  });

  afterAll(async () => {
    await server?.close();
    await receiver?.stop();
    await fx?.cleanup();
  });

  it("POSTs published with Storyblok's payload and a valid signature when a story file changes", async () => {
    await fx.writeStory("articles/article-001", { story: article(1001, "articles/article-001", "Renamed") });
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.json).toEqual({
      action: "published",
      text: "The user content-server@localhost published the Story Renamed (articles/article-001)",
      story_id: 1001,
      space_id: SPACE_ID,
      full_slug: "articles/article-001",
    });
    expect(delivery!.headers["content-type"]).toBe("application/json");
    const signature = createHmac("sha1", SECRET).update(delivery!.body).digest("hex");
    expect(delivery!.headers["webhook-signature"]).toBe(signature);
    expect(webhookSignature(delivery!.body, SECRET)).toBe(signature);
  });

  it("sends unpublished, moved and deleted, and one webhook for a burst of writes", async () => {
    const slug = "articles/article-002";
    await fx.writeStory(slug, { story: article(1002, slug, "Two"), published: null });
    expect((await receiver.waitFor(1))[0]!.json).toMatchObject({ action: "unpublished", story_id: 1002 });

    await fx.writeStory(slug, { story: article(1002, "archive/article-002", "Two"), published: null });
    expect((await receiver.waitFor(1))[0]!.json).toMatchObject({ action: "moved", full_slug: "archive/article-002" });

    for (let i = 0; i < 5; i++) await fx.writeStory(slug, { story: article(1002, slug, `Two v${i}`) });
    const [burst] = await receiver.waitFor(1);
    expect(burst!.json).toMatchObject({ story_id: 1002 });

    // the deletion is a change after the burst: whatever more the burst would send comes before it
    await rm(path.join(fx.dir, "stories", `${slug}.json`));
    await vi.waitFor(() => expect(receiver.deliveries.at(-1)?.json.action).toBe("deleted"), { timeout: 5000 });
    const after = await receiver.waitFor(receiver.deliveries.length);
    expect(after.at(-1)!.json).toMatchObject({ action: "deleted", story_id: 1002 });
    // debounced: the burst became one change, so one "published" (after the move back, one "moved" at most)
    const actions = [burst!.json.action, ...after.map((d) => d.json.action)];
    expect(actions.filter((a) => a === "published")).toHaveLength(1);
  });

  it("retries a failing receiver with backoff, and gives up on one that hangs without holding the service", async () => {
    receiver.plan = [503, 502];
    const before = receiver.attempts;
    await fx.writeStory("articles/article-003", { story: article(1003, "articles/article-003", "Three") });
    const [delivered] = await receiver.waitFor(1);
    expect(delivered!.json).toMatchObject({ action: "published", story_id: 1003 });
    expect(receiver.attempts - before).toBe(3);

    receiver.plan = ["hang", "hang", "hang"];
    await fx.writeStory("articles/article-003", { story: article(1003, "articles/article-003", "Three again") });
    await vi.waitFor(() => expect(receiver.attempts - before).toBeGreaterThanOrEqual(4), { timeout: 5000 });
    // the receiver hangs; the API answers while it does (a service held by the delivery would answer only once
    // the delivery's 500 ms are over and its connection closed)
    const hung = receiver.attempts;
    const res = await fetch(`${server.apiUrl}/cdn/stories/articles/article-003?token=${PREVIEW_TOKEN}&version=draft`);
    expect(res.status).toBe(200);
    expect(receiver.hanging.has(hung), `attempt ${hung} still without an answer`).toBe(true);
    // three attempts of 500 ms each, then it gives up
    await vi.waitFor(() => expect(receiver.attempts - before).toBe(6), { timeout: 5000 });
    expect(receiver.deliveries).toEqual([]);
  });
});
