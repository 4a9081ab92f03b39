import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startReadLoad } from "./read-load";

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(answer: (path: string) => { status: number; body: string }): Promise<string> {
  server = createServer((req, res) => {
    const { status, body } = answer(req.url ?? "/");
    res.writeHead(status, { "Content-Type": "text/plain" }).end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("startReadLoad", () => {
  it("reads every path in turn and counts nothing as failed when all answer 200 with a body", async () => {
    const seen = new Set<string>();
    let served = 0;
    const base = await serve((path) => {
      seen.add(path);
      served += 1;
      return { status: 200, body: "ok" };
    });
    const load = startReadLoad(base, ["/", "/a", "/b"], { connections: 2 });
    // a request the server has seen is finished and counted before stop() resolves
    await vi.waitFor(() => expect(served).toBeGreaterThan(3), { timeout: 4_000 });
    const result = await load.stop();
    expect(result.requests).toBeGreaterThan(3);
    expect(result.failed).toEqual([]);
    expect([...seen].sort()).toEqual(["/", "/a", "/b"]);
  });

  it("names each failure: another status, an empty body, a refused connection", async () => {
    const seen = new Set<string>();
    const base = await serve((path) => {
      seen.add(path);
      return path === "/gone"
        ? { status: 404, body: "x" }
        : path === "/empty"
          ? { status: 200, body: "" }
          : { status: 200, body: "ok" };
    });
    const load = startReadLoad(base, ["/gone", "/empty", "/"], { connections: 1 });
    await vi.waitFor(() => expect(seen.size).toBe(3), { timeout: 4_000 });
    const result = await load.stop();
    expect(result.failed).toContain("/gone: 404");
    expect(result.failed).toContain("/empty: 200");
    expect(result.failed.some((entry) => entry.startsWith("/:"))).toBe(false);

    // a loop sends its first request at once; stop() lets it finish
    const refused = startReadLoad("http://127.0.0.1:9", ["/"], { connections: 1, maxMs: 300 });
    expect((await refused.stop()).failed[0]).toMatch(/^\/: /);
  });

  it("ends by itself after maxMs", async () => {
    const base = await serve(() => ({ status: 200, body: "ok" }));
    const load = startReadLoad(base, ["/"], { connections: 1, maxMs: 100 });
    // never stopped: only the deadline can end the loops (the test's own timeout fails it otherwise)
    const { requests } = await load.ended;
    expect(requests).toBeGreaterThan(0);
    expect((await load.stop()).requests).toBe(requests);
  });

  it("counts a request that gets no answer as failed, and stops without waiting for it", async () => {
    let arrived: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server = createServer(() => {
      // never answers
      arrived();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const load = startReadLoad(base, ["/hang"], { connections: 1, requestTimeoutMs: 100 });
    await requestArrived;
    const result = await load.stop();
    // one request, or more where the machine was slow enough for the first to time out before the server saw it
    // (a clone's run with the machine loaded: 2): each one a failure by its timeout
    expect(result.requests).toBeGreaterThan(0);
    expect(result.failed).toEqual(
      Array.from({ length: result.requests }, () => expect.stringMatching(/^\/hang: .*(timeout|abort)/i)),
    );
    server.closeAllConnections();
  });
});
