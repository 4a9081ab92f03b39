import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "@playwright/test";
import {
  articleMediaEntries,
  articlePath,
  asset,
  body,
  builtArticle,
  extensionOf,
  IMAGE_EXTENSIONS,
  layoutExpectations,
  records,
  text,
  VIDEO_EXTENSIONS,
} from "./content";
import { IMAGE_FILE_TIMEOUT_MS, visit, waitForHydration } from "./page-helpers";
import { CHROMIUM_ARGS } from "../test-support/ensure-chromium";
import { createContentApi, expect, test } from "./fixtures";

/**
 * The full-screen view of an article's media and the about page's masonry:
 * a click opens the medium at the rendition the screen needs, arrow keys,
 * buttons and swipes step, Escape, the close button and a tap beside the
 * medium close it and give focus back to the tile; the URL names what is
 * open (`#media-3`), so a shared link opens it and Back closes it. Before
 * the page's scripts run and without JavaScript a tap opens it too, by CSS,
 * and the large renditions load only then.
 *
 * It runs on the production build (docs/decisions/0014, "Parity"): the view
 * is the prerendered `:target` figure, which the lightbox behaviour
 * (app/behaviours/lightbox.ts) makes a modal dialog with buttons once it has
 * run; a hydrated page (the preview build) runs the same behaviour (app/root.tsx).
 */

test.describe.configure({ mode: "parallel" });

// Headless Chromium hides scrollbars yet reserves their gutter when a page asks for it: drawn, as on a desktop,
// they take their width, and a test of the page behind the view sees what a visitor sees.
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH,
    args: [...CHROMIUM_ARGS],
    ignoreDefaultArgs: ["--hide-scrollbars"],
  },
});

