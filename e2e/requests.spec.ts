import { articlePath, builtArticle } from "./content";
import { scrollThrough, visit } from "./page-helpers";
import { createContentApi, e2eEnv, expect, isAllowedUrl, test } from "./fixtures";
import { mediaRequests } from "../test-support/inflight-requests";

/**
 * The site talks to nobody but itself and the content service: no CDN, font
 * host, analytics or Storyblok host, on any route, desktop or phone. (The
 * fixture also blocks and fails on such requests; this spec makes sure every
 * route is loaded fully: scrolled to the end, lazy media included.)
 */

const { baseURL, contentOrigin } = e2eEnv();
const allowed = new Set([new URL(baseURL).origin, new URL(contentOrigin).origin]);
for (const origin of [...allowed]) {
  const url = new URL(origin);
  for (const host of ["localhost", "127.0.0.1"]) allowed.add(`${url.protocol}//${host}:${url.port}`);
}

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

let articleRoute = "";
test.beforeAll(async () => {
  articleRoute = articlePath((await builtArticle(createContentApi())).full_slug);
});

for (const viewport of viewports) {
  for (const route of ["/", "/index", "/imprint", "/about", "article", "/e2e-unknown-path"]) {
    test(`${route} (${viewport.name}) requests only the site and the content service`, async ({
      page,
      requestLog,
      quietNetwork,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await visit(page, route === "article" ? articleRoute : route);
      // bring every lazy image and video into view
      await scrollThrough(page, 0.5);
      // a video's request may stream as long as it plays (here they ended, 1-2 s later): its start is in the log
      await quietNetwork(mediaRequests);
      expect(requestLog.length).toBeGreaterThan(0);
      const foreign = requestLog.filter((line) => !isAllowedUrl(line.slice(line.indexOf(" ") + 1), allowed));
      expect(foreign).toEqual([]);
    });
  }
}
