import type { Browser, Page } from "@playwright/test";
import { launchPlaywright } from "../browser";
import { startClientOnlyServer } from "../client-only-server";
import type { BenchContext, MainBuild, Route } from "../context";
import { fmtInt, fmtMs, markdownTable } from "../format";
import { SPEC_FORMULA_TEXT, specRequestsForAllPages, specRequestsForPage, specRouteOf } from "../spec-requests";
import type { SectionOutput } from "./section";

/**
 * Content API requests (to the content service's /v2/): for the whole build
 * of the demo content (counted by the service), for a visitor's first load and
 * for a client-side navigation to each route (counted in a Playwright-driven
 * Chromium), beside what the spec's original approach makes for the same
 * content (spec-requests.ts).
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

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => undefined);
  // client loaders may start after hydration, past the first idle moment
  await page.waitForTimeout(500);
  await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => undefined);
}

function counter(page: Page, contentOrigins: Set<string>) {
  const count: PageCount = { api: 0, data: 0, apiUrls: [] };
  page.on("request", (request) => {
    const url = request.url();
    if (isApiRequest(url, contentOrigins)) {
      count.api += 1;
      count.apiUrls.push(url.replace(/[?&]token=[^&]+/, ""));
    } else if (new URL(url).pathname.endsWith(".data")) {
      count.data += 1;
    }
  });
  return {
    take(): PageCount {
      const snapshot = { ...count, apiUrls: [...count.apiUrls] };
      count.api = 0;
      count.data = 0;
      count.apiUrls = [];
      return snapshot;
    },
  };
}

async function firstLoad(browser: Browser, url: string, contentOrigins: Set<string>): Promise<PageCount> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const count = counter(page, contentOrigins);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await settle(page);
    return count.take();
  } finally {
    await context.close();
  }
}

async function clientNavigation(
  browser: Browser,
  origin: string,
  route: Route,
  contentOrigins: Set<string>,
): Promise<PageCount> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const count = counter(page, contentOrigins);
    await page.goto(`${origin}${NAVIGATION_START}`, { waitUntil: "load", timeout: 60_000 });
    await settle(page);
    count.take();
    const navigated = await page.evaluate(async (to) => {
      const router = (window as unknown as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } })
        .__reactRouterDataRouter;
      if (!router) return false;
      await router.navigate(to);
      return true;
    }, route.path);
    if (!navigated) throw new Error(`no React Router data router on ${origin}${NAVIGATION_START}`);
    await page.waitForURL((u) => u.pathname === route.path, { timeout: 20_000 });
    await settle(page);
    return count.take();
  } finally {
    await context.close();
  }
}

/** One route's API requests: the spec's approach, and the browser's on the site and on the client-only build. */
interface RouteRequests {
  route: Route;
  spec: number;
  site: { first: PageCount; nav: PageCount };
  clientOnly: { first: PageCount; nav: PageCount };
}

/** Every route's first load and client navigation, on the site and on the client-only build. */
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
          nav: await clientNavigation(browser, main.site.url, route, contentOrigins),
        },
        clientOnly: {
          first: await firstLoad(browser, `${clientOnlyUrl}${route.path}`, contentOrigins),
          nav: await clientNavigation(browser, clientOnlyUrl, route, contentOrigins),
        },
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

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
      figure: `Content API requests, client navigation from ${NAVIGATION_START}`,
      value: `${joined((r) => r.site.nav.api)} (+ .data: ${joined((r) => r.site.nav.data)})`,
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
      Object.entries(main.buildRequestKinds)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => `${kind} ${n}`)
        .join(", ") +
      ".",
    "",
    `Spec formula: ${SPEC_FORMULA_TEXT}. A client-side navigation in the original app costs what a first load costs ` +
      "(no cache across pages, header and footer fetched by every page).",
    "",
    "Browser counts: requests to `/v2/` of the content service seen by Chromium (Playwright) from navigation start until the " +
      `network is idle; a client-side navigation starts on \`${NAVIGATION_START}\` and calls the router's \`navigate()\` ` +
      "(what a link click does). `.data` = React Router's prerendered loader data fetched from the site.",
    "",
  ];
}

/** Every route's counts, then the API requests the browser made (the first of them). */
function routesMarkdown(rows: readonly RouteRequests[]): string[] {
  const md: string[] = [
    markdownTable(
      [
        "route",
        "spec approach",
        "site first load",
        "site navigation (API / .data)",
        "client-only first load",
        "client-only navigation",
      ],
      rows.map((r) => [
        `\`${r.route.path}\``,
        String(r.spec),
        String(r.site.first.api),
        `${r.site.nav.api} / ${r.site.nav.data}`,
        String(r.clientOnly.first.api),
        String(r.clientOnly.nav.api),
      ]),
    ),
    "",
  ];
  const examples = rows.flatMap((r) =>
    [...r.site.first.apiUrls, ...r.site.nav.apiUrls].map((u) => `${r.route.label}: ${u}`),
  );
  if (examples.length) {
    md.push(
      "API requests the prerendered site made in the browser:",
      "",
      ...examples.slice(0, 30).map((e) => `- \`${e}\``),
      "",
    );
  }
  const clientOnlyExamples = rows.flatMap((r) =>
    r.clientOnly.first.apiUrls.map((u) => `${r.route.label}: ${new URL(u).pathname}${new URL(u).search.slice(0, 120)}`),
  );
  if (clientOnlyExamples.length) {
    md.push(
      "API requests of the client-only variant on first load:",
      "",
      ...clientOnlyExamples.slice(0, 40).map((e) => `- \`${e}\``),
      "",
    );
  }
  return md;
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
