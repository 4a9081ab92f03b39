import type { Browser, Frame, Locator, Page, Request } from "@playwright/test";
import { BEHAVIOURS_STARTED_MARK, BEHAVIOUR_ATTRIBUTE, BEHAVIOUR_MODULES } from "../app/behaviours/markers";
import { parseHtml } from "../pipeline/html";
import { expect } from "./fixtures";
import { inflightTracker } from "../test-support/inflight-requests";
import { resendingResets } from "../test-support/resending-resets";
import { normalise, type LayoutExpectations } from "./content";

/** What specs do with a page while it runs: wait for hydration, frames, observers, content reads; scroll; visit. */

/** Whether React has hydrated the document: its fibers are attached to the DOM (to <main>, else the body). */
function hydrated(): boolean {
  const node = document.querySelector("main") ?? document.body;
  return Object.keys(node).some((key) => key.startsWith("__reactFiber"));
}

/** Whether React has hydrated the page by now. */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(hydrated);
}

/** What scriptsDone needs to know of the behaviours (app/behaviours/markers.ts), passed into the page. */
export const BEHAVIOURS = {
  attribute: BEHAVIOUR_ATTRIBUTE,
  modules: [...BEHAVIOUR_MODULES] as string[],
  startedMark: BEHAVIOURS_STARTED_MARK,
};

/**
 * Whether the page's scripts have run: React has hydrated it, or it is a production page without a framework
 * (pipeline/islands.ts: no React Router context) whose behaviours have all started (start-page.ts starts them a
 * task each, after the parser, and marks the last: DOMContentLoaded comes after the first), or that marks none and
 * is parsed. Runs in the page (Playwright's, or an engine's: e2e/engines.ts).
 */
export function scriptsDone(behaviours: typeof BEHAVIOURS): boolean {
  const node = document.querySelector("main") ?? document.body;
  if (Object.keys(node).some((key) => key.startsWith("__reactFiber"))) return true;
  if ("__reactRouterContext" in window) return false;
  const marks = Array.from(document.querySelectorAll(`[${behaviours.attribute}]`), (element) =>
    (element.getAttribute(behaviours.attribute) ?? "").split(/\s+/),
  ).flat();
  if (marks.some((name) => behaviours.modules.includes(name)))
    return performance.getEntriesByName(behaviours.startedMark, "mark").length > 0;
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return (navigation?.domContentLoadedEventEnd ?? 0) > 0;
}

/** Resolves once React has hydrated the document, or, on a page without a framework, its behaviours have started. */
export async function waitForHydration(page: Page): Promise<void> {
  // (a module that never runs would hold it to the test's end)
  await page.waitForFunction(scriptsDone, BEHAVIOURS, { timeout: 15_000 });
}

/**
 * Resolves after `count` animation frames of the page: by then a state change an event or an observer made has
 * been rendered (React renders such an update before the next frame), so a check for what did not happen means
 * something.
 */
