import { spawn } from "node:child_process";
import { mkdir, realpath, symlink, utimes, writeFile } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { connect, type AddressInfo } from "node:net";
import path from "node:path";
import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MANIFEST_FILE, NON_DOCUMENT_CSP, type HeadersManifest, type PolicyInputs } from "../release/headers-manifest";
import { contentSecurityPolicy, inlineScriptHashes } from "../pipeline/csp";
import { startSiteServer } from "./site-server";
import type { SiteServer } from "./site-server";
import { WEBHOOK_PATH, webhookSignature, type StoryblokEvent } from "./storyblok-webhook";
import { tempDirOfTests } from "../test-support/temp-dir";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const base = tempDirOfTests("site-server-test-", "all");
let root: string;
let server: SiteServer;

const HOME = "<!doctype html><title>home</title>";
const ABOUT = "<!doctype html><title>about</title>";
const INDEX_PAGE = "<!doctype html><title>index page</title>";
const FALLBACK = "<!doctype html><title>spa fallback</title><script>window.__fallback = 1;</script>";
const NOT_FOUND = "<!doctype html><title>not found</title><script>window.__notFound = 1;</script>";
/** Not in the manifest: its policy is computed when it is served. */
const UNLISTED = "<!doctype html><title>unlisted</title><script>window.__unlisted = 1;</script>";
const POLICY: PolicyInputs = {
  mode: "production",
  apiOrigin: "http://localhost:4100",
  assetOrigins: ["http://localhost:4100"],
};

function manifestFor(policy: PolicyInputs, documents: Record<string, string>): HeadersManifest {
  const csp = Object.fromEntries(
    Object.entries(documents).map(([file, html]) => [file, contentSecurityPolicy(policy, inlineScriptHashes(html))]),
  );
  return { version: 1, mode: policy.mode, policy, documents: csp };
}
const SCRIPT = `console.log(${JSON.stringify("x".repeat(2000))});`;

beforeAll(async () => {
  root = path.join(base(), "client");
  await mkdir(path.join(root, "about"), { recursive: true });
  await mkdir(path.join(root, "index"), { recursive: true });
  await mkdir(path.join(root, "assets"), { recursive: true });
  await mkdir(path.join(root, "articles", "tidewater"), { recursive: true });
  await writeFile(path.join(root, "index.html"), HOME);
  await writeFile(path.join(root, "__spa-fallback.html"), FALLBACK);
  await writeFile(path.join(root, "404.html"), NOT_FOUND);
  await writeFile(path.join(root, "articles", "404.html"), FALLBACK);
  await writeFile(path.join(root, "about", "index.html"), ABOUT);
  await writeFile(path.join(root, "index", "index.html"), INDEX_PAGE);
  await writeFile(path.join(root, "articles", "tidewater", "index.html"), "<title>tidewater</title>");
  await mkdir(path.join(root, "unlisted"), { recursive: true });
  await writeFile(path.join(root, "unlisted", "index.html"), UNLISTED);
  const manifest = manifestFor(POLICY, {
    "index.html": HOME,
    "__spa-fallback.html": FALLBACK,
    "404.html": NOT_FOUND,
    "articles/404.html": FALLBACK,
    "about/index.html": ABOUT,
  });
  await writeFile(path.join(root, MANIFEST_FILE), JSON.stringify(manifest));
  await writeFile(path.join(root, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
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
  await writeFile(path.join(base(), "secret.txt"), "outside the root");
  await symlink(path.join(base(), "secret.txt"), path.join(root, "escape.txt"));
  server = await startSiteServer({ root, port: 0 });
});

afterAll(async () => {
  await server?.close();
});

function get(
  target: string,
  headers: Record<string, string> = {},
  method = "GET",
  port = server.port,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, method, headers, agent: false }, (res) => {
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
function raw(target: string, method = "GET"): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on("error", reject);
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, "latin1");
  });
}

