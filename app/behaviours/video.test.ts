import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import * as component from "~/components/autoplay-video/autoplay-video";
import { NEAR_VIEWPORT, start } from "./video";

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;

beforeEach(() => {
  play = vi.fn(function (this: HTMLVideoElement) {
    Object.defineProperty(this, "paused", { value: false, configurable: true });
    return Promise.resolve();
  });
  pause = vi.fn(function (this: HTMLVideoElement) {
    Object.defineProperty(this, "paused", { value: true, configurable: true });
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(play as never);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(pause as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A browser that plays mp4 (jsdom plays nothing). */
function playsMp4(types = ["video/mp4", "video/webm"]) {
  vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
    types.includes(type) ? "maybe" : "",
  );
}

function video(attributes = "") {
  document.body.innerHTML = `<video muted loop playsinline preload="none" aria-hidden="true" data-behaviour="video" data-preload="metadata" data-unplayable-label="Loop" ${attributes}><source src="/f/loop.mp4#t=0.001" type="video/mp4"></video>`;
  return document.querySelector("video")!;
}

describe("background videos without React", () => {
  it("starts loading and playing near the viewport and pauses out of it", () => {
    expect(NEAR_VIEWPORT).toBe(component.NEAR_VIEWPORT);
    playsMp4();
    mockMatchMedia(() => false);
    const io = mockIntersectionObserver();
    const element = video();
    start(document);
    expect(play).not.toHaveBeenCalled();
    expect(element.preload).toBe("none");
    const [observer] = io.observing(element);
    expect(observer!.options?.rootMargin).toBe(NEAR_VIEWPORT);
    observer!.trigger(true);
    expect(play).toHaveBeenCalledTimes(1);
    expect(element.preload).toBe("metadata");
    observer!.trigger(false);
    expect(pause).toHaveBeenCalled();
  });

  it("stays still under reduced motion; a standalone one gets the browser's controls and its label", () => {
    playsMp4();
    mockMatchMedia((query) => query.includes("reduce"));
    const io = mockIntersectionObserver();
    const element = video('data-standalone-label="Studio loop"');
    start(document);
    io.observing(element)[0]!.trigger(true);
    expect(play).not.toHaveBeenCalled();
    expect(element.controls).toBe(true);
    expect(element.getAttribute("aria-label")).toBe("Studio loop");
    expect(element.hasAttribute("aria-hidden")).toBe(false);
  });

  it("becomes its label where the browser plays none of its files", () => {
    playsMp4(["video/webm"]);
    mockMatchMedia(() => false);
    mockIntersectionObserver();
    video('class="tile" width="16" height="9"');
    start(document);
    expect(document.querySelector("video")).toBeNull();
    const box = document.querySelector("[data-unplayable-video]")!;
    expect(box.textContent).toBe("Loop");
    expect(box.className).toBe("tile");
  });
});
