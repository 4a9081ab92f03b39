import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import path from "node:path";
import mime from "mime-types";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MANIFEST_FILE, type HeadersManifest, type SiteMode } from "../release/headers-manifest";
import { HEADERS_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS, startSiteServer, type SiteServer } from "./site-server";
import { tempDirOfTests } from "../test-support/temp-dir";

/**
 * The content forward (content-forward.ts) against a fake content service
 * that records every request and every byte it receives, driven over raw
 * sockets: what the site answers, and what reached the service.
 */

const PUBLIC_TOKEN = "public-token";
const PREVIEW_TOKEN = "preview-token";
/** Requests an attacker hides in a body: an admin route and an image render the site's path filter never passes on. */
const HIDDEN_ADMIN = "GET /__admin/status HTTP/1.1\r\nHost: x\r\n\r\n";
const HIDDEN_RENDER = "GET /f/1/100x100/ab/a.jpg/m/127x77 HTTP/1.1\r\nHost: x\r\n\r\n";
const API = `/v2/cdn/spaces/me?token=${PUBLIC_TOKEN}`;

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

const base = tempDirOfTests("content-forward-test-", "all");
let content: Server;
let contentOrigin: string;
const seen: Seen[] = [];
/** Every byte the content service received, on every connection. */
let received = "";
let preview: SiteServer;
let production: SiteServer;

async function writeBuild(dir: string, mode: SiteMode): Promise<string> {
  const root = path.join(base(), dir);
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, "index.html"), `<!doctype html><title>${mode}</title>`);
  const manifest: HeadersManifest = {
    version: 1,
    mode,
    policy: { mode, apiOrigin: "http://localhost:4100", assetOrigins: ["http://localhost:4100"] },
    documents: {},
  };
  await writeFile(path.join(root, MANIFEST_FILE), JSON.stringify(manifest));
  return root;
}

beforeAll(async () => {
  content = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const body = JSON.stringify({ ok: true });
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  content.on("connection", (socket: Socket) =>
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1"))),
  );
  await new Promise<void>((resolve) => content.listen(0, "127.0.0.1", resolve));
  contentOrigin = `http://127.0.0.1:${(content.address() as AddressInfo).port}`;
  preview = await startSiteServer({ root: await writeBuild("preview", "preview"), contentOrigin });
  production = await startSiteServer({
    root: await writeBuild("production", "production"),
    contentOrigin,
    contentPublicToken: PUBLIC_TOKEN,
  });
});

afterEach(() => {
  const bytes = received;
  seen.length = 0;
  received = "";
  // whatever a test sent, nothing hidden in a body ever reached the content service
  expect(bytes).not.toContain("__admin");
  expect(bytes).not.toContain("127x77");
});

afterAll(async () => {
  await Promise.all([preview?.close(), production?.close()]);
  content?.closeAllConnections();
  await new Promise<void>((resolve) => content?.close(() => resolve()) ?? resolve());
});

interface Exchange {
  /** Every answer's status line, in order (a 100 Continue included). */
  statuses: number[];
  text: string;
}

/** The statuses of the answers in `text`, one after another, each framed by its Content-Length. */
function statusesOf(text: string): number[] {
  const statuses: number[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end === -1) break;
    const head = text.slice(at, end);
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
    if (!status) throw new Error(`Not an answer: ${JSON.stringify(text.slice(at, at + 80))}`);
    statuses.push(status);
    at = end + 4;
    // a HEAD's answer announces a length it does not send: the next answer follows at once
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (status >= 200 && !text.startsWith("HTTP/1.1 ", at)) at += length;
  }
  return statuses;
}

/**
 * Writes `data` to the site as is and reads until the site closes the
 * connection, or until `enough` says the answers so far suffice.
 */
function exchange(port: number, data: string, enough: (text: string) => boolean = () => false): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const done = () => {
      socket.destroy();
      resolve({ statuses: statusesOf(text), text });
    };
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (enough(text)) done();
    });
    socket.on("close", done);
    socket.on("error", reject);
    socket.write(data, "latin1");
  });
}

