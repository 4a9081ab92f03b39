/**
 * The full-screen view, with React or without. Its figures
 * (app/components/lightbox/lightbox-targets.tsx) are shown by CSS while the
 * URL's fragment names one (`:target`), and their controls are links; this
 * adds what CSS and links cannot (a page without React starts it from
 * start-page.ts, a hydrated one from app/root.tsx, once for the document):
 *
 * - the arrow keys and sideways swipes step to the previous or next medium,
 *   and a step replaces the history entry rather than adding one;
 * - Escape, the close control and a tap beside the medium close the view:
 *   Back when a tile of this page opened it, else the fragment is dropped in
 *   place;
 * - the close control takes the focus when a figure shows, Tab stays in the
 *   figure, and once closed the focus goes back to the tile of the medium
 *   shown last;
 * - a figure shown is a modal dialog for assistive technology:
 *   `role="dialog"` with `aria-modal`, named by its
 *   `aria-label`, and everything beside it on its way up to the body is
 *   `inert`; its controls are buttons (`role="button"`, Space presses them)
 *   rather than links while this runs;
 * - the page behind keeps its width: the root's
 *   scrollbar width is measured (`--lightbox-scrollbar-width`) and kept as
 *   padding rather than as the gutter CSS alone keeps (which viewport units
 *   lose), `data-lightbox-scrollbar` (lightbox.module.css); measured when a
 *   view opens, never while the page loads (a change to the root's style
 *   restyles the whole page);
 * - a figure's video plays with sound while it is shown, unless motion is
 *   unwelcome, and pauses when it goes;
 * - the previous and the next media load while one is shown.
 *
 * The grid's element carries the marker (`[data-behaviour~="lightbox"]`);
 * the figures are those whose id is a tile's fragment.
 */

import { reducedMotionList } from "./media-queries";

/** How far a finger (or a dragged pointer) travels sideways to step. */
export const SWIPE_DISTANCE_PX = 40;
/**
 * A fragment that names no element: following it ends `:target` without scrolling the page (a fragment of an
 * element would scroll to it, `#` to the top). The figures' close controls point here.
 */
export const CLOSED_HASH = "#media";

const FOCUSABLE = 'a[href], button:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';
/** The root's property the figures' CSS keeps the scrollbar's width by. */
export const SCROLLBAR_WIDTH_PROPERTY = "--lightbox-scrollbar-width";
/** Marks a history entry a tile's click added: closing goes Back to the entry before. */
const OPENED_HERE = "studioLightbox";

function openedHere(): boolean {
  const state: unknown = history.state;
  return typeof state === "object" && state !== null && OPENED_HERE in state;
}

/** The URL's fragment decoded, or null for one that is no percent-encoding (`#100%`): no figure's. */
function decodedHash(): string | null {
  try {
    return decodeURIComponent(location.hash);
  } catch {
    return null;
  }
}

/** The page's grids, their tiles and the figure the URL shows, as the page has them now (React may change them). */
function lightboxPage(document: Document) {
  const grids = () => [...document.querySelectorAll<HTMLElement>('[data-behaviour~="lightbox"]')];
  /** the tile that links to `hash`, if a grid has one */
  const tileOf = (hash: string) =>
    grids()
      .flatMap((grid) => [...grid.querySelectorAll<HTMLAnchorElement>("a[href]")])
      .find((link) => link.getAttribute("href") === hash) ?? null;
  /** the figure the URL names, if it is one of the grids' (a tile links to it) */
  const shownFigure = (): HTMLElement | null => {
    const hash = decodedHash();
    if (hash === null || hash.length < 2 || !tileOf(hash)) return null;
    const figure = document.getElementById(hash.slice(1));
    return figure?.localName === "figure" ? figure : null;
  };
  return { document, grids, tileOf, shownFigure };
}

type LightboxPage = ReturnType<typeof lightboxPage>;