declare global {
  interface Window {
    __pageLayout?: () => { y: number; width: number; headline: string; tile: number[] };
    __layoutAtClick?: ReturnType<NonNullable<Window["__pageLayout"]>>;
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let route = "";
/** The article's images and videos, in the order of its media grid. */
let media: string[] = [];

test.beforeAll(async () => {
  const story = await builtArticle(createContentApi());
  route = articlePath(story.full_slug);
  media = (articleMediaEntries(story) ?? [])
    .map((entry) => entry.filename)
    .filter((file) => [...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS].includes(extensionOf(file)));
  expect(media.length, "the article shows at least three media").toBeGreaterThanOrEqual(3);
});

const view = (page: Page) => page.getByRole("dialog", { name: "Großansicht" });
const tile = (page: Page, position: number) => page.locator(`main ul a[href="#media-${position}"]`);
/** The full-screen renditions (avif at quality 60, or webp at 80: lightbox-item.ts) asked for so far, by file. */
const fullScreenRequests = (requests: string[], file: string) =>
  requests.filter(
    (line) =>
      line.includes(`${file}/m/`) &&
      (line.includes("quality(60):format(avif)") || line.includes("quality(80):format(webp)")),
  );

/** The view's code has run: the figures' controls are buttons (app/behaviours/lightbox.ts). */
const viewReady = (page: Page) => page.locator('figure [data-part="control"][role="button"]');

/** Opens `path` and waits for the view's code: until then the prerendered figures answer the tiles as links. */
async function visitWithView(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await expect(viewReady(page).first()).toBeAttached();
}

async function open(page: Page, position: number): Promise<Locator> {
  await tile(page, position).scrollIntoViewIfNeeded();
  await tile(page, position).click();
  await expect(view(page)).toBeVisible();
  await expect(view(page).getByText(`${position} / ${media.length}`, { exact: true })).toBeVisible();
  return view(page);
}

test("a click opens the image full-screen at the rendition the screen needs, and fetches the next one ahead", async ({
  page,
  requestLog,
}) => {
  await visitWithView(page, route);
  const dialog = await open(page, 1);
  expect(new URL(page.url()).hash).toBe("#media-1");
  const image = dialog.getByRole("img");
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: IMAGE_FILE_TIMEOUT_MS,
    })
    .toBe(true);
  const shown = await image.evaluate((img: HTMLImageElement) => ({
    drawn: img.getBoundingClientRect().width * window.devicePixelRatio,
    chosen: Number(/\/m\/(\d+)x0\//.exec(img.currentSrc)?.[1]),
    file: Number(/\/(\d+)x\d+\//.exec(img.currentSrc)?.[1]),
    viewport: window.innerWidth,
  }));
  // the rendition covers the drawn size, or is the file itself; the image is large: most of the window, or the file
  expect(shown.chosen >= Math.floor(shown.drawn) || shown.chosen === shown.file, JSON.stringify(shown)).toBe(true);
  expect(shown.chosen).toBeLessThanOrEqual(shown.file);
  expect(Math.max(shown.drawn / shown.viewport, shown.drawn / shown.file)).toBeGreaterThan(0.5);
  await expect.poll(() => fullScreenRequests(requestLog, media[1]!).length).toBeGreaterThan(0);
});

test("arrow keys, buttons and a mouse drag step through the media, round the ends", async ({ page }) => {
  await visitWithView(page, route);
  const dialog = await open(page, 1);
  const counter = (position: number) => dialog.getByText(`${position} / ${media.length}`, { exact: true });
  await page.keyboard.press("ArrowRight");
  await expect(counter(2)).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#media-2");
  await dialog.getByRole("button", { name: "Nächstes Bild" }).click();
  await expect(counter(3)).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(counter(media.length)).toBeVisible();
  await dialog.getByRole("button", { name: "Vorheriges Bild" }).click();
  await expect(counter(media.length - 1)).toBeVisible();
  const box = (await dialog.getByRole("img").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(counter(media.length)).toBeVisible();
  // the drag was no tap beside the medium
  await expect(dialog).toBeVisible();
});

test("Escape, the close button and a tap beside the medium close it; focus returns to the tile and stays inside while open; the page stands still", async ({
  page,
}) => {
  await visitWithView(page, route);
  await tile(page, 2).scrollIntoViewIfNeeded();
  // what must stand still is the page from the click on: Playwright's click may scroll before it clicks (when
  // its first look at the point it aims for fails), so the page is measured by the page, at the click
  await page.evaluate(() => {
    window.__pageLayout = () => {
      const tileBox = document.querySelector('main ul a[href="#media-2"]')!.getBoundingClientRect();
      return {
        y: window.scrollY,
        width: document.querySelector("main")!.getBoundingClientRect().width,
        headline: getComputedStyle(document.querySelector("h1")!).fontSize,
        tile: [tileBox.x, tileBox.y, tileBox.width, tileBox.height],
      };
    };
  });
  const pageLayout = () => page.evaluate(() => window.__pageLayout!());
  const layoutAtClick = () => page.evaluate(() => window.__layoutAtClick);
  expect((await pageLayout()).width, "the scrollbar takes its width").toBeLessThan(page.viewportSize()!.width);
  const closings: Array<(dialog: Locator) => Promise<void>> = [
    () => page.keyboard.press("Escape"),
    (dialog) => dialog.getByRole("button", { name: "Schließen" }).click(),
    // a tap at the window's left edge, beside the medium
    async () => page.mouse.click(4, (await page.evaluate(() => window.innerHeight)) / 2),
  ];
  for (const close of closings) {
    await page.evaluate(() => {
      // each opening is measured at its own click, not the one before
      window.__layoutAtClick = undefined;
      addEventListener("click", () => (window.__layoutAtClick = window.__pageLayout!()), {
        capture: true,
        once: true,
      });
    });
    const dialog = await open(page, 2);
    const before = await layoutAtClick();
    expect(before, "the click was measured").toBeDefined();
    // Tab goes round the dialog's controls; past the last, focus may leave the page for the browser's own
    // controls (the document's focus is then its body), never for an element of the page behind
    const stops: string[] = [];
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press("Tab");
      stops.push(
        await dialog.evaluate((element) => {
          const focused = document.activeElement;
          if (focused === document.body) return "browser";
          return element.contains(focused) ? (focused?.getAttribute("aria-label") ?? "?") : "outside";
        }),
      );
    }
    expect(stops).not.toContain("outside");
    expect(stops.filter((stop) => stop === "Schließen").length).toBeGreaterThanOrEqual(2);
    await page.mouse.wheel(0, 800);
    // nothing behind the view moved or reflowed
    expect(await pageLayout()).toEqual(before);
    await close(dialog);
    await expect(dialog).toBeHidden();
    await expect(tile(page, 2)).toBeFocused();
    expect(new URL(page.url()).hash).toBe("");
    expect(await pageLayout()).toEqual(before);
  }
});

test("each open medium has a URL: a shared link opens it, Back closes it", async ({ page }) => {
  await page.goto(`${route}#media-2`);
  // the prerendered figure shows it at once, and is the dialog once the page runs
  await expect(page.locator("#media-2")).toBeVisible();
  await waitForHydration(page);
  await expect(view(page).getByText(`2 / ${media.length}`, { exact: true })).toBeVisible();
  await expect(page.locator("#media-2 [data-part='control']:not([data-direction])")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(view(page)).toBeHidden();
  expect(new URL(page.url()).hash).toBe("");

  // Back returns to where the visitor was when they chose the tile
  await tile(page, 3).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await open(page, 3);
  await page.goBack();
  await expect(view(page)).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(route);
  expect(new URL(page.url()).hash).toBe("");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goForward();
  await expect(view(page).getByText(`3 / ${media.length}`, { exact: true })).toBeVisible();
});

test.describe("before the page's scripts run", () => {
  test("a tap opens the large image by CSS, loading only its rendition, and the page keeps it open once they have run", async ({
    page,
    requestLog,
  }) => {
    // the page's scripts wait until the tap has been checked
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsReleased;
      await route.fallback();
    });
    // (held module scripts hold the load event too)
    await page.goto(route, { waitUntil: "commit" });
    await tile(page, 1).scrollIntoViewIfNeeded();
    expect(
      media.flatMap((file) => fullScreenRequests(requestLog, file)),
      "no large rendition before a tap",
    ).toEqual([]);

    await tile(page, 1).click();
    const figure = page.locator("#media-1");
    await expect(figure).toBeVisible();
    await expect(figure.getByText(`1 / ${media.length}`, { exact: true })).toBeVisible();
    // the figure's image is a lazy one: complete already with its placeholder, until the loader gives it the
    // full-screen rendition's source, which it then loads
    await expect
      .poll(
        () =>
          figure
            .getByRole("img")
            .evaluate(
              (img: HTMLImageElement) =>
                /quality\((60|80)\)/.test(img.currentSrc) && img.complete && img.naturalWidth > 0,
            ),
        { timeout: IMAGE_FILE_TIMEOUT_MS },
      )
      .toBe(true);
    await expect.poll(() => fullScreenRequests(requestLog, media[0]!).length).toBeGreaterThan(0);
    expect(media.slice(1).flatMap((file) => fullScreenRequests(requestLog, file))).toEqual([]);
    // the page did not jump to the figure: the visitor is where they tapped. (Not an exact scrollY: with the
    // scripts held, content above may still settle, and scroll anchoring then moves scrollY by some pixels.)
    await expect(tile(page, 1)).toBeInViewport();
    // its links step and close
    await figure.getByRole("link", { name: "Nächstes Bild" }).click();
    await expect(page.locator("#media-2").getByText(`2 / ${media.length}`, { exact: true })).toBeVisible();
    await expect(figure).toBeHidden();
    await expect(viewReady(page), "the taps came before the page's scripts ran").toHaveCount(0);

    releaseScripts();
    await waitForHydration(page);
    await expect(view(page).getByText(`2 / ${media.length}`, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(view(page)).toBeHidden();
    expect(new URL(page.url()).hash).toBe("");
    // the tap that opened it came before the page ran: focus goes to the tile of the image shown last
    await expect(tile(page, 2)).toBeFocused();
    await expect(tile(page, 2)).toBeInViewport();
  });

  test("without JavaScript a click opens the image large, and its close link hides it without scrolling", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto(route);
      await tile(page, 2).scrollIntoViewIfNeeded();
      await tile(page, 2).click();
      const figure = page.locator("#media-2");
      await expect(figure).toBeVisible();
      // a full-screen rendition drawn as its background, fetched once shown
      const image = figure.getByRole("img");
      await expect(image).toHaveCSS("background-image", /\/m\/\d+x0\/filters:quality\(80\):format\(webp\)/);
      // as large as the window allows at its proportions
      const box = (await image.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(Math.max(box.width / viewport.width, box.height / viewport.height)).toBeGreaterThan(0.7);
      expect(new URL(page.url()).pathname).toBe(route);
      await figure.getByRole("link", { name: "Schließen" }).click();
      await expect(figure).toBeHidden();
      // closed where it was opened, as above
      await expect(tile(page, 2)).toBeInViewport();
    } finally {
      await context.close();
    }
  });
});

test("reduced motion drops the zoom", async ({ page }) => {
  const zoomOf = async () =>
    (await open(page, 1)).getByRole("img").evaluate((img) => getComputedStyle(img).animationName);
  await visitWithView(page, route);
  expect(await zoomOf()).toMatch(/lightbox-zoom-in/);
  await page.keyboard.press("Escape");
  await expect(view(page)).toBeHidden();
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await zoomOf()).toBe("none");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a swipe steps to the next and the previous medium, and the next tap is the visitor's own", async ({ page }) => {
    await visitWithView(page, route);
    await tile(page, 1).scrollIntoViewIfNeeded();
    await tile(page, 1).tap();
    const dialog = view(page);
    await expect(dialog.getByText(`1 / ${media.length}`, { exact: true })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    // a finger that moves for 80 ms, then rests 300 ms before it lifts (the events' own times): a swipe that
    // lifts while moving flings, and Chromium takes the next tap as the fling's stop, with no click
    const swipe = async (fromX: number, toX: number) => {
      const y = 370;
      const start = Date.now() / 1000;
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number | null, seconds: number) =>
        cdp.send("Input.dispatchTouchEvent", {
          type,
          touchPoints: x === null ? [] : [{ x, y }],
          timestamp: start + seconds,
        });
      await touch("touchStart", fromX, 0);
      for (let step = 1; step <= 5; step += 1)
        await touch("touchMove", fromX + ((toX - fromX) * step) / 5, step * 0.016);
      await touch("touchMove", toX, 0.38);
      await touch("touchEnd", null, 0.4);
    };
    await swipe(300, 80);
    await expect(dialog.getByText(`2 / ${media.length}`, { exact: true })).toBeVisible();
    await swipe(80, 300);
    await expect(dialog.getByText(`1 / ${media.length}`, { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    // a touch's swipe ends in no click: one tap on the close button closes the view
    await dialog.getByRole("button", { name: "Schließen" }).tap();
    await expect(dialog).toBeHidden();
  });
});

test.describe("the about page's masonry", () => {
  let aboutPath = "";
  let tiles: Array<{ file: string; tags: string[] }> = [];

  test.beforeAll(async () => {
    const api = createContentApi();
    const about = await api.story("about");
    const masonry = body(about).find((blok) => blok.component === "masonry");
    tiles = records(masonry?.Tiles)
      .map((entry) => ({
        file: asset(entry.Media).filename ?? "",
        tags: Array.isArray(entry.Tags) ? entry.Tags.map(text) : [],
      }))
      .filter((entry) => [...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS].includes(extensionOf(entry.file)));
    aboutPath = (await layoutExpectations(api)).header.link.path;
  });

  test("a video plays in the view with its controls and sound", async ({ page }) => {
    const position = tiles.findIndex((entry) => VIDEO_EXTENSIONS.includes(extensionOf(entry.file))) + 1;
    expect(position, "the masonry has a video").toBeGreaterThan(0);
    await visitWithView(page, aboutPath);
    const opener = tile(page, position);
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const video = view(page).locator("video");
    await expect(video).toHaveAttribute("controls", "");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && !element.muted))
      .toBe(true);
  });

  test("a clip plays in a loop in the view, as every video of the site does", async ({ page }) => {
    const position = tiles.findIndex((entry) => VIDEO_EXTENSIONS.includes(extensionOf(entry.file))) + 1;
    await visitWithView(page, aboutPath);
    const opener = tile(page, position);
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const video = view(page).locator("video");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration > 0)).toBe(true);
    // near its end: it goes on from its start rather than stopping there
    await video.evaluate((element: HTMLVideoElement) => (element.currentTime = element.duration - 0.3));
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => ({
          ended: element.ended,
          restarted: !element.paused && element.currentTime < element.duration / 2,
        })),
      )
      .toEqual({ ended: false, restarted: true });
  });

  test("the view steps through the tiles the filter shows", async ({ page }) => {
    const tag = tiles
      .flatMap((entry) => entry.tags)
      .find((candidate) => {
        const count = tiles.filter((entry) => entry.tags.includes(candidate)).length;
        return count >= 2 && count < tiles.length;
      })!;
    const having = tiles
      .map((entry, index) => ({ ...entry, position: index + 1 }))
      .filter((entry) => entry.tags.includes(tag));
    await visitWithView(page, aboutPath);
    await page.locator(`main label:has(input[value="${tag}"])`).click();
    await expect(page.locator("main ul a[href^='#media-']")).toHaveCount(having.length);
    await tile(page, having[0]!.position).click();
    await expect(view(page).getByText(`1 / ${having.length}`, { exact: true })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(view(page).getByText(`2 / ${having.length}`, { exact: true })).toBeVisible();
    expect(new URL(page.url()).hash).toBe(`#media-${having[1]!.position}`);
  });
});

