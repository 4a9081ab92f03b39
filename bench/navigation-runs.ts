import type { Browser, Locator } from "@playwright/test";
import { SCREENS, slowPhonePage, waitForHydration } from "./first-visit-runs";
import { median, tallyRuns, type RunTally } from "./stats";
import { atMost, type Verdict } from "./targets";

/**
 * The runs of the navigation section (sections/navigation.ts): on the slow
 * phone, a tap on the first gallery tile of a page, and the time from that
 * tap to the largest contentful paint of the article it opens, cold (nothing
 * of the article fetched before the tap) or prefetched (the page's own
 * prefetch of the article done first: React Router's `prefetch="intent"` on a
 * page with React, the speculation rules on a page without).
 */

export type NavigationKind = "cold" | "prefetched";
export const NAVIGATION_KINDS: readonly NavigationKind[] = ["cold", "prefetched"];

/** Where the tap's time goes: sessionStorage outlives a document navigation of the same tab and origin. */
const TAP_KEY = "bench-navigation-tap";

/**
 * A gallery tile: the first link to an article in the gallery's grid (as the browser tests find it,
 * e2e/hero-morph.spec.ts); the first article link of `main` is the hero carousel's slide.
 */
const TILE = 'main section ul > li a[href*="/articles/"]';

export interface NavigationRun {
  /** "now" or "baseline" */
  build: string;
  kind: NavigationKind;
  run: number;
  ok: boolean;
  error?: string;
  /** the article's path */
  article: string | null;
  /** ms from the tap to the article's largest contentful paint */
  toLcp: number | null;
  /** whether the browser loaded the article as a new document (else React Router rendered it into the page) */
  documentNavigation: boolean | null;
  /** the LCP element's tag and, for an image, its file */
  lcpElement: string | null;
}

/** A page's runs of a kind: the median time to LCP, and how the first run that succeeded navigated and painted. */
export type NavigationFigures = RunTally & Pick<NavigationRun, "kind" | "toLcp" | "documentNavigation" | "lcpElement">;

/** A paint entry as plain data, out of the page. */
interface PaintEntry {
  time: number;
  element: string | null;
  url: string;
}

/**
 * The article's largest contentful paint and the tap, as times since the epoch on the browser's clock: a new
 * document's `largest-contentful-paint` entries, or after a client navigation the `interaction-contentful-paint`
 * entries of the soft navigation (Chromium's Soft Navigations API: `largest-contentful-paint` stops at the first
 * input, so React Router's navigations have no other; each such entry starts at the interaction and holds the
 * soft navigation's own `largestContentfulPaint`, whose `renderTime` is on the document's clock as a new
 * document's is), and whether the article came as a new document. Runs in the page once the network is idle
 * (nothing measured runs then): no named function inside (tsx's `__name` helper is not there).
 */
async function readLanded(key: string) {
  // activationStart: a prerendered page's, which its paints' times count from (not in TypeScript's DOM types yet)
  const navigation = performance.getEntriesByType("navigation")[0] as
    (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  const documentNavigation = !!navigation && new URL(navigation.name).pathname === location.pathname;
  const type = documentNavigation ? "largest-contentful-paint" : "interaction-contentful-paint";
  const entries = await new Promise<PaintEntry[]>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      resolve(
        list.getEntries().map((entry) => {
          // an interaction-contentful-paint entry carries the soft navigation's largest-contentful-paint inside it
          type Paint = PerformanceEntry & { renderTime?: number; element?: Element | null; url?: string };
          const paint = ((entry as Paint & { largestContentfulPaint?: Paint }).largestContentfulPaint ??
            entry) as Paint;
          return {
            time: paint.renderTime || paint.startTime,
            element: paint.element?.tagName.toLowerCase() ?? null,
            url: paint.url ?? "",
          };
        }),
      );
    });
    observer.observe({ type, buffered: true });
    // no entry at all: the buffered callback never comes
    setTimeout(() => resolve([]), 2_000);
  });
  const last = entries.at(-1);
  const stored = sessionStorage.getItem(key);
  // an image service address names its file before its transformation (`/{file}/m/800x0/filters:...`)
  const file = last?.url ? new URL(last.url).pathname.split("/m/")[0]!.split("/").pop() : "";
  return {
    tapAt: stored === null ? null : Number(stored),
    lcpAt: last ? performance.timeOrigin + Math.max(last.time, navigation?.activationStart ?? 0) : null,
    documentNavigation,
    lcpElement: last?.element ? `${last.element}${file ? ` ${file}` : ""}` : null,
  };
}

