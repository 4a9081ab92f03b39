import type { Locator, Page } from "@playwright/test";
import { BEHAVIOURS_STARTED_MARK } from "../app/behaviours/markers";
import { visit } from "./page-helpers";
import { expect, test } from "./fixtures";

/**
 * The tile-to-hero morph on a production page (docs/decisions/0014): a gallery tile's link is the browser's own
 * navigation, and its cross-document view transition grows the tile's medium into the article's hero (the one
 * `::view-transition-group(article-hero)`, starting from the tile's box); Back shrinks the hero into that tile.
 * Under reduced motion nothing is named and nothing moves. (The router's morph of a preview build's client
 * navigation: view-transitions.spec.ts.)
 *
 * Each document records, from before its own scripts: the elements that carry a view transition name when it is
 * left (`pageswap`, after the page's own listeners named them) and, when it is revealed, whether a transition
 * revealed it, the named elements of its new state and the `article-hero` group's first and last boxes.
 */

test.describe.configure({ mode: "parallel" });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Reveal {
  /** when it was revealed (Date.now()) */
  at: number;
  transition: boolean;
  /** the named elements of the new state, by tag and the href of the link they are in */
  named: string[];
  /** the pseudo-elements animated while the transition runs */
  groups: string[];
  /** the article-hero group's box where it starts (its animation's first keyframe), in the viewport */
  from: Box | null;
  finished: boolean;
  /** The document as the reveal found it, for a failure's message: what the head script's naming relies on. */
  state: { activationFrom: string | null; expectLink: boolean; mainParsed: boolean; partnersShown: number };
}

const LEFT_KEY = "e2e-named-when-left";

/**
 * Records what each document names and reveals (above); with `slow`, an arriving transition's animations run at
 * 1/20 of their speed (the 0.45 s morph takes 9 s), so that the test can leave the page while it runs.
 */
async function recordTransitions(page: Page, { slow = false } = {}): Promise<void> {
  await page.addInitScript(
    ({ leftKey, slowly, startedMark }) => {
      const namedElements = () =>
        Array.from(document.querySelectorAll("body *"))
          .filter((element) => element.getClientRects().length > 0)
          .filter((element) => getComputedStyle(element).viewTransitionName !== "none");
      const named = () =>
        namedElements().map((element) =>
          `${element.localName} ${element.closest("a")?.getAttribute("href") ?? ""}`.trim(),
        );
      // The names and boxes of the old state, read in `pageswap` after the page's own listeners have named what
      // leaves (the browser captures the old state right after them): this listener is added once the page's
      // behaviours, which add theirs, have all started (their mark). (Read at `pagehide`, later, a fresh clone's
      // run once found nothing named while the new page's transition morphed the hero into its tile.)
      new PerformanceObserver((marks, observer) => {
        if (marks.getEntriesByName(startedMark).length === 0) return;
        observer.disconnect();
        (window as { leaveRecorded?: boolean }).leaveRecorded = true;
        window.addEventListener("pageswap", () => {
          const boxes = namedElements().map((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height };
          });
          sessionStorage.setItem(leftKey, JSON.stringify({ named: named(), boxes }));
        });
      }).observe({ type: "mark" });
      const box = (style: Record<string, unknown> | undefined): Box | null => {
        if (!style?.transform) return null;
        const matrix = new DOMMatrixReadOnly(String(style.transform));
        return {
          x: matrix.e,
          y: matrix.f,
          width: parseFloat(String(style.width)),
          height: parseFloat(String(style.height)),
        };
      };
      const reveals: Reveal[] = [];
      (window as unknown as { reveals: Reveal[] }).reveals = reveals;
      window.addEventListener("pagereveal", (event) => {
        const transition = (event as PageRevealEvent).viewTransition;
        const reveal: Reveal = {
          at: Date.now(),
          transition: Boolean(transition),
          named: [],
          groups: [],
          from: null,
          finished: false,
          state: {
            activationFrom:
              (window as { navigation?: { activation?: { from?: { url?: string } | null } } }).navigation?.activation
                ?.from?.url ?? null,
            expectLink: document.querySelector('link[rel="expect"]') !== null,
            mainParsed: document.getElementById("main")?.nextElementSibling != null,
            partnersShown: [...document.querySelectorAll("[data-morph-with]")].filter(
              (element) => element.getClientRects().length > 0,
            ).length,
          },
        };
        reveals.push(reveal);
        if (!transition) return;
        void transition.ready.then(() => {
          reveal.named = named();
          const animations = document
            .getAnimations()
            .filter((animation) =>
              (animation.effect as KeyframeEffect | null)?.pseudoElement?.startsWith("::view-transition"),
            );
          if (slowly) for (const animation of animations) animation.playbackRate = 0.05;
          reveal.groups = animations.map((animation) => (animation.effect as KeyframeEffect).pseudoElement!);
          const group = animations.find(
            (animation) =>
              (animation.effect as KeyframeEffect).pseudoElement === "::view-transition-group(article-hero)",
          );
          reveal.from = box(
            (group?.effect as KeyframeEffect | undefined)?.getKeyframes()[0] as Record<string, unknown>,
          );
        });
        void transition.finished.finally(() => (reveal.finished = true));
      });
    },
    { leftKey: LEFT_KEY, slowly: slow, startedMark: BEHAVIOURS_STARTED_MARK },
  );
}

