/**
 * A home hero's media whose choice by the window's width no markup can
 * make (SPEC 2: the phone file at 768 px and narrower), on a page without
 * React; app/components/hero-media renders the markup and makes the same
 * choice by the same functions once hydrated. Images choose by `<picture>`
 * and a video's file by `<source media>` without any script; what is left:
 *
 * - one file a video, the other an image: both are in the page, each in a
 *   `[data-hero-screen="phone"|"desktop"]` box, the other kind of screen's
 *   box `hidden` (so nothing in it loads); the desktop's shows until a
 *   script runs, as the prerendered page always did;
 * - a video whose files have alt texts of their own: its frame is named
 *   after the file the window shows (`data-phone-label`,
 *   `data-desktop-label`).
 *
 * Both follow the window across 768 px. The element carries the marker
 * (`[data-behaviour~="hero-media"]`).
 */

import { PHONE_QUERY } from "./media-queries";

export type HeroScreen = "phone" | "desktop";

export function heroScreen(isPhone: boolean): HeroScreen {
  return isPhone ? "phone" : "desktop";
}

/** Shows the box of `screen` and hides the others; names the frame after its file. */
export function showScreen(element: HTMLElement, screen: HeroScreen): void {
  for (const box of element.querySelectorAll<HTMLElement>("[data-hero-screen]")) {
    box.hidden = box.getAttribute("data-hero-screen") !== screen;
  }
  const label = element.getAttribute(`data-${screen}-label`);
  if (label !== null) element.setAttribute("aria-label", label);
}

/** Follows the window's width for one hero medium; returns the function that stops it. */
export function followHeroMedia(element: HTMLElement): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const phone = window.matchMedia(PHONE_QUERY);
  const update = () => showScreen(element, heroScreen(phone.matches));
  update();
  phone.addEventListener("change", update);
  return () => phone.removeEventListener("change", update);
}

export function start(document: Document): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-behaviour~="hero-media"]')) {
    followHeroMedia(element);
  }
}
