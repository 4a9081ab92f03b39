/**
 * The hero carousel (SPEC 2, Home) on a page without React; its functions
 * are app/components/hero-carousel's too, so both move the row alike. The
 * row snaps by CSS and its dots are links to their slides (0006); this adds
 * what the platform does not:
 *
 * - the selected slide follows the scroll position (touch, trackpad, a
 *   dot), and its dot is marked `aria-current` (the dots' element gets
 *   `data-hydrated`, which ends the CSS drawing of the current dot);
 * - a dot moves the row to its slide without touching the URL, smoothly
 *   unless the visitor prefers reduced motion;
 * - the arrow keys, Home and End move it while it or a slide's link has the
 *   focus (the focus goes along from a link), and a key pressed while it
 *   still moves goes on from where it is heading;
 * - horizontal wheel movement of more than WHEEL_THRESHOLD_PX changes the
 *   slide, then the wheel is ignored for WHEEL_PAUSE_MS.
 *
 * The carousel's element carries the marker (`[data-behaviour~="carousel"]`),
 * its row `data-carousel-track`.
 */

import { reducedMotionList } from "./media-queries";

/** SPEC 9: a horizontal wheel movement of more than 150 px changes the slide ... */
export const WHEEL_THRESHOLD_PX = 150;
/** ... and further wheel input is ignored for 300 ms after a change. */
export const WHEEL_PAUSE_MS = 300;

const LINE_HEIGHT_PX = 16;

/** The slide whose centre is nearest the centre of the visible row. */
export function slideNearestCentre(track: HTMLElement): number {
  const centre = track.scrollLeft + track.clientWidth / 2;
  let nearest = 0;
  let best = Infinity;
  Array.from(track.children).forEach((child, index) => {
    const slide = child as HTMLElement;
    const distance = Math.abs(slide.offsetLeft + slide.offsetWidth / 2 - centre);
    if (distance < best) {
      best = distance;
      nearest = index;
    }
  });
  return nearest;
}

/** A wheel event's horizontal movement in pixels, whatever its unit. */
export function wheelPixels(event: WheelEvent, pageWidth: number): number {
  if (event.deltaMode === 1) return event.deltaX * LINE_HEIGHT_PX;
  if (event.deltaMode === 2) return event.deltaX * pageWidth;
  return event.deltaX;
}

/** What slideForKey reads of a key event. */
type SlideKey = Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey">;

/**
 * The slide a key moves to from `selected`, or undefined for a key that moves nothing: one held with Alt, Ctrl or
 * Meta is the browser's (Alt+ArrowLeft goes Back).
 */
export function slideForKey(event: SlideKey, selected: number, count: number): number | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const moves: Record<string, number> = { ArrowLeft: selected - 1, ArrowRight: selected + 1, Home: 0, End: count - 1 };
  return moves[event.key];
}

/**
 * After a key moved the row from a slide's link, the focus goes to the link of slide `index` (clamped), or to the row
 * where that slide has none, as the row scrolls it into view: Enter opens what is shown. A key pressed on the row
 * itself leaves the focus there.
 */
export function focusFollowsKey(track: HTMLElement, from: EventTarget | null, index: number): void {
  if (from === track || !(from instanceof Node) || !track.contains(from)) return;
  const slide = track.children[Math.min(Math.max(index, 0), track.children.length - 1)];
  // a slide without a link (its story has none): the row, rather than a link scrolled out of view
  (slide?.querySelector<HTMLElement>("a[href]") ?? track).focus({ preventScroll: true });
}

/**
 * The slide each row is on its way to (scrollToSlide) until it arrives there, the visitor takes the row or its
 * scrolling ends: while a smooth scroll runs the slide nearest the centre is still the one it left, and a second
 * key pressed then must move on from the target, and the dot stay on it.
 */
const headings = new WeakMap<HTMLElement, number>();

/**
 * Scrolls the row so that slide `index` (clamped) is centred, or as near as the row's ends let it, unless it is
 * there already; returns that slide, or null.
 */
export function scrollToSlide(track: HTMLElement, index: number, reducedMotion: boolean): number | null {
  const target = Math.min(Math.max(index, 0), track.children.length - 1);
  const slide = track.children[target] as HTMLElement | undefined;
  if (!slide) return null;
  const furthest = Math.max(0, track.scrollWidth - track.clientWidth);
  const left = Math.min(Math.max(0, slide.offsetLeft + slide.offsetWidth / 2 - track.clientWidth / 2), furthest);
  const wasMoving = headings.delete(track);
  // a row already there fires no scroll and no scrollend, which would keep the heading until the row next stops on
  // that slide; it still stops a smooth scroll that has not left yet
  if (Math.abs(left - track.scrollLeft) >= 1) headings.set(track, target);
  else if (!wasMoving) return target;
  track.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
  return target;
}

