import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCli } from "../content-pull";
import { AssetCollector, assetRelPath, canonicalizeAssetUrls, STORYBLOK_ASSET_ORIGINS } from "./assets";
import { PullError, redact } from "./errors";
import { HttpClient } from "./http";
import { assignStoryFiles, storyFileFor } from "./output";
import { resolveEndpoint, serviceOrigins } from "./endpoint";
import { tempDirOfTests } from "../../test-support/temp-dir";

describe("asset URLs", () => {
  const collector = () =>
    new AssetCollector({
      spaceId: 287401,
      origins: [...STORYBLOK_ASSET_ORIGINS, "http://127.0.0.1:4100"],
      rootRelativeOrigin: "http://localhost:4100",
    });

  it("finds the space's assets in every string, also inside text and image-service variants", () => {
    const c = collector();
    c.add({
      Image: { filename: "https://a.storyblok.com/f/287401/1600x1000/3f9a1c2b7e/hero-1.webp", fieldtype: "asset" },
      local: "http://127.0.0.1:4100/f/287401/10x20/abc/local.svg",
      variant: "https://a.storyblok.com/f/287401/1600x1000/3f9a1c2b7e/hero-1.webp/m/800x0/filters:quality(80)",
      prose: [
        "See https://a-us.storyblok.com/f/287401/5x5/ffff/a%20b.png. And (https://a.storyblok.com/f/287401/6x6/eeee/c.jpg)",
      ],
      other: "https://a.storyblok.com/f/999/1x1/aaaa/other-space.png",
      odd: "https://a.storyblok.com/f/287401/logo.png",
      external: "https://cdn.jsdelivr.net/npm/emoji-datasource-apple/img/apple/64/1f44b.png",
    });
    const { assets, unrecognised } = c.result();
    expect([...assets.values()]).toEqual([
      { rel: "10x20/abc/local.svg", url: "http://127.0.0.1:4100/f/287401/10x20/abc/local.svg" },
      {
        rel: "1600x1000/3f9a1c2b7e/hero-1.webp",
        url: "https://a.storyblok.com/f/287401/1600x1000/3f9a1c2b7e/hero-1.webp",
      },
      { rel: "5x5/ffff/a b.png", url: "https://a-us.storyblok.com/f/287401/5x5/ffff/a%20b.png" },
      { rel: "6x6/eeee/c.jpg", url: "https://a.storyblok.com/f/287401/6x6/eeee/c.jpg" },
    ]);
    expect(unrecognised).toEqual(["https://a.storyblok.com/f/287401/logo.png"]);
  });

  it("finds root-relative asset paths, downloaded from the API's origin, but no /f/ path of another site", () => {
    const c = collector();
    c.add({
      filename: "/f/287401/1600x1000/3f9a1c2b7e/hero-1.webp",
      html: '<a href="/f/287401/10x10/aaaa/doc.pdf">PDF</a> and ![x](/f/287401/20x20/bbbb/img.png)',
      elsewhere: "https://cdn.example/f/287401/30x30/cccc/not-ours.png and x/f/287401/40x40/dddd/path.png",
      odd: "/f/287401/logo.png",
    });
    const { assets, unrecognised } = c.result();
    expect([...assets.values()]).toEqual([
      { rel: "10x10/aaaa/doc.pdf", url: "http://localhost:4100/f/287401/10x10/aaaa/doc.pdf" },
      {
        rel: "1600x1000/3f9a1c2b7e/hero-1.webp",
        url: "http://localhost:4100/f/287401/1600x1000/3f9a1c2b7e/hero-1.webp",
      },
      { rel: "20x20/bbbb/img.png", url: "http://localhost:4100/f/287401/20x20/bbbb/img.png" },
    ]);
    expect(unrecognised).toEqual(["/f/287401/logo.png"]);
  });

  it("knows a local service by each of its loopback names", () => {
    expect(serviceOrigins("http://localhost:4100/v2")).toEqual([
      "http://localhost:4100",
      "http://127.0.0.1:4100",
      "http://[::1]:4100",
    ]);
    expect(serviceOrigins("http://127.0.0.2:4100/v2")).toEqual([
      "http://127.0.0.2:4100",
      "http://localhost:4100",
      "http://127.0.0.1:4100",
      "http://[::1]:4100",
    ]);
    expect(serviceOrigins("https://api-us.storyblok.com/v2")).toEqual(["https://api-us.storyblok.com"]);
  });

  it("maps only paths the content service can serve", () => {
    expect(assetRelPath("1x1/abc/file.png")).toEqual({ rel: "1x1/abc/file.png", raw: "1x1/abc/file.png" });
    expect(assetRelPath("1x1/abc/.hidden")).toBeNull();
    expect(assetRelPath("1x1/abc/..%2Fescape")).toBeNull();
    expect(assetRelPath("1x1/abc/%E0%A4%A")).toBeNull();
    expect(assetRelPath("1x1/abc/file.png/extra")).toBeNull();
    expect(assetRelPath("big/abc/file.png")).toBeNull();
  });

  it("stores a local service's asset URLs canonically, absolute or root-relative", () => {
    const json = JSON.stringify({
      a: "http://127.0.0.1:4100/f/1/1x1/a/b.png",
      b: "http://127.0.0.1:41000/f/x",
      c: "https://a-us.storyblok.com/f/1/1x1/a/b.png",
      d: "/f/1/1x1/a/b.png",
      e: '<img src="/f/2/1x1/a/b.png"> (/f/1/1x1/a/c.png)',
      f: "/f/logo.png and https://site.example/f/1/1x1/a/b.png and a/f/1/",
    });
    expect(JSON.parse(canonicalizeAssetUrls(json, ["http://127.0.0.1:4100"]))).toEqual({
      a: "https://a.storyblok.com/f/1/1x1/a/b.png",
      b: "http://127.0.0.1:41000/f/x",
      c: "https://a-us.storyblok.com/f/1/1x1/a/b.png",
      d: "https://a.storyblok.com/f/1/1x1/a/b.png",
      e: '<img src="https://a.storyblok.com/f/2/1x1/a/b.png"> (https://a.storyblok.com/f/1/1x1/a/c.png)',
      f: "/f/logo.png and https://site.example/f/1/1x1/a/b.png and a/f/1/",
    });
    expect(JSON.parse(canonicalizeAssetUrls(json, STORYBLOK_ASSET_ORIGINS)).c).toBe(
      "https://a.storyblok.com/f/1/1x1/a/b.png",
    );
  });
});

