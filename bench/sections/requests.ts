import type { Browser, Page } from "@playwright/test";
import { inflightTracker, mediaRequests } from "../../test-support/inflight-requests";
import { launchPlaywright } from "../browser";
import { startClientOnlyServer } from "../client-only-server";
import type { BenchContext, MainBuild, Route } from "../context";
import { columnTable, countsText, fmtInt, fmtMs } from "../format";
import { waitForHydration } from "../first-visit-runs";
import { SPEC_FORMULA_TEXT, specRequestsForAllPages, specRequestsForPage, specRouteOf } from "../spec-requests";
import type { SectionOutput } from "../report";

/**
 * Content API requests (to the content service's /v2/): for the whole build
 * of the demo content (counted by the service), for a visitor's first load and
 * for a navigation to each route (counted in a Playwright-driven Chromium: a
 * client-side one where the page runs React Router, the browser's own where it
 * runs no framework, as production pages do), beside what the spec's original
 * approach makes for the same content (spec-requests.ts).
 */

interface PageCount {
  api: number;
  data: number;
  apiUrls: string[];
}

/** The page a client-side navigation starts from: a route outside the measured set. */
const NAVIGATION_START = "/imprint";

function isApiRequest(url: string, contentOrigins: Set<string>): boolean {
  const parsed = new URL(url);
  return contentOrigins.has(parsed.host) && parsed.pathname.startsWith("/v2/");
}

/** How a navigation went: by React Router's `navigate()`, or the browser's own (a page that runs no router). */
type NavigationKind = "client" | "document";

/**
 * Until the page's requests have settled: the network quiet (a clip's media requests aside: one streams for as
 * long as it plays), React hydrated where it runs, and the network quiet again, as client loaders may start after
 * hydration. Fails naming the page when the network never goes quiet.
 */
async function settle(page: Page, network: ReturnType<typeof inflightTracker>): Promise<void> {
  const quiet = async () => {
    if (!(await network.idle(20_000, mediaRequests))) throw new Error(`${page.url()}: the network never went quiet`);
  };
  await quiet();
  await waitForHydration(page, 20_000);
  await quiet();
}

/** Counts the page's API and `.data` requests; the function it returns hands over the count and starts a new one. */
function counter(page: Page, contentOrigins: Set<string>): () => PageCount {
  let count: PageCount = { api: 0, data: 0, apiUrls: [] };
  page.on("request", (request) => {
    const url = request.url();
    if (isApiRequest(url, contentOrigins)) {
      count.api += 1;
      count.apiUrls.push(url.replace(/[?&]token=[^&]+/, ""));
    } else if (new URL(url).pathname.endsWith(".data")) {
      count.data += 1;
    }
  });
  return () => {
    const taken = count;
    count = { api: 0, data: 0, apiUrls: [] };
    return taken;
  };
}

/** `url` loaded in a fresh browser context and settled, its requests counted from the start; then `andThen`. */
async function visit<T>(
  browser: Browser,
  url: string,
  contentOrigins: Set<string>,
  andThen: (page: Page, take: ReturnType<typeof counter>, network: ReturnType<typeof inflightTracker>) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const take = counter(page, contentOrigins);
    const network = inflightTracker(page);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await settle(page, network);
    return await andThen(page, take, network);
  } finally {
    await context.close();
  }
}

const firstLoad = (browser: Browser, url: string, contentOrigins: Set<string>) =>
  visit(browser, url, contentOrigins, async (_page, take) => take());

/** A navigation from NAVIGATION_START to `route`, as a link does it: the router's where the page runs one. */
function navigation(browser: Browser, origin: string, route: Route, contentOrigins: Set<string>) {
  return visit(browser, `${origin}${NAVIGATION_START}`, contentOrigins, async (page, take, network) => {
    take();
    const kind = await page.evaluate(async (to): Promise<NavigationKind> => {
      const router = (window as unknown as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } })
        .__reactRouterDataRouter;
      if (!router) return "document";
      await router.navigate(to);
      return "client";
    }, route.path);
    if (kind === "document") await page.goto(`${origin}${route.path}`, { waitUntil: "load", timeout: 60_000 });
    await page.waitForURL((u) => u.pathname === route.path, { timeout: 20_000 });
    await settle(page, network);
    return { ...take(), kind };
  });
}

/** One route's API requests: the spec's approach, and the browser's on the site and on the client-only build. */
interface RouteRequests {
  route: Route;
  spec: number;
  site: { first: PageCount; nav: PageCount & { kind: NavigationKind } };
  clientOnly: { first: PageCount; nav: PageCount & { kind: NavigationKind } };
}