/** The page's last reveal after `since` (Date.now()), once there is one. */
async function revealAfter(page: Page, since: number): Promise<Reveal> {
  const last = () => page.evaluate(() => (window as unknown as { reveals?: Reveal[] }).reveals?.at(-1) ?? null);
  await expect.poll(async () => (await last())?.at ?? 0).toBeGreaterThanOrEqual(since);
  return (await last())!;
}

/** The page's last reveal, once its transition has started and animates its groups (or none ran). */
async function revealStarted(page: Page, since: number): Promise<Reveal> {
  await expect
    .poll(async () => {
      const reveal = await revealAfter(page, since);
      return !reveal.transition || reveal.groups.length > 0;
    })
    .toBe(true);
  return revealAfter(page, since);
}
/** What the page before this one named when it was left, and their boxes in its viewport. */
const leftState = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? "null") as { named: string[]; boxes: Box[] } | null,
    LEFT_KEY,
  );
const namedWhenLeft = async (page: Page) => (await leftState(page))?.named ?? null;
const namedNow = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll("body *")).filter(
        (element) => element.getClientRects().length > 0 && getComputedStyle(element).viewTransitionName !== "none",
      ).length,
  );

/** The first gallery tile that links to an article, scrolled into view: its link and path. */
async function articleTile(page: Page) {
  const link = page.locator('main section ul > li a[href*="/articles/"]').first();
  await link.scrollIntoViewIfNeeded();
  const href = (await link.getAttribute("href"))!;
  return { link, href };
}

function expectNear(actual: Box | null, expected: Box) {
  expect(actual).not.toBeNull();
  for (const key of ["x", "y", "width", "height"] as const) {
    expect(Math.abs(actual![key] - expected[key]), `${key}: ${actual![key]} vs ${expected[key]}`).toBeLessThan(2);
  }
}

/**
 * Navigates by `go` (landing on `path`) until a view transition reveals the page: Chromium sometimes reveals the
 * new page before the old one's snapshot arrives and skips the transition itself ("Page already revealed",
 * app/behaviours/skipped-view-transitions.ts), which is no fault of the page's. After such a skip `undo` returns,
 * and `go` again, at most three times in all.
 */
async function navigateWithTransition(
  page: Page,
  go: () => Promise<unknown>,
  path: string,
  undo: () => Promise<unknown>,
): Promise<Reveal> {
  for (let attempt = 1; ; attempt += 1) {
    await leaveRecorded(page);
    const since = Date.now();
    await go();
    await expect(page).toHaveURL((url) => url.pathname === path);
    const reveal = await revealStarted(page, since);
    if (reveal.transition || attempt === 3) return reveal;
    await undo();
  }
}