interface Violation {
  id: string;
  help: string;
  nodes: string[];
}

async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const runner = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: unknown,
          ): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
    const result = await runner.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  });
}

for (const width of [1280, 375]) {
  test(`no WCAG A/AA violation with the view open at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await visitWithView(page, route);
    const dialog = await open(page, 1);
    await expect(dialog.getByRole("button", { name: "Schließen" })).toBeFocused();
    // the view's fade and zoom have ended (the footer's wave goes on for ever)
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    expect(await axe(page)).toEqual([]);
  });
}

/**
 * The about page's masonry opens its media before hydration and without JavaScript too: at every width the
 * figure covers the screen above the header (its close control is what a tap on it hits) and shows a rendition
 * as large as it is drawn, or the file itself. Its blocks fade and slide in (SPEC 9): an entrance that stayed in
 * effect held the fixed figure inside its block.
 */
test.describe("the about page's view before hydration and without JavaScript", () => {
  const aboutTile = (page: Page) => page.locator('main ul a[href="#media-2"]');
  /** Chromium's scrollbar, drawn here (test.use above) */
  const SCROLLBAR_GUTTER = 15;
  const WIDTHS = [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
    { width: 375, height: 740 },
  ];

  /** Where the figure lies against the window, what a tap on its close control hits, and its rendition. */
  async function shownFigure(figure: Locator) {
    return figure.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const close = element.querySelector<HTMLElement>('[data-part="bar"] a[data-part="control"]')!;
      const closeBox = close.getBoundingClientRect();
      const hit = document.elementFromPoint(closeBox.x + closeBox.width / 2, closeBox.y + closeBox.height / 2);
      // the medium shown: the lazy image, or without JavaScript what its <noscript> holds
      const medium = [...element.querySelectorAll<HTMLElement>("[data-part='media']")].find(
        (candidate) => candidate.getClientRects().length > 0,
      )!;
      const image = medium instanceof HTMLImageElement ? medium.currentSrc : getComputedStyle(medium).backgroundImage;
      return {
        box: { x: box.x, y: box.y, width: box.width, height: box.height },
        window: { width: window.innerWidth, height: window.innerHeight },
        closeHit: hit !== null && close.contains(hit),
        drawn: Math.floor(medium.getBoundingClientRect().width * window.devicePixelRatio),
        chosen: Number(/\/m\/(\d+)x0\//.exec(image)?.[1]),
        file: Number(/\/(\d+)x\d+\//.exec(image)?.[1]),
      };
    });
  }

  function expectCoveringView(shown: Awaited<ReturnType<typeof shownFigure>>) {
    const detail = JSON.stringify(shown);
    // the whole window, but for the scrollbar's gutter the page keeps before hydration (lightbox.module.css)
    expect({ x: shown.box.x, y: shown.box.y, height: shown.box.height }, detail).toEqual({
      x: 0,
      y: 0,
      height: shown.window.height,
    });
    expect(shown.box.width, detail).toBeGreaterThanOrEqual(shown.window.width - SCROLLBAR_GUTTER);
    expect(shown.box.width, detail).toBeLessThanOrEqual(shown.window.width);
    expect(shown.closeHit, `a tap on close hits it: ${detail}`).toBe(true);
    expect(shown.chosen >= shown.drawn || shown.chosen === shown.file, `rendition: ${detail}`).toBe(true);
  }

  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px, before hydration`, async ({ page }) => {
      await page.setViewportSize(viewport);
      let releaseScripts = () => {};
      const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route(/\.js(\?|$)/, async (route) => {
        await scriptsReleased;
        await route.fallback();
      });
      // (held module scripts hold the load event too)
      await page.goto("/about", { waitUntil: "commit" });
      await aboutTile(page).scrollIntoViewIfNeeded();
      await aboutTile(page).click();
      const figure = page.locator("#media-2");
      await expect(figure).toBeVisible();
      // the loader gives the lazy image its full-screen sources once shown
      await expect
        .poll(() =>
          figure
            .locator("img[data-lazy]")
            .evaluate((img: HTMLImageElement) => /\/m\/\d+x0\//.test(img.currentSrc) && img.complete),
        )
        .toBe(true);
      expectCoveringView(await shownFigure(figure));
      await expect(viewReady(page), "checked before the page's scripts ran").toHaveCount(0);
      releaseScripts();
    });

    test(`at ${viewport.width} px, without JavaScript`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport });
      const page = await context.newPage();
      try {
        // a shared link: the figure shows while the blocks make their entrance
        await page.goto("/about#media-2");
        const figure = page.locator("#media-2");
        await expect(figure).toBeVisible();
        expectCoveringView(await shownFigure(figure));
      } finally {
        await context.close();
      }
    });
  }
});
