import type { Locator, Page } from "@playwright/test";
import { categoryTags, escapeRegExp, extensionOf, filterGallery, homeGallery, homeHero } from "./content";
import { animationFrames, intersectionsReported, visit } from "./page-helpers";
import type { GalleryItemExpectation, HeroSlideExpectation } from "./content";
import { createContentApi, expect, test } from "./fixtures";

/**
 * SPEC section 2, Home: the hero carousel (dots, wheel swipes with their
 * 150 px threshold and 300 ms pause, phone media at <= 768 px, .mp4 as
 * silent looping video) and the gallery (hover caption, tag filter with
 * any-of semantics, paging by 6 at the sentinel, reset on filter change,
 * alt fallback). Expected values come from the home story and the article
 * listing (the categories call).
 */

test.describe.configure({ mode: "parallel" });

let slides: HeroSlideExpectation[] = [];
let gallery: GalleryItemExpectation[] = [];
let filterTags: string[] = [];

test.beforeAll(async () => {
  const api = createContentApi();
  const home = await api.story("home");
  const hero = homeHero(home);
  // the demo switches the carousel on; the carousel tests need it and at least 3 slides
  expect(hero.carousel, "the home story has CaruselYN on").toBe(true);
  slides = hero.slides;
  expect(slides.length).toBeGreaterThanOrEqual(3);
  gallery = homeGallery(home);
  expect(gallery.length, "the gallery has more than two pages").toBeGreaterThan(12);
  filterTags = await categoryTags(api);
});

/* ------------------------------ hero ------------------------------ */

function carousel(page: Page): Locator {
  return page.getByRole("main").locator('[aria-roledescription="carousel"]');
}

function track(page: Page): Locator {
  return carousel(page).locator('[aria-roledescription="slide"]').first().locator("..");
}

function dots(page: Page): Locator {
  return carousel(page).getByRole("group", { name: "Slides", exact: true }).getByRole("link");
}

/**
 * Which slide is in view: the one whose centre is nearest the row's centre
 * (the carousel's own notion of the current slide), how much of it is
 * visible, and the row's scroll position.
 */
async function slideInView(page: Page) {
  return track(page).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const centre = box.left + box.width / 2;
    const slides = Array.from(element.children).map((child) => {
      const rect = child.getBoundingClientRect();
      const visible = Math.max(0, Math.min(rect.right, box.right) - Math.max(rect.left, box.left));
      return { offset: Math.abs(rect.left + rect.width / 2 - centre), visible: visible / rect.width };
    });
    const best = Math.min(...slides.map((slide) => slide.offset));
    const index = slides.findIndex((slide) => slide.offset === best);
    return { index, visible: slides[index]?.visible ?? 0, scrollLeft: element.scrollLeft };
  });
}

async function currentDot(page: Page): Promise<number> {
  return dots(page).evaluateAll((buttons) =>
    buttons.findIndex((button) => button.getAttribute("aria-current") === "true"),
  );
}

/** Waits until the row's scroll position holds from one frame to the next: a smooth scroll to a slide has ended. */
async function rowAtRest(page: Page) {
  await track(page).evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let last = Number.NaN; element.scrollLeft !== last; await frame()) last = element.scrollLeft;
  });
}

/** Waits until slide `index` is the one in view, wholly, and its dot is the current one. */
async function expectSlide(page: Page, index: number) {
  await expect.poll(() => currentDot(page), { message: `dot ${index} is current` }).toBe(index);
  await expect
    .poll(
      async () => {
        const view = await slideInView(page);
        return view.index === index && view.visible > 0.99;
      },
      { message: `slide ${index} is in view` },
    )
    .toBe(true);
}

/** The colour of each dot (the painted ::before circle). */
async function dotColours(page: Page): Promise<Array<[number, number, number]>> {
  return dots(page).evaluateAll((buttons) =>
    buttons.map((button) => {
      const colour = getComputedStyle(button, "::before").backgroundColor;
      const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b] as [number, number, number];
    }),
  );
}

/** Asset URLs name the content service by whatever host the request used: compare their paths. */
function assetPath(url: string): string {
  return new URL(url).pathname;
}