/** Makes everything beside `figure` on its way up to the body inert; returns what it made so. */
function makeSurroundingsInert(figure: HTMLElement, body: HTMLElement): Element[] {
  const inert: Element[] = [];
  for (let element: HTMLElement = figure; element.parentElement && element !== body;) {
    const parent: HTMLElement = element.parentElement;
    for (const sibling of parent.children) {
      // (an element inert already stays so when the view closes)
      if (sibling !== element && !sibling.hasAttribute("inert")) {
        sibling.setAttribute("inert", "");
        inert.push(sibling);
      }
    }
    element = parent;
  }
  return inert;
}

/**
 * The figure shown as a modal dialog (its role, the page beside it inert, its video playing with sound), and the
 * page's scrollbar width while the view is closed, kept as padding while it is open: measured at a tile's click
 * (before the view hides the scrollbar), at a view opened otherwise (its gutter), at its closing and, once
 * measured, at a resize.
 */
function modalPresenter(document: Document) {
  const root = document.documentElement;
  /** The figure shown as a modal dialog, and what it made inert. */
  let modal: { figure: HTMLElement; inert: Element[] } | null = null;
  // React may remove or replace the figure shown (a live edit; a new element is no :target, so hidden): the page
  // must not stay inert behind a figure gone
  const watch = new MutationObserver(() => {
    if (modal && !modal.figure.isConnected) present(null);
  });
  const measureScrollbar = () => {
    // while a view is open the page has no scrollbar to measure, but for a view opened before any measure:
    // its gutter (kept by CSS until then) is the scrollbar's width
    if (modal && root.hasAttribute("data-lightbox-scrollbar")) return;
    const width = `${innerWidth - root.clientWidth}px`;
    // a change to the root's style restyles the whole page: only when there is one
    if (root.style.getPropertyValue(SCROLLBAR_WIDTH_PROPERTY) !== width)
      root.style.setProperty(SCROLLBAR_WIDTH_PROPERTY, width);
    if (!root.hasAttribute("data-lightbox-scrollbar")) root.setAttribute("data-lightbox-scrollbar", "");
  };
  const present = (figure: HTMLElement | null) => {
    if (modal?.figure === figure) return;
    const closing = modal !== null;
    if (modal) {
      modal.figure.querySelector("video")?.pause();
      modal.figure.removeAttribute("role");
      modal.figure.removeAttribute("aria-modal");
      for (const element of modal.inert) element.removeAttribute("inert");
      modal = null;
      watch.disconnect();
    }
    // the window may have changed while the view was open: the padding must be the page's scrollbar as it is now
    if (!figure) {
      if (closing) measureScrollbar();
      return;
    }
    // a view no tile's click opened (the page's address, Back, Forward) may find nothing measured yet: its
    // gutter (kept by CSS until then) is the width
    if (!root.hasAttribute("data-lightbox-scrollbar")) measureScrollbar();
    figure.setAttribute("role", "dialog");
    figure.setAttribute("aria-modal", "true");
    // (a figure React rendered after this started has not been marked yet)
    markControls(figure);
    modal = { figure, inert: makeSurroundingsInert(figure, document.body) };
    watch.observe(document.body, { childList: true, subtree: true });
    const video = figure.querySelector("video");
    if (video && !reducedMotionList()?.matches) {
      video.muted = false;
      // a browser that refuses sound without a gesture leaves it to the controls
      video.play()?.catch(() => {});
    }
  };
  const forget = () => {
    // the page must not stay inert behind a view nothing follows any more (a remount follows it anew)
    present(null);
    root.style.removeProperty(SCROLLBAR_WIDTH_PROPERTY);
    root.removeAttribute("data-lightbox-scrollbar");
  };
  const measureAgain = () => {
    if (root.hasAttribute("data-lightbox-scrollbar")) measureScrollbar();
  };
  return { present, measureScrollbar, measureAgain, forget };
}

/** A figure's controls are buttons while this runs (Space presses them, keyHandler). */
function markControls(figure: Element): void {
  for (const control of figure.querySelectorAll('a[data-part="control"]')) control.setAttribute("role", "button");
}