function chunked(body: string): string {
  return `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
}

function headersOf(text: string): string {
  return text.split("\r\n\r\n")[0] ?? "";
}

function jsonBodyOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));
}

describe("the content forward refuses request smuggling", () => {
  it("refuses a GET with a chunked body holding a request (400, closed), sending nothing on", async () => {
    for (const hidden of [HIDDEN_RENDER, HIDDEN_ADMIN]) {
      const answer = await exchange(
        preview.port,
        `GET ${API} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(hidden)}`,
      );
      expect(answer.statuses).toEqual([400]);
      expect(headersOf(answer.text)).toMatch(/\r\nConnection: close\r\n/i);
      expect(jsonBodyOf(answer.text)).toHaveProperty("error");
      expect(seen).toEqual([]);
    }
  });

  it("refuses a GET with a Content-Length body holding a request", async () => {
    const answer = await exchange(
      preview.port,
      `GET ${API} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${HIDDEN_RENDER.length}\r\n\r\n${HIDDEN_RENDER}`,
    );
    expect(answer.statuses).toEqual([400]);
    expect(seen).toEqual([]);
  });

  it("refuses Content-Length with Transfer-Encoding, and a duplicate Content-Length (Node's parser, 400)", async () => {
    const body = chunked(HIDDEN_RENDER);
    const both = await exchange(
      preview.port,
      `GET ${API} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(both.statuses).toEqual([400]);
    const duplicate = await exchange(
      preview.port,
      `GET ${API} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: ${HIDDEN_RENDER.length}\r\n\r\n${HIDDEN_RENDER}`,
    );
    expect(duplicate.statuses).toEqual([400]);
    expect(seen).toEqual([]);
  });

  it("refuses a body announced with Expect: 100-continue without inviting it", async () => {
    const answer = await exchange(
      preview.port,
      `GET ${API} HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: ${HIDDEN_RENDER.length}\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([400]);
    expect(seen).toEqual([]);
  });

  it("passes two pipelined GETs on, each once", async () => {
    const answer = await exchange(
      preview.port,
      `GET ${API}&n=1 HTTP/1.1\r\nHost: localhost\r\n\r\nGET ${API}&n=2 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([200, 200]);
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${API}&n=1`, `GET ${API}&n=2`]);
  });

  it("passes a GET with Content-Length: 0 and an absolute-form target on, by its path", async () => {
    const answer = await exchange(
      preview.port,
      `GET http://studio.test${API} HTTP/1.1\r\nHost: studio.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([200]);
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${API}`]);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])(
    "answers a %s with a large body 405 before the body is sent, and closes",
    async (method) => {
      // only the head goes out: the answer must not wait for the 50 MB it announces
      const answer = await exchange(
        preview.port,
        `${method} /v2/cdn/stories HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      expect(answer.statuses).toEqual([405]);
      const head = headersOf(answer.text);
      expect(head).toMatch(/\r\nAllow: GET, HEAD\r\n/i);
      expect(head).toMatch(/\r\nConnection: close\r\n/i);
      expect(head).toMatch(/\r\nContent-Type: application\/json/i);
      expect(jsonBodyOf(answer.text)).toHaveProperty("error");
      expect(seen).toEqual([]);
    },
  );

  it("sends on a fresh GET with the allow-listed headers only", async () => {
    const answer = await exchange(
      preview.port,
      [
        `GET /f/1/10x10/ab/a.jpg HTTP/1.1`,
        "Host: studio.test:3000",
        "Accept: image/webp",
        'If-None-Match: "abc"',
        "Range: bytes=0-1",
        "Cookie: session=secret",
        "Authorization: Bearer secret",
        "X-Custom: 1",
        "Upgrade: websocket",
        "Connection: close, Upgrade",
        "",
        "",
      ].join("\r\n"),
    );
    expect(answer.statuses).toEqual([200]);
    expect(seen).toHaveLength(1);
    const sent = seen[0]!;
    expect(sent.method).toBe("GET");
    expect(sent.headers).toMatchObject({
      host: "studio.test:3000",
      accept: "image/webp",
      "if-none-match": '"abc"',
      range: "bytes=0-1",
      "x-forwarded-proto": "http",
      "x-forwarded-host": "studio.test:3000",
    });
    for (const name of ["cookie", "authorization", "x-custom", "upgrade", "content-length", "transfer-encoding"]) {
      expect(sent.headers).not.toHaveProperty(name);
    }
  });
});

