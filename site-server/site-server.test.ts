import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAcceptEncoding, startSiteServer } from "./site-server";
import type { SiteServer } from "./site-server";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let base: string;
let root: string;
let server: SiteServer;

const HOME = "<!doctype html><title>home</title>";
const ABOUT = "<!doctype html><title>about</title>";
const INDEX_PAGE = "<!doctype html><title>index page</title>";
const FALLBACK = "<!doctype html><title>spa fallback</title>";
const SCRIPT = `console.log(${JSON.stringify("x".repeat(2000))});`;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), "site-server-test-"));
  root = path.join(base, "client");
  await mkdir(path.join(root, "about"), { recursive: true });
  await mkdir(path.join(root, "index"), { recursive: true });
  await mkdir(path.join(root, "assets"), { recursive: true });
  await mkdir(path.join(root, "articles", "tidewater"), { recursive: true });
  await writeFile(path.join(root, "index.html"), HOME);
  await writeFile(path.join(root, "__spa-fallback.html"), FALLBACK);
  await writeFile(path.join(root, "about", "index.html"), ABOUT);
  await writeFile(path.join(root, "index", "index.html"), INDEX_PAGE);
  await writeFile(path.join(root, "articles", "tidewater", "index.html"), "<title>tidewater</title>");
  await writeFile(path.join(root, "about.data"), '[{"_1":2},"routes/about"]');
  await writeFile(path.join(root, "_root.data"), '[{"_1":2},"root"]');
  await writeFile(path.join(root, "articles", "tidewater.data"), '[{"_1":2},"routes/article"]');
  await writeFile(path.join(root, "assets", "entry-Ab12Cd.js"), SCRIPT);
  await writeFile(path.join(root, "assets", "entry-Ab12Cd.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(root, "assets", "entry-Ab12Cd.js.gz"), gzipSync(SCRIPT));
  await writeFile(path.join(root, "assets", "style-Zz99.css"), "body{color:red}");
  await writeFile(path.join(root, "assets", "stale-1.css"), "a{}");
  await writeFile(path.join(root, "assets", "stale-1.css.gz"), gzipSync("old"));
  const past = new Date(Date.now() - 3600_000);
  await utimes(path.join(root, "assets", "stale-1.css.gz"), past, past);
  await writeFile(path.join(root, "favicon.ico"), Buffer.from([0, 0, 1, 0]));
  await writeFile(path.join(root, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await writeFile(path.join(root, ".env"), "SECRET=1");
  await writeFile(path.join(base, "secret.txt"), "outside the root");
  await symlink(path.join(base, "secret.txt"), path.join(root, "escape.txt"));
  server = await startSiteServer({ root, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

function get(target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Sends a request line as is (node:http refuses to send some of these targets). */
function raw(target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on("error", reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, "latin1");
  });
}

function expectSecurityHeaders(headers: IncomingHttpHeaders) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
}

describe("startSiteServer", () => {
  it("binds the loopback interface on a free port", () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it("serves / from index.html as revalidated HTML", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers["last-modified"]).toMatch(/GMT$/);
    expect(res.headers["content-length"]).toBe(String(HOME.length));
    expect(res.body.toString()).toBe(HOME);
    expectSecurityHeaders(res.headers);
  });

  it.each(["/about", "/about/", "/about?x=1", "/about/?x=1", "//about", "/index", "/index/"])(
    "serves the directory page for %s without redirecting",
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body.toString()).toBe(target.includes("index") ? INDEX_PAGE : ABOUT);
    },
  );

  it("serves /index.html as the home page file", async () => {
    const res = await get("/index.html");
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(HOME);
  });

  it.each([
    ["/about.data", "routes/about"],
    ["/_root.data", "root"],
    ["/articles/tidewater.data?_routes=routes%2Farticle", "routes/article"],
  ])("serves React Router data file %s", async (target, marker) => {
    const res = await get(target);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/x-script; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body.toString()).toContain(marker);
  });

  it("answers 404 for a missing .data file (React Router then runs the client loader's fallback)", async () => {
    const res = await get("/articles/published-later.data");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expectSecurityHeaders(res.headers);
  });

  it.each(["/articles/published-later", "/articles/published-later/", "/no/such/page", "/über"])(
    "serves the SPA fallback with 200 for %s",
    async (target) => {
      const res = await get(encodeURI(target));
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body.toString()).toBe(FALLBACK);
      expectSecurityHeaders(res.headers);
    },
  );

  it("answers 404, not HTML, for missing assets and scripts", async () => {
    for (const target of ["/assets/missing-123.js", "/assets/", "/missing.css", "/missing.png"]) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.headers["content-type"], target).toBe("text/plain; charset=utf-8");
    }
  });

  it("caches hashed assets for a year as immutable", async () => {
    const res = await get("/assets/style-Zz99.css");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
  });

  it("gives other static files a short lifetime and the right type", async () => {
    const icon = await get("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/x-icon");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    const svg = await get("/logo.svg");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
  });

  it("serves the brotli sibling when accepted", async () => {
    const res = await get("/assets/entry-Ab12Cd.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("serves the gzip sibling when brotli is not accepted", async () => {
    const res = await get("/assets/entry-Ab12Cd.js", { "Accept-Encoding": "gzip, br;q=0" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it("serves the identity file without Accept-Encoding", async () => {
    const res = await get("/assets/entry-Ab12Cd.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it("ignores a precompressed sibling older than its file", async () => {
    const res = await get("/assets/stale-1.css", { "Accept-Encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe("a{}");
  });

  it("gives each encoding its own ETag", async () => {
    const br = await get("/assets/entry-Ab12Cd.js", { "Accept-Encoding": "br" });
    const plain = await get("/assets/entry-Ab12Cd.js");
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it("does not serve precompressed siblings as files of their own", async () => {
    const res = await get("/assets/entry-Ab12Cd.js.br");
    expect(res.status).toBe(404);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get("/about");
    const etag = first.headers.etag ?? "";
    const res = await get("/about", { "If-None-Match": `"nope", ${etag}` });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expectSecurityHeaders(res.headers);
    const weak = await get("/about", { "If-None-Match": `W/${etag}` });
    expect(weak.status).toBe(304);
  });

  it("answers 200 to a stale If-None-Match even with a fresh If-Modified-Since", async () => {
    const first = await get("/about");
    const res = await get("/about", {
      "If-None-Match": '"stale"',
      "If-Modified-Since": first.headers["last-modified"] ?? "",
    });
    expect(res.status).toBe(200);
  });

  it("answers 304 to If-Modified-Since at or after Last-Modified, 200 before", async () => {
    const first = await get("/assets/style-Zz99.css");
    const lastModified = first.headers["last-modified"] ?? "";
    expect((await get("/assets/style-Zz99.css", { "If-Modified-Since": lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get("/assets/style-Zz99.css", { "If-Modified-Since": earlier })).status).toBe(200);
    expect((await get("/assets/style-Zz99.css", { "If-Modified-Since": "garbage" })).status).toBe(200);
  });

  it("answers HEAD with headers and no body", async () => {
    const res = await get("/about", {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-length"]).toBe(String(ABOUT.length));
    expect(res.body.length).toBe(0);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("refuses %s with 405 and Allow", async (method) => {
    const res = await get("/about", {}, method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expectSecurityHeaders(res.headers);
  });

  it("answers 414 for a target over 8 KB", async () => {
    const res = await get(`/${"a".repeat(9000)}`);
    expect(res.status).toBe(414);
    const query = await get(`/about?q=${"a".repeat(9000)}`);
    expect(query.status).toBe(414);
  });

  it("answers 400 for malformed percent-encoding", async () => {
    for (const target of ["/%", "/%zz", "/about%E0%A4%A"]) {
      const res = await get(target);
      expect(res.status, target).toBe(400);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
  });

  it.each([
    "/../secret.txt",
    "/about/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/%2E%2E/etc/passwd",
    "/..%2fsecret.txt",
    "/assets%2f..%2f..%2fsecret.txt",
    "/..%5csecret.txt",
    "/..\\secret.txt",
    "/about%00.html",
    "/./about",
  ])("refuses traversal %s with 400", async (target) => {
    const res = await raw(target);
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("outside the root");
  });

  it("refuses a NUL byte in the request line without crashing", async () => {
    const res = await raw("/about\0.html");
    expect([400]).toContain(res.status);
    expect((await get("/about")).status).toBe(200);
  });

  it("does not follow a symlink out of the root", async () => {
    const res = await get("/escape.txt");
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain("outside the root");
  });

  it("hides dotfiles", async () => {
    const res = await get("/.env");
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain("SECRET");
  });

  it("answers 400 to a target that is not a path", async () => {
    const res = await raw("*");
    expect(res.status).toBe(400);
  });

  it("survives a garbage request and keeps serving", async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(server.port, "127.0.0.1");
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
      socket.resume();
      socket.end("\x16\x03\x01 not http at all\r\n\r\n");
    });
    expect((await get("/")).status).toBe(200);
  });

  it("closes cleanly while a keep-alive connection is open", async () => {
    const other = await startSiteServer({ root, port: 0 });
    const socket = connect(other.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise((resolve) => socket.once("data", resolve));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    socket.destroy();
  });
});

describe("parseAcceptEncoding", () => {
  it.each([
    ["gzip, deflate, br", ["br", "gzip"]],
    ["br;q=0, gzip;q=0.5", ["gzip"]],
    ["*", ["br", "gzip"]],
    ["*;q=0, gzip", ["gzip"]],
    ["identity", []],
    ["", []],
  ])("%s", (header, expected) => {
    expect([...parseAcceptEncoding(header)].sort()).toEqual(expected.sort());
  });
});