/**
 * Steps to the figure the control in `direction` links to, in place of the shown one's history entry, and follows
 * it now (then `shown`): a key may reach the page before the step's hashchange does, and an Escape then must give
 * the focus to the tile of the figure it closed.
 */
function step(figure: HTMLElement, direction: "previous" | "next", shown: () => void): void {
  const link = figure.querySelector<HTMLAnchorElement>(`a[data-part="control"][data-direction="${direction}"]`);
  const href = link?.getAttribute("href");
  if (!href) return;
  const state: unknown = history.state;
  location.replace(href);
  // the replaced entry keeps what it was: opened here or not
  history.replaceState(state, "");
  shown();
}

/** Closes the view: Back when a tile of this page opened it, else the fragment is dropped in place (then `shown`). */
function close(shown: () => void): void {
  if (openedHere()) {
    history.back();
    return;
  }
  location.replace(CLOSED_HASH);
  // no fragment left in the address: the page as it was before the view
  history.replaceState(history.state, "", location.pathname + location.search);
  shown();
}

/**
 * The media of the figures a step shows next start loading now, ahead of the step: their lazy
 * images get their real sources (the lazy-image loader's own contract: `data-srcset` becomes `srcset`).
 */
function prefetchNeighbours(document: Document, figure: HTMLElement): void {
  for (const control of figure.querySelectorAll('a[data-part="control"][data-direction]')) {
    const neighbour = document.getElementById((control.getAttribute("href") ?? "").slice(1));
    for (const element of neighbour?.querySelectorAll("source[data-srcset], img[data-srcset]") ?? []) {
      const srcset = element.getAttribute("data-srcset");
      if (srcset && element.getAttribute("srcset") !== srcset) element.setAttribute("srcset", srcset);
    }
  }
}

