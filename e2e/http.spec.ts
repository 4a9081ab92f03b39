import type { APIResponse } from "@playwright/test";
import { NO_PAGE_EXTENSIONS } from "../release/served-files";
import { articlePath, builtArticle, layoutExpectations, visibleHtmlText } from "./content";
import { visit, waitForHydration } from "./page-helpers";
import { createContentApi, expect, test } from "./fixtures";
import type { LayoutExpectations } from "./content";

/**
 * How the build is served, the same from the site server (project
 * `browser`) and from nginx with the site the build wrote (project `nginx`):
 * honest statuses (a path that is no page is a 404 with the not-found
 * screen in the site's shell, an article the build does not know a 404
 * whose page still renders one published since), the security headers,
 * caching, precompressed files and conditional requests.
 */

/** SPEC "Router error screen": the not-found screen's heading, its text and the status below them. */
const NOT_FOUND_HEADING = "Da ist etwas schief gelaufen";
const NOT_FOUND_TEXT = "Leider konnten wir die Seite nicht finden";
const NOT_FOUND_STATUS = "404 Not Found";
/** From app/content/article.ts (SPEC: the article page's message). */
const ARTICLE_NOT_FOUND = "Article not found";

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\)/);
  expect(headers["content-security-policy"], what).toMatch(/default-src 'none'/);
}

test("prerendered pages answer 200 as revalidated HTML with their own policy", async ({ request, contentApi }) => {
  const article = articlePath((await builtArticle(contentApi)).full_slug);
  for (const target of ["/", "/index", "/about", "/en", article]) {
    const response = await request.get(target);
    expect(response.status(), target).toBe(200);
    expect(response.headers()["content-type"], target).toBe("text/html; charset=utf-8");
    expect(response.headers()["cache-control"], target).toBe("no-cache");
    expect(response.headers()["content-security-policy"], target).toMatch(/script-src 'self' 'sha256-/);
    expectCommonHeaders(response, target);
  }
});

test("a page has one address: its trailing slash and a folder's index.html are sent there (301)", async ({
  request,
  contentApi,
}) => {
  const article = articlePath((await builtArticle(contentApi)).full_slug);
  const redirects: Array<[string, string]> = [
    ["/about/", "/about"],
    ["/en/", "/en"],
    ["/en/about/?x=1", "/en/about?x=1"],
    ["/index/", "/index"],
    [`${article}/`, article],
    // the project index, not the home, whose file it is
    ["/index.html", "/index"],
    ["/en/index.html", "/en/index"],
  ];
  for (const [target, location] of redirects) {
    const response = await request.get(target, { maxRedirects: 0 });
    expect(response.status(), target).toBe(301);
    // nginx answers with an absolute URL on its own origin, the site server with the path
    const redirect = new URL(response.headers()["location"] ?? "", "http://site.invalid");
    expect(`${redirect.pathname}${redirect.search}`, target).toBe(location);
    expectCommonHeaders(response, target);
  }
  // a path that is no page stays a 404, slash or not
  expect((await request.get("/e2e-no-such-page/", { maxRedirects: 0 })).status()).toBe(404);
});

test("a path that is no page is a 404 with the not-found screen, header and footer in its HTML", async ({
  request,
}) => {
  for (const target of ["/e2e-no-such-page", "/about/e2e-nothing/here", "/404.html", "/articles/a/b"]) {
    const response = await request.get(target);
    expect(response.status(), target).toBe(404);
    expect(response.headers()["content-type"], target).toBe("text/html; charset=utf-8");
    expectCommonHeaders(response, target);
    const html = await response.text();
    if (target === "/articles/a/b") continue; // the articles' 404 page: the SPA fallback (next test)
    const visible = visibleHtmlText(html);
    expect(visible, target).toContain(NOT_FOUND_HEADING);
    expect(visible, target).toContain(layout.header.index.label);
    expect(visible, target).toContain(layout.footer.copyright);
    expect(html, target).toMatch(/<meta name="robots" content="noindex"/);
  }
});

test("the not-found screen hydrates under the path that was asked for, with the spec's texts, and links home", async ({
  page,
}) => {
  const response = await page.goto("/e2e-no-such/page");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_HEADING);
  await expect(page.getByRole("main").locator("p")).toHaveText([NOT_FOUND_TEXT, NOT_FOUND_STATUS]);
  await expect(page.getByRole("contentinfo")).toContainText(layout.footer.copyright);
  await page.getByRole("main").getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  // the home page rendered by the client: its gallery adds no `<style>` the page's CSP refuses (the guard fails on it)
  await expect(page.getByRole("main").getByRole("group", { name: "Projekte nach Kategorie filtern" })).toBeVisible();
});

