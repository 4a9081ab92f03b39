/**
 * SPEC 2: the body's orange style while the about page is shown, on a page
 * without React (app/routes/about.tsx adds the same class once hydrated and
 * takes it off when a client navigation leaves; here leaving is a new
 * document, whose body never had it).
 */

/** The body's class on the about page (the route's too: it imports this). */
export const ABOUT_BODY_CLASS = "about-page";

export function start(document: Document): void {
  if (document.querySelector('[data-behaviour~="about"]')) document.body.classList.add(ABOUT_BODY_CLASS);
}
