import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type ConsoleMessage } from "@playwright/test";
import { readHeadersManifest, type LoadedHeadersManifest } from "../release/headers-manifest";
import { metaPolicyOf } from "../pipeline/csp";
import { attribute, parseHtml } from "../pipeline/html";
import { hostsEnv, prerenderedPaths } from "./hosts";
import { CLIENT_DIR } from "../release/layout";

/**
 * The production build as the static hosts' own runtimes serve it, with the
 * files the build and the repository give them (`_headers`, `_redirects`,
 * `.assetsignore`, `wrangler.jsonc`, `netlify.toml`): Cloudflare's
 * `wrangler dev` (workerd) and Netlify's `netlify dev`. Every prerendered
 * page in both languages answers 200 with the build's own policy, unknown
 * paths 404 with their not-found page, hashed assets are immutable.
 */

const env = hostsEnv();
const clientDir = path.join(env.buildDir, CLIENT_DIR);
/** What `_headers` asks for a hashed asset. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * What a host's runtime is known to do its own way, checked to stay so (a test here fails once it changes):
 * `assetCacheControl`: `netlify dev` answers every static file `public, max-age=0`, whatever `_headers` says.
 * Each is served the build as its own build leaves it (`_redirects` for its STATIC_HOST: test-support/host-runtimes.ts).
 */
const HOSTS = [
  { name: "Cloudflare (wrangler dev)", url: env.cloudflareUrl, assetCacheControl: IMMUTABLE },
  { name: "Netlify (netlify dev)", url: env.netlifyUrl, assetCacheControl: "public, max-age=0" },
] as const;

let manifest: LoadedHeadersManifest;
let pages: string[];

test.beforeAll(async () => {
  const read = await readHeadersManifest(clientDir);
  if (!read) throw new Error(`${clientDir} has no security headers manifest`);
  manifest = read;
  pages = await prerenderedPaths(env.buildDir);
});

/** The HTML file a page path was prerendered to: /about -> about/index.html. */
function fileOf(pagePath: string): string {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
}

/** The page's `<meta http-equiv="Content-Security-Policy">`, checked to come before anything it governs. */
function metaPolicy(html: string, what: string): string {
  const page = parseHtml(html);
  const metas = page
    .elementsNamed("meta")
    .filter((meta) => attribute(meta, "http-equiv")?.toLowerCase() === "content-security-policy");
  expect(metas, `${what}: one policy meta`).toHaveLength(1);
  const meta = metas[0]!;
  const governed = page.elements.filter((element) => ["script", "style", "link", "img"].includes(element.name));
  expect(
    governed.filter((element) => element.start < meta.start).map((element) => element.name),
    `${what}: the policy comes before every script, style, link and image`,
  ).toEqual([]);
  return attribute(meta, "content") ?? "";
}

async function get(request: APIRequestContext, url: string) {
  return request.get(url, { maxRedirects: 0 });
}

for (const host of HOSTS) {
  test.describe(host.name, () => {
    test("every prerendered page answers 200 with the build's own policy in both languages", async ({ request }) => {
      expect(pages.filter((pagePath) => pagePath === "/en" || pagePath.startsWith("/en/")).length).toBeGreaterThan(0);
      for (const pagePath of pages) {
        const response = await get(request, host.url + pagePath);
        expect(response.status(), pagePath).toBe(200);
        expect(response.headers()["content-type"], pagePath).toMatch(/^text\/html/);
        const html = await response.text();
        const isItsFile = html === (await readFile(path.join(clientDir, fileOf(pagePath)), "utf8"));
        expect(isItsFile, `${pagePath} answers with ${fileOf(pagePath)}`).toBe(true);
        const policy = manifest.documents.get(fileOf(pagePath));
        expect(policy, `${pagePath} is in the manifest`).toBeDefined();
        expect(metaPolicy(html, pagePath), pagePath).toBe(metaPolicyOf(policy!));
        // and what only a header can carry, for every path
        expect(response.headers()["content-security-policy"], pagePath).toBe("frame-ancestors 'self'");
        expect(response.headers()["x-content-type-options"], pagePath).toBe("nosniff");
      }
    });

    test("an unknown path is a 404 with the not-found page of its language, an unknown article with the SPA fallback", async ({
      request,
    }) => {
      const cases = [
        ["/e2e-no-such-page", "404.html"],
        ["/about/e2e-nothing/here", "404.html"],
        ["/en/e2e-no-such-page", "en/404.html"],
        ["/articles/e2e-never-published", "articles/404.html"],
        ["/en/articles/e2e-never-published", "en/articles/404.html"],
      ] as const;
      for (const [target, file] of cases) {
        const response = await get(request, host.url + target);
        expect(response.status(), target).toBe(404);
        const html = await response.text();
        expect(html, `${target} answers with ${file}`).toBe(await readFile(path.join(clientDir, file), "utf8"));
        expect(metaPolicy(html, target), target).toBe(metaPolicyOf(manifest.documents.get(file)!));
      }
    });

    test(`hashed assets are answered with Cache-Control "${host.assetCacheControl}"`, async ({ request }) => {
      const scripts = (await readdir(path.join(clientDir, "assets"))).filter((name) => name.endsWith(".js"));
      expect(scripts.length).toBeGreaterThan(0);
      const response = await get(request, `${host.url}/assets/${scripts[0]}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe(host.assetCacheControl);
    });

    test("an unknown article's page runs under its policy and asks the content API", async ({ page }) => {
      const problems: string[] = [];
      const expected = [
        // the prerendered data of a page the build does not have, then the API's answer for it
        /Failed to load resource: the server responded with a status of 404/,
        /^Artikel nicht gefunden/,
      ];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message: ConsoleMessage) => {
        if (message.type() === "error" && !expected.some((pattern) => pattern.test(message.text()))) {
          problems.push(message.text());
        }
      });
      const apiRequests: string[] = [];
      page.on("request", (request) => {
        // the content API, on the content service's port (the build names it localhost, run-e2e 127.0.0.1)
        const url = new URL(request.url());
        if (url.port === new URL(env.contentOrigin).port && url.pathname.startsWith("/v2/cdn/stories")) {
          apiRequests.push(request.url());
        }
      });
      const response = await page.goto(`${host.url}/articles/e2e-never-published`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("main")).toContainText("Article not found", { timeout: 15_000 });
      expect(apiRequests.length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });

    test("build metadata and the host's own files are not served", async ({ request }) => {
      for (const target of [
        "/.security-headers.json",
        "/.behaviours.json",
        "/_headers",
        "/_redirects",
        "/.assetsignore",
      ]) {
        const response = await get(request, host.url + target);
        expect(response.status(), target).toBe(404);
        expect(await response.text(), target).not.toMatch(/"documents"|Content-Security-Policy:|\/index {2}/);
      }
    });
  });
}
