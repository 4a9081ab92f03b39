import { describe, expect, it } from "vitest";
import { isSkippedViewTransition, quietSkippedViewTransitions } from "./skipped-view-transitions";

/** An `unhandledrejection` as the window receives it (jsdom has no PromiseRejectionEvent). */
function unhandledRejection(reason: unknown): Event {
  return Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
}

const skipped = new DOMException(
  "Transition was aborted because of invalid state. Page already revealed",
  "InvalidStateError",
);

describe("the view transitions Chromium skips itself", () => {
  it("are told from every other rejection by their name and Chromium's words", () => {
    expect(isSkippedViewTransition(skipped)).toBe(true);
    expect(isSkippedViewTransition(new DOMException("Transition was aborted because of invalid state"))).toBe(false);
    expect(isSkippedViewTransition(new DOMException("The object is in an invalid state.", "InvalidStateError"))).toBe(
      false,
    );
    expect(isSkippedViewTransition(new Error("Transition was aborted because of invalid state"))).toBe(false);
    expect(isSkippedViewTransition("Transition was aborted because of invalid state")).toBe(false);
    expect(isSkippedViewTransition(undefined)).toBe(false);
  });

  it("are marked handled on the window, and nothing else is", () => {
    const win = new EventTarget() as unknown as Window;
    quietSkippedViewTransitions(win);
    const quieted = unhandledRejection(skipped);
    win.dispatchEvent(quieted);
    expect(quieted.defaultPrevented).toBe(true);
    const other = unhandledRejection(new TypeError("x is not a function"));
    win.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
  });
});