const isDark = ([r, g, b]: [number, number, number]) => Math.max(r, g, b) <= 80;
const isLightGrey = ([r, g, b]: [number, number, number]) =>
  Math.min(r, g, b) >= 190 && Math.max(r, g, b) <= 250 && Math.max(r, g, b) - Math.min(r, g, b) <= 12;

async function expectDotColours(page: Page, current: number) {
  await expect
    .poll(async () =>
      (await dotColours(page)).map((colour) =>
        isDark(colour) ? "dark" : isLightGrey(colour) ? "light grey" : `other ${colour.join(",")}`,
      ),
    )
    .toEqual(slides.map((_, index) => (index === current ? "dark" : "light grey")));
}

test.describe("hero carousel", () => {
  test("has a dot per slide, the current one dark and the others light grey; a dot jumps to its slide", async ({
    page,
  }) => {
    await visit(page, "/");
    await expect(carousel(page).locator('[aria-roledescription="slide"]')).toHaveCount(slides.length);
    await expect(dots(page)).toHaveCount(slides.length);
    // keep the pointer off the dots (hover paints them darker)
    await page.mouse.move(0, 0);
    await expectSlide(page, 0);
    await expectDotColours(page, 0);
    const start = (await slideInView(page)).scrollLeft;

    const last = slides.length - 1;
    await dots(page).nth(last).click();
    await page.mouse.move(0, 0);
    await expectSlide(page, last);
    await expectDotColours(page, last);
    expect((await slideInView(page)).scrollLeft).toBeGreaterThan(start);

    await dots(page).nth(1).click();
    await page.mouse.move(0, 0);
    await expectSlide(page, 1);
    await expectDotColours(page, 1);
  });

  test("a horizontal wheel swipe over 150 px changes the slide, one under 150 px does not", async ({ page }) => {
    await visit(page, "/");
    await expectSlide(page, 0);
    // to a middle slide by its dot, which starts no wheel pause: the swipes below count, none is ignored
    await dots(page).nth(1).click();
    await expectSlide(page, 1);
    await rowAtRest(page);
    await track(page).hover();

    // under the threshold, either way: the slide stays (and the row does not scroll natively either)
    const before = (await slideInView(page)).scrollLeft;
    await page.mouse.wheel(-100, 0);
    await page.mouse.wheel(140, 0);
    // a slide change they made would have rendered by now
    await animationFrames(page);
    expect(await currentDot(page)).toBe(1);
    expect((await slideInView(page)).scrollLeft).toBeCloseTo(before, 0);

    // over it (the change of direction starts the count anew)
    await page.mouse.wheel(-160, 0);
    await expectSlide(page, 0);
  });

  test("after a change, wheel swipes within 300 ms are ignored; a swipe after the pause moves on", async ({ page }) => {
    // instant slide changes and still videos: the main thread stays free for the timeline below
    await page.emulateMedia({ reducedMotion: "reduce" });
    await visit(page, "/");
    await expectSlide(page, 0);
    // page.mouse.wheel takes ~100 ms a call here: the timeline is played in the page (from now, or from the
    // start of an earlier one), and each swipe's real time is returned, with the timeline's start
    const swipes = (times: number[], origin?: number) =>
      track(page).evaluate(
        async (element, { at, from }) => {
          const started = from ?? performance.now();
          const sent: number[] = [];
          const target = element.querySelector("a, img, video") ?? element;
          for (const time of at) {
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + time - performance.now())));
            sent.push(performance.now() - started);
            target.dispatchEvent(
              new WheelEvent("wheel", { deltaX: 200, deltaMode: 0, bubbles: true, cancelable: true }),
            );
          }
          return { started, sent };
        },
        { at: times, from: origin },
      );

    // one change, then two more swipes inside the 300 ms pause
    const first = await swipes([0, 70, 140]);
    expect(first.sent[1], "the second swipe came within the pause").toBeLessThan(290);
    expect(first.sent[2], "the third swipe came within the pause").toBeLessThan(290);
    await expectSlide(page, 1);
    // a second change would have rendered by now
    await animationFrames(page);
    expect(await currentDot(page), "one slide per pause").toBe(1);

    // the pause is over: a swipe 400 ms after the first change moves on (a page timer, so after the pause's own)
    await swipes([400], first.started);
    await expectSlide(page, 2);
    // ... and so does one 320 ms after that change
    await swipes([320]);
    await expectSlide(page, 3);
  });

  test("an .mp4 slide plays as a muted, looping, inline, autoplaying video; the other slides are images", async ({
    page,
  }) => {
    const videoIndex = slides.findIndex((slide) => extensionOf(slide.desktop.filename) === "mp4");
    expect(videoIndex, "the demo carousel has an .mp4 slide").toBeGreaterThanOrEqual(0);
    await visit(page, "/");
    const slideElements = carousel(page).locator('[aria-roledescription="slide"]');
    for (const [index, slide] of slides.entries()) {
      const element = slideElements.nth(index);
      const isVideo = extensionOf(slide.desktop.filename) === "mp4";
      await expect(element.locator("video")).toHaveCount(isVideo ? 1 : 0);
      // an image slide: one image per kind of screen, the other one not displayed
      await expect(element.locator(isVideo ? "img" : "img:visible")).toHaveCount(isVideo ? 0 : 1);
    }
    await dots(page).nth(videoIndex).click();
    const video = slideElements.nth(videoIndex).locator("video");
    // the file the browser chose among the video's sources (the phone one by <source media>)
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => element.currentSrc && new URL(element.currentSrc).pathname),
      )
      .toBe(assetPath(slides[videoIndex]!.desktop.filename!));
    const state = () =>
      video.evaluate((element: HTMLVideoElement) => ({
        muted: element.muted,
        loop: element.loop,
        inline: element.playsInline,
        autoplay: element.autoplay,
        playing: !element.paused && element.currentTime > 0,
      }));
    await expect
      .poll(state, { timeout: 10_000 })
      .toEqual({ muted: true, loop: true, inline: true, autoplay: true, playing: true });
  });

  for (const width of [768, 769]) {
    const phone = width <= 768;
    test(`at ${width} px the slides use the ${phone ? "PhoneSize" : "desktop"} media`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      await visit(page, "/");
      const first = slides[0]!;
      const expected = phone ? first.phone.filename! : first.desktop.filename!;
      const other = phone ? first.desktop.filename! : first.phone.filename!;
      expect(expected).not.toBe(other);
      const image = carousel(page).locator('[aria-roledescription="slide"]').first().locator("img");
      await expect
        .poll(() =>
          image.evaluate((img: HTMLImageElement) =>
            img.complete && img.currentSrc ? new URL(img.currentSrc).pathname : "",
          ),
        )
        .toMatch(new RegExp(`^${escapeRegExp(assetPath(expected))}(/m/|$)`));

      const videoIndex = slides.findIndex((slide) => extensionOf(slide.desktop.filename) === "mp4");
      const videoSlide = slides[videoIndex]!;
      const video = carousel(page).locator('[aria-roledescription="slide"]').nth(videoIndex).locator("video");
      // the file the browser chose by <source media> (chosen even before the slide is near, which fetches nothing)
      await expect
        .poll(() =>
          video.evaluate((element: HTMLVideoElement) => element.currentSrc && new URL(element.currentSrc).pathname),
        )
        .toBe(assetPath(phone ? videoSlide.phone.filename! : videoSlide.desktop.filename!));
    });
  }
});

