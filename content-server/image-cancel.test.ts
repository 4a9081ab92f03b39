import { readdir } from "node:fs/promises";
import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startContentServer, type ContentServerHandle, type ContentServerOptions } from "./content-server";
import { createFixture, HERO_PATH, type Fixture } from "./test-fixture";

/**
 * Image renders are done only for clients that still wait: a client that
 * goes away, or waits past the render timeout, takes its render with it
 * unless another client waits for the same one.
 */

let fx: Fixture;
const servers: ContentServerHandle[] = [];

beforeAll(async () => {
  fx = await createFixture({ articles: 1 });
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await fx?.cleanup();
});

let cacheDirs = 0;
async function start(options: ContentServerOptions = {}): Promise<ContentServerHandle & { cacheDir: string }> {
  const cacheDir = path.join(fx.dir, `.image-cache-${++cacheDirs}`);
  const server = await startContentServer({
    port: 0,
    contentDir: fx.dir,
    imageCacheDir: cacheDir,
    watch: false,
    ...options,
  });
  servers.push(server);
  return Object.assign(server, { cacheDir });
}

async function cachedRenders(dir: string): Promise<number> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return names.filter((n) => /\.(webp|png|jpg)$/.test(n)).length;
}

/** A render that takes a while (seconds on a busy machine): large, blurred, PNG. */
const slow = (n: number) => `${HERO_PATH}/m/${4000 - n}x0/filters:blur(100):format(png)`;

