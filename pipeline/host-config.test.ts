import { types } from "mime-types";
import { beforeAll, describe, expect, it } from "vitest";
import { NON_DOCUMENT_CSP, type HeadersManifest } from "../release/headers-manifest";
import { NO_PAGE_EXTENSIONS, wantsNotFoundPage } from "../release/served-files";
import { NGINX_LISTEN_MARKER, NGINX_ROOT_MARKER, siteConfigFor } from "../release/host-files";
import { redirectsText } from "./host-config";

import { headersFilesOf } from "./test/headers-files-of";

const CSP_HOME = "default-src 'none'; script-src 'self' 'sha256-aaa='";
const CSP_ABOUT = "default-src 'none'; script-src 'self' 'sha256-bbb='";
const MANIFEST: HeadersManifest = {
  version: 1,
  mode: "production",
  policy: { mode: "production", apiOrigin: "https://api.storyblok.com", assetOrigins: ["https://a.storyblok.com"] },
  documents: { "index.html": CSP_HOME, "about/index.html": CSP_ABOUT, "404.html": CSP_HOME },
};

describe("the nginx site", () => {
  let text: string;
  beforeAll(async () => {
    text = (await headersFilesOf(MANIFEST)).nginx;
  });

  it("maps every request form of a page to its own policy, and anything else to the nothing-runs one", () => {
    for (const key of ["/", "/index.html"]) expect(text).toContain(`"${key}" "${CSP_HOME}";`);
    for (const key of ["/about", "/about/", "/about/index.html"]) expect(text).toContain(`"${key}" "${CSP_ABOUT}";`);
    expect(text).toContain(`"/404.html" "${CSP_HOME}";`);
    expect(text).toContain(`default "${NON_DOCUMENT_CSP}";`);
  });

  it("sends the mode's headers on every answer, 404s included", async () => {
    expect(text).toContain('add_header X-Frame-Options "SAMEORIGIN" always;');
    expect(text).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(text).not.toContain("X-Robots-Tag");
    const preview = { ...MANIFEST, mode: "preview" as const, policy: { ...MANIFEST.policy, mode: "preview" as const } };
    expect((await headersFilesOf(preview)).nginx).toContain('add_header X-Robots-Tag "noindex, nofollow" always;');
  });

  it("answers unknown paths with the not-found pages and serves the precompressed files", () => {
    expect(text).toContain("error_page 404 /404.html;");
    expect(text).toMatch(/location \/articles\/ \{\s+error_page 404 \/articles\/404\.html;/);
    expect(text).toContain("gzip_static on;");
    expect(text).toContain("brotli_static on;");
  });

  it("types .data like the site server (React Router's turbo-stream) and scripts as text/javascript", () => {
    expect(text).toMatch(/text\/x-script data;/);
    expect(text).toMatch(/text\/javascript js mjs;/);
  });

  it("answers a missing file with a plain 404 exactly where the site server does, for every extension", () => {
    const location = /location ~\* (\S+) \{\s+error_page 404 @plain_not_found;/.exec(text);
    expect(location, "the nginx site's plain-404 location").not.toBeNull();
    const nginxPlain = new RegExp(location![1]!, "i");
    const nginxListed = /\((.+)\)/
      .exec(location![1]!)![1]!
      .split("|")
      .map((alternative) => `.${alternative}`);
    // every extension either side names, every type mime-types knows, a page and no extension at all
    const extensions = new Set([
      ...Object.keys(types).map((extension) => `.${extension}`),
      ...NO_PAGE_EXTENSIONS,
      ...nginxListed,
      ".html",
      "",
    ]);
    expect(extensions.size).toBeGreaterThan(500);
    for (const extension of extensions) {
      for (const name of [`missing${extension}`, `missing${extension.toUpperCase()}`]) {
        const siteServerPlain = !wantsNotFoundPage(["media", name]);
        expect(nginxPlain.test(`/media/${name}`), name).toBe(siteServerPlain);
      }
    }
    for (const plain of [".js", ".css", ".data", ".svg", ".ico", ".pdf", ".br", ".gz"]) {
      expect(wantsNotFoundPage(["media", `missing${plain}`]), plain).toBe(false);
    }
    for (const page of [".html", "", ".php"]) expect(wantsNotFoundPage(["media", `missing${page}`]), page).toBe(true);
  });

  it("has the two lines an installer sets, which the test runner replaces", () => {
    const site = siteConfigFor(text, 8123, "/srv/site/client");
    expect(site).toContain("    listen 127.0.0.1:8123;");
    expect(site).toContain('    root "/srv/site/client";');
    expect(site).not.toContain(NGINX_LISTEN_MARKER);
    expect(site).not.toContain(NGINX_ROOT_MARKER);
    expect(() => siteConfigFor("server {}", 1, "/x")).toThrow(/marked/);
  });
});

describe("redirectsText", () => {
  const pages = ["index.html", "index/index.html", "en/index.html", "en/index/index.html", "about/index.html"];
  const rulesOf = (text: string) => text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));

  it("rewrites each page whose last segment is index to its own file, and nothing else", () => {
    expect(rulesOf(redirectsText(pages, "cloudflare"))).toEqual([
      "/index  /index/index.html  200",
      "/en/index  /en/index/index.html  200",
    ]);
  });

  it("forces Netlify's rewrites, which it would leave for the home its pretty URLs find at /index", () => {
    expect(rulesOf(redirectsText(pages, "netlify"))).toEqual([
      "/index  /index/index.html  200!",
      "/en/index  /en/index/index.html  200!",
    ]);
  });

  it("has only statuses Cloudflare accepts (200, 301, 302, 303, 307, 308) in Cloudflare's form", () => {
    const statuses = rulesOf(redirectsText(pages, "cloudflare")).map((line) => line.split(/\s+/)[2]);
    expect(statuses.every((status) => ["200", "301", "302", "303", "307", "308"].includes(status!))).toBe(true);
    expect(statuses).toHaveLength(2);
  });
});
