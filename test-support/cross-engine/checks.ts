import { type EnginePage, waitFor, waitForHydration } from "./engine-page";

/**
 * The checks each engine runs at each width: every route renders, fits the
 * width and logs no error; each control does its whole job (menu, filter,
 * carousel dots and wheel, gallery paging, headline weight, other projects,
 * language switch); every video shows a frame or its still. Expected values
 * come from the content service (expectations.ts), not from copies.
 */

export interface GalleryExpectation {
  tags: string[];
  path: string;
}

export interface Expectations {
  /** a prerendered article's path */
  articlePath: string;
  /** the home gallery in content order */
  gallery: GalleryExpectation[];
}

export interface CheckContext {
  page: EnginePage;
  width: number;
  expect: Expectations;
}

export interface Check {
  name: string;
  /** only at these widths (all when unset) */
  widths?: readonly number[];
  run(context: CheckContext): Promise<void>;
}

export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;
const PAGE_SIZE = 6;
/** The page's own videos and the stills of those that cannot play; not the lightbox's (its media have data-part). */
const PAGE_VIDEOS = "main video:not([data-part]), main [data-unplayable-video]";

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function sameList(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && actual.every((value, index) => value === expected[index]);
}

async function openHydrated(page: EnginePage, path: string): Promise<void> {
  await page.open(path);
  await waitForHydration(page);
}

/** The hrefs of the gallery's tiles as a visitor sees them (leaving tiles and hidden ones left out). */
function shownTiles(page: EnginePage): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLIElement>("main section ul > li[data-tags]"))
      .filter((tile) => tile.getAttribute("aria-hidden") !== "true" && tile.getClientRects().length > 0)
      .map((tile) => new URL(tile.querySelector("a")!.href).pathname),
  );
}

/** The index of the carousel slide whose centre is nearest the track's centre. */
function centredSlide(page: EnginePage): Promise<number> {
  return page.evaluate(() => {
    const track = document.querySelector('main [aria-roledescription="slide"]')!.parentElement!;
    const box = track.getBoundingClientRect();
    const centre = box.left + box.width / 2;
    const offsets = Array.from(track.children).map((child) => {
      const rect = child.getBoundingClientRect();
      return Math.abs(rect.left + rect.width / 2 - centre);
    });
    return offsets.indexOf(Math.min(...offsets));
  });
}

function currentDot(page: EnginePage): Promise<number> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main [aria-roledescription="carousel"] > [role="group"] > a')).findIndex(
      (dot) => dot.getAttribute("aria-current") === "true",
    ),
  );
}

async function openMenu(page: EnginePage): Promise<void> {
  await page.click('header button[popovertargetaction="show"]');
  await waitFor(page, "the menu to open", () =>
    page.evaluate(() => document.querySelector("header [popover]")?.matches(":popover-open") === true),
  );
}

const ROUTES = ["/", "/about", "/index", "/imprint", "ARTICLE", "/en", "/en/about", "/en/index"];

