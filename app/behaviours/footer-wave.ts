/**
 * The footer's big word waves (SPEC 9: each letter's weight 300 to 500 and
 * back over 6 s, 150 ms after the one before) while it is in or near the
 * viewport; the stylesheet pauses the letters unless the word is
 * `data-wave="running"`, since every frame of the wave is a style and
 * layout pass. The footer (app/bloks/footer) follows the word by this
 * function once hydrated, as its ref callback; a page without React by this
 * module. The word carries the marker (`[data-behaviour~="footer-wave"]`).
 */

/** How far outside the viewport the wave already runs, so it is moving when the word scrolls in. */
export const WAVE_ROOT_MARGIN = "200px 0px";

/** Marks `word` running while it is in or near the viewport, paused otherwise; returns the function that stops it. */
export function observeWave(word: HTMLElement | null): (() => void) | undefined {
  if (!word) return undefined;
  if (typeof IntersectionObserver === "undefined") {
    // no way to tell where the word is: it waves all the time
    word.dataset.wave = "running";
    return undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      // the first answer for a word out of view changes nothing the stylesheet shows (unmarked is paused), and a
      // write would restyle the word while the page is still loading
      if (entry.isIntersecting) word.dataset.wave = "running";
      else if (word.dataset.wave) word.dataset.wave = "paused";
    },
    { rootMargin: WAVE_ROOT_MARGIN },
  );
  observer.observe(word);
  return () => observer.disconnect();
}

export function start(document: Document): void {
  for (const word of document.querySelectorAll<HTMLElement>('[data-behaviour~="footer-wave"]')) observeWave(word);
}