describe("story files and options", () => {
  it("names story files after full_slug, safely and uniquely", () => {
    expect(storyFileFor("articles/tidewater-type")).toBe("stories/articles/tidewater-type.json");
    expect(storyFileFor("articles/")).toBe("stories/articles/index.json");
    expect(storyFileFor("../etc/.passwd")).toBe("stories/_../etc/_.passwd.json");
    const names = assignStoryFiles([
      { id: 1, full_slug: "About" },
      { id: 2, full_slug: "about" },
      { id: 3, full_slug: "home" },
    ]);
    expect([...names.entries()].sort()).toEqual([
      [1, "stories/About.json"],
      [2, "stories/about~2.json"],
      [3, "stories/home.json"],
    ]);
  });

  it("resolves the API base and reads the command line", () => {
    expect(resolveEndpoint({})).toBe("https://api.storyblok.com/v2");
    expect(resolveEndpoint({ region: "us" })).toBe("https://api-us.storyblok.com/v2");
    expect(resolveEndpoint({ apiUrl: "http://127.0.0.1:4100" })).toBe("http://127.0.0.1:4100/v2");
    expect(resolveEndpoint({ apiUrl: "http://127.0.0.1:4100/v2/" })).toBe("http://127.0.0.1:4100/v2");
    expect(() => resolveEndpoint({ apiUrl: "x", region: "eu" })).toThrow(PullError);
    expect(() => resolveEndpoint({ apiUrl: "ftp://host/v2" })).toThrow(/http/);

    const fromEnv = parseCli(["--out", "dir", "--resume", "--concurrency", "2"], {
      STORYBLOK_TOKEN: "tok",
      STORYBLOK_REGION: "CA",
    });
    expect(fromEnv).toMatchObject({
      token: "tok",
      region: "ca",
      outDir: "dir",
      resume: true,
      concurrency: 2,
      force: false,
    });
    expect(
      parseCli(["--out", "d", "--token", "t", "--api-url", "http://x/v2"], { STORYBLOK_REGION: "us" }).region,
    ).toBeUndefined();
    expect(() => parseCli(["--out", "d"], {})).toThrow(/token/);
    expect(() => parseCli(["--token", "t", "--out", "d", "--concurrency", "0"], {})).toThrow(/concurrency/);
    expect(() => parseCli(["--token", "t", "--out", "d", "--bogus"], {})).toThrow(PullError);
    expect(redact("GET https://api.storyblok.com/v2/cdn/stories?per_page=100&token=secret&version=draft")).toBe(
      "GET https://api.storyblok.com/v2/cdn/stories?per_page=100&token=***&version=draft",
    );
  });
});

