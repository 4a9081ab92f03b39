import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockMatchMedia } from "~/test/browser-mocks";
import { AutoplayVideo } from "./autoplay-video";

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

  it("stops autoplay under prefers-reduced-motion", () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    const { container } = render(<AutoplayVideo src="/loop.mp4" />);
    expect(container.querySelector("video")!.autoplay).toBe(false);
    expect(pause).toHaveBeenCalled();
  });
});
