import { mkdir, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startSiteServer, type SiteServer } from "./site-server";
import { writeHeadersManifest } from "./test/headers-manifest";
import {
  MAX_WEBHOOK_BYTES,
  WEBHOOK_PATH,
  webhookSignature,
  type StoryblokEvent,
  type WebhookTriage,
} from "./storyblok-webhook";
import { tempDirOfTests } from "../test-support/temp-dir";

/**
 * POST /webhooks/storyblok as Storyblok (or someone replaying what it sent)
 * reaches it: which actions are handed on, what a duplicate is answered, and
 * an oversized chunked body answered 413 rather than a reset connection.
 */

const SECRET = "endpoint secret";
const base = tempDirOfTests("webhook-endpoint-test-", "all");
let server: SiteServer;
const events: StoryblokEvent[] = [];
let triage: WebhookTriage = "new";

beforeAll(async () => {
  await mkdir(path.join(base(), "client"), { recursive: true });
  await writeFile(path.join(base(), "client", "index.html"), "<!doctype html><title>home</title>");
  await writeHeadersManifest(path.join(base(), "client"));
  server = await startSiteServer({
    root: path.join(base(), "client"),
    port: 0,
    webhook: { secret: SECRET, onEvent: (event) => events.push(event), triage: () => triage },
  });
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  events.length = 0;
  triage = "new";
});

async function post(payload: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = JSON.stringify(payload);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const res = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
    });
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  } finally {
    warn.mockRestore();
  }
}

describe("the actions of signed payloads", () => {
  it("hands story events on (202)", async () => {
    for (const action of ["published", "unpublished", "deleted", "moved"]) {
      const answer = await post({ text: "x", action, space_id: 1, story_id: 7, full_slug: "articles/a" });
      expect(answer).toEqual({ status: 202, json: { accepted: true, action } });
    }
    expect(await post({ text: "x", action: "deleted", space_id: 1, story_id: 8 })).toMatchObject({ status: 202 });
    expect(events.map((event) => event.action)).toEqual(["published", "unpublished", "deleted", "moved", "deleted"]);
  });

  it("hands on the events that change every page (release merged, pipeline deployed)", async () => {
    expect(await post({ text: "x", action: "release_merged", space_id: 1, release_id: 3 })).toMatchObject({
      status: 202,
    });
    expect(await post({ text: "x", action: "branch_deployed", space_id: 1, branch_id: 2 })).toMatchObject({
      status: 202,
    });
    expect(events.map((event) => event.action)).toEqual(["release_merged", "branch_deployed"]);
  });

  it("answers events that cannot change the site with 200 and queued: false, handing nothing on", async () => {
    const payloads = [
      { text: "x", action: "entries_updated", space_id: 1, datasource_slug: "colours" },
      { text: "x", action: "created", space_id: 1, asset_id: 5 },
      { text: "x", action: "replaced", space_id: 1, asset_id: 5 },
      { text: "x", action: "deleted", space_id: 1, asset_id: 5 },
      { text: "x", action: "added", space_id: 1, user_id: 9 },
      { text: "x", action: "stage.changed", space_id: 1, story_id: 7, workflow_stage_name: "Review" },
    ];
    for (const payload of payloads) {
      const answer = await post(payload);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ accepted: true, action: payload.action, queued: false });
      expect(answer.json.reason).toEqual(expect.any(String));
    }
    expect(events).toEqual([]);
  });

  it("refuses an unknown action, and a story event naming no story, with 400 and JSON: nothing is built", async () => {
    for (const payload of [
      { text: "x", action: "rebuild_everything", space_id: 1 },
      // actions are Storyblok's exact words
      { text: "x", action: "Published", space_id: 1, story_id: 7 },
      { text: "x", action: "published", space_id: 1 },
      { text: "x", action: "deleted", space_id: 1 },
    ]) {
      const answer = await post(payload);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual(expect.any(String));
    }
    expect(events).toEqual([]);
  });

  it("answers a change already waiting for the next release as a duplicate, handing nothing on", async () => {
    triage = "duplicate";
    const answer = await post({ text: "x", action: "published", space_id: 1, story_id: 7, full_slug: "articles/a" });
    expect(answer).toEqual({
      status: 202,
      json: { accepted: true, action: "published", duplicate: true, queued: false },
    });
    expect(events).toEqual([]);
  });

  it("answers 503 while the site stops, handing nothing on", async () => {
    triage = "stopping";
    const answer = await post({ text: "x", action: "published", space_id: 1, story_id: 7, full_slug: "articles/a" });
    expect(answer.status).toBe(503);
    expect(events).toEqual([]);
  });
});

/** What a raw client reads back, and the error its socket ended with, if any. */
function sendRaw(
  head: string,
  writeBody: (socket: ReturnType<typeof connect>, answered: () => boolean) => void,
): Promise<{ text: string; error: NodeJS.ErrnoException | null }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    let text = "";
    let error: NodeJS.ErrnoException | null = null;
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", (caught: NodeJS.ErrnoException) => (error = caught));
    socket.on("close", () => resolve({ text, error }));
    socket.write(head, "latin1");
    writeBody(socket, () => text.length > 0);
  });
}

const CHUNKED_HEAD =
  `POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
  "Transfer-Encoding: chunked\r\nwebhook-signature: 0000000000000000000000000000000000000000\r\n\r\n";

function chunk(size: number): string {
  return `${size.toString(16)}\r\n${"x".repeat(size)}\r\n`;
}

function expect413(text: string) {
  const [head = "", body = ""] = text.split("\r\n\r\n");
  expect(head).toMatch(/^HTTP\/1\.1 413 /);
  expect(head).toMatch(/\r\nConnection: close\r\n/i);
  expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
  expect(JSON.parse(body)).toEqual({ error: `The body is over ${MAX_WEBHOOK_BYTES} bytes` });
}

describe("an oversized chunked body", () => {
  it("is answered 413 with JSON and Connection: close, and the connection closes without a reset", async () => {
    const { text, error } = await sendRaw(CHUNKED_HEAD, (socket) => {
      // twice the limit, and the end of the body: the client then only reads
      let body = "";
      while (body.length < 2 * MAX_WEBHOOK_BYTES) body += chunk(8 * 1024);
      socket.write(`${body}0\r\n\r\n`, "latin1");
    });
    expect(error).toBeNull();
    expect413(text);
    expect(events).toEqual([]);
  });

  it("is answered 413 while the client is still sending, which then stops", async () => {
    const { text } = await sendRaw(CHUNKED_HEAD, (socket, answered) => {
      // a client that streams until it hears back (or the server closes)
      const send = () => {
        if (answered() || socket.destroyed) return;
        socket.write(chunk(8 * 1024), "latin1", (error) => {
          if (!error) setImmediate(send);
        });
      };
      send();
    });
    expect413(text);
  });

  it("leaves the server serving", async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