/** The directives of a policy, by name. */
function csp(headers: IncomingHttpHeaders): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(headers["content-security-policy"] ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
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
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers["last-modified"]).toMatch(/GMT$/);
    expect(res.headers["content-length"]).toBe(String(HOME.length));
    expect(res.body.toString()).toBe(HOME);
    expectSecurityHeaders(res.headers);
  });

  it.each(["/about", "/about?x=1", "//about", "/index"])(
    "serves the directory page for %s without redirecting",
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body.toString()).toBe(target.includes("index") ? INDEX_PAGE : ABOUT);
    },
  );

  it.each([
    ["/about/", "/about"],
    ["/about/?x=1", "/about?x=1"],
    ["/index/", "/index"],
    // the home's file is no address of the home: a visitor typing it means the project index
    ["/index.html", "/index"],
    ["/index.html?x=1", "/index?x=1"],
  ])("sends %s to its one address %s (301)", async (target, location) => {
    const res = await get(target);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
    expectSecurityHeaders(res.headers);
  });

  it("serves a folder's index.html as its page where the folder has no index page", async () => {
    const res = await get("/about/index.html");
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(ABOUT);
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

  it.each(["/articles/published-later", "/articles/published-later/", "/articles/"])(
    "answers %s with 404 and the articles' not-found page (the SPA fallback, which renders a later article)",
    async (target) => {
      const res = await get(encodeURI(target));
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.etag).toBeUndefined();
      expect(res.body.toString()).toBe(FALLBACK);
      expectSecurityHeaders(res.headers);
    },
  );

  it.each(["/no/such/page", "/über", "/articles", "/404.html", "/articles/404.html", "/index/nope"])(
    "answers %s with 404 and the site's not-found page",
    async (target) => {
      const res = await get(encodeURI(target));
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body.toString()).toBe(target === "/articles/404.html" ? FALLBACK : NOT_FOUND);
      expectSecurityHeaders(res.headers);
    },
  );

  it("answers a HEAD of an unknown page with the 404's headers and no body", async () => {
    const res = await get("/no/such/page", {}, "HEAD");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body.length).toBe(0);
  });

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
    // mime-types (IANA): image/vnd.microsoft.icon, which every browser reads as an icon
    expect(icon.headers["content-type"]).toBe("image/vnd.microsoft.icon");
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

  it.each(["bytes=99999999-", "bytes=5-1", "bytes=-0"])(
    "answers an unsatisfiable Range (%s) 416 with the page's size, and none of the page's headers",
    async (range) => {
      const res = await get("/about", { Range: range });
      expect(res.status).toBe(416);
      expect(res.headers["content-range"]).toBe(`bytes */${Buffer.byteLength(ABOUT)}`);
      expect(res.body.toString()).toBe("Range Not Satisfiable\n");
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers["last-modified"]).toBeUndefined();
      expectSecurityHeaders(res.headers);
    },
  );

  it.each<Record<string, string>>([
    { "If-Match": '"nope"' },
    { "If-Unmodified-Since": "Thu, 01 Jan 1970 00:00:00 GMT" },
  ])("answers a failed precondition (%o) 412, without the page's headers", async (precondition) => {
    const res = await get("/about", precondition);
    expect(res.status).toBe(412);
    expect(res.body.toString()).toBe("Precondition Failed\n");
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["content-range"]).toBeUndefined();
    expectSecurityHeaders(res.headers);
  });

  it("answers a page that is not there 404 with the not-found page, whatever its preconditions", async () => {
    const res = await get("/nowhere", { "If-Match": '"nope"', "If-Unmodified-Since": "Thu, 01 Jan 1970 00:00:00 GMT" });
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe(NOT_FOUND);
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

describe("security headers", () => {
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("sends each document the CSP of the build's manifest", async () => {
    const home = await get("/");
    expect(home.headers["content-security-policy"]).toBe(contentSecurityPolicy(POLICY, []));
    const fallback = await get("/articles/published-later");
    expect(fallback.body.toString()).toBe(FALLBACK);
    // the SPA fallback's own inline script, and only that
    expect(csp(fallback.headers).get("script-src")).toEqual(["'self'", sha256("window.__fallback = 1;")]);
    expect((await get("/about")).headers["content-security-policy"]).toBe(contentSecurityPolicy(POLICY, []));
  });

  it("computes the policy of an HTML file the manifest does not list", async () => {
    const res = await get("/unlisted");
    expect(csp(res.headers).get("script-src")).toEqual(["'self'", sha256("window.__unlisted = 1;")]);
    expect(csp(res.headers).get("connect-src")).toEqual(["'self'", "http://localhost:4100"]);
  });

  it("gives everything else a policy under which nothing runs", async () => {
    expect((await get("/assets/style-Zz99.css")).headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
    expect((await get("/about.data")).headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
    expect((await get("/missing.png")).headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
    expect((await get("/logo.svg")).headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
  });

  it("production: indexable, framed by the site only, resources for the site only", async () => {
    for (const target of ["/", "/assets/style-Zz99.css", "/missing.png"]) {
      const res = await get(target);
      expect(res.headers["x-robots-tag"], target).toBeUndefined();
      expect(res.headers["x-frame-options"], target).toBe("SAMEORIGIN");
      expect(res.headers["cross-origin-resource-policy"], target).toBe("same-origin");
    }
    expect(csp((await get("/")).headers).get("frame-ancestors")).toEqual(["'self'"]);
  });

  it("sends HSTS and upgrade-insecure-requests only when the request came over https", async () => {
    const plain = await get("/");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(plain.headers["content-security-policy"]).not.toMatch(/upgrade-insecure-requests/);
    const overHttps: Array<Record<string, string>> = [
      { "X-Forwarded-Proto": "https" },
      { "X-Forwarded-Proto": "https, http" },
      { Forwarded: "for=1.2.3.4;proto=https" },
    ];
    for (const headers of overHttps) {
      const res = await get("/", headers);
      expect(res.headers["strict-transport-security"], JSON.stringify(headers)).toBe(
        "max-age=63072000; includeSubDomains",
      );
      expect(res.headers["content-security-policy"]).toMatch(/; upgrade-insecure-requests$/);
    }
    const overHttp: Array<Record<string, string>> = [
      { "X-Forwarded-Proto": "http" },
      { "X-Forwarded-Proto": "http, https" },
      { Forwarded: "proto=http" },
    ];
    for (const headers of overHttp) {
      expect((await get("/", headers)).headers["strict-transport-security"], JSON.stringify(headers)).toBeUndefined();
    }
    // non-documents get HSTS too, but no upgrade directive in their nothing-runs policy
    const asset = await get("/assets/style-Zz99.css", { "X-Forwarded-Proto": "https" });
    expect(asset.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(asset.headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
  });

  it("never serves the headers manifest or the static hosts' _headers, nor their temporary files", async () => {
    await writeFile(path.join(root, "_headers.tmp"), "/*\n  X-Content-Type-Options: nosniff\n");
    await writeFile(path.join(root, "_redirects.tmp"), "/old /new 301\n");
    for (const target of [`/${MANIFEST_FILE}`, "/_headers", "/_redirects", "/_headers.tmp", "/_redirects.tmp"]) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.body.toString()).not.toMatch(/documents|nosniff/);
    }
  });

  it("preview: noindex on every answer and the Storyblok editor in frame-ancestors", async () => {
    const previewRoot = path.join(base(), "preview");
    await mkdir(previewRoot, { recursive: true });
    await writeFile(path.join(previewRoot, "index.html"), HOME);
    await writeFile(path.join(previewRoot, "app.css"), "a{}");
    const policy: PolicyInputs = { ...POLICY, mode: "preview" };
    await writeFile(path.join(previewRoot, MANIFEST_FILE), JSON.stringify(manifestFor(policy, { "index.html": HOME })));
    const preview = await startSiteServer({ root: previewRoot, port: 0 });
    try {
      for (const target of ["/", "/app.css", "/missing.png"]) {
        const res = await get(target, {}, "GET", preview.port);
        expect(res.headers["x-robots-tag"], target).toMatch(/noindex/);
        expect(res.headers["x-frame-options"], target).toBeUndefined();
      }
      const home = await get("/", {}, "GET", preview.port);
      expect(csp(home.headers).get("frame-ancestors")).toEqual(
        expect.arrayContaining(["'self'", "https://app.storyblok.com", "https://app-us.storyblok.com"]),
      );
      expect(csp(home.headers).get("script-src")?.join(" ")).not.toMatch(/unsafe/);
    } finally {
      await preview.close();
    }
  });

  it("refuses a build without its manifest (an unfinished one), to start and to swap to", async () => {
    // what a build stopped at 45 s leaves: pages, and the headers files not yet renamed into place
    const unfinished = path.join(base(), "unfinished");
    await mkdir(unfinished, { recursive: true });
    await writeFile(path.join(unfinished, "index.html"), FALLBACK);
    await writeFile(path.join(unfinished, `${MANIFEST_FILE}.tmp`), "{");
    await expect(startSiteServer({ root: unfinished, port: 0 })).rejects.toThrow(
      /has no \.security-headers\.json .*not a complete build/,
    );
    const swapping = await startSiteServer({ root, port: 0 });
    try {
      await expect(swapping.swapRoot(unfinished)).rejects.toThrow(/not a complete build/);
      expect(swapping.root()).toBe(await realpath(root));
      expect((await get("/about", {}, "GET", swapping.port)).body.toString()).toBe(ABOUT);
    } finally {
      await swapping.close();
    }
  });

  it("refuses to start on a manifest that is not one", async () => {
    const badRoot = path.join(base(), "bad-manifest");
    await mkdir(badRoot, { recursive: true });
    await writeFile(path.join(badRoot, MANIFEST_FILE), JSON.stringify({ version: 2 }));
    await expect(startSiteServer({ root: badRoot, port: 0 })).rejects.toThrow(/not a security headers manifest/);
  });
});

describe("absurd input", () => {
  it("answers a segment longer than any file name with the not-found page", async () => {
    const res = await get(`/articles/${"a".repeat(4000)}`);
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe(FALLBACK);
  });

  it("answers 404 for an over-long asset name and thousands of segments", async () => {
    expect((await get(`/assets/${"b".repeat(4000)}.js`)).status).toBe(404);
    expect((await get(`/${"x/".repeat(3000)}y.css`)).status).toBe(404);
    const deep = await get(`/${"x/".repeat(3000)}`);
    expect(deep.status).toBe(404);
    expect(deep.body.toString()).toBe(NOT_FOUND);
  });

  it("serves an absolute-form target by its path (RFC 9112 3.2.2)", async () => {
    const about = await raw("http://localhost/about");
    expect(about.status).toBe(200);
    expect(about.text).toContain(ABOUT);
    expect((await raw("http://example.test:8080/about?x=1")).status).toBe(200);
    expect((await raw("http://localhost/no/such/page")).status).toBe(404);
    expect((await raw("http://localhost/../../etc/passwd")).status).toBe(404);
    expect((await raw("ftp://localhost/about")).status).toBe(400);
  });

  it("keeps control characters out of the answer", async () => {
    expect((await raw("/about%0d%0aX-Injected:%201")).text).not.toMatch(/\r\nX-Injected/i);
  });

  it.each(["TRACE", "PROPFIND", "BREW"])("refuses %s with 405", async (method) => {
    const res = await raw("/", method);
    expect([400, 405]).toContain(res.status);
  });

  it("survives CONNECT and keeps serving", async () => {
    await raw("localhost:443", "CONNECT").catch(() => undefined);
    expect((await get("/")).status).toBe(200);
  });

  it("answers HEAD for a missing file with headers and no body", async () => {
    const res = await get("/missing.png", {}, "HEAD");
    expect(res.status).toBe(404);
    expect(res.body.length).toBe(0);
    expectSecurityHeaders(res.headers);
  });

  it("ignores nonsense Accept-Encoding and conditional headers", async () => {
    const res = await get("/assets/entry-Ab12Cd.js", {
      "Accept-Encoding": "br;q=nonsense, gzip;q=-1, ;;;, *;q=",
      "If-None-Match": ",,,",
      "If-Modified-Since": "yesterday",
    });
    expect(res.status).toBe(200);
    // an unreadable q counts as 1: the client named the coding
    const encoding = res.headers["content-encoding"];
    const body =
      encoding === "br" ? brotliDecompressSync(res.body) : encoding === "gzip" ? gunzipSync(res.body) : res.body;
    expect(body.toString()).toBe(SCRIPT);
  });
});

describe("site-server/main.ts", () => {
  it("stops cleanly on SIGTERM, with an open keep-alive connection", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "main.ts"), root], {
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Site: (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on("exit", () => reject(new Error(`main.ts exited early: ${output}`)));
    });
    const port = Number(new URL(url).port);
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise((resolve) => socket.once("data", resolve));
    const started = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    socket.destroy();
  }, 20_000);
});

describe("Storyblok's webhook", () => {
  const SECRET = "webhook secret";
  const BODY = JSON.stringify({ text: "x", action: "published", space_id: 1, story_id: 42, full_slug: "articles/neu" });
  let hooked: SiteServer;
  const events: StoryblokEvent[] = [];

  beforeAll(async () => {
    hooked = await startSiteServer({
      root,
      port: 0,
      webhook: { secret: SECRET, onEvent: (event) => events.push(event) },
    });
  });
  afterAll(() => hooked.close());

  function post(body: string, headers: Record<string, string> = {}, target = WEBHOOK_PATH) {
    return fetch(`${hooked.url}${target}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...headers },
    });
  }

  it("accepts a signed event with 202 and JSON, and hands it on", async () => {
    events.length = 0;
    const res = await post(BODY, { "webhook-signature": webhookSignature(BODY, SECRET) });
    expect(res.status).toBe(202);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual({ accepted: true, action: "published" });
    expect(events).toEqual([{ action: "published", text: "x", spaceId: 1, storyId: 42, fullSlug: "articles/neu" }]);
  });

  it("refuses a missing or wrong signature with 401, handing nothing on", async () => {
    events.length = 0;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await post(BODY)).status).toBe(401);
      expect((await post(BODY, { "webhook-signature": webhookSignature(BODY, "guess") })).status).toBe(401);
      const tampered = BODY.replace("42", "43");
      expect((await post(tampered, { "webhook-signature": webhookSignature(BODY, SECRET) })).status).toBe(401);
    } finally {
      warn.mockRestore();
    }
    expect(events).toEqual([]);
  });

  it("answers a signed body that is no payload with 400, an oversized one with 413, a GET with 405", async () => {
    events.length = 0;
    const junk = "not json";
    const bad = await post(junk, { "webhook-signature": webhookSignature(junk, SECRET) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
    const huge = "x".repeat(100_000);
    expect((await post(huge, { "webhook-signature": webhookSignature(huge, SECRET) })).status).toBe(413);
    const get = await fetch(`${hooked.url}${WEBHOOK_PATH}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(events).toEqual([]);
    // and the server still serves pages
    expect((await fetch(`${hooked.url}/about`)).status).toBe(200);
  });

  it("is not there without the option", async () => {
    const res = await fetch(`${server.url}${WEBHOOK_PATH}`, { method: "POST", body: BODY });
    expect(res.status).toBe(405);
  });
});

describe("swapRoot", () => {
  it("serves the other build from the next request on, and keeps the current one when the other is unusable", async () => {
    const next = path.join(base(), "next-release");
    await mkdir(next, { recursive: true });
    await writeFile(path.join(next, "index.html"), "<!doctype html><title>next</title>");
    await writeFile(path.join(next, MANIFEST_FILE), JSON.stringify(manifestFor(POLICY, { "index.html": "x" })));
    const swapping = await startSiteServer({ root, port: 0 });
    try {
      expect(await (await fetch(`${swapping.url}/`)).text()).toBe(HOME);
      await swapping.swapRoot(next);
      expect(swapping.root()).toBe(next);
      expect(await (await fetch(`${swapping.url}/`)).text()).toBe("<!doctype html><title>next</title>");
      expect((await fetch(`${swapping.url}/about`)).status).toBe(404);

      const broken = path.join(base(), "broken-release");
      await mkdir(broken, { recursive: true });
      await writeFile(path.join(broken, MANIFEST_FILE), "{}");
      await expect(swapping.swapRoot(broken)).rejects.toThrow(/manifest/);
      expect(swapping.root()).toBe(next);
    } finally {
      await swapping.close();
    }
  });
});

describe("forwarding the local content service", () => {
  it("passes /v2/ and /f/ through with the visitor's Host, and says 502 when the service is down", async () => {
    const seen: Array<{ url: string; host: string | undefined }> = [];
    const upstream = createServer((req, res) => {
      seen.push({ url: req.url ?? "", host: req.headers.host });
      res.writeHead(200, { "Content-Type": "application/json", "X-Upstream": "1" });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const forwarding = await startSiteServer({ root, port: 0, contentOrigin: origin });
    try {
      const api = await get(
        "/v2/cdn/stories?token=x&version=published",
        { Host: "studio.test:3000" },
        "GET",
        forwarding.port,
      );
      expect(api.status).toBe(200);
      expect(api.headers["x-upstream"]).toBe("1");
      expect(api.body.toString()).toBe('{"ok":true}');
      const asset = await get("/f/1/10x10/ab/a.jpg/m/20x0", {}, "GET", forwarding.port);
      expect(asset.status).toBe(200);
      expect(seen).toEqual([
        { url: "/v2/cdn/stories?token=x&version=published", host: "studio.test:3000" },
        { url: "/f/1/10x10/ab/a.jpg/m/20x0", host: `127.0.0.1:${forwarding.port}` },
      ]);
      // everything else is the site's
      expect((await get("/about", {}, "GET", forwarding.port)).body.toString()).toBe(ABOUT);
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
      const down = await get("/v2/cdn/stories", {}, "GET", forwarding.port);
      expect(down.status).toBe(502);
      expect(JSON.parse(down.body.toString())).toHaveProperty("error");
    } finally {
      upstream.close();
      await forwarding.close();
    }
  });
});
