import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDocumentPath, startClientOnlyServer } from "./client-only-server";
import type { LocalServer } from "./static-pages-server";
import { writeHeadersManifest } from "../site-server/test/headers-manifest";
import { tempDirOfTests } from "../test-support/temp-dir";

describe("isDocumentPath", () => {
  it("treats extension-less paths and .html as documents", () => {
    expect(isDocumentPath("/")).toBe(true);
    expect(isDocumentPath("/articles/x")).toBe(true);
    expect(isDocumentPath("/about/index.html")).toBe(true);
    expect(isDocumentPath("/assets/a.js")).toBe(false);
    expect(isDocumentPath("/about.data")).toBe(false);
  });
});

describe("client-only server", () => {
  const dir = tempDirOfTests("bench-client-only-", "all");
  let server: LocalServer;
  beforeAll(async () => {
    await mkdir(path.join(dir(), "about"), { recursive: true });
    await mkdir(path.join(dir(), "assets"));
    await writeFile(path.join(dir(), "__spa-fallback.html"), "<p>fallback</p>");
    await writeFile(path.join(dir(), "index.html"), "<p>prerendered home</p>");
    await writeFile(path.join(dir(), "about", "index.html"), "<p>prerendered about</p>");
    await writeFile(path.join(dir(), "about.data"), "data");
    await writeFile(path.join(dir(), "assets", "a.js"), "export {};");
    // a complete build: the site server refuses a folder without its headers manifest
    await writeHeadersManifest(dir());
    server = await startClientOnlyServer(dir());
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers every document with the SPA fallback, .data with 404 and assets as files", async () => {
    for (const p of ["/", "/about", "/about/index.html", "/articles/x"]) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("<p>fallback</p>");
    }
    expect((await fetch(`${server.url}/about.data`)).status).toBe(404);
    const asset = await fetch(`${server.url}/assets/a.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expect(await asset.text()).toBe("export {};");
  });
});