describe("HttpClient", () => {
  let server: Server;
  let base: string;
  const dir = tempDirOfTests("content-pull-http-", "all");
  const hits = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = (req.url ?? "").replace(/\?.*$/, "");
      const n = (hits.get(url) ?? 0) + 1;
      hits.set(url, n);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on("close", () => inFlight--);
      const body = Buffer.alloc(10_000, 7);
      if (url === "/cut" && n === 1) {
        // promises 10 000 bytes, sends 100 and hangs up
        res.writeHead(200, { "Content-Length": body.length });
        res.write(body.subarray(0, 100));
        setTimeout(() => res.destroy(), 10);
      } else if (url === "/busy" && n === 1) {
        res.writeHead(503, { "Retry-After": "0", "Content-Type": "text/html" });
        res.end("<h1>busy</h1>");
      } else if (url === "/forbidden") {
        res.writeHead(403);
        res.end();
      } else if (url === "/gone") {
        res.writeHead(404);
        res.end();
      } else if (url.startsWith("/slow")) {
        setTimeout(() => res.end(body), 30);
      } else if (url === "/api-401") {
        res.writeHead(401, { "Content-Type": "text/plain" });
        res.end("Unauthorized");
      } else if (url === "/api-html") {
        res.writeHead(502, { "Content-Type": "text/html" });
        res.end("<html>Bad gateway</html>");
      } else res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const client = (concurrency = 4) => new HttpClient({ concurrency, retries: 3, retryBaseMs: 1, timeoutMs: 5_000 });

  it("retries a cut-off body and a 503, and writes the file whole", async () => {
    const http = client();
    expect(await http.download(`${base}/cut`, path.join(dir(), "a", "cut.bin"))).toEqual({ ok: true, bytes: 10_000 });
    expect(await http.download(`${base}/busy`, path.join(dir(), "a", "busy.bin"))).toEqual({ ok: true, bytes: 10_000 });
    expect(http.stats).toMatchObject({ get: 4, retries: 2 });
    expect((await readFile(path.join(dir(), "a", "cut.bin"))).length).toBe(10_000);
    expect((await readdir(path.join(dir(), "a"))).sort()).toEqual(["busy.bin", "cut.bin"]); // no temporary files left
    expect(await http.download(`${base}/gone`, path.join(dir(), "gone.bin"))).toEqual({ ok: false, status: 404 });
    await expect(http.download(`${base}/forbidden`, path.join(dir(), "f.bin"))).rejects.toThrow(/HTTP 403/);
    expect(hits.get("/forbidden")).toBe(1); // not retried
  });

  it("never has more than `concurrency` requests in flight", async () => {
    maxInFlight = 0;
    const http = client(3);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => http.download(`${base}/slow${i}`, path.join(dir(), "slow", `${i}.bin`))),
    );
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(http.stats.maxInFlight).toBe(3);
  });

  it("hands the API client JSON even when a proxy answers HTML", async () => {
    const http = new HttpClient({ concurrency: 2, retries: 1, retryBaseMs: 1, timeoutMs: 5_000 });
    await expect(http.apiFetch(`${base}/api-html?token=secret`)).rejects.toThrow(
      /failed after 2 attempts: HTTP 502 Bad Gateway: <html>Bad gateway<\/html>/,
    );
    const err = await http.apiFetch(`${base}/api-html?token=secret`).catch((e: Error) => e.message);
    expect(err).not.toContain("secret");
    const denied = await http.apiFetch(`${base}/api-401`);
    expect(denied.status).toBe(401); // not retried, and JSON so that the client keeps the status
    expect(await denied.json()).toEqual({ error: "HTTP 401 Unauthorized: Unauthorized" });
  });
});