describe("a production site forwards only what the public may read", () => {
  const draftReads = [
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version=draft`,
    `/v2/cdn/stories/articles/pixelweide?token=${PUBLIC_TOKEN}&version=draft`,
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version=published&version=draft`,
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version[]=draft`,
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version[0]=published`,
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&%76ersion=draft`,
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version=%64raft`,
    `/v2/cdn/stories?token=${PREVIEW_TOKEN}&version=draft&starts_with=articles/`,
    `/v2/cdn/stories/25d210b7?token=${PREVIEW_TOKEN}&find_by=uuid&version=draft`,
    `/v2/cdn/links?token=${PREVIEW_TOKEN}&version=draft`,
    `/v2/cdn/stories?token=${PREVIEW_TOKEN}&version=draft&cv=1&_storyblok_tk[token]=x`,
  ];
  it.each(draftReads)("refuses %s with 403 and sends nothing on", async (target) => {
    const answer = await exchange(
      production.port,
      `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([403]);
    expect(jsonBodyOf(answer.text)).toHaveProperty("error");
    expect(seen).toEqual([]);
  });

  const otherTokens = [
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version=published`,
    `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}`,
    `/v2/cdn/stories/articles/pixelweide?token=${PUBLIC_TOKEN}&token=${PREVIEW_TOKEN}`,
    `/v2/cdn/stories/articles/pixelweide?_storyblok=1&_storyblok_tk[token]=${PREVIEW_TOKEN}`,
  ];
  it.each(otherTokens)("refuses %s with 401 and sends nothing on", async (target) => {
    const answer = await exchange(
      production.port,
      `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([401]);
    expect(jsonBodyOf(answer.text)).toEqual({ error: "Unauthorized" });
    expect(seen).toEqual([]);
  });

  it("refuses a query the content service could not parse (400), and a prefix only decoding makes (404)", async () => {
    const malformed = await exchange(
      production.port,
      `GET /v2/cdn/stories?token=${PUBLIC_TOKEN}&version=%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(malformed.statuses).toEqual([400]);
    const encoded = await exchange(
      production.port,
      `GET /%762/cdn/stories?token=${PREVIEW_TOKEN}&version=draft HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(encoded.statuses).toEqual([404]);
    expect(seen).toEqual([]);
  });

  it("passes published reads with the public token, and assets, on", async () => {
    const targets = [
      `/v2/cdn/stories/articles/pixelweide?token=${PUBLIC_TOKEN}&version=published`,
      `/v2/cdn/stories?token=${PUBLIC_TOKEN}&starts_with=articles/&cv=5`,
      "/f/1/10x10/ab/a.jpg/m/20x0",
    ];
    for (const target of targets) {
      const answer = await exchange(
        production.port,
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.statuses).toEqual([200]);
    }
    const head = await exchange(
      production.port,
      `HEAD ${targets[0]} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(head.statuses).toEqual([200]);
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      ...targets.map((target) => `GET ${target}`),
      `HEAD ${targets[0]}`,
    ]);
  });

  it("a preview site forwards drafts as before", async () => {
    const target = `/v2/cdn/stories/articles/pixelweide?token=${PREVIEW_TOKEN}&version=draft`;
    const answer = await exchange(
      preview.port,
      `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([200]);
    expect(seen.map(({ url }) => url)).toEqual([target]);
  });
});

describe("errors name no internal address", () => {
  it("answers 502 with a JSON error when the content service is down, the detail going to the console", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const site = await startSiteServer({
      root: path.join(base(), "preview"),
      contentOrigin: `http://127.0.0.1:${port}`,
    });
    try {
      const answer = await exchange(site.port, `GET ${API} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer.statuses).toEqual([502]);
      const body = answer.text.slice(answer.text.indexOf("\r\n\r\n") + 4);
      expect(JSON.parse(body)).toEqual({ error: "The content service could not be reached" });
      expect(body).not.toContain(String(port));
      expect(body).not.toContain("127.0.0.1");
      expect(body).not.toMatch(/ECONN/);
      expect(logged.mock.calls.flat().join(" ")).toContain(`127.0.0.1:${port}`);
    } finally {
      logged.mockRestore();
      await site.close();
    }
  });
});

describe("slow requests", () => {
  it(
    "answers a request whose headers never end 408 within the documented bound",
    async () => {
      const bound = HEADERS_TIMEOUT_MS + TIMEOUT_CHECK_INTERVAL_MS;
      const started = performance.now();
      const answer = await exchange(preview.port, "GET / HTTP/1.1\r\nHost: localhost\r\n", (text) =>
        text.includes("\r\n\r\n"),
      );
      const elapsed = performance.now() - started;
      expect(answer.statuses).toEqual([408]);
      expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      // a timer's slack on a busy machine on top of the bound
      expect(elapsed).toBeLessThan(bound + 1_000);
    },
    HEADERS_TIMEOUT_MS + TIMEOUT_CHECK_INTERVAL_MS + 5_000,
  );
});

describe("assets are never active content on the site's origin", () => {
  /** Answers `/f/...` as the content service does (content-server/assets.ts): by the file's extension. */
  let assets: Server;
  let site: SiteServer;

  beforeAll(async () => {
    assets = createServer((req, res) => {
      const body = "asset bytes";
      res.writeHead(200, {
        "Content-Type": mime.contentType(path.extname(req.url ?? "")) || "application/octet-stream",
        "Content-Length": Buffer.byteLength(body),
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      res.end(req.method === "HEAD" ? undefined : body);
    });
    await new Promise<void>((resolve) => assets.listen(0, "127.0.0.1", resolve));
    site = await startSiteServer({
      root: await writeBuild("assets-site", "preview"),
      contentOrigin: `http://127.0.0.1:${(assets.address() as AddressInfo).port}`,
    });
  });

  afterAll(async () => {
    await site?.close();
    await new Promise<void>((resolve) => assets?.close(() => resolve()) ?? resolve());
  });

  async function headersOfAsset(file: string): Promise<Record<string, string>> {
    const answer = await exchange(
      site.port,
      `GET /f/1/10x10/ab/${file} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([200]);
    const lines = headersOf(answer.text).split("\r\n").slice(1);
    return Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
  }

  it.each(["page.html", "page.xhtml", "feed.xml", "code.js", "style.css", "data.json", "notes.txt", "blob"])(
    "sends %s as a sandboxed download, never as its own type",
    async (file) => {
      const headers = await headersOfAsset(file);
      expect(headers["content-type"]).toBe("application/octet-stream");
      expect(headers["content-disposition"]).toBe("attachment");
      expect(headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    },
  );

  it.each([
    ["photo.jpg", "image/jpeg"],
    ["photo.webp", "image/webp"],
    ["clip.mp4", "video/mp4"],
    ["clip.webm", "video/webm"],
    ["sound.mp3", "audio/mpeg"],
    ["brochure.pdf", "application/pdf"],
  ])("sends the media the pages use (%s) inline, as %s", async (file, type) => {
    const headers = await headersOfAsset(file);
    expect(headers["content-type"]).toBe(type);
    expect(headers["content-disposition"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends an SVG inline, sandboxed: opened on its own it runs nothing as the site", async () => {
    const headers = await headersOfAsset("icon.svg");
    expect(headers["content-type"]).toBe("image/svg+xml");
    expect(headers["content-disposition"]).toBeUndefined();
    expect(headers["content-security-policy"]).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
  });
});
