import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockMatchMedia } from "~/test/browser-mocks";
import { AutoplayVideo, videoType } from "./autoplay-video";

afterEach(() => {
  vi.restoreAllMocks();
});

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

describe("AutoplayVideo's source", () => {
  it("is a typed <source> starting at the first frame, so a browser that cannot play the type skips it", () => {
    const page = new DOMParser().parseFromString(renderToString(<AutoplayVideo src="/loop.webm" />), "text/html");
    const source = page.querySelector("video > source")!;
    expect(source.getAttribute("type")).toBe("video/webm");
    expect(source.getAttribute("src")).toBe("/loop.webm#t=0.001");
    expect(page.querySelector("video")!.hasAttribute("src")).toBe(false);
  });

  it("shows its label in place of a video the browser cannot play", () => {
    mockMatchMedia();
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
      type === "video/mp4" ? "probably" : "",
    );
    const { container } = render(<AutoplayVideo src="/loop.webm" label="Motion" width={480} height={600} />);
    expect(container.querySelector("video")).toBeNull();
    const still = container.querySelector("[data-unplayable-video]") as HTMLElement;
    expect(still.textContent).toBe("Motion");
    expect(still.style.aspectRatio).toBe("480 / 600");
  });

  it("tries a new file anew: a live edit's playable file replaces the still", () => {
    mockMatchMedia();
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
      type === "video/mp4" ? "probably" : "",
    );
    const { container, rerender } = render(<AutoplayVideo src="/loop.webm" label="Motion" />);
    expect(container.querySelector("[data-unplayable-video]")).not.toBeNull();
    rerender(<AutoplayVideo src="/loop.mp4" label="Motion" />);
    expect(container.querySelector("[data-unplayable-video]")).toBeNull();
    expect(container.querySelector("video > source")!.getAttribute("src")).toBe("/loop.mp4#t=0.001");
  });

  it("keeps a video whose type the browser can play", () => {
    mockMatchMedia();
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    const { container } = render(<AutoplayVideo src="/loop.mp4" />);
    expect(container.querySelector("video > source")!.getAttribute("type")).toBe("video/mp4");
    expect(container.querySelector("[data-unplayable-video]")).toBeNull();
  });
});
