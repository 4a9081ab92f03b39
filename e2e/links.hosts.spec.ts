import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { hostsEnv, prerenderedPaths } from "./hosts";

/**
 * No broken link: linkinator crawls the production build from its home
 * page as Cloudflare's runtime serves it, following every link, and checks
 * every page, script, style, image (`src`, each `srcset` candidate, posters),
 * video and document it finds on the site or the content service. Links
 * that leave both (the studio's clients, social profiles, the public
 * origin of canonical URLs) are not fetched: the machine has no internet.
 */

const env = hostsEnv();

/** The part of linkinator's API used here (linkinator 6). */
interface LinkResult {
  url: string;
  status?: number;
  state: "OK" | "BROKEN" | "SKIPPED";
  parent?: string;
  /** what went wrong: the request's error, or the response */
  failureDetails?: unknown[];
}
interface LinkChecker {
  check(options: {
    path: string;
    recurse: boolean;
    concurrency: number;
    timeout: number;
    linksToSkip: (link: string) => Promise<boolean>;
  }): Promise<{ passed: boolean; links: LinkResult[] }>;
}

/** A broken link's request error (its code and message), if it had one. */
function failureOf(link: LinkResult): string {
  const errors = (link.failureDetails ?? []).filter((detail): detail is Error => detail instanceof Error);
  return errors.map((error) => `: ${(error as { code?: string }).code ?? ""} ${error.message}`).join("");
}

test("every link and medium of every page resolves", async () => {
  test.setTimeout(600_000);
  const { LinkChecker } = (await import(pathToFileURL(path.join(env.linkinator, "build", "src", "index.js")).href)) as {
    LinkChecker: new () => LinkChecker;
  };
  // the content service's media, under either name of the loopback address (the build names it localhost)
  const content = new URL(env.contentOrigin);
  const contentOrigins = [`http://127.0.0.1:${content.port}`, `http://localhost:${content.port}`];
  const origins = [env.cloudflareUrl, ...contentOrigins];
  // linkinator's requests (gaxios, node-fetch) go through Node's global agent, which keeps connections alive:
  // one sent on a connection the server has just closed as idle fails with a reset, no fault of the link (a
  // fresh clone's run met one: status 0). The crawl opens a connection per request instead.
  const keepingAlive = http.globalAgent;
  http.globalAgent = new http.Agent({ keepAlive: false });
  const result = await new LinkChecker()
    .check({
      path: `${env.cloudflareUrl}/`,
      recurse: true,
      concurrency: 8,
      timeout: 60_000,
      linksToSkip: async (link) => !origins.some((origin) => link === origin || link.startsWith(`${origin}/`)),
    })
    .finally(() => (http.globalAgent = keepingAlive));
  const checked = result.links.filter((link) => link.state !== "SKIPPED");
  const broken = result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => `${link.status ?? "?"} ${link.url} (on ${link.parent ?? "?"})${failureOf(link)}`);
  expect(broken).toEqual([]);
  // it crawled the site: every prerendered page, and the content service's media, not just the home page
  const seen = new Set(checked.map((link) => link.url.replace(/\/$/, "")));
  const pages = (await prerenderedPaths(env.buildDir)).map((pagePath) => `${env.cloudflareUrl}${pagePath}`);
  expect(pages.filter((page) => !seen.has(page.replace(/\/$/, "")))).toEqual([]);
  const media = checked.filter((link) => contentOrigins.some((origin) => link.url.startsWith(`${origin}/f/`)));
  expect(media.length).toBeGreaterThan(pages.length);
  expect(result.passed).toBe(true);
});