/**
 * Calls `onSelect` with the slide nearest the centre (or the one scrollToSlide is heading for, until the row gets
 * there, the visitor takes it or its scrolling ends) once per frame while the row scrolls, at `scrollend`, and
 * once now; returns the function that stops it.
 */
export function followScrollPosition(track: HTMLElement, onSelect: (index: number) => void): () => void {
  const report = () => {
    const nearest = slideNearestCentre(track);
    const heading = headings.get(track);
    if (heading === nearest) headings.delete(track);
    onSelect(heading ?? nearest);
  };
  report();
  let frame = 0;
  const onScroll = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(report);
  };
  const letGo = () => headings.delete(track);
  const onScrollEnd = () => {
    letGo();
    report();
  };
  const listening = new AbortController();
  const options = { passive: true, signal: listening.signal };
  track.addEventListener("scroll", onScroll, options);
  // (an engine without scrollend lets go when the row arrives or the visitor takes it)
  track.addEventListener("scrollend", onScrollEnd, options);
  track.addEventListener("pointerdown", letGo, options);
  track.addEventListener("touchstart", letGo, options);
  return () => {
    listening.abort();
    cancelAnimationFrame(frame);
  };
}

/**
 * Horizontal wheel movement steps the row (`step(±1)`) once it adds up to more than WHEEL_THRESHOLD_PX in one
 * direction, then pauses WHEEL_PAUSE_MS; vertical movement scrolls the page as usual. Returns the function that
 * stops it.
 */
export function followWheel(track: HTMLElement, step: (direction: 1 | -1) => void): () => void {
  let accumulated = 0;
  let paused = false;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  const onWheel = (event: WheelEvent) => {
    const dx = wheelPixels(event, track.clientWidth);
    if (Math.abs(dx) <= Math.abs(event.deltaY)) return;
    // horizontal movement is ours: no native scrolling on top of the slide change
    event.preventDefault();
    if (paused) return;
    if (accumulated !== 0 && Math.sign(dx) !== Math.sign(accumulated)) accumulated = 0;
    accumulated += dx;
    if (Math.abs(accumulated) <= WHEEL_THRESHOLD_PX) return;
    step(accumulated > 0 ? 1 : -1);
    accumulated = 0;
    paused = true;
    pauseTimer = setTimeout(() => {
      paused = false;
    }, WHEEL_PAUSE_MS);
  };
  track.addEventListener("wheel", onWheel, { passive: false });
  return () => {
    track.removeEventListener("wheel", onWheel);
    clearTimeout(pauseTimer);
  };
}

/** Follows one carousel; returns the function that stops it. */
export function followCarousel(carousel: HTMLElement): () => void {
  const track = carousel.querySelector<HTMLElement>("[data-carousel-track]");
  if (!track) return () => {};
  const dots = [...carousel.querySelectorAll<HTMLAnchorElement>("a[data-carousel-dot]")];
  const motion = reducedMotionList();
  let selected = 0;
  const select = (index: number) => {
    selected = index;
    dots.forEach((dot, position) => {
      if (position === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  const goTo = (index: number) => {
    const target = scrollToSlide(track, index, motion?.matches ?? false);
    if (target !== null) select(target);
  };
  // from now on the dots' element is drawn by aria-current, not by the CSS that follows the scroll or :target
  dots[0]?.parentElement?.setAttribute("data-hydrated", "");
  const stopScroll = followScrollPosition(track, select);
  const stopWheel = followWheel(track, (direction) => goTo(selected + direction));
  const onKeyDown = (event: KeyboardEvent) => {
    const target = slideForKey(event, selected, track.children.length);
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
    focusFollowsKey(track, event.target, target);
  };
  track.addEventListener("keydown", onKeyDown);
  const onDot = (event: MouseEvent) => {
    const index = dots.indexOf(event.currentTarget as HTMLAnchorElement);
    event.preventDefault();
    goTo(index);
  };
  for (const dot of dots) dot.addEventListener("click", onDot);
  return () => {
    stopScroll();
    stopWheel();
    track.removeEventListener("keydown", onKeyDown);
    for (const dot of dots) dot.removeEventListener("click", onDot);
  };
}

export function start(document: Document): void {
  for (const carousel of document.querySelectorAll<HTMLElement>('[data-behaviour~="carousel"]'))
    followCarousel(carousel);
}
