import * as about from "./about";
import * as carousel from "./carousel";
import * as footerWave from "./footer-wave";
import * as gallery from "./gallery";
import * as headlineWeight from "./headline-weight";
import * as heroMedia from "./hero-media";
import * as heroMorph from "./hero-morph";
import * as lightbox from "./lightbox";
import { BEHAVIOUR_ATTRIBUTE, BEHAVIOURS_STARTED_MARK, type BehaviourModule } from "./markers";
import * as masonry from "./masonry";
import * as menu from "./menu";
import * as video from "./video";

/**
 * What a production page without React runs: one module for every
 * behaviour (pipeline/behaviour-entries.ts makes it the client build's
 * `behaviours` entry), which starts those the page marks. One module, not
 * one a behaviour: the home page had seven and the chunks they share, 13
 * requests at the priority Chromium gives a module, and Lighthouse's
 * simulation put them all before the first paint (docs/benchmarks.md, 2
 * Dec 2026); all of them are 5.8 KB gzip, cached for the next page.
 */

/** Each behaviour's start; typed by the markers' list, so a behaviour without one fails the typecheck. */
export const STARTS: Record<BehaviourModule, (document: Document) => void> = {
  about: about.start,
  carousel: carousel.start,
  "footer-wave": footerWave.start,
  gallery: gallery.start,
  "headline-weight": headlineWeight.start,
  "hero-media": heroMedia.start,
  "hero-morph": heroMorph.start,
  lightbox: lightbox.start,
  masonry: masonry.start,
  menu: menu.start,
  video: video.start,
};

/** The next task: `scheduler.yield()` where the engine has it (its continuation goes first), else a timeout's. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts each behaviour `document` marks, once, in the order its markers come (as the modules ran when each
 * was a script of its own), each in a task of its own, between which the browser can paint and answer input:
 * together they were one task of up to 114 ms of script on the slow phone under load (docs/benchmarks.md, 5
 * Dec). One that throws is reported and does not stop the others. Sets BEHAVIOURS_STARTED_MARK when all have
 * started.
 */
export async function startPage(
  document: Document,
  starts: Partial<Record<string, (document: Document) => void>> = STARTS,
): Promise<void> {
  const names = new Set<string>();
  for (const element of document.querySelectorAll(`[${BEHAVIOUR_ATTRIBUTE}]`)) {
    for (const name of (element.getAttribute(BEHAVIOUR_ATTRIBUTE) ?? "").split(/\s+/)) {
      // own entries only: a marker named `constructor` is no behaviour
      if (Object.hasOwn(starts, name) && starts[name]) names.add(name);
    }
  }
  let first = true;
  for (const name of names) {
    if (!first) await nextTask();
    first = false;
    try {
      starts[name]!(document);
    } catch (error) {
      reportError(error);
    }
  }
  performance.mark(BEHAVIOURS_STARTED_MARK);
}