/** Sends a GET and closes the connection right after the request is written. */
function abandon(origin: string, target: string): Promise<void> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: image/webp\r\n\r\n`, () =>
        socket.destroy(),
      );
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

interface Held {
  answer: Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>;
  leave(): void;
}

/** A GET whose client stays until it is answered, or until leave() closes its connection. */
function hold(origin: string, target: string): Held {
  const url = new URL(target, origin);
  let leave = () => {};
  const answer = new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(url, { agent: false, headers: { Accept: "image/webp" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
    leave = () => req.destroy();
  });
  answer.catch(() => undefined); // a client that left gets no answer; awaiting one still throws
  return { answer, leave: () => leave() };
}

describe("abandoned image renders", () => {
  it("a burst of 40 new renditions whose clients leave at once renders almost nothing, and the queue empties", async () => {
    const server = await start();
    const sent = performance.now();
    await Promise.all(Array.from({ length: 40 }, (_, i) => abandon(server.url, slow(i))));
    // every request reached the image service; none of its clients waits, nothing is queued
    await vi.waitFor(
      () => {
        const stats = server.imageStats();
        expect(stats.requests).toBe(40);
        expect(stats).toMatchObject({ waiting: 0, queued: 0 });
      },
      { timeout: 5_000, interval: 20 },
    );
    // only renders that found a free place (two) before their client was seen to go reached sharp
    expect(server.imageStats().started).toBeLessThanOrEqual(4);
    // what runs in sharp ends with its current call, and nothing follows it
    await vi.waitFor(() => expect(server.imageStats().running).toBe(0), { timeout: 30_000, interval: 50 });
    const stats = server.imageStats();
    expect(stats.started).toBeLessThanOrEqual(4);
    expect(stats).toMatchObject({ finished: 0, failed: 0 });
    expect(stats.cancelled).toBeGreaterThanOrEqual(stats.started);
    expect(await cachedRenders(server.cacheDir)).toBe(0);
    console.info(
      `burst of 40 abandoned renders: ${stats.started} started, ${stats.cancelled} cancelled, idle after ${Math.round(performance.now() - sent)} ms`,
    );
  }, 60_000);

  it("40 clients that leave while their renders are queued: the queued ones never start", async () => {
    const server = await start();
    const clients = Array.from({ length: 40 }, (_, i) => hold(server.url, slow(100 + i)));
    // two places: two render, 38 wait
    await vi.waitFor(() => expect(server.imageStats()).toMatchObject({ waiting: 40, running: 2, queued: 38 }), {
      timeout: 10_000,
      interval: 10,
    });
    const left = performance.now();
    for (const client of clients) client.leave();
    await vi.waitFor(() => expect(server.imageStats()).toMatchObject({ waiting: 0, queued: 0 }), {
      timeout: 5_000,
      interval: 10,
    });
    const emptied = performance.now() - left;
    await vi.waitFor(() => expect(server.imageStats().running).toBe(0), { timeout: 30_000, interval: 50 });
    expect(server.imageStats()).toMatchObject({ requests: 40, started: 2, finished: 0, failed: 0, cancelled: 40 });
    expect(await cachedRenders(server.cacheDir)).toBe(0);
    console.info(
      `40 clients left: queue empty after ${Math.round(emptied)} ms, renders idle after ${Math.round(performance.now() - left)} ms`,
    );
  }, 60_000);

  it("a render that several clients wait for goes on until the last of them leaves", async () => {
    const server = await start({ imageConcurrency: 1 });
    // one place: a slow render holds it while the others queue
    const blocker = hold(server.url, slow(0));
    await vi.waitFor(() => expect(server.imageStats().running).toBe(1), { timeout: 5_000, interval: 10 });

    const shared = `${HERO_PATH}/m/320x0`;
    const clients = [hold(server.url, shared), hold(server.url, shared), hold(server.url, shared)];
    const gone = `${HERO_PATH}/m/321x0`;
    const leaving = [hold(server.url, gone), hold(server.url, gone)];
    await vi.waitFor(() => expect(server.imageStats()).toMatchObject({ waiting: 6, queued: 2 }), {
      timeout: 5_000,
      interval: 10,
    });

    // both clients of one queued render leave: it leaves the queue and never starts
    for (const client of leaving) client.leave();
    await vi.waitFor(() => expect(server.imageStats()).toMatchObject({ waiting: 4, queued: 1, cancelled: 1 }), {
      timeout: 5_000,
      interval: 10,
    });
    expect(server.imageStats().started).toBe(1); // the blocker only

    // two of the three clients of the shared render leave: it stays queued for the third
    clients[0]?.leave();
    clients[1]?.leave();
    await vi.waitFor(() => expect(server.imageStats()).toMatchObject({ waiting: 2, queued: 1, cancelled: 1 }), {
      timeout: 5_000,
      interval: 10,
    });

    const [blocked, last] = await Promise.all([blocker.answer, clients[2]!.answer]);
    expect(blocked.status).toBe(200);
    expect(last.status).toBe(200);
    expect(last.headers["x-image-cache"]).toBe("miss");
    expect(server.imageStats()).toMatchObject({ started: 2, finished: 2, cancelled: 1, queued: 0, running: 0 });
    expect(await cachedRenders(server.cacheDir)).toBe(2);
  }, 60_000);

  it("a client that waits past the render timeout gets 503, and its render is cancelled", async () => {
    const server = await start({ imageConcurrency: 1, imageRenderTimeoutMs: 300 });
    const running = hold(server.url, slow(1));
    await vi.waitFor(() => expect(server.imageStats().running).toBe(1), { timeout: 5_000, interval: 10 });
    const queued = hold(server.url, `${HERO_PATH}/m/322x0`);

    const [late, alsoLate] = await Promise.all([running.answer, queued.answer]);
    for (const answer of [late, alsoLate]) {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("1");
      expect(JSON.parse(answer.body.toString("utf8"))).toEqual({
        error: "Image render not done within 300 ms, retry later",
      });
    }
    // the queued one never started; the running one did nothing after its sharp call
    await vi.waitFor(() => expect(server.imageStats()).toMatchObject({ running: 0, queued: 0 }), {
      timeout: 30_000,
      interval: 50,
    });
    expect(server.imageStats()).toMatchObject({ started: 1, finished: 0, cancelled: 2 });
    expect(await cachedRenders(server.cacheDir)).toBe(0);
  }, 60_000);
});
