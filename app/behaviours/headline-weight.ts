/**
 * The article headline's weight follows the scroll position (SPEC 9: from
 * weight 100 at 100 px to 800 at 800 px) on a page without React, as
 * app/components/scroll-weight-headline does once hydrated (by followScroll, which it imports): a passive scroll
 * listener writes `--headline-weight` once per frame; under reduced motion
 * the stylesheet's fixed weight wins and the variable stays where it is.
 */

import { reducedMotionList } from "./media-queries";

/** SPEC 9: the weight follows the scroll position from 100 px (weight 100) to 800 px (weight 800). */
export const MIN_WEIGHT = 100;
export const MAX_WEIGHT = 800;
/** The weight shown when motion is reduced. */
export const STATIC_WEIGHT = 500;

export function weightForScroll(scrollY: number): number {
  if (!Number.isFinite(scrollY)) return MIN_WEIGHT;
  return Math.round(Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, scrollY)));
}

/** Follows the window's scroll for `headline`; returns the function that stops it. */
export function followScroll(headline: HTMLElement): () => void {
  const motion = reducedMotionList();
  let frame = 0;
  const apply = () => {
    frame = 0;
    const weight = motion?.matches ? STATIC_WEIGHT : weightForScroll(window.scrollY);
    headline.style.setProperty("--headline-weight", String(weight));
  };
  const schedule = () => {
    if (frame === 0) frame = window.requestAnimationFrame(apply);
  };
  apply();
  window.addEventListener("scroll", schedule, { passive: true });
  motion?.addEventListener?.("change", schedule);
  return () => {
    window.removeEventListener("scroll", schedule);
    motion?.removeEventListener?.("change", schedule);
    if (frame !== 0) window.cancelAnimationFrame(frame);
  };
}

export function start(document: Document): void {
  for (const headline of document.querySelectorAll<HTMLElement>('[data-behaviour~="headline-weight"]')) {
    followScroll(headline);
  }
}
