import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contentErrorStatus, describeContentError } from "./content-error";
import { contentClientOptions, createContentClient } from "./storyblok-client";

/**
 * The content client against a misbehaving service on a local port: a
 * request that is never answered, or whose answer stalls, ends within the
 * timeout with a message; a service that always answers 429 is retried a
 * bounded number of times (SPEC 8, 9).
 */

vi.setConfig({ testTimeout: 30_000 });

interface TestServer {
  endpoint: string;
  requests: () => number;
  close: () => Promise<void>;
}

const servers: TestServer[] = [];

async function startServer(handler: http.RequestListener): Promise<TestServer> {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const started: TestServer = {
    endpoint: `http://127.0.0.1:${port}/v2`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

const config = (endpoint: string) => ({ endpoint, token: "test-token", version: "draft" as const, local: true });

/** Settles the request, or reports "pending" after `ms`: a hanging request cannot hang the test. */
async function settle(request: () => Promise<unknown>, ms: number) {
  const started = performance.now();
  const outcome = await Promise.race([
    request().then(
      (value) => ({ state: "resolved" as const, value }),
      (error: unknown) => ({ state: "rejected" as const, error }),
    ),
    new Promise<{ state: "pending" }>((resolve) => setTimeout(() => resolve({ state: "pending" }), ms)),
  ]);
  return { ...outcome, elapsed: performance.now() - started };
}

describe("content client timeout", () => {
  it("gives the site's requests 10 seconds (the SDK takes seconds) and SPEC 9's retry limits", () => {
    const options = contentClientOptions(config("http://127.0.0.1:9/v2"));
    expect(options).toMatchObject({ timeout: 10, maxRetries: 10, retriesDelay: 300, rateLimit: 5 });
  });

  it("rejects a request the service never answers within the timeout, with a message", async () => {
    const server = await startServer(() => {
      // accept the request, never answer
    });
    const client = createContentClient(config(server.endpoint), { timeout: 1, maxRetries: 2, retriesDelay: 10 });
    const result = await settle(() => client.get("cdn/stories/home", { version: "draft" }), 5_000);
    expect(result.state).toBe("rejected");
    // the timeout, not an immediate failure (timers may fire a little early)
    expect(result.elapsed).toBeGreaterThanOrEqual(800);
    expect(result.elapsed).toBeLessThan(3_000);
    const error = (result as { error: unknown }).error;
    expect(typeof (error as { message?: unknown }).message).toBe("string");
    expect((error as { message: string }).message).toMatch(/timeout/i);
    expect(describeContentError(error)).toMatch(/^Der Inhaltsdienst ist nicht erreichbar \(.+\)$/);
    // a timeout is not a rate limit: no retry
    expect(server.requests()).toBe(1);
  });

  it("rejects an answer whose body stalls after the headers within the timeout", async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"story":{"id":1,');
      // ... and never the rest
    });
    const client = createContentClient(config(server.endpoint), { timeout: 1, maxRetries: 2, retriesDelay: 10 });
    const result = await settle(() => client.get("cdn/stories/home", { version: "draft" }), 5_000);
    expect(result.state).toBe("rejected");
    expect(result.elapsed).toBeLessThan(3_000);
    expect(describeContentError((result as { error: unknown }).error)).not.toBe("");
  });
});

describe("content client on 429", () => {
  const tooManyRequests: http.RequestListener = (_request, response) => {
    response.writeHead(429, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: "Too Many Requests" }));
  };

  it("gives up after maxRetries retries and rejects with the status", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const server = await startServer(tooManyRequests);
    const client = createContentClient(config(server.endpoint), { maxRetries: 3, retriesDelay: 20, rateLimit: 50 });
    const result = await settle(() => client.get("cdn/stories/home", { version: "draft" }), 10_000);
    expect(result.state).toBe("rejected");
    expect(contentErrorStatus((result as { error: unknown }).error)).toBe(429);
    // the first request and three retries
    expect(server.requests()).toBe(4);
  });

  it("retries SPEC 9's 10 times, no more", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const server = await startServer(tooManyRequests);
    const client = createContentClient(config(server.endpoint), { retriesDelay: 5, rateLimit: 50 });
    const result = await settle(() => client.get("cdn/stories/home", { version: "draft" }), 20_000);
    expect(result.state).toBe("rejected");
    expect(contentErrorStatus((result as { error: unknown }).error)).toBe(429);
    // the SDK settles its promise only after its last attempt's answer: these counts are final
    expect(server.requests()).toBe(11);
    expect(log).toHaveBeenCalledTimes(10);
  });

  it("succeeds when the service recovers before the retries run out", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    let calls = 0;
    const server = await startServer((request, response) => {
      calls += 1;
      if (calls <= 2) return tooManyRequests(request, response);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ story: { id: 1, name: "Home", content: {} }, cv: 1 }));
    });
    const client = createContentClient(config(server.endpoint), { maxRetries: 3, retriesDelay: 20, rateLimit: 50 });
    const result = await settle(() => client.get("cdn/stories/home", { version: "draft" }), 10_000);
    expect(result.state).toBe("resolved");
    expect(server.requests()).toBe(3);
  });
});
