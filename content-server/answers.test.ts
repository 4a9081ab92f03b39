import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startContentServer, type AnsweredRequest, type ContentServerHandle } from "./content-server";
import { createFixture, PUBLIC_TOKEN, type Fixture } from "./test-fixture";

/** `onAnswer` is told every answer once it is sent (the bench counts API requests by it); `logRequests` prints it. */

let fx: Fixture;
let server: ContentServerHandle;
const answers: AnsweredRequest[] = [];
const printed = vi.spyOn(console, "info").mockImplementation(() => undefined);

beforeAll(async () => {
  fx = await createFixture({ articles: 1 });
  server = await startContentServer({
    port: 0,
    contentDir: fx.dir,
    imageCacheDir: `${fx.dir}/.image-cache`,
    watch: false,
    logRequests: true,
    onAnswer: (answer) => answers.push(answer),
  });
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
  printed.mockRestore();
});

it("tells each answer's method, target as sent and status, errors included, and prints the same line", async () => {
  // with the cv: no redirect to it first
  const listing = `/v2/cdn/stories?token=${PUBLIC_TOKEN}&per_page=1&cv=${server.cv()}`;
  const missing = `/v2/cdn/stories/no-such-story?token=${PUBLIC_TOKEN}&cv=${server.cv()}`;
  await (await fetch(`${server.url}${listing}`)).arrayBuffer();
  await (await fetch(`${server.url}${missing}`, { method: "HEAD" })).arrayBuffer();
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
