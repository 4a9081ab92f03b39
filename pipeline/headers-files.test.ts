import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MANIFEST_FILE,
  readManifestEntries,
  type HeadersManifest,
  type PolicyInputs,
} from "../release/headers-manifest";
import { HEADERS_FILE, NGINX_CONFIG_FILE } from "../release/host-files";
import { HeadersFilesWriter, comparePagePaths } from "./headers-files";
import { writeSecurityHeaders } from "./security-headers";
import { tempDirOfTests } from "../test-support/temp-dir";

/**
 * The files as the build wrote them as whole strings, before they were
 * written a page at a time (fixtures/headers-files: `site.json` is the
 * site, the others the earlier build's output for it).
 */
const FIXTURES = path.join(import.meta.dirname, "test", "fixtures", "headers-files");

const root = tempDirOfTests("headers-files-test-", "all");
let clientDir: string;
let fixtureSite: { policy: PolicyInputs; pages: Record<string, string> };

beforeAll(async () => {
  clientDir = path.join(root(), "client");
  fixtureSite = JSON.parse(await readFile(path.join(FIXTURES, "site.json"), "utf8")) as typeof fixtureSite;
  for (const [relative, html] of Object.entries(fixtureSite.pages)) {
    await mkdir(path.dirname(path.join(clientDir, relative)), { recursive: true });
    await writeFile(path.join(clientDir, relative), html);
  }
});

describe("the headers files, a page at a time", () => {
  beforeAll(async () => {
    await writeSecurityHeaders(clientDir, fixtureSite.policy);
  });

  it("writes the nginx site with the same bytes as the whole-string build", async () => {
    expect(await readFile(path.join(root(), NGINX_CONFIG_FILE), "utf8")).toBe(
      await readFile(path.join(FIXTURES, "studio-site.conf"), "utf8"),
    );
  });

  it("writes the manifest as JSON.stringify(manifest, null, 2) did, its pages in the order of the other files", async () => {
    const before = JSON.parse(await readFile(path.join(FIXTURES, "manifest.json"), "utf8")) as HeadersManifest;
    const ordered = Object.fromEntries(
      Object.keys(before.documents)
        .sort(comparePagePaths)
        .map((relative) => [relative, before.documents[relative]!]),
    );
    const written = await readFile(path.join(clientDir, MANIFEST_FILE), "utf8");
    expect(written).toBe(`${JSON.stringify({ ...before, documents: ordered }, null, 2)}\n`);
    // the build before sorted by code unit: "404.html" came before "__spa-fallback.html"
    expect(Object.keys(before.documents)).not.toEqual(Object.keys(ordered));
  });

  it("reads the manifest back a page at a time, in its order", async () => {
    const seen: Array<[string, string]> = [];
    const header = await readManifestEntries(path.join(clientDir, MANIFEST_FILE), (relative, csp) => {
      seen.push([relative, csp]);
    });
    const parsed = JSON.parse(await readFile(path.join(clientDir, MANIFEST_FILE), "utf8")) as HeadersManifest;
    expect(header).toEqual({ version: 1, mode: parsed.mode, policy: parsed.policy });
    expect(seen).toEqual(Object.entries(parsed.documents));
    expect(seen).toHaveLength(Object.keys(fixtureSite.pages).length);
  });
});

describe("HeadersFilesWriter", () => {
  const header = { version: 1 as const, mode: "production" as const, policy: fixtureSitePolicy() };

  function fixtureSitePolicy(): PolicyInputs {
    return { mode: "production", apiOrigin: "http://127.0.0.1:4100", assetOrigins: ["http://127.0.0.1:4100"] };
  }

  it("writes a manifest with no page as JSON.stringify does", async () => {
    const dir = path.join(root(), "empty", "client");
    await mkdir(dir, { recursive: true });
    const writer = await HeadersFilesWriter.open(dir, header, 0);
    expect(await writer.close()).toEqual({ documents: 0 });
    expect(await readFile(path.join(dir, MANIFEST_FILE), "utf8")).toBe(
      `${JSON.stringify({ ...header, documents: {} }, null, 2)}\n`,
    );
    expect(await readFile(path.join(root(), "empty", NGINX_CONFIG_FILE), "utf8")).toMatch(/default "[^"]+";\n\n}\n/);
  });

  it("refuses pages out of order, and an abandoned write leaves the files as they were", async () => {
    const dir = path.join(root(), "abandoned", "client");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, HEADERS_FILE), "earlier\n");
    const writer = await HeadersFilesWriter.open(dir, header, 3);
    await writer.add("index.html", "default-src 'none'");
    await expect(writer.add("about/index.html", "default-src 'none'")).rejects.toThrow(/not in page order/);
    await writer.abandon();
    expect(await readFile(path.join(dir, HEADERS_FILE), "utf8")).toBe("earlier\n");
    await expect(readFile(path.join(dir, MANIFEST_FILE), "utf8")).rejects.toThrow(/ENOENT/);
    await expect(readFile(path.join(dir, `${HEADERS_FILE}.tmp`), "utf8")).rejects.toThrow(/ENOENT/);
  });
});