/** Tab and Shift+Tab stay in the figure. */
function keepTabInside(document: Document, figure: HTMLElement, event: KeyboardEvent): void {
  const items = [...figure.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.getAttribute("data-part") !== "backdrop",
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!figure.contains(active) || (event.shiftKey ? active === first : active === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * A click on a shown figure's controls steps or closes; a click on a tile opens its figure, the entry marked as
 * opened here, the page's scrollbar measured first (`measureScrollbar`), while it still shows.
 */
function clickHandler({ grids, tileOf, shownFigure }: LightboxPage, shown: () => void, measureScrollbar: () => void) {
  return (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!link) return;
    const figure = shownFigure();
    if (figure?.contains(link)) {
      const direction = link.getAttribute("data-direction");
      if (link.getAttribute("data-part") === "control" && (direction === "previous" || direction === "next")) {
        event.preventDefault();
        step(figure, direction, shown);
      } else if (link.getAttribute("href") === CLOSED_HASH) {
        event.preventDefault();
        close(shown);
      }
      return;
    }
    // a tile: its entry is added and marked now, not at its hashchange, which a key (Escape) may come before
    const href = link.getAttribute("href");
    if (href && href !== location.hash && grids().some((grid) => grid.contains(link)) && tileOf(href)) {
      event.preventDefault();
      measureScrollbar();
      location.hash = href;
      history.replaceState({ [OPENED_HERE]: true }, "");
      shown();
    }
  };
}

/** Escape closes, Space presses a control, the arrow keys step, Tab stays inside. */
function keyHandler({ document, shownFigure }: LightboxPage, shown: () => void) {
  return (event: KeyboardEvent) => {
    const figure = shownFigure();
    if (!figure || event.defaultPrevented) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close(shown);
    } else if (
      event.key === " " &&
      event.target instanceof HTMLElement &&
      event.target.getAttribute("role") === "button"
    ) {
      // a button's key: the control's link is followed as a click, once however long the key is held
      event.preventDefault();
      if (!event.repeat) event.target.click();
    } else if (
      (event.key === "ArrowRight" || event.key === "ArrowLeft") &&
      !(event.target instanceof HTMLVideoElement)
    ) {
      // (a focused video seeks with them)
      event.preventDefault();
      step(figure, event.key === "ArrowRight" ? "next" : "previous", shown);
    } else if (event.key === "Tab") {
      keepTabInside(document, figure, event);
    }
  };
}

/**
 * Cancels the click that a mouse's (or a pen's) drag ends in, should one come before the next press or key: the
 * visitor's next click, a key's or a screen reader's included, keeps its own. (A touch's swipe ends in no click:
 * not armed.)
 */
function cancelDragClick(signal: AbortSignal): void {
  const armed = new AbortController();
  const disarm = () => armed.abort();
  signal.addEventListener("abort", disarm, { once: true, signal: armed.signal });
  const options = { capture: true, once: true, signal: armed.signal };
  addEventListener(
    "click",
    (click) => {
      click.preventDefault();
      disarm();
    },
    options,
  );
  addEventListener("pointerdown", disarm, options);
  addEventListener("keydown", disarm, options);
}

/** Sideways swipes on a shown figure step. */
function followSwipes({ document, shownFigure }: LightboxPage, shown: () => void, signal: AbortSignal): void {
  let swipe: { x: number; y: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    const figure = shownFigure();
    swipe =
      figure && event.isPrimary && figure.contains(event.target as Node) && !(event.target instanceof HTMLVideoElement)
        ? { x: event.clientX, y: event.clientY }
        : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe;
    swipe = null;
    const figure = shownFigure();
    if (!start || !figure) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    // the click that ends a mouse's or a pen's drag is no tap beside the medium
    if (event.pointerType !== "touch") cancelDragClick(signal);
    step(figure, dx < 0 ? "next" : "previous", shown);
  };
  document.addEventListener("pointerdown", onPointerDown, { signal });
  document.addEventListener("pointerup", onPointerUp, { signal });
  document.addEventListener("pointercancel", () => (swipe = null), { signal });
}

/** Follows the figures of the page's grids; returns the function that stops it. */
export function followLightbox(document: Document): () => void {
  const page = lightboxPage(document);
  const { tileOf, shownFigure } = page;
  const modal = modalPresenter(document);
  let lastShown: string | null = null;
  for (const figure of document.querySelectorAll("figure[id]")) if (tileOf(`#${figure.id}`)) markControls(figure);

  /** What follows a change of the shown figure: its focus and its neighbours' media, or the focus back to a tile. */
  const shown = () => {
    const figure = shownFigure();
    modal.present(figure);
    if (figure) {
      lastShown = `#${figure.id}`;
      prefetchNeighbours(document, figure);
      // once: a step follows at once and again at its hashchange, and a Tab between them stays where it went
      if (!figure.contains(document.activeElement))
        figure
          .querySelector<HTMLElement>('a[data-part="control"]:not([data-direction])')
          ?.focus({ preventScroll: true });
      return;
    }
    if (lastShown === null) return;
    // into view when a step moved past it
    tileOf(lastShown)?.focus();
    lastShown = null;
  };

  // one signal takes every listener off again
  const listening = new AbortController();
  const { signal } = listening;
  document.addEventListener("click", clickHandler(page, shown, modal.measureScrollbar), { signal });
  document.addEventListener("keydown", keyHandler(page, shown), { signal });
  followSwipes(page, shown, signal);
  addEventListener("hashchange", shown, { signal });
  addEventListener("resize", modal.measureAgain, { signal });
  // a figure the URL named when the page loaded (a shared link, a tap before this module ran); the browser may
  // match `:target` (and show it, focusable) only once the page has loaded
  shown();
  if (document.readyState !== "complete") addEventListener("load", () => shown(), { once: true, signal });
  return () => {
    listening.abort();
    modal.forget();
  };
}

export function start(document: Document): void {
  if (document.querySelector('[data-behaviour~="lightbox"]')) followLightbox(document);
}
