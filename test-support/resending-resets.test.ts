import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request as playwrightRequest } from "@playwright/test";
import { afterEach, describe, expect, it } from "vitest";
import { resendingResets } from "./resending-resets";

/** A server that resets the first `resets` connections before answering, then answers 200 "ok". */
async function resettingServer(resets: number) {
  let left = resets;
  const server = createServer((req, res) => {
    if (left > 0) {
      left -= 1;
      req.socket.destroy();
      return;
    }
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe("resendingResets", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function setUp(resets: number) {
    const { server, url } = await resettingServer(resets);
    const context = await playwrightRequest.newContext();
    closers.push(
      () => context.dispose(),
      () => new Promise((resolve) => server.close(() => resolve())),
    );
    return { context, url };
  }

  it("sends a GET or HEAD again once after a connection reset", async () => {
    const { context, url } = await setUp(1);
    expect(await (await resendingResets(context).get(url)).text()).toBe("ok");
    const again = await setUp(1);
    expect((await resendingResets(again.context).head(again.url)).status()).toBe(200);
  });

  it("sends it once more only, and Playwright alone not at all", async () => {
    const twice = await setUp(2);
    await expect(resendingResets(twice.context).get(twice.url)).rejects.toThrow(/socket hang up|ECONNRESET/);
    const plain = await setUp(1);
    await expect(plain.context.get(plain.url)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it("leaves the context's other methods as they are", async () => {
    const { context, url } = await setUp(0);
    const request = resendingResets(context);
    expect(await (await request.fetch(url)).text()).toBe("ok");
    expect(typeof request.dispose).toBe("function");
  });
});