export const CHECKS: readonly Check[] = [
  {
    name: "every route renders its heading, fits the width, in its language",
    async run({ page, width, expect }) {
      for (const route of ROUTES) {
        const path = route === "ARTICLE" ? expect.articlePath : route;
        await openHydrated(page, path);
        const state = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          heading: document.querySelector("h1")?.textContent?.trim() ?? "",
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        const language = path === "/en" || path.startsWith("/en/") ? "en" : "de";
        assert(state.lang === language, `${path}: <html lang="${state.lang}">, expected "${language}"`);
        assert(state.heading.length > 0, `${path}: no h1 text`);
        assert(state.overflow <= 1, `${path}: ${state.overflow} px wider than the ${width} px viewport`);
        const errors = await page.takeErrors();
        assert(errors.length === 0, `${path}: ${errors.join("; ")}`);
      }
    },
  },
  {
    name: "the menu opens over the page and its close button closes it",
    widths: [PHONE_WIDTH],
    async run({ page }) {
      await openHydrated(page, "/");
      await openMenu(page);
      const close = await page.evaluate(() => {
        const button = document.querySelector<HTMLElement>("header [popover] button")!;
        const style = getComputedStyle(button);
        const menu = document.querySelector<HTMLElement>("header [popover]")!;
        const overlay = menu.getBoundingClientRect();
        return {
          // wider content is fine where it cannot scroll (a scrollbar showed at the bottom edge in WebKit)
          sideways: ["hidden", "clip"].includes(getComputedStyle(menu).overflowX)
            ? 0
            : menu.scrollWidth - menu.clientWidth,
          radius: style.borderTopLeftRadius,
          background: style.backgroundColor,
          width: button.getBoundingClientRect().width,
          covers: overlay.top <= 0 && overlay.left <= 0 && overlay.bottom >= innerHeight && overlay.right >= innerWidth,
        };
      });
      assert(close.radius === "50%", `the close button's radius is ${close.radius}`);
      assert(close.background !== "rgba(0, 0, 0, 0)", "the close button has no background of its own");
      assert(close.width >= 44, `the close button is ${close.width} px wide`);
      assert(close.covers, "the open menu does not cover the whole viewport");
      assert(close.sideways <= 0, `the open menu scrolls sideways by ${close.sideways} px`);
      await page.click("header [popover] button");
      await waitFor(page, "the menu to close", () =>
        page.evaluate(() => document.querySelector("header [popover]")?.matches(":popover-open") === false),
      );
    },
  },
  {
    name: "a filter pill shows the first page of its tiles, and again all when it is cleared",
    async run({ page, expect }) {
      const all = expect.gallery.map((item) => item.path);
      const tag = [...new Set(expect.gallery.flatMap((item) => item.tags))].find((candidate) => {
        const count = expect.gallery.filter((item) => item.tags.includes(candidate)).length;
        return count > 0 && count < expect.gallery.length;
      });
      assert(tag, "the gallery has no tag that some but not all tiles have");
      const filtered = expect.gallery.filter((item) => item.tags.includes(tag)).map((item) => item.path);
      await openHydrated(page, "/");
      assert(sameList(await shownTiles(page), all.slice(0, PAGE_SIZE)), "the unfiltered gallery is not page 1");
      const pill = `main [role="group"] label:has(input[value="${tag}"])`;
      await page.evaluate((selector) => document.querySelector(selector)!.scrollIntoView({ block: "center" }), pill);
      await page.click(pill);
      await waitFor(page, `the tiles tagged ${tag}`, async () =>
        sameList(await shownTiles(page), filtered.slice(0, PAGE_SIZE)),
      );
      await page.click(pill);
      await waitFor(page, "all tiles again", async () => sameList(await shownTiles(page), all.slice(0, PAGE_SIZE)));
    },
  },
  {
    name: "the gallery adds pages of six as its end comes into view",
    async run({ page, expect }) {
      await openHydrated(page, "/");
      const all = expect.gallery.map((item) => item.path);
      let shown: string[] = [];
      await waitFor(page, "a second page", async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        shown = await shownTiles(page);
        return shown.length >= 2 * PAGE_SIZE;
      });
      // each page is the next six in content order (the last may be shorter)
      assert(sameList(shown, all.slice(0, shown.length)), `the tiles are not the gallery's first ${shown.length}`);
      assert(
        shown.length % PAGE_SIZE === 0 || shown.length === all.length,
        `${shown.length} tiles are not whole pages`,
      );
    },
  },
  {
    name: "a carousel dot and a horizontal wheel swipe move the slides, and the dots follow",
    async run({ page }) {
      await openHydrated(page, "/");
      const dots = await page.evaluate(
        () => document.querySelectorAll('main [aria-roledescription="carousel"] > [role="group"] > a').length,
      );
      assert(dots >= 3, `the carousel has ${dots} dots`);
      assert((await currentDot(page)) === 0, "the first dot is not the current one at first");
      await page.click('main [aria-roledescription="carousel"] > [role="group"] > a:nth-child(2)');
      await waitFor(page, "slide 2 centred with its dot current", async () => {
        return (await centredSlide(page)) === 1 && (await currentDot(page)) === 1;
      });
      // the dot's smooth scroll has come to rest (a new smooth scroll during one is dropped by WebKit)
      await waitFor(page, "the slides to come to rest", () =>
        page.evaluate(async () => {
          const track = document.querySelector('main [aria-roledescription="slide"]')!.parentElement!;
          const before = track.scrollLeft;
          await new Promise((resolve) => setTimeout(resolve, 200));
          return track.scrollLeft === before;
        }),
      );
      // SPEC 9: more than 150 px of horizontal wheel movement moves one slide
      await page.evaluate(() => {
        const track = document.querySelector('main [aria-roledescription="slide"]')!.parentElement!;
        track.dispatchEvent(new WheelEvent("wheel", { deltaX: 200, deltaMode: 0, bubbles: true, cancelable: true }));
      });
      await waitFor(page, "slide 3 centred with its dot current", async () => {
        return (await centredSlide(page)) === 2 && (await currentDot(page)) === 2;
      });
    },
  },
  {
    name: "the article headline's weight follows the scroll, and 'Other Projects' links two articles",
    async run({ page, expect }) {
      await openHydrated(page, expect.articlePath);
      const weightAt = async (scrollY: number) => {
        await page.evaluate((y) => window.scrollTo(0, y), scrollY);
        let weight = 0;
        await waitFor(page, `the headline's weight at ${scrollY} px`, async () => {
          weight = await page.evaluate(() => Number(getComputedStyle(document.querySelector("h1")!).fontWeight));
          return Math.abs(weight - scrollY) <= 2;
        });
        return weight;
      };
      await weightAt(400);
      await weightAt(700);
      const others = await page.evaluate(() => {
        const section = Array.from(document.querySelectorAll("section")).find((candidate) =>
          candidate.querySelector("h2")?.textContent?.includes("Other Projects"),
        );
        // the page carries the whole pool of candidates: the ones shown are the drawn two
        return Array.from(section?.querySelectorAll("a") ?? [])
          .filter((link) => link.getClientRects().length > 0)
          .map((link) => new URL(link.href).pathname);
      });
      const distinct = [...new Set(others)];
      assert(distinct.length === 2, `'Other Projects' links ${distinct.length} articles`);
      assert(
        distinct.every((path) => path.startsWith("/articles/") && path !== expect.articlePath),
        `'Other Projects' links ${distinct.join(", ")}`,
      );
    },
  },
  {
    name: "the language switch opens the same page in English",
    async run({ page, width }) {
      await openHydrated(page, "/about");
      if (width <= 768) await openMenu(page);
      await page.click(`header ${width <= 768 ? "[popover] " : ""}a[hreflang="en"]`);
      await waitFor(page, "the English about page", () =>
        page.evaluate(() => location.pathname === "/en/about" && document.documentElement.lang === "en"),
      );
    },
  },
  {
    name: "every video on the about page shows a frame, or its still where it cannot play",
    async run({ page }) {
      await openHydrated(page, "/about");
      const count = await page.evaluate((selector) => document.querySelectorAll(selector).length, PAGE_VIDEOS);
      assert(count > 0, "the about page shows no video");
      for (let index = 0; index < count; index++) {
        await waitFor(
          page,
          `video ${index + 1} of ${count} to show a frame`,
          () =>
            page.evaluate(
              (selector, position) => {
                const element = document.querySelectorAll(selector)[position]!;
                element.scrollIntoView({ block: "center" });
                if (!(element instanceof HTMLVideoElement)) return element.textContent!.trim().length > 0;
                return element.readyState >= 2 && element.videoWidth > 0;
              },
              PAGE_VIDEOS,
              index,
            ),
          15_000,
        );
      }
    },
  },
  {
    name: "the about page's full-screen view is a modal dialog: focus moves in, Tab stays, Escape gives it back",
    async run({ page }) {
      await openHydrated(page, "/about");
      await page.click('main [data-behaviour~="lightbox"] a[href="#media-2"]');
      await waitFor(page, "the view to open", () =>
        page.evaluate(() => document.getElementById("media-2")?.getAttribute("role") === "dialog"),
      );
      // focus is in the view, and a Tab from its last control (the module's trap: a synthetic key) wraps inside
      const open = await page.evaluate(() => {
        const figure = document.getElementById("media-2")!;
        const focusedInside = figure.contains(document.activeElement);
        const controls = Array.from(figure.querySelectorAll<HTMLElement>('a[data-part="control"]'));
        controls[controls.length - 1]!.focus();
        document.activeElement!.dispatchEvent(
          new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true }),
        );
        return {
          modal: figure.getAttribute("aria-modal"),
          name: figure.getAttribute("aria-label"),
          focusedInside,
          wrapped: document.activeElement === controls[0],
          buttons: controls.every((control) => control.getAttribute("role") === "button"),
          mainInert: Boolean(document.querySelector("main ul")?.closest("[inert]")),
          headerInert: Boolean(document.querySelector("header")?.closest("[inert]")),
        };
      });
      assert(
        open.modal === "true" && open.name === "Großansicht" && open.buttons,
        `not a named modal dialog: ${JSON.stringify(open)}`,
      );
      assert(open.focusedInside && open.wrapped, `focus is not kept in the view: ${JSON.stringify(open)}`);
      assert(open.mainInert && open.headerInert, `the page behind is not inert: ${JSON.stringify(open)}`);
      await page.evaluate(() =>
        document.activeElement!.dispatchEvent(
          new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }),
        ),
      );
      // the view's figure is a dialog no more (the header's menu is one of its own, hidden)
      await waitFor(page, "the view to close", () =>
        page.evaluate(() => location.hash === "" && document.getElementById("media-2")?.getAttribute("role") === null),
      );
      const closed = await page.evaluate(() => ({
        inert: document.querySelectorAll("[inert]").length,
        focused: document.activeElement?.getAttribute("href") ?? document.activeElement?.tagName ?? null,
      }));
      assert(closed.inert === 0, `the page behind stays inert: ${JSON.stringify(closed)}`);
      assert(closed.focused === "#media-2", `the tile does not have the focus back: ${JSON.stringify(closed)}`);
    },
  },
];

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
  assert(found, `nothing matches ${selector}`);
}

