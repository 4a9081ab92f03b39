/**
 * Chromium skips a cross-document view transition it could not start in time ("Transition was aborted because
 * of invalid state. Page already revealed": the new page was shown before the old one's snapshot arrived)
 * and rejects the new page's transition promise with it. When that happens the `pagereveal` event carries no
 * transition (`viewTransition` is null), so no page code holds the promise to catch, and every such navigation
 * logged an uncaught error (measured: 2 of 30 clicks from /index to /about at 1280 px in Chromium 156; the
 * CSS Working Group's open issue w3c/csswg-drafts#13726 asks whether pages should have to catch these).
 * The navigation itself is whole: the page is shown without the cross-fade. This listener marks the rejections
 * with that name and those words handled (a same-document transition Chromium skips the same way included) and
 * leaves every other one to the console. It runs in the head script
 * (pipeline/head-script.ts), before the page's first rendering, on every built page.
 */

/** Chromium's words for a view transition it skipped itself (an `InvalidStateError` DOMException). */
const SKIPPED_TRANSITION_MESSAGE = "Transition was aborted because of invalid state";

/** Whether an unhandled rejection is the browser's own skipped view transition. */
export function isSkippedViewTransition(reason: unknown): boolean {
  return (
    typeof DOMException !== "undefined" &&
    reason instanceof DOMException &&
    reason.name === "InvalidStateError" &&
    reason.message.startsWith(SKIPPED_TRANSITION_MESSAGE)
  );
}

/** Marks the browser's skipped view transitions handled on this window. */
export function quietSkippedViewTransitions(win: Window): void {
  win.addEventListener("unhandledrejection", (event) => {
    if (isSkippedViewTransition(event.reason)) event.preventDefault();
  });
}