/* ----------------------------- gallery ----------------------------- */

function gallerySection(page: Page): Locator {
  return page.getByRole("main").locator("section:has(> ul > li)");
}

function tiles(page: Page): Locator {
  // tiles filtered away fade out (aria-hidden) before they are removed
  return gallerySection(page).locator('> ul > li:not([aria-hidden="true"])');
}

/** The filter's pills: a label each, around its (undrawn) checkbox. */
function filterButtons(page: Page): Locator {
  return page.getByRole("main").getByRole("group", { name: "Projekte nach Kategorie filtern" }).locator("label");
}

async function expectSelected(pill: Locator, selected: boolean) {
  if (selected) await expect(pill.getByRole("checkbox")).toBeChecked();
  else await expect(pill.getByRole("checkbox")).not.toBeChecked();
}

async function shownTiles(page: Page): Promise<Array<{ path: string; caption: string }>> {
  return tiles(page).evaluateAll((items) =>
    items.map((item) => ({
      path: item.querySelector("a")?.getAttribute("href") ?? "",
      // without the lazy images' <noscript> copies, which are raw text while scripting is on
      caption: (() => {
        const copy = item.cloneNode(true) as Element;
        copy.querySelectorAll("noscript").forEach((noscript) => noscript.remove());
        return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
      })(),
    })),
  );
}