/**
 * Hovers the tile and waits until the page's own prefetch of `article` has finished: with React, the links
 * React Router's `prefetch="intent"` adds (its route modules; no `.data` for a route with a client loader) and the
 * network idle again; without, the speculation rules' prefetch of the document, Ready as CDP reports it.
 */
async function prefetchDone(settled: SettledPage, tile: Locator, article: string): Promise<void> {
  const { page, cdp, network, framework } = settled;
  const timeout = 60_000;
  if (framework) {
    const links = "link[rel=modulepreload], link[rel=prefetch]";
    const before = await page.locator(links).count();
    await tile.hover();
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector).length > count,
      [links, before] as const,
      { timeout },
    );
    if (!(await network.idle(timeout))) throw new Error("the network never went idle after the prefetch");
    return;
  }
  await cdp.send("Preload.enable");
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no prefetch of ${article} within ${timeout} ms`)), timeout);
    cdp.on("Preload.prefetchStatusUpdated", (event: { prefetchUrl: string; status: string }) => {
      if (new URL(event.prefetchUrl).pathname !== article || event.status !== "Ready") return;
      clearTimeout(timer);
      resolve();
    });
  });
  await tile.hover();
  await ready;
}

type SettledPage = Awaited<ReturnType<typeof settledPage>>;

/** The page loaded on the slow phone, settled (network idle, React hydrated where it runs): ready for a tap. */
async function settledPage(browser: Browser, url: string) {
  // a phone's viewport with a mouse: the prefetched runs hover the tile, as React Router and the speculation rules
  // prefetch on hover (a touch screen's tap would prefetch on the tap itself, as in the cold runs)
  const context = await browser.newContext({ ...SCREENS["375 px"], isMobile: false, hasTouch: false });
  const { page, cdp, network } = await slowPhonePage(context);
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  if (!(await network.idle(60_000))) throw new Error("the network never went idle after the page's load");
  await waitForHydration(page, 60_000);
  const framework = await page.evaluate(() => "__reactRouterContext" in window);
  return { context, page, cdp, network, framework };
}

/** One tap from the page at `url` to its first tile's article, in a fresh browser context. */
export async function navigationRun(
  browser: Browser,
  url: string,
  kind: NavigationKind,
  run: number,
  build: string,
): Promise<NavigationRun> {
  const result: NavigationRun = {
    build,
    kind,
    run,
    ok: false,
    article: null,
    toLcp: null,
    documentNavigation: null,
    lcpElement: null,
  };
  let settled: SettledPage | undefined;
  try {
    settled = await settledPage(browser, url);
    const { page, network, framework } = settled;
    const tile = page.locator(TILE).first();
    const article = new URL((await tile.getAttribute("href")) ?? "", url).pathname;
    result.article = article;
    if (kind === "prefetched") await prefetchDone(settled, tile, article);
    // no named function in the page (tsx's `__name` helper is not there)
    await page.evaluate((key) => {
      addEventListener(
        "click",
        (event) => sessionStorage.setItem(key, String(performance.timeOrigin + event.timeStamp)),
        {
          capture: true,
          once: true,
        },
      );
    }, TAP_KEY);
    await tile.click();
    await page.waitForURL((address) => address.pathname === article, { timeout: 60_000 });
    if (!(await network.idle(60_000))) throw new Error("the network never went idle after the tap");
    const landed = await page.evaluate(readLanded, TAP_KEY);
    result.documentNavigation = landed.documentNavigation;
    result.lcpElement = landed.lcpElement;
    if (landed.tapAt === null) throw new Error("the tap's time was not recorded");
    if (landed.lcpAt === null) throw new Error("no contentful paint of the article was reported");
    result.toLcp = landed.lcpAt - landed.tapAt;
    if (framework === landed.documentNavigation)
      throw new Error(framework ? "React Router did not navigate on the client" : "not a document navigation");
    result.ok = true;
  } catch (error) {
    result.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    await settled?.context.close().catch(() => undefined);
  }
  return result;
}

export function aggregateNavigation(
  route: { label: string; path: string },
  kind: NavigationKind,
  runs: readonly NavigationRun[],
): NavigationFigures {
  const { ok, tally } = tallyRuns(route, runs);
  return {
    ...tally,
    kind,
    toLcp: median(ok.map((r) => r.toLcp)),
    documentNavigation: ok[0]?.documentNavigation ?? null,
    lcpElement: ok[0]?.lcpElement ?? null,
  };
}

/** The work tree's time against the baseline's (no slower); without a baseline it only informs. */
export function navigationVerdict(
  now: number | null,
  baseline: number | null | undefined,
  hasBaseline: boolean,
): Verdict {
  if (now === null) return "error";
  if (!hasBaseline) return "info";
  return baseline === null || baseline === undefined ? "error" : atMost(now, baseline);
}
