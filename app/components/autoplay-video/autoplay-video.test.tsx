import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NEAR_VIEWPORT } from "~/behaviours/video";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import { AutoplayVideo, videoType } from "./autoplay-video";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The prerendered HTML, parsed as a browser without scripts has it (its <noscript> holds elements). */
const prerendered = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("videoType", () => {
  it("names the MIME type of each of SPEC 5's video extensions", () => {
    expect(["a.mp4", "a.webm", "a.ogg", "b.MOV?x=1", "c.avi"].map(videoType)).toEqual([
      "video/mp4",
      "video/webm",
      "video/ogg",
      "video/quicktime",
      undefined,
    ]);
  });
});

describe("AutoplayVideo", () => {
  it("prerenders muted, looping and inline, loading nothing and not playing, its source typed from the first frame", () => {
    const page = prerendered(renderToString(<AutoplayVideo src="/loop.webm" width={640} height={360} />));
    const video = page.querySelector("body > video")!;
    expect(["muted", "loop", "playsinline"].map((name) => video.hasAttribute(name))).toEqual([true, true, true]);
    expect([video.getAttribute("preload"), video.hasAttribute("autoplay"), video.hasAttribute("src")]).toEqual([
      "none",
      false,
      false,
    ]);
    // a browser that cannot play the type skips the source
    const source = video.querySelector("source")!;
    expect([source.getAttribute("type"), source.getAttribute("src")]).toEqual(["video/webm", "/loop.webm#t=0.001"]);
    // what app/behaviours/video.ts reads, on a page without React as once hydrated
    expect([video.getAttribute("data-behaviour"), video.getAttribute("data-preload")]).toEqual(["video", "metadata"]);
  });

  it("prerenders a copy in a <noscript> that loads its first frame, for a page without scripts", () => {
    const page = prerendered(
      renderToString(<AutoplayVideo src="/loop.mp4" width={640} height={360} className="fill" />),
    );
    // what the scripts load: marked, so that app.css hides it where they cannot run
    expect(page.querySelector("body > video")!.hasAttribute("data-scripted-video")).toBe(true);
    const still = page.querySelector("noscript > video")!;
    expect(still.getAttribute("preload")).toBe("metadata");
    expect(still.querySelector("source")!.getAttribute("src")).toBe("/loop.mp4#t=0.001");
    expect([still.getAttribute("class"), still.hasAttribute("data-video-still")]).toEqual(["fill", true]);
    expect(still.hasAttribute("autoplay")).toBe(false);
  });

  it("is played by the video behaviour once rendered: near the viewport, or once its visible fraction shows", () => {
    mockMatchMedia();
    const observers = mockIntersectionObserver();
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    const { container } = render(
      <>
        <AutoplayVideo src="/near.mp4" />
        <AutoplayVideo src="/slide.mp4" visibleFraction={0.25} />
      </>,
    );
    const [near, slide] = [...container.querySelectorAll<HTMLVideoElement>("video")];
    expect(observers.observing(near!)[0]!.options?.rootMargin).toBe(NEAR_VIEWPORT);
    expect(observers.observing(slide!)[0]!.options?.threshold).toBe(0.25);
    expect(play).not.toHaveBeenCalled();
    act(() => observers.observing(near!)[0]!.trigger(true));
    expect([near!.preload, near!.autoplay, play.mock.contexts]).toEqual(["metadata", true, [near]]);
    act(() => observers.observing(slide!)[0]!.trigger(true, 0.05));
    expect(slide!.preload).toBe("none");
  });

  it("shows its label in place of a video the browser cannot play, follows a live edit of it, and tries a new file anew", () => {
    mockMatchMedia();
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
      type === "video/mp4" ? "probably" : "",
    );
    const { container, rerender } = render(<AutoplayVideo src="/loop.webm" label="Motion" width={480} height={600} />);
    const still = container.querySelector<HTMLElement>("[data-unplayable-video]")!;
    expect([still.textContent, still.style.aspectRatio]).toEqual(["Motion", "480 / 600"]);
    expect(container.querySelector("video")!.style.display).toBe("none");
    // a live edit of the label alone: the same element, followed anew
    rerender(<AutoplayVideo src="/loop.webm" label="Film" width={480} height={600} />);
    expect([...container.querySelectorAll("[data-unplayable-video]")].map((label) => label.textContent)).toEqual([
      "Film",
    ]);
    rerender(<AutoplayVideo src="/loop.mp4" label="Motion" />);
    expect(container.querySelector("[data-unplayable-video]")).toBeNull();
    const videos = [...container.querySelectorAll("video")];
    expect(videos.map((video) => [video.style.display, video.querySelector("source")!.getAttribute("src")])).toEqual([
      ["", "/loop.mp4#t=0.001"],
    ]);
  });
});
