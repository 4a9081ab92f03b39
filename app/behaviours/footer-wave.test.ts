import { afterEach, describe, expect, it, vi } from "vitest";
import { mockIntersectionObserver } from "~/test/browser-mocks";
import { WAVE_ROOT_MARGIN, start } from "./footer-wave";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the footer's wave without React", () => {
  it("runs while the word is in or near the viewport and pauses out of it", () => {
    const io = mockIntersectionObserver();
    document.body.innerHTML =
      '<footer><div role="img" aria-label="Halbton" data-behaviour="footer-wave"></div></footer>';
    start(document);
    const word = document.querySelector<HTMLElement>("[data-behaviour]")!;
    expect(word.dataset.wave).toBeUndefined();
    const [observer] = io.observing(word);
    expect(observer!.options?.rootMargin).toBe(WAVE_ROOT_MARGIN);
    // out of view from the start: left unmarked (paused by the stylesheet), no write while the page loads
    observer!.trigger(false);
    expect(word.dataset.wave).toBeUndefined();
    observer!.trigger(true);
    expect(word.dataset.wave).toBe("running");
    observer!.trigger(false);
    expect(word.dataset.wave).toBe("paused");
  });

  it("waves all the time where there is no way to tell where the word is", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    document.body.innerHTML = '<div data-behaviour="footer-wave"></div>';
    start(document);
    expect(document.querySelector<HTMLElement>("[data-behaviour]")!.dataset.wave).toBe("running");
  });
});
