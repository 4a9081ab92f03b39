import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import { AutoplayVideo, NEAR_VIEWPORT } from "./autoplay-video";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("AutoplayVideo", () => {
  it("is muted, looping, inline and autoplaying, with metadata preloading", () => {
    mockMatchMedia();
    const { container } = render(<AutoplayVideo src="/loop.mp4" width={640} height={360} />);
    const video = container.querySelector("video")!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.getAttribute("preload")).toBe("metadata");
    expect(video.getAttribute("width")).toBe("640");
  });

  it("prerenders a copy in a <noscript> that loads its first frame, for a page without scripts", () => {
    const html = renderToString(<AutoplayVideo src="/loop.mp4" width={640} height={360} className="fill" />);
    const page = new DOMParser().parseFromString(html, "text/html");
    // what the scripts load: marked, so that app.css hides it where they cannot run
    const scripted = page.querySelector("body > video")!;
    expect(scripted.getAttribute("preload")).toBe("none");
    expect(scripted.hasAttribute("data-scripted-video")).toBe(true);
    // a parsed document runs no scripts: its <noscript> holds elements, as a browser without them shows
    const still = page.querySelector("noscript > video")!;
    expect(still.getAttribute("preload")).toBe("metadata");
    expect(still.querySelector("source")!.getAttribute("src")).toBe("/loop.mp4#t=0.001");
    expect([still.getAttribute("class"), still.hasAttribute("data-video-still")]).toEqual(["fill", true]);
    expect(still.hasAttribute("autoplay")).toBe(false);
  });

  it("stops autoplay under prefers-reduced-motion", () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    const { container } = render(<AutoplayVideo src="/loop.mp4" />);
    expect(container.querySelector("video")!.autoplay).toBe(false);
    expect(pause).toHaveBeenCalled();
  });

  it("with a visible fraction, loads only once that much shows, not for an edge beside a carousel's slide", () => {
    mockMatchMedia();
    const observers = mockIntersectionObserver();
    vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    const { container } = render(<AutoplayVideo src="/loop.mp4" visibleFraction={0.25} />);
    const video = container.querySelector("video")!;
    const observer = observers.observing(video)[0]!;
    expect(observer.options?.threshold).toBe(0.25);
    act(() => observer.trigger(true, 0.05));
    expect(video.getAttribute("preload")).toBe("none");
    act(() => observer.trigger(true, 0.3));
    expect(video.getAttribute("preload")).toBe("metadata");
  });

  it("loads nothing in the prerendered HTML", () => {
    const html = renderToString(<AutoplayVideo src="/loop.mp4" />);
    expect(html).toContain('preload="none"');
    expect(html).not.toContain("autoPlay");
    expect(html).not.toContain("autoplay");
  });

  it("loads and plays only near the viewport, and pauses when it leaves", () => {
    mockMatchMedia();
    const observers = mockIntersectionObserver();
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    const { container } = render(<AutoplayVideo src="/loop.mp4" />);
    const video = container.querySelector("video")!;
    expect(video.getAttribute("preload")).toBe("none");
    expect(video.autoplay).toBe(false);
    expect(play).not.toHaveBeenCalled();
    const observer = observers.observing(video)[0]!;
    expect(observer.options?.rootMargin).toBe(NEAR_VIEWPORT);

    act(() => observer.trigger(true));
    expect(video.getAttribute("preload")).toBe("metadata");
    expect(video.autoplay).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);

    pause.mockClear();
    act(() => observer.trigger(false));
    expect(pause).toHaveBeenCalled();
    expect(video.autoplay).toBe(false);
  });
});
