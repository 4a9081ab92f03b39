import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { AnsweredRequest, ContentServerHandle, ContentServerOptions } from "./content-server";
import { createFixture, PUBLIC_TOKEN, startOnFixture, type Fixture } from "./test-fixture";

/** `onAnswer` is told every answer once it is sent (the bench counts API requests by it); `logRequests` prints it. */

let fx: Fixture;
const servers: ContentServerHandle[] = [];
const printed = vi.spyOn(console, "info").mockImplementation(() => undefined);
const failed = vi.spyOn(console, "error").mockImplementation(() => undefined);

beforeAll(async () => {
  fx = await createFixture({ articles: 1 });
});

beforeEach(() => {
  printed.mockClear();
  failed.mockClear();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await fx?.cleanup();
  printed.mockRestore();
  failed.mockRestore();
});

const start = (options: ContentServerOptions) => startOnFixture(fx, servers, options);

/** A listing and a HEAD of a missing story, each with the cv (no redirect to it first); their targets. */
async function askTwice(server: ContentServerHandle): Promise<[string, string]> {
  const listing = `/v2/cdn/stories?token=${PUBLIC_TOKEN}&per_page=1&cv=${server.cv()}`;
  const missing = `/v2/cdn/stories/no-such-story?token=${PUBLIC_TOKEN}&cv=${server.cv()}`;
  await (await fetch(`${server.url}${listing}`)).arrayBuffer();
  await (await fetch(`${server.url}${missing}`, { method: "HEAD" })).arrayBuffer();
  return [listing, missing];
}

it("tells each answer's method, target as sent and status, errors included, and prints the same line", async () => {
  const answers: AnsweredRequest[] = [];
  const server = await start({ logRequests: true, onAnswer: (answer) => answers.push(answer) });
  const [listing, missing] = await askTwice(server);
  await expect.poll(() => answers.length).toBe(2);
  expect(answers.map(({ method, target, status }) => ({ method, target, status }))).toEqual([
    { method: "GET", target: listing, status: 200 },
    { method: "HEAD", target: missing, status: 404 },
  ]);
  expect(answers.every((answer) => answer.ms >= 0)).toBe(true);
  expect(printed.mock.calls.map(([line]) => String(line).replace(/ [\d.]+ms$/, ""))).toEqual([
    `GET ${listing} 200`,
    `HEAD ${missing} 404`,
  ]);
});

it("tells the answers without printing them when only onAnswer is set (as main.ts sets it for a parent that asked)", async () => {
  const answers: AnsweredRequest[] = [];
  const [listing, missing] = await askTwice(await start({ onAnswer: (answer) => answers.push(answer) }));
  await expect.poll(() => answers.map((answer) => answer.target)).toEqual([listing, missing]);
  expect(printed).not.toHaveBeenCalled();
});

it("goes on serving when onAnswer throws, and says so on stderr", async () => {
  const server = await start({
    onAnswer: () => {
      throw new Error("listener broke");
    },
  });
  await askTwice(server);
  const health = await fetch(`${server.url}/__health`);
  expect(health.status).toBe(200);
  await expect.poll(() => failed.mock.calls.length).toBeGreaterThanOrEqual(2);
  expect(String(failed.mock.calls[0]![0])).toContain("onAnswer failed");
});