function expectedTiles(items: GalleryItemExpectation[]) {
  return items.map((item) => ({ path: item.path, caption: item.caption }));
}

/** Brings the sentinel under the grid fully into view. */
async function scrollToSentinel(page: Page) {
  await gallerySection(page)
    .locator('> div[aria-hidden="true"]')
    .evaluate((sentinel) => sentinel.scrollIntoView({ block: "center", behavior: "instant" }));
}

/** Scrolls page by page (6 tiles each) until at least `count` of the `total` tiles the filter lets through are shown. */
async function showTiles(page: Page, count: number, total = gallery.length) {
  for (let shown = await tiles(page).count(); shown < count; shown = await tiles(page).count()) {
    await scrollToSentinel(page);
    // at least the next page: while new tiles are still laying out the sentinel may stay in view and bring one more
    await expect.poll(() => tiles(page).count()).toBeGreaterThanOrEqual(Math.min(total, shown + 6));
  }
}

/** The opacity a node is painted with (its own times its ancestors'). */
function paintedOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
}

test.describe("gallery", () => {
  test("shows 6 tiles, then 6 more each time the sentinel at its end scrolls fully into view", async ({ page }) => {
    await visit(page, "/");
    await expect(tiles(page)).toHaveCount(6);
    expect(await shownTiles(page)).toEqual(expectedTiles(gallery.slice(0, 6)));
    // nothing more arrives while the sentinel is out of view
    await intersectionsReported(page);
    expect(await tiles(page).count()).toBe(6);

    for (let pages = 2; (pages - 1) * 6 < gallery.length; pages++) {
      await scrollToSentinel(page);
      const expected = Math.min(pages * 6, gallery.length);
      await expect(tiles(page)).toHaveCount(expected);
      expect(await shownTiles(page)).toEqual(expectedTiles(gallery.slice(0, expected)));
    }
    await intersectionsReported(page);
    expect(await tiles(page).count()).toBe(gallery.length);
  });

  test("a tile shows its Name on hover, or 'More' when it has none", async ({ page }) => {
    const named = gallery.findIndex((item) => item.name);
    const unnamed = gallery.findIndex((item) => !item.name);
    expect(unnamed, "the demo gallery has an item without Name").toBeGreaterThanOrEqual(0);
    await visit(page, "/");
    await showTiles(page, unnamed + 1);

    for (const index of [named, unnamed]) {
      const tile = tiles(page).nth(index);
      const caption = tile.getByText(gallery[index]!.caption, { exact: true });
      await tile.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await expect.poll(() => paintedOpacity(caption), { message: "caption hidden without hover" }).toBeLessThan(0.05);
      await tile.hover();
      await expect.poll(() => paintedOpacity(caption), { message: "caption shown on hover" }).toBeGreaterThan(0.95);
    }
  });

  test("every tile links to its cached link; alt text falls back to 'no information'", async ({ page }) => {
    expect(
      gallery.some((item) => !item.image.alt && extensionOf(item.image.filename) !== "mp4"),
      "the demo gallery has an image without alt text",
    ).toBe(true);
    await visit(page, "/");
    await showTiles(page, gallery.length);
    const entries = gallery.map((item, index) => ({
      item,
      tile: tiles(page).nth(index),
      alt: item.image.alt || "no information",
      isVideo: extensionOf(item.image.filename) === "mp4",
    }));
    for (const { item, tile } of entries) await expect(tile.locator("a")).toHaveAttribute("href", item.path);
    expect(entries.filter(({ isVideo }) => isVideo).length, "the demo gallery has a video tile").toBeGreaterThan(0);
    for (const { item, tile, alt } of entries.filter(({ isVideo }) => isVideo)) {
      expect(
        await tile
          .locator("video")
          .evaluate((element: HTMLVideoElement) => new URL(element.querySelector("source")!.src).pathname),
      ).toBe(assetPath(item.image.filename!));
      await expect(tile.getByRole("img")).toHaveAttribute("aria-label", alt);
    }
    for (const { tile, alt } of entries.filter(({ isVideo }) => !isVideo)) {
      await expect(tile.locator("img")).toHaveAttribute("alt", alt);
    }
  });

  test("filter buttons are the categories' tags; they toggle, and show tiles having any selected tag", async ({
    page,
  }) => {
    await visit(page, "/");
    await expect(filterButtons(page)).toHaveText(filterTags);
    for (const button of await filterButtons(page).all()) await expectSelected(button, false);

    // two tags that share an item and each have one of their own: any-of, each item once
    const count = (selected: string[]) => filterGallery(gallery, selected).length;
    const pairs = filterTags.flatMap((a, i) => filterTags.slice(i + 1).map((b) => [a, b] as [string, string]));
    const [a, b] =
      pairs.find(
        ([x, y]) =>
          count([x]) > 0 &&
          count([y]) > 0 &&
          count([x, y]) < count([x]) + count([y]) &&
          count([x, y]) > Math.max(count([x]), count([y])),
      ) ??
      pairs.find(([x, y]) => count([x, y]) > Math.max(count([x]), count([y]))) ??
      [];
    expect(a && b, "two tags whose items differ").toBeTruthy();

    const button = (tag: string) => filterButtons(page).filter({ hasText: new RegExp(`^${escapeRegExp(tag)}$`) });
    await button(a!).click();
    await expectSelected(button(a!), true);
    const onlyA = filterGallery(gallery, [a!]);
    await expect.poll(() => shownTiles(page)).toEqual(expectedTiles(onlyA.slice(0, 6)));
    await showTiles(page, onlyA.length, onlyA.length);
    expect(await shownTiles(page)).toEqual(expectedTiles(onlyA));

    await button(b!).click();
    await expectSelected(button(b!), true);
    const either = filterGallery(gallery, [a!, b!]);
    await expect.poll(() => shownTiles(page)).toEqual(expectedTiles(either.slice(0, 6)));
    await showTiles(page, either.length, either.length);
    expect(await shownTiles(page)).toEqual(expectedTiles(either));

    // toggling off: back to b alone, then to everything
    await button(a!).click();
    await expectSelected(button(a!), false);
    await expect.poll(() => shownTiles(page)).toEqual(expectedTiles(filterGallery(gallery, [b!]).slice(0, 6)));
    await button(b!).click();
    await expect.poll(() => shownTiles(page)).toEqual(expectedTiles(gallery.slice(0, 6)));
  });

  test.describe("with tiles two columns wide", () => {
    test.use({ viewport: { width: 800, height: 600 } });

    test("changing the filter starts again at page 1", async ({ page }) => {
      const [tag] = [...filterTags].sort(
        (x, y) => filterGallery(gallery, [y]).length - filterGallery(gallery, [x]).length,
      );
      expect(filterGallery(gallery, [tag!]).length, "a tag with more than one page of items").toBeGreaterThan(6);
      await visit(page, "/");
      await showTiles(page, 12);

      const button = filterButtons(page).filter({ hasText: new RegExp(`^${escapeRegExp(tag!)}$`) });
      await button.evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
      await button.click();
      await expect.poll(() => shownTiles(page)).toEqual(expectedTiles(filterGallery(gallery, [tag!]).slice(0, 6)));
      await intersectionsReported(page);
      expect(await tiles(page).count()).toBe(6);

      const filtered = filterGallery(gallery, [tag!]);
      await showTiles(page, filtered.length, filtered.length);
      await button.evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
      await button.click();
      await expect.poll(() => shownTiles(page)).toEqual(expectedTiles(gallery.slice(0, 6)));
      await intersectionsReported(page);
      expect(await tiles(page).count()).toBe(6);
    });
  });
});