/** Every route's first load and navigation, on the site and on the client-only build. */
async function measureRoutes(ctx: BenchContext, main: MainBuild, clientOnlyUrl: string): Promise<RouteRequests[]> {
  const contentUrl = new URL(main.content.url);
  // the build has http://localhost:{port} built in; the bench reaches the service at 127.0.0.1
  const contentOrigins = new Set([contentUrl.host, `localhost:${contentUrl.port}`]);
  const rows: RouteRequests[] = [];
  const browser = await launchPlaywright(ctx.chromePath);
  try {
    for (const route of main.routes) {
      ctx.log(`requests: ${route.path}`);
      rows.push({
        route,
        spec: specRequestsForPage(specRouteOf(route.path), main.indexReferences),
        site: {
          first: await firstLoad(browser, `${main.site.url}${route.path}`, contentOrigins),
          nav: await navigation(browser, main.site.url, route, contentOrigins),
        },
        clientOnly: {
          first: await firstLoad(browser, `${clientOnlyUrl}${route.path}`, contentOrigins),
          nav: await navigation(browser, clientOnlyUrl, route, contentOrigins),
        },
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The kinds of navigation measured, as the report says them ("document navigations", say). */
const kindsOf = (navs: readonly { kind: NavigationKind }[]) =>
  [...new Set(navs.map((nav) => `${nav.kind} navigations`))].join(" and ");

function requestsSummary(main: MainBuild, rows: readonly RouteRequests[], specBuild: number): SectionOutput["summary"] {
  const joined = (pick: (r: RouteRequests) => number) => rows.map((r) => `${r.route.label} ${pick(r)}`).join(" · ");
  return [
    {
      figure: `Content API requests, whole build (${main.articles} articles)`,
      value: `${fmtInt(main.buildApiRequests)} served (build's own count ${fmtInt(main.build.reportedRequests)}); spec approach ${fmtInt(specBuild)}`,
      target: "O(stories / 100)",
      verdict: "info",
    },
    {
      figure: "Content API requests, first load",
      value: `${joined((r) => r.site.first.api)} (client-only build: ${joined((r) => r.clientOnly.first.api)})`,
      target: `spec approach: ${joined((r) => r.spec)}`,
      verdict: "info",
    },
    {
      figure: `Content API requests, navigation from ${NAVIGATION_START}`,
      value: `${joined((r) => r.site.nav.api)} (+ .data: ${joined((r) => r.site.nav.data)}; ${kindsOf(rows.map((r) => r.site.nav))})`,
      target: `spec approach: ${joined((r) => r.spec)}`,
      verdict: "info",
    },
  ];
}

/** The whole build's requests, the spec's formula and how the browser counts. */
function buildMarkdown(main: MainBuild, specBuild: number): string[] {
  return [
    `Whole build of the demo content (${main.articles} articles, ${main.indexReferences} index references): ` +
      `${fmtInt(main.buildApiRequests)} API requests served by the content service ` +
      `(the build's own count: ${fmtInt(main.build.reportedRequests)}), build ${fmtMs(main.build.durationMs)}, ` +
      `precompression ${fmtMs(main.precompressMs)}. The spec's approach renders every page in the browser: ` +
      `${fmtInt(specBuild)} requests to show every page once. The build's requests by kind: ` +
      countsText(main.buildRequestKinds) +
      ".",
    "",
    `Spec formula: ${SPEC_FORMULA_TEXT}. A client-side navigation in the original app costs what a first load costs ` +
      "(no cache across pages, header and footer fetched by every page).",
    "",
    "Browser counts: requests to `/v2/` of the content service seen by Chromium (Playwright) from navigation start until the " +
      `network is quiet (a clip's streaming aside) and React has hydrated where it runs; a navigation starts on ` +
      `\`${NAVIGATION_START}\` and goes as a link click does: a client one calls the router's \`navigate()\`, a ` +
      "document one (a page that runs no router, as production pages) loads the next page. `.data` = React Router's " +
      "prerendered loader data fetched from the site.",
    "",
  ];
}

/** A titled list of API requests, the first `max` of them; nothing when there are none. */
const requestList = (title: string, requests: readonly string[], max: number): string[] =>
  requests.length ? [title, "", ...requests.slice(0, max).map((e) => `- \`${e}\``), ""] : [];

/** Every route's counts, then the API requests the browser made (the first of them). */
function routesMarkdown(rows: readonly RouteRequests[]): string[] {
  return [
    columnTable(rows, [
      ["route", (r) => `\`${r.route.path}\``],
      ["spec approach", (r) => String(r.spec)],
      ["site first load", (r) => String(r.site.first.api)],
      ["site navigation (API / .data, kind)", (r) => `${r.site.nav.api} / ${r.site.nav.data}, ${r.site.nav.kind}`],
      ["client-only first load", (r) => String(r.clientOnly.first.api)],
      ["client-only navigation (kind)", (r) => `${r.clientOnly.nav.api}, ${r.clientOnly.nav.kind}`],
    ]),
    "",
    ...requestList(
      "API requests the prerendered site made in the browser:",
      rows.flatMap((r) => [...r.site.first.apiUrls, ...r.site.nav.apiUrls].map((u) => `${r.route.label}: ${u}`)),
      30,
    ),
    ...requestList(
      "API requests of the client-only variant on first load:",
      rows.flatMap((r) =>
        r.clientOnly.first.apiUrls.map(
          (u) => `${r.route.label}: ${new URL(u).pathname}${new URL(u).search.slice(0, 120)}`,
        ),
      ),
      40,
    ),
  ];
}

export async function requestsSection(ctx: BenchContext): Promise<SectionOutput> {
  const main: MainBuild = await ctx.mainBuild();
  const clientOnly = await startClientOnlyServer(main.clientDir);
  ctx.onCleanup(() => clientOnly.close());
  const rows = await measureRoutes(ctx, main, clientOnly.url);
  const specBuild = specRequestsForAllPages(main.articles, main.indexReferences);
  return {
    summary: requestsSummary(main, rows, specBuild),
    markdown: [...buildMarkdown(main, specBuild), ...routesMarkdown(rows)].join("\n"),
    data: {
      buildApiRequests: main.buildApiRequests,
      buildRequestKinds: main.buildRequestKinds,
      buildEnv: main.env,
      buildReported: main.build.reportedRequests,
      specBuild,
      articles: main.articles,
      indexReferences: main.indexReferences,
      rows,
    },
  };
}
