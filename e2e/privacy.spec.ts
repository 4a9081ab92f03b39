import { articlePath, builtArticle, layoutExpectations } from "./content";
import { scrollThrough, visit } from "./page-helpers";
import { e2eEnv, expect, test } from "./fixtures";
import { mediaRequests } from "../test-support/inflight-requests";

/**
 * The site stores nothing about its visitors and tells nobody about them:
 * no cookie is set on any route (by a response or by script), and every
 * request goes to one of the two local servers, the site and the content
 * service. (The fixture also blocks and fails on other hosts; this spec
 * lists the hosts explicitly.)
 */

const { baseURL, contentOrigin } = e2eEnv();
const SITE = new URL(baseURL);
const CONTENT = new URL(contentOrigin);
/** The two servers, by port (each may be addressed as 127.0.0.1 or localhost). */
const ALLOWED_HOSTS = new Set(
  [SITE, CONTENT].flatMap((url) => ["127.0.0.1", "localhost", url.hostname].map((host) => `${host}:${url.port}`)),
);

test("no route sets a cookie, and every request goes to the site or the content service", async ({
  page,
  context,
  contentApi,
  quietNetwork,
}) => {
  // eight visits scrolled to their ends and a hover's prefetch: 23.7 s of the default 30 s in a fresh clone's
  // run, over 30 s with the machine's two cores busy (test.slow: three times the default)
  test.slow();
  const layout = await layoutExpectations(contentApi);
  const article = articlePath((await builtArticle(contentApi)).full_slug);
  const routes = [
    "/",
    layout.header.index.path,
    layout.header.link.path,
    layout.footer.imprint.path,
    article,
    "/e2e-no-such-page",
  ];
  const hosts = new Set<string>();
  const setCookies: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol)) hosts.add(url.host);
  });
  page.on("response", (response) => {
    void response.headerValue("set-cookie").then((value) => {
      if (value) setCookies.push(`${response.url()}: ${value}`);
    });
  });

  const check = async (where: string) => {
    expect(await page.evaluate(() => document.cookie), `document.cookie on ${where}`).toBe("");
    expect(await context.cookies(), `cookies after ${where}`).toEqual([]);
  };
  for (const route of routes) {
    await visit(page, route, { waitUntil: "domcontentloaded" });
    await scrollThrough(page);
    await check(route);
  }
  // phone media, client navigations and a hover (prefetching) too
  await page.setViewportSize({ width: 375, height: 812 });
  for (const route of ["/", article]) {
    await visit(page, route, { waitUntil: "domcontentloaded" });
    await scrollThrough(page);
    await check(`${route} at 375 px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("banner").locator('a[href="/"]').first().click();
  await expect(page).toHaveURL(`${baseURL}/`);
  // a tile of the home page's gallery: the article's own links stay in `main` until the home page renders
  await page
    .getByRole("main")
    .getByRole("region", { name: "Projekte", exact: true })
    .locator('a[href^="/articles/"]')
    .first()
    .hover();
  // the hover's prefetch (speculation rules) and its answer
  // (a video's request may stream as long as it plays: its start is counted above)
  await quietNetwork(mediaRequests);
  await check("the client navigations");

  expect(setCookies, "Set-Cookie answers").toEqual([]);
  // the site's own server and the content service (its API, images and videos), and nobody else
  expect(
    [...hosts].filter((host) => !ALLOWED_HOSTS.has(host)),
    "other hosts",
  ).toEqual([]);
  expect([...hosts].some((host) => host.endsWith(`:${SITE.port}`))).toBe(true);
  expect([...hosts].some((host) => host.endsWith(`:${CONTENT.port}`))).toBe(true);
});