test("an article slug the build does not know is a 404 whose page asks the API for it", async ({
  page,
  request,
  expectConsoleError,
}) => {
  const response = await request.get("/articles/e2e-never-published");
  expect(response.status()).toBe(404);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  // not the not-found screen: without scripts the error screen says the page needs them, not "404 Not Found"
  expect(visibleHtmlText(await response.text())).not.toContain(NOT_FOUND_STATUS);
  // React Router first asks for the prerendered data (404), then the client loader reads the API (404, logged)
  expectConsoleError(/Failed to load resource: the server responded with a status of 404/);
  expectConsoleError(/^Artikel nicht gefunden/);
  await visit(page, "/articles/e2e-never-published");
  await expect(page.getByRole("main")).toContainText(ARTICLE_NOT_FOUND, { timeout: 10_000 });
  await expect(
    page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }),
  ).toBeVisible();
  // and offers the way home
  await page.getByRole("main").getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  // the home page rendered by the client: its gallery adds no `<style>` the page's CSP refuses (the guard fails on it)
  await expect(page.getByRole("main").getByRole("group", { name: "Projekte nach Kategorie filtern" })).toBeVisible();
});

test("missing scripts, data and media are plain 404s, never an HTML page", async ({ request }) => {
  // every kind the site server and the nginx site answer so (site-server/static-files.ts)
  const kinds = [...NO_PAGE_EXTENSIONS].map((extension) => `/articles/e2e-missing${extension}`);
  for (const target of [
    "/assets/e2e-missing-1a2b.js",
    "/articles/e2e-never-built.data",
    "/e2e-missing.png",
    ...kinds,
  ]) {
    const response = await request.get(target);
    expect(response.status(), target).toBe(404);
    expect(response.headers()["content-type"], target).not.toMatch(/html/);
    expectCommonHeaders(response, target);
  }
});

test("build metadata and the static hosts' files are never served", async ({ request }) => {
  for (const target of ["/.security-headers.json", "/.behaviours.json", "/_headers", "/_redirects"]) {
    const response = await request.get(target);
    expect(response.status(), target).toBe(404);
    expect(await response.text(), target).not.toMatch(/"documents"|Content-Security-Policy:|\/articles\/\*/);
  }
});

test("hashed assets are immutable for a year and come precompressed as the client prefers", async ({ request }) => {
  const home = await (await request.get("/")).text();
  const named = [...new Set(home.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  expect(named.length, "the home page names hashed scripts").toBeGreaterThan(0);
  // the largest: a file under 1 KB is served as it is (pipeline/precompress.ts), as a behaviour's entry may be
  const plainAnswers = await Promise.all(
    named.map(async (path) => {
      const response = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
      return { path, response, body: await response.body() };
    }),
  );
  const { path: script, response: plain, body } = plainAnswers.sort((a, b) => b.body.length - a.body.length)[0]!;
  expect(plain.status()).toBe(200);
  expect(plain.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(plain.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const source = body.toString("utf8");
  for (const encoding of ["br", "gzip"]) {
    const response = await request.get(script, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers()["content-encoding"], encoding).toBe(encoding);
    expect(response.headers().vary, encoding).toMatch(/Accept-Encoding/i);
    // Playwright's request API hands over the decoded body
    expect((await response.body()).toString("utf8"), encoding).toBe(source);
  }
});

test("a page the client already has is answered 304 to its validator", async ({ request }) => {
  const first = await request.get("/about", { headers: { "Accept-Encoding": "gzip" } });
  const etag = first.headers().etag;
  expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
  const again = await request.get("/about", { headers: { "Accept-Encoding": "gzip", "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
  expect(again.headers()["content-security-policy"]).toMatch(/script-src/);
});