/** Clicks the tile once it stands still: its gallery's entrance and fade-ins have run and its hover has settled. */
async function clickWhenSettled(page: Page, tile: { link: Locator; href: string }): Promise<void> {
  await page.locator(`main section ul > li a[href="${tile.href}"]`).first().scrollIntoViewIfNeeded();
  // the gallery's entrance and the tiles' fade-in move the tile: clicked once they have run
  await expect(page.locator("main section[data-entrance]").first()).not.toHaveAttribute("data-entrance", "waiting");
  await page
    .locator("main section")
    .first()
    .evaluate((gallery) =>
      Promise.all(
        gallery
          .getAnimations({ subtree: true })
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
  // the medium's hover scale (gallery-tile.module.css, .link:hover .fill) settled before the click: the
  // snapshot the transition starts from and the box the page measured as it left must show the same frame
  // (a click mid-transition left them 4.8 px apart at 1280 px, on CI)
  await tile.link.hover();
  await tile.link.evaluate((link) =>
    Promise.all(link.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await tile.link.click();
}

/**
 * Resolves once the page's behaviours have started (hero-morph's pageswap listener) and the recorder's listener
 * after them: a navigation before it would find the last page's record (Back may come while the arrival's morph
 * still runs).
 */
async function leaveRecorded(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { leaveRecorded?: boolean }).leaveRecorded === true);
}

/**
 * Goes Back from the article to the gallery by a view transition: the article leaves with its hero alone named,
 * and the gallery's transition morphs it into the tile that links `href`.
 */
async function backIntoTile(page: Page, href: string): Promise<Reveal> {
  const back = await navigateWithTransition(
    page,
    () => page.goBack(),
    "/",
    () => page.goForward(),
  );
  expect(back.transition).toBe(true);
  expect(await namedWhenLeft(page)).toEqual(["img"]);
  expectNamedAtReady(back, [`span ${href}`]);
  expect(back.groups).toContain("::view-transition-group(article-hero)");
  return back;
}

/** What the page named when its transition was ready; a failure says what the naming found at the reveal. */
function expectNamedAtReady(reveal: Reveal, named: string[]): void {
  expect(reveal.named, `named at ready; at the reveal: ${JSON.stringify(reveal.state)}`).toEqual(named);
}

/** The article's hero: the first image of its page. */
const HERO = "main img >> nth=0";

for (const width of [1280, 768, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });

    test("a gallery tile's medium grows into the article's hero across documents, and Back shrinks it into the tile", async ({
      page,
    }) => {
      await recordTransitions(page);
      await visit(page, "/");
      const tile = await articleTile(page);
      const toArticle = () => clickWhenSettled(page, tile);
      const arrived = await navigateWithTransition(page, toArticle, tile.href, () => page.goBack());
      expect(arrived.transition).toBe(true);
      // the clicked tile's medium alone left with the name, and the hero alone took it
      expect(await namedWhenLeft(page)).toEqual([`span ${tile.href}`]);
      expectNamedAtReady(arrived, ["img"]);
      // its group starts where the tile was when the gallery was left
      expect(arrived.groups).toContain("::view-transition-group(article-hero)");
      expectNear(arrived.from, (await leftState(page))!.boxes[0]!);
      await expect.poll(async () => (await revealAfter(page, arrived.at)).finished).toBe(true);
      // once it has run, nothing keeps the name, and the hero has no fade-in of its own over the morph
      expect(await namedNow(page)).toBe(0);
      await expect(page.locator(HERO)).toHaveCSS("animation-name", "none");

      const back = await backIntoTile(page, tile.href);
      expectNear(back.from, (await leftState(page))!.boxes[0]!);
      await expect.poll(async () => (await revealAfter(page, back.at)).finished).toBe(true);
      expect(await namedNow(page)).toBe(0);
    });
  });
}

test("Back during the morph shrinks the hero into its tile all the same", async ({ page }) => {
  await recordTransitions(page, { slow: true });
  await visit(page, "/");
  const tile = await articleTile(page);
  const arrived = await navigateWithTransition(
    page,
    () => clickWhenSettled(page, tile),
    tile.href,
    () => page.goBack(),
  );
  expect(arrived.transition).toBe(true);
  expectNamedAtReady(arrived, ["img"]);
  // Back while the morph still runs (it was cut short as the page was left, and unnamed the hero: a fresh
  // clone's run saw the article leave with nothing named)
  expect((await revealAfter(page, arrived.at)).finished).toBe(false);
  await backIntoTile(page, tile.href);
});

test("under reduced motion nothing is named and no transition runs, either way", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await recordTransitions(page);
  await visit(page, "/");
  const tile = await articleTile(page);
  await leaveRecorded(page);
  let since = Date.now();
  await tile.link.click();
  await expect(page).toHaveURL((url) => url.pathname === tile.href);
  expect(await revealAfter(page, since)).toMatchObject({ transition: false, groups: [] });
  expect(await namedWhenLeft(page)).toEqual([]);
  expect(await namedNow(page)).toBe(0);

  await leaveRecorded(page);
  since = Date.now();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect(await revealAfter(page, since)).toMatchObject({ transition: false, groups: [] });
  expect(await namedWhenLeft(page)).toEqual([]);
  expect(await namedNow(page)).toBe(0);
});