export async function animationFrames(page: Page | Frame, count = 2): Promise<void> {
  await page.evaluate(async (frames) => {
    for (let i = 0; i < frames; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Resolves once the page's intersection observers have reported its present layout (a scroll, new content)
 * and what they started has rendered (two frames): an observer made now reports at the next rendering step,
 * after every observer made before it.
 */
export async function intersectionsReported(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const probe = new IntersectionObserver(() => {
          probe.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        });
        probe.observe(document.documentElement);
      }),
  );
}

/**
 * Scrolls from the top to the end of the page in steps of `stepShare` of the window's height, letting the
 * lazy images, entrances and the gallery's next pages react at each step, then back to the top.
 */
export async function scrollThrough(page: Page, stepShare = 0.8): Promise<void> {
  const step = await page.evaluate((share) => Math.max(1, Math.floor(window.innerHeight * share)), stepShare);
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await intersectionsReported(page);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/** Navigates and waits for hydration (or a page's behaviour modules), so hydration errors are reported by the fixture. */
export async function visit(page: Page, path: string, options: { waitUntil?: "load" | "domcontentloaded" } = {}) {
  await page.goto(path, options);
  await waitForHydration(page);
}

/** Whether the request's frame is gone. */
function frameGone(request: Request): boolean {
  try {
    return request.frame().isDetached();
  } catch {
    // a service worker's request has no frame
    return false;
  }
}

/**
 * Follows the page's content reads from now on, in any frame: requests to a content API (`/v2/` on a loopback
 * port) and for route data (`.data`, which a revalidation asks for before its loaders read the API);
 * `settled()` resolves once none has been in flight for 300 ms, and fails naming them after 10 s.
 */
export function trackContentReads(page: Page): { settled(): Promise<void> } {
  const requests = inflightTracker(page);
  const isRead = (url: string) =>
    /^https?:\/\/(localhost|127\.0\.0\.1):\d+\/v2\//.test(url) || new URL(url).pathname.endsWith(".data");
  // a request of a frame that is gone (a preview the editor replaced) ends with it, reported or not
  const notARead = (request: Request) => !isRead(request.url()) || frameGone(request);
  return {
    async settled() {
      const settled = await requests.idle(10_000, notARead, 300);
      const inFlight = [...requests.open.keys()]
        .filter((request) => !notARead(request))
        .map((request) => request.url());
      expect(settled, `content reads settle (in flight: ${inFlight.join(", ")})`).toBe(true);
    },
  };
}

/**
 * How long a test waits for an image file to arrive: on a fresh machine the content service renders each
 * rendition the first time it is asked for (avif at 1,280 px and more takes seconds on two busy cores), far
 * longer than an assertion's 5 s.
 */
export const IMAGE_FILE_TIMEOUT_MS = 15_000;

/**
 * How long a test waits for a page's images when it asks for all of them at once (a scroll to the end, printing):
 * on a fresh clone the content service's render cache is cold (it is kept per checkout) and it renders two at a
 * time, so the last file comes long after one image's IMAGE_FILE_TIMEOUT_MS (a CI run saw it miss by a render).
 */
export const LOAD_EVERY_IMAGE_MS = 120_000;

/** The text of the first `<h1>` of the page the server answers for `path` (its prerendered HTML), spaces collapsed. */
export async function servedHeading(page: Page, path: string): Promise<string> {
  const response = await resendingResets(page.request).get(path);
  expect(response.status(), path).toBe(200);
  const html = parseHtml(await response.text());
  const [heading] = html.elementsNamed("h1");
  expect(heading, `${path} has a heading`).toBeDefined();
  return normalise(html.textContent(heading!));
}

/**
 * Follows `link` as a visitor does and resolves once the page it names is shown: its address, and the heading the
 * server prerendered for it. Whatever carries the visitor there (the browser's own navigation on a page without a
 * framework, React Router's on a hydrated one), what they see is the same; the behaviour modules or hydration of
 * the page shown have run when it resolves.
 */
export async function followLink(page: Page, link: Locator, path: string): Promise<void> {
  const heading = await servedHeading(page, path);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  // the address changes before a client navigation renders: until the heading shows, `main` is the page before
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(heading);
  await waitForHydration(page);
}

/**
 * Every image in view has loaded and decoded: a lazy image its file, not its placeholder (the header's icons are
 * written into the page as data: URIs), within IMAGE_FILE_TIMEOUT_MS.
 */
export async function expectImagesInViewShown(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images]
            .filter((image) => {
              const box = image.getBoundingClientRect();
              return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
            })
            .filter((image) => {
              const placeholder = image.hasAttribute("data-lazy") && !image.currentSrc.startsWith("http");
              return placeholder || !(image.complete && image.naturalWidth > 0);
            })
            .map((image) => image.alt || image.outerHTML.slice(0, 80)),
        ),
      { timeout: IMAGE_FILE_TIMEOUT_MS },
    )
    .toEqual([]);
}

/** Scrolls down the page 500 px at a time, each time expecting every image in view shown. */
export async function scrollThroughShowingImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expectImagesInViewShown(page);
  }
}

/** The shell's links in the order a visitor follows them: the header's index and second page, the footer's imprint. */
export function shellLinks(page: Page, layout: LayoutExpectations): Array<{ link: Locator; path: string }> {
  const headerLink = ({ label, path }: { label: string; path: string }) => ({
    link: page.getByRole("banner").getByRole("link", { name: label, exact: true }),
    path,
  });
  const { imprint } = layout.footer;
  return [
    headerLink(layout.header.index),
    headerLink(layout.header.link),
    { link: page.getByRole("contentinfo").getByRole("link", { name: imprint.label }), path: imprint.path },
  ];
}

/**
 * The index of the home carousel's slide whose centre is nearest its track's centre. Runs in the page and is
 * self-contained, so any driver can evaluate it (`page.evaluate(centredSlideIndex)`, Playwright's or an engine's).
 */
export function centredSlideIndex(): number {
  const track = document.querySelector('main [aria-roledescription="slide"]')!.parentElement!;
  const box = track.getBoundingClientRect();
  const centre = box.left + box.width / 2;
  const offsets = Array.from(track.children).map((child) => {
    const rect = child.getBoundingClientRect();
    return Math.abs(rect.left + rect.width / 2 - centre);
  });
  return offsets.indexOf(Math.min(...offsets));
}

/**
 * Each lazy image's box (`img[data-lazy]`, in document order; 0 × 0 where it has none), whether it still shows
 * its placeholder and whether its file has loaded. Self-contained, for any driver (see centredSlideIndex).
 */
