import { buildSettingsFrom } from "./build-settings";
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  MANIFEST_FILE,
  readHeadersManifest,
  type HeadersManifest,
  type PolicyInputs,
} from "../release/headers-manifest";
import { EDITOR_ORIGINS } from "./csp";
import type { ContentConfig } from "./content-config";
import { HEADERS_FILE } from "../release/host-files";
import { CLOUDFLARE_RULE_LIMIT } from "./headers-files";
import { parseHtml } from "./html";
import { checkTokenForMode, mediaOrigins, modeBanner, policyInputsOf, writeSecurityHeaders } from "./security-headers";
import { headersFilesOf } from "./test/headers-files-of";
import { tempDirOfTests } from "../test-support/temp-dir";

const service = inject("contentService");

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function directive(policy: string, name: string): string[] | undefined {
  for (const part of policy.split(";")) {
    const [directiveName, ...sources] = part.trim().split(/\s+/);
    if (directiveName === name) return sources;
  }
  return undefined;
}

/** A page as React Router prerenders it: hydration context, module imports, streamed loader data. */
function page(route: string, media = "http://localhost:4100/f/1/10x10/ab/a.jpg"): { html: string; scripts: string[] } {
  const scripts = [
    `window.__reactRouterContext = {"basename":"/","route":${JSON.stringify(route)}};`,
    `import "/assets/manifest-1.js";\nimport * as route0 from "/assets/${route}.js";`,
    `window.__reactRouterContext.streamController.enqueue(${JSON.stringify(`[{"page":"${route}"}]`)});`,
  ];
  const html =
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/><script type="application/ld+json">{"name":"${route}"}</script></head><body>` +
    `<img src="${media}" srcset="${media}/m/320x0 320w, ${media}/m/640x0 640w" alt=""/><div style="--i:1"></div>` +
    `<script>${scripts[0]}</script><script type="module" async="">${scripts[1]}</script><script>${scripts[2]}</script>` +
    "</body></html>";
  return { html, scripts };
}

const LOCAL: PolicyInputs = {
  mode: "production",
  apiOrigin: "http://localhost:4100",
  assetOrigins: ["http://localhost:4100"],
};

const dir = tempDirOfTests("security-headers-test-", "all");
const pages: Record<string, ReturnType<typeof page>> = {
  "index.html": page("home"),
  "about/index.html": page("about"),
  "articles/tidewater/index.html": page("article", "https://elsewhere.example/x.jpg"),
  "__spa-fallback.html": page("fallback"),
};

beforeAll(async () => {
  for (const [file, { html }] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir(), file)), { recursive: true });
    await writeFile(path.join(dir(), file), html);
  }
  await mkdir(path.join(dir(), "assets"), { recursive: true });
  await writeFile(path.join(dir(), "assets", "root-1.js"), "export {};");
});

describe("writeSecurityHeaders", () => {
  let manifest: HeadersManifest;
  let warnings: string[];
  let documents: number;
  let articleHrefs: Map<string, string[]>;

  beforeAll(async () => {
    ({ warnings, documents, articleHrefs } = await writeSecurityHeaders(dir(), LOCAL));
    manifest = JSON.parse(await readFile(path.join(dir(), MANIFEST_FILE), "utf8")) as HeadersManifest;
  });

  it("lists every HTML file, the SPA fallback included, in page order", () => {
    expect(Object.keys(manifest.documents)).toEqual(Object.keys(pages).sort((a, b) => a.localeCompare(b)));
    expect(documents).toBe(Object.keys(pages).length);
    // and each one's article links for the release's record, from the same parse
    expect([...articleHrefs.keys()].sort()).toEqual(Object.keys(pages).sort());
  });

  it("allows in each page exactly that page's inline scripts", () => {
    for (const [file, { scripts }] of Object.entries(pages)) {
      expect(directive(manifest.documents[file]!, "script-src"), file).toEqual(["'self'", ...scripts.map(sha256)]);
    }
    // the pages differ in their data, so do their policies
    expect(manifest.documents["index.html"]).not.toBe(manifest.documents["about/index.html"]);
  });

  it("never allows unsafe-inline or unsafe-eval for scripts", () => {
    for (const csp of Object.values(manifest.documents)) {
      expect(directive(csp, "script-src")!.join(" ")).not.toMatch(/unsafe/);
    }
  });

  it("writes the manifest the site server reads, with the build's mode", async () => {
    const read = await readHeadersManifest(dir());
    expect(read).toEqual({ ...manifest, documents: new Map(Object.entries(manifest.documents)) });
    expect(read?.mode).toBe("production");
    expect(manifest.policy).toEqual(LOCAL);
  });

  it("warns about media the policy would block", () => {
    expect(warnings).toEqual([
      expect.stringMatching(/^articles\/tidewater\/index\.html: .*https:\/\/elsewhere\.example/),
    ]);
  });

  it("puts each page's policy, less frame-ancestors, in a <meta> right after its charset, before any script or style", async () => {
    for (const file of Object.keys(pages)) {
      const page = parseHtml(await readFile(path.join(dir(), file), "utf8"));
      const metas = page
        .elementsNamed("meta")
        .filter((meta) =>
          meta.attributes.some((a) => a.name === "http-equiv" && a.value === "Content-Security-Policy"),
        );
      expect(metas, file).toHaveLength(1);
      const policy = metas[0]!.attributes.find((a) => a.name === "content")!.value;
      const expected = manifest.documents[file]!.split("; ").filter((d) => !d.startsWith("frame-ancestors"));
      expect(policy.split("; "), file).toEqual(expected);
      const headChildren = page.elements.filter((element) => element.parent === page.head);
      expect(headChildren[1], file).toBe(metas[0]);
      expect(page.outerHtml(headChildren[0]!), file).toMatch(/^<meta charSet="utf-8"\/?>$/i);
    }
  });

  it("finishes a page once: a second run replaces its <meta> and keeps the same policy", async () => {
    const before = await readFile(path.join(dir(), "index.html"), "utf8");
    await writeSecurityHeaders(dir(), LOCAL);
    expect(await readFile(path.join(dir(), "index.html"), "utf8")).toBe(before);
  });

  it("writes _headers with rules for every path only: the common headers and frame-ancestors, immutable assets", async () => {
    const text = await readFile(path.join(dir(), HEADERS_FILE), "utf8");
    const rules = parseHeadersFile(text);
    expect([...rules.keys()]).toEqual(["/*", "/assets/*"]);
    expect(rules.size).toBeLessThanOrEqual(CLOUDFLARE_RULE_LIMIT);
    expect(rules.get("/*")?.["X-Content-Type-Options"]).toBe("nosniff");
    expect(rules.get("/*")?.["Content-Security-Policy"]).toBe("frame-ancestors 'self'");
    expect(rules.get("/assets/*")?.["Cache-Control"]).toBe("public, max-age=31536000, immutable");
    // a local build loads media over http: no HSTS, no upgrade
    expect(text).not.toMatch(/Strict-Transport-Security|upgrade-insecure-requests/);
  });
});

/** Parses the Netlify / Cloudflare Pages `_headers` format strictly: path lines, then two-space-indented `Name: value` lines. */
function parseHeadersFile(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("/")) {
      expect(line, "a path line has no spaces").not.toMatch(/\s/);
      expect(rules.has(line), `one rule per path: ${line}`).toBe(false);
      current = {};
      rules.set(line, current);
      continue;
    }
    const match = /^ {2}([A-Za-z-]+): (\S.*)$/.exec(line);
    expect(match, `header line: ${line}`).not.toBeNull();
    expect(current, "a header line follows a path line").toBeDefined();
    current![match![1]!] = match![2]!;
  }
  return rules;
}

describe("_headers", () => {
  const storyblok: HeadersManifest = {
    version: 1,
    mode: "preview",
    policy: { mode: "preview", apiOrigin: "https://api.storyblok.com", assetOrigins: ["https://a.storyblok.com"] },
    documents: { "index.html": "default-src 'none'; frame-ancestors 'self' https://app.storyblok.com" },
  };

  it("preview: noindex for every path, the editor in frame-ancestors", async () => {
    const rules = parseHeadersFile((await headersFilesOf(storyblok)).headers);
    expect(rules.get("/*")?.["X-Robots-Tag"]).toMatch(/noindex/);
    expect(rules.get("/*")?.["X-Frame-Options"]).toBeUndefined();
    expect(rules.get("/*")?.["Content-Security-Policy"]).toMatch(
      /^frame-ancestors 'self' https:\/\/app\.storyblok\.com /,
    );
  });

  it("an https build gets HSTS and upgrade-insecure-requests", async () => {
    const rules = parseHeadersFile((await headersFilesOf(storyblok)).headers);
    expect(rules.get("/*")?.["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(rules.get("/*")?.["Content-Security-Policy"]).toMatch(/; upgrade-insecure-requests$/);
  });

  it("production: no noindex, X-Frame-Options", async () => {
    const production: HeadersManifest = {
      ...storyblok,
      mode: "production",
      policy: { ...storyblok.policy, mode: "production" },
    };
    const rules = parseHeadersFile((await headersFilesOf(production)).headers);
    expect(rules.get("/*")?.["X-Robots-Tag"]).toBeUndefined();
    expect(rules.get("/*")?.["X-Frame-Options"]).toBe("SAMEORIGIN");
  });
});

describe("the two modes", () => {
  const config = (overrides: Partial<ContentConfig>): ContentConfig => ({
    endpoint: "http://localhost:4100/v2",
    token: "t",
    version: "draft",
    local: true,
    ...overrides,
  });

  it("drafts make a preview build, published content a production build", () => {
    expect(policyInputsOf(config({ version: "draft" }), buildSettingsFrom({})).mode).toBe("preview");
    expect(policyInputsOf(config({ version: "published" }), buildSettingsFrom({})).mode).toBe("production");
  });

  it("the local content service serves API and media itself, as localhost or 127.0.0.1", () => {
    expect(policyInputsOf(config({}), buildSettingsFrom({}))).toEqual({
      mode: "preview",
      apiOrigin: "http://localhost:4100",
      assetOrigins: ["http://localhost:4100", "http://127.0.0.1:4100"],
    });
    expect(
      policyInputsOf(config({ endpoint: "http://content.lan:4100/v2" }), buildSettingsFrom({})).assetOrigins,
    ).toEqual(["http://content.lan:4100"]);
  });

  it("Storyblok: the regional API and asset CDN, plus CONTENT_ASSET_ORIGINS", () => {
    const us = config({ endpoint: "https://api-us.storyblok.com/v2", local: false, version: "published" });
    expect(policyInputsOf(us, buildSettingsFrom({ STORYBLOK_REGION: "us" }))).toEqual({
      mode: "production",
      apiOrigin: "https://api-us.storyblok.com",
      assetOrigins: ["https://a-us.storyblok.com", "https://a2-us.storyblok.com", "https://a.storyblok.com"],
    });
    const custom = policyInputsOf(
      config({ endpoint: "https://api.storyblok.com/v2", local: false }),
      buildSettingsFrom({
        CONTENT_ASSET_ORIGINS: "https://assets.studio.example/f/, https://cdn.example",
      }),
    );
    expect(custom.assetOrigins).toEqual([
      "https://a.storyblok.com",
      "https://a2.storyblok.com",
      "https://assets.studio.example",
      "https://cdn.example",
    ]);
    expect(() => policyInputsOf(config({}), buildSettingsFrom({ CONTENT_ASSET_ORIGINS: "not a url" }))).toThrow(
      /CONTENT_ASSET_ORIGINS/,
    );
  });

  it("prints the mode in a box", () => {
    const preview = modeBanner("preview", config({})).split("\n");
    expect(preview[0]).toMatch(/^╔═+╗$/);
    expect(preview.at(-1)).toMatch(/^╚═+╝$/);
    expect(new Set(preview.map((line) => line.length)).size).toBe(1);
    expect(preview[1]).toMatch(/PREVIEW BUILD/);
    expect(modeBanner("production", config({}))).toMatch(/PRODUCTION BUILD/);
  });

  it("the editor origins are Storyblok's app hosts", () => {
    for (const origin of EDITOR_ORIGINS)
      expect(origin).toMatch(/^https:\/\/app(-[a-z]+)?\.storyblok(china)?\.(com|cn)$/);
  });
});

describe("checkTokenForMode", () => {
  const local = (token: string, version: ContentConfig["version"]): ContentConfig => ({
    endpoint: service.endpoint,
    token,
    version,
    local: true,
  });

  it("passes a production build with a public token (the API refuses it drafts)", async () => {
    expect(await checkTokenForMode(local(service.publicToken, "published"))).toBeNull();
  });

  it("fails a production build whose token reads drafts", async () => {
    await expect(checkTokenForMode(local(service.previewToken, "published"))).rejects.toThrow(/preview token/);
  });

  it("does not check a preview build", async () => {
    const unused = (() => Promise.reject(new Error("no request expected"))) as typeof fetch;
    expect(await checkTokenForMode(local(service.previewToken, "draft"), unused)).toBeNull();
  });

  it("says so when it cannot tell", async () => {
    const offline = (() => Promise.reject(new TypeError("fetch failed"))) as typeof fetch;
    expect(await checkTokenForMode(local("x", "published"), offline)).toMatch(/Could not check.*fetch failed/);
    const odd = (async () => new Response("{}", { status: 500 })) as typeof fetch;
    expect(await checkTokenForMode(local("x", "published"), odd)).toMatch(/answered 500/);
  });
});

describe("helpers", () => {
  it("finds the origins of images, sources, posters, srcsets and image preloads", () => {
    const html =
      '<img src="https://a.example/1.jpg" srcset="https://b.example/1.jpg 1x, /local.jpg 2x">' +
      '<video poster="https://c.example/p.jpg"><source src="https://d.example/v.mp4"></video>' +
      '<link rel="preload" as="image" href="https://e.example/l.svg"><link rel="stylesheet" href="https://f.example/s.css">' +
      '<a href="https://g.example/">link</a><img src="data:image/png;base64,AA">';
    expect(mediaOrigins(html).sort()).toEqual([
      "https://a.example",
      "https://b.example",
      "https://c.example",
      "https://d.example",
      "https://e.example",
    ]);
  });
});