/**
 * Checks with the page's scripts off (engine launched with `scripts: false`): what a visitor
 * without JavaScript gets, by the engine's own CSS and `<noscript>` handling. The scripts of
 * the checks themselves still run (the driver's).
 */
export const CHECKS_WITHOUT_SCRIPTS: readonly Check[] = [
  {
    name: "without scripts: the gallery shows its first page and a link to all its tiles, filtered too",
    async run({ page, expect }) {
      const all = expect.gallery.map((item) => item.path);
      await page.open("/");
      assert(sameList(await shownTiles(page), all.slice(0, PAGE_SIZE)), "the gallery is not its first page");
      await activate(page, SHOW_ALL_LINK);
      await waitFor(page, "every tile", async () => sameList(await shownTiles(page), all));
      const linkShown = await page.evaluate(
        (selector) => (document.querySelector(selector)?.getClientRects().length ?? 0) > 0,
        SHOW_ALL_LINK,
      );
      assert(!linkShown, "the link to all tiles still shows once followed");
      const tag = [...new Set(expect.gallery.flatMap((item) => item.tags))].find(
        (candidate) => expect.gallery.filter((item) => item.tags.includes(candidate)).length > PAGE_SIZE,
      );
      assert(tag, "no tag has more tiles than a page");
      const filtered = expect.gallery.filter((item) => item.tags.includes(tag)).map((item) => item.path);
      await page.open("/");
      await activate(page, `main [role="group"] label:has(input[value="${tag}"])`);
      await waitFor(page, `the first page of ${tag}`, async () =>
        sameList(await shownTiles(page), filtered.slice(0, PAGE_SIZE)),
      );
      await activate(page, SHOW_ALL_LINK);
      await waitFor(page, `every tile of ${tag}`, async () => sameList(await shownTiles(page), filtered));
    },
  },
  {
    name: "without scripts: every video of the gallery and the about page shows its first frame",
    async run({ page }) {
      for (const path of ["/#alle-projekte", "/about"]) {
        await page.open(path);
        const count = await page.evaluate(
          () =>
            Array.from(document.querySelectorAll("main video")).filter((video) => video.getClientRects().length).length,
        );
        assert(count > 0, `${path} shows no video`);
        for (let index = 0; index < count; index++) {
          await waitFor(
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
    },
  },
  {
    name: "without scripts: an article the build does not know shows the error screen and the way home",
    async run({ page }) {
      await page.open("/articles/no-such-article-yet");
      const screen = await page.evaluate(() => ({
        heading: document.querySelector("main h1")?.textContent?.trim(),
        home: document.querySelector<HTMLAnchorElement>("main section a")?.getAttribute("href"),
        shown: (document.querySelector("main section")?.getClientRects().length ?? 0) > 0,
      }));
      assert(screen.heading === "Da ist etwas schief gelaufen", `the heading is "${screen.heading}"`);
      assert(screen.home === "/" && screen.shown, `the way home: ${JSON.stringify(screen)}`);
    },
  },
  {
    name: "without scripts: the about page's full-screen view covers the window, above the header, at its rendition",
    async run({ page }) {
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
      const [x, y, width, height] = shown.box as [number, number, number, number];
      const [windowWidth, windowHeight] = shown.window as [number, number];
      // the whole window, but for a scrollbar's gutter the page keeps
      assert(
        x === 0 && y === 0 && height === windowHeight && width >= windowWidth - 20,
        `not over the window: ${detail}`,
      );
      assert(shown.closeHit, `a tap on close does not hit it: ${detail}`);
      assert(shown.chosen >= shown.drawn || shown.chosen === shown.file, `a rendition too small: ${detail}`);
    },
  },
];