export function lazyImageBoxes() {
  return Array.from(document.querySelectorAll<HTMLImageElement>("img[data-lazy]")).map((image) => {
    const rect = image.getBoundingClientRect();
    const placeholder = image.currentSrc === "" || image.currentSrc.startsWith("data:");
    return {
      width: rect.width,
      height: rect.height,
      placeholder,
      loaded: !placeholder && image.complete && image.naturalWidth > 0,
    };
  });
}

type LazyImageBox = ReturnType<typeof lazyImageBoxes>[number];

/** How many of the lazy images at `indices` (in `lazyImageBoxes` order) have not loaded yet. */
export function stillLoading(boxes: LazyImageBox[], indices: number[]): number {
  return indices.filter((index) => !boxes[index]!.loaded).length;
}

/**
 * The lazy images (by their index in `before`) whose box moved by a pixel or more from `before` to `after`: a
 * rendition's pixel size rounds its ratio, so the box may move by a fraction of one.
 */
export function boxesChanged(before: LazyImageBox[], after: LazyImageBox[], indices: number[]): string[] {
  return indices.flatMap((index) => {
    const [was, is] = [before[index]!, after[index]!];
    return Math.abs(was.width - is.width) < 1 && Math.abs(was.height - is.height) < 1
      ? []
      : [`image ${index}: ${was.width} × ${was.height} → ${is.width} × ${is.height}`];
  });
}

/** The root's `overflow-y`: "hidden" while the open menu holds the page behind it still (header.module.css). */
export function rootOverflowY(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
}

/** The about page's overview: the first section of main whose list holds a video (its items an image or a video each). */
export const ABOUT_OVERVIEW = "main section:has(> ul > li video)";

/**
 * In the page: px from each of the overview's items (`overviewSelector`, ABOUT_OVERVIEW) with an image or a video to
 * its medium's top; an item's medium is its first box (a <picture>'s <source> once spaced like a flex item pushed
 * images 12 px).
 */
export function overviewMediaOffsets(overviewSelector: string): number[] {
  const overview = document.querySelector(overviewSelector);
  return Array.from(overview?.querySelectorAll(":scope > ul > li") ?? [])
    .map((item) => [item, item.querySelector("img, video")] as const)
    .filter(([, media]) => media !== null)
    .map(([item, media]) => Math.round(media!.getBoundingClientRect().top - item.getBoundingClientRect().top));
}

/**
 * In the page: scrolls the `index`th shown link of `selector` to the window's middle and follows its top. A part of
 * the page laid out only near the window (`content-visibility: auto`) stands in with an estimate until then: when
 * the real height differs, everything below it, and anything at the page's end, moves a frame after the scroll.
 * Where the link is after the scroll brought it into view: `shown`, how many links the selector finds shown (the
 * lightbox's hidden views and the like left out), and `tops`, the link's top, px from the window's, right after
 * `scrollIntoView` and in each of the next five frames.
 */
export async function linkAfterScroll({ selector, index }: { selector: string; index: number }) {
  const links = [...document.querySelectorAll<HTMLElement>(selector)].filter(
    (link) => link.getClientRects().length > 0,
  );
  const link = links[index];
  if (!link) return { shown: links.length, tops: [] };
  link.scrollIntoView({ block: "center" });
  const tops = [Math.round(link.getBoundingClientRect().top)];
  for (let frame = 0; frame < 5; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    tops.push(Math.round(link.getBoundingClientRect().top));
  }
  return { shown: links.length, tops };
}

/**
 * The shown links of `selector` at `url` that move more than a pixel in the six frames after a scroll brought them
 * into view (a pixel: a headline above whose weight follows the scroll), as "link 3 of 12: 359, 359, 291, ...";
 * and how many were shown. Each link in a browser context of its own, as a visitor arriving with nothing cached:
 * with the site cached the about page's blocks had been drawn before the scroll in every visit, fresh in half.
 */
export async function linksMovedAfterScroll(
  browser: Browser,
  url: string,
  options: { selector: string; viewport: { width: number; height: number }; reducedMotion?: "reduce" },
): Promise<{ shown: number; moved: string[] }> {
  const moved: string[] = [];
  let shown = 1;
  for (let index = 0; index < shown; index++) {
    const context = await browser.newContext({ viewport: options.viewport, reducedMotion: options.reducedMotion });
    let link: Awaited<ReturnType<typeof linkAfterScroll>>;
    try {
      const page = await context.newPage();
      await visit(page, url);
      link = await page.evaluate(linkAfterScroll, { selector: options.selector, index });
    } finally {
      await context.close();
    }
    shown = link.shown;
    if (link.tops.length === 0 || Math.max(...link.tops) - Math.min(...link.tops) > 1) {
      moved.push(`link ${index + 1} of ${shown}: ${link.tops.join(", ") || "not found"}`);
    }
  }
  return { shown, moved };
}
