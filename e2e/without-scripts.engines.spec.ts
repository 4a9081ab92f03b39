import { isDeepStrictEqual } from "node:util";
import type { EnginePage } from "../test-support/cross-engine/engine-page";
import { PAGE_SIZE, WIDTHS, expect, expectEventually, shownTiles, test } from "./engines";

/**
 * What each engine shows a visitor without JavaScript, by its own CSS and
 * `<noscript>` handling: a browser whose pages' scripts are off (Firefox's
 * `javascript.enabled`, WebKitGTK's `enable-javascript`); the checks' own
 * scripts still run (the driver's).
 */
test.use({ scripts: false });

/** The link a page without scripts shows under the first page of the gallery (app/components/gallery). */
const SHOW_ALL_LINK = 'main section a[href="#alle-projekte"]';

/**
 * A click by the element's own activation (a link followed, a box checked): the drivers' pointer clicks wait on
 * the page's scripts (puppeteer's visibility check runs an IntersectionObserver), which are off here.
 */
async function activate(page: EnginePage, selector: string): Promise<void> {
  const found = await page.evaluate((target) => {
    const element = document.querySelector<HTMLElement>(target);
    element?.scrollIntoView({ block: "center" });
    element?.click();
    return element !== null;
  }, selector);
  expect(found, `something matches ${selector}`).toBe(true);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ width });

    test("without scripts: the gallery shows its first page and a link to all its tiles, filtered too", async ({
      enginePage: page,
      expectations,
    }) => {
      const { gallery } = expectations;
      const all = gallery.map((item) => item.path);
      await page.open("/");
      expect(await shownTiles(page), "the gallery's tiles").toEqual(all.slice(0, PAGE_SIZE));
      await activate(page, SHOW_ALL_LINK);
      await expectEventually(page, "every tile", async () => isDeepStrictEqual(await shownTiles(page), all));
      const linkShown = await page.evaluate(
        (selector) => (document.querySelector(selector)?.getClientRects().length ?? 0) > 0,
        SHOW_ALL_LINK,
      );
      expect(linkShown, "the link to all tiles shows once followed").toBe(false);
      const tag = [...new Set(gallery.flatMap((item) => item.tags))].find(
        (candidate) => gallery.filter((item) => item.tags.includes(candidate)).length > PAGE_SIZE,
      );
      expect(tag, "a tag with more tiles than a page").toBeDefined();
      const filtered = gallery.filter((item) => item.tags.includes(tag!)).map((item) => item.path);
      await page.open("/");
      await activate(page, `main [role="group"] label:has(input[value="${tag}"])`);
      await expectEventually(page, `the first page of ${tag}`, async () =>
        isDeepStrictEqual(await shownTiles(page), filtered.slice(0, PAGE_SIZE)),
      );
      await activate(page, SHOW_ALL_LINK);
      await expectEventually(page, `every tile of ${tag}`, async () =>
        isDeepStrictEqual(await shownTiles(page), filtered),
      );
    });

    test("without scripts: every video of the gallery, the about page and an article's media shows its first frame", async ({
      enginePage: page,
      expectations,
    }) => {
      expect(expectations.videoArticlePath, "an article with a video in its media").not.toBeNull();
      for (const path of ["/#alle-projekte", "/about", expectations.videoArticlePath!]) {
        await page.open(path);
        const count = await page.evaluate(
          () =>
            Array.from(document.querySelectorAll("main video")).filter((video) => video.getClientRects().length).length,
        );
        expect(count, `${path}: the videos shown`).toBeGreaterThan(0);
        for (let index = 0; index < count; index++) {
          await expectEventually(
            page,
            `${path}: video ${index + 1} of ${count} to show a frame`,
            () =>
              page.evaluate((position) => {
                const video = Array.from(document.querySelectorAll("main video")).filter(
                  (candidate) => candidate.getClientRects().length,
                )[position] as HTMLVideoElement;
                video.scrollIntoView({ block: "center" });
                return video.readyState >= 2 && video.videoWidth > 0;
              }, index),
            15_000,
          );
        }
      }
    });

    test("without scripts: an article the build does not know shows the error screen and the way home", async ({
      enginePage: page,
    }) => {
      await page.open("/articles/no-such-article-yet");
      const screen = await page.evaluate(() => ({
        heading: document.querySelector("main h1")?.textContent?.trim(),
        home: document.querySelector<HTMLAnchorElement>("main section a")?.getAttribute("href"),
        shown: (document.querySelector("main section")?.getClientRects().length ?? 0) > 0,
      }));
      expect(screen.heading, "the error screen's heading").toBe("Da ist etwas schief gelaufen");
      expect({ home: screen.home, shown: screen.shown }, "the way home").toEqual({ home: "/", shown: true });
    });

    test("without scripts: the about page's full-screen view covers the window, above the header, at its rendition", async ({
      enginePage: page,
    }) => {
      // a shared link to the second medium
      await page.open("/about#media-2");
      const shown = await page.evaluate(() => {
        const figure = document.getElementById("media-2")!;
        const box = figure.getBoundingClientRect();
        const close = figure.querySelector<HTMLElement>('[data-part="bar"] a[data-part="control"]')!;
        const closeBox = close.getBoundingClientRect();
        const hit = document.elementFromPoint(closeBox.x + closeBox.width / 2, closeBox.y + closeBox.height / 2);
        const medium = Array.from(figure.querySelectorAll<HTMLImageElement>("img[data-part='media']")).find(
          (candidate) => candidate.getClientRects().length > 0,
        );
        return {
          box: [box.x, box.y, box.width, box.height].map(Math.round),
          window: [innerWidth, innerHeight],
          closeHit: hit !== null && close.contains(hit),
          drawn: Math.floor((medium?.getBoundingClientRect().width ?? 0) * devicePixelRatio),
          chosen: Number(/\/m\/(\d+)x0\//.exec(medium?.currentSrc ?? "")?.[1] ?? 0),
          file: Number(/\/(\d+)x\d+\//.exec(medium?.currentSrc ?? "")?.[1] ?? 0),
        };
      });
      const detail = JSON.stringify(shown);
      const [x, y, boxWidth, boxHeight] = shown.box as [number, number, number, number];
      const [windowWidth, windowHeight] = shown.window as [number, number];
      // the whole window, but for a scrollbar's gutter the page keeps
      expect(
        x === 0 && y === 0 && boxHeight === windowHeight && boxWidth >= windowWidth - 20,
        `over the window: ${detail}`,
      ).toBe(true);
      expect(shown.closeHit, `a tap on close hits it: ${detail}`).toBe(true);
      expect(shown.chosen >= shown.drawn || shown.chosen === shown.file, `a rendition large enough: ${detail}`).toBe(
        true,
      );
    });
  });
}
