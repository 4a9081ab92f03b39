/**
 * The tile-to-hero morph across documents, on a page without React
 * (docs/decisions/0014): following a gallery tile's link is the browser's own
 * navigation with the stylesheet's cross-document view transition, and the
 * tile's medium grows into the article's hero because both carry the name
 * `article-hero` (their `data-view-transition`, as the hydrated app sets it
 * during its client navigation), one element on each side; Back shrinks the
 * hero into that article's tile.
 *
 * Each element that may morph carries the marker and, in
 * `data-morph-with`, the path of the page at the other end: a tile's medium
 * its article, the article's hero its language's gallery page.
 *
 * - The outgoing page names its element on `pageswap` (this module's
 *   `start`): the one whose page the navigation goes to, inside the link the
 *   visitor clicked when that is one.
 * - The incoming page names its element on `pagereveal` (`revealMorph`, in
 *   the head script, pipeline/head-script.ts: a module runs too late for
 *   it), and no element once its transition has finished. An element named
 *   there has `data-arrived`: the hero does not fade in over the morph.
 *   (Unless the page is left first: Back during the morph shrinks it back.)
 *
 * Nothing is named without a transition: under reduced motion the stylesheet
 * declares none (`event.viewTransition` is null), and engines without
 * cross-document view transitions fire neither event.
 */

import { REDUCED_MOTION_QUERY } from "./media-queries";

export const MORPH_WITH_ATTRIBUTE = "data-morph-with";
/** What the tile's and the hero's CSS modules give `view-transition-name: article-hero`. */
export const NAMED_ATTRIBUTE = "data-view-transition";
/** What the hero's CSS module keeps from fading in: the morph has grown it into place. */
export const ARRIVED_ATTRIBUTE = "data-arrived";
/**
 * The id of the empty element the page shell puts right after `<main>` (site-shell.tsx): the incoming page's
 * first rendering waits for it. Chromium ends a `rel=expect` wait when its element is inserted, not when it is
 * parsed to its end (measured on Chromium 156: nothing of `<main>` after its first chunk was there at
 * `pagereveal`), so waiting for `<main>` itself left the element to name unparsed at times.
 */
export const AFTER_MAIN_ID = "after-main";

/** A URL's path on the site, without a trailing slash ("/en/" and "/en" are one page). */
function pathOf(url: string, base: string): string {
  const path = new URL(url, base).pathname;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * The element of the page that morphs with the page at `url`: of those shown that carry its path, the one inside
 * `chosen` (the link the visitor clicked) when there is one, else the first; null when none does.
 */
export function morphPartner(document: Document, url: string, chosen?: Element | null): HTMLElement | null {
  const path = pathOf(url, document.baseURI);
  const candidates = [...document.querySelectorAll<HTMLElement>(`[${MORPH_WITH_ATTRIBUTE}]`)].filter(
    (element) =>
      pathOf(element.getAttribute(MORPH_WITH_ATTRIBUTE)!, document.baseURI) === path &&
      element.getClientRects().length > 0,
  );
  return candidates.find((element) => chosen?.contains(element)) ?? candidates[0] ?? null;
}

/** Gives `element` alone the morph's name (none for null): two elements with one name would abort the transition. */
export function nameForMorph(document: Document, element: Element | null): void {
  for (const named of document.querySelectorAll(`[${MORPH_WITH_ATTRIBUTE}][${NAMED_ATTRIBUTE}]`)) {
    named.removeAttribute(NAMED_ATTRIBUTE);
  }
  element?.setAttribute(NAMED_ATTRIBUTE, "");
}

type WithNavigation = Window & { navigation?: { activation?: NavigationActivation | null } };

/** The URL of the page this one was reached from, in this site; null for a first visit or another site. */
function cameFrom(win: Window): string | null {
  return (win as WithNavigation).navigation?.activation?.from?.url ?? null;
}

/**
 * The incoming side, from the head script, before the page's first rendering: on `pagereveal` with a view
 * transition, names the element that morphs with the page it came from (unnamed again once the transition has
 * finished). A page loaded from another of the site's pages also holds its first rendering until `<main>` is
 * parsed (`rel=expect` on the element after it), so that the element is there to name (the old page stays on
 * screen meanwhile).
 */
export function revealMorph(win: Window): void {
  const { document } = win;
  if (!("PageRevealEvent" in win)) return;
  if (cameFrom(win) !== null && !win.matchMedia(REDUCED_MOTION_QUERY).matches) {
    const expect = document.createElement("link");
    expect.rel = "expect";
    expect.href = `#${AFTER_MAIN_ID}`;
    expect.setAttribute("blocking", "render");
    document.head.append(expect);
  }
  // Back pressed during the morph cuts its transition short as the page is left: that settles `finished` within
  // `pageswap`, after start's listener named the element for the page to come, and that name stays
  let leaving = false;
  win.addEventListener("pageswap", () => (leaving = true));
  win.addEventListener("pagereveal", (event) => {
    leaving = false;
    // a page back from the back/forward cache keeps the name it left with
    nameForMorph(document, null);
    const from = cameFrom(win);
    if (!event.viewTransition || from === null) return;
    const partner = morphPartner(document, from);
    if (!partner) return;
    nameForMorph(document, partner);
    partner.setAttribute(ARRIVED_ATTRIBUTE, "");
    void event.viewTransition.finished.finally(() => {
      if (!leaving) nameForMorph(document, null);
    });
  });
}

/** The outgoing side: on `pageswap` with a view transition, names the element that morphs with the page to come. */
export function start(document: Document): void {
  const win = document.defaultView;
  if (!win) return;
  let chosen: Element | null = null;
  document.addEventListener("click", (event) => {
    chosen = event.target instanceof Element ? event.target.closest("a") : null;
  });
  win.addEventListener("pageswap", (event) => {
    const to = event.activation?.entry.url;
    if (!event.viewTransition || !to) return;
    nameForMorph(document, morphPartner(document, to, chosen));
  });
}
