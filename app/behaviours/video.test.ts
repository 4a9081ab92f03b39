import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import { followVideo, NEAR_VIEWPORT, start } from "./video";

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

describe("background videos", () => {
  it("starts loading and playing near the viewport and pauses out of it", () => {
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

  it("gives its place to its label where the browser plays none of its files, and takes it back when stopped", () => {
    playsMp4(["video/webm"]);
    mockMatchMedia(() => false);
    mockIntersectionObserver();
    const element = video('class="tile" width="16" height="9"');
    const stop = followVideo(element);
    // hidden, not removed: React removes the element it rendered
    expect([element.isConnected, element.style.display, element.hasAttribute("data-unplayable")]).toEqual([
      true,
      "none",
      true,
    ]);
    const box = element.nextElementSibling as HTMLElement;
    expect([box.hasAttribute("data-unplayable-video"), box.textContent, box.className]).toEqual([true, "Loop", "tile"]);
    expect(box.style.aspectRatio).toBe("16 / 9");
    stop();
    expect(document.querySelector("[data-unplayable-video]")).toBeNull();
    expect([element.style.display, element.hasAttribute("data-unplayable")]).toEqual(["", false]);
  });

  it("gives its place to its label once its last file fails to load", () => {
    playsMp4();
    mockMatchMedia(() => false);
    mockIntersectionObserver();
    const element = video();
    start(document);
    expect(document.querySelector("[data-unplayable-video]")).toBeNull();
    element.querySelector("source")!.dispatchEvent(new Event("error"));
    element.querySelector("source")!.dispatchEvent(new Event("error"));
    expect(document.querySelectorAll("[data-unplayable-video]")).toHaveLength(1);
    expect(element.style.display).toBe("none");
  });
});
