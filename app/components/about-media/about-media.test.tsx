import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { AboutMedia as AboutMediaView } from "~/content/about";
import { AboutMedia, FirstBlockContext } from "./about-media";
import { fetchableSrcset } from "~/test/fetchable-srcset";

const IMAGE: AboutMediaView = {
  kind: "image",
  src: "https://a.storyblok.com/f/287401/1200x800/abc/studio.jpg",
  alt: "The studio",
  width: 1200,
  height: 800,
};

function image(ui: ReactElement) {
  return render(ui).container.querySelector("img")!;
}

describe("AboutMedia", () => {
  it("fetches the first block's first image with the page, at high priority: the page's largest paint", () => {
    const img = image(
      <FirstBlockContext value={true}>
        <AboutMedia media={IMAGE} sizes="100vw" first />
      </FirstBlockContext>,
    );
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.hasAttribute("data-lazy")).toBe(false);
    expect(img.getAttribute("srcset")).toContain("/m/640x0/filters:quality(70):format(webp) 640w");
  });

  it("leaves every other image to load near the viewport", () => {
    const later = image(<AboutMedia media={IMAGE} sizes="100vw" first />);
    const second = image(
      <FirstBlockContext value={true}>
        <AboutMedia media={IMAGE} sizes="100vw" />
      </FirstBlockContext>,
    );
    for (const img of [later, second]) {
      expect(img.hasAttribute("data-lazy")).toBe(true);
      expect(img.hasAttribute("fetchpriority")).toBe(false);
      expect(fetchableSrcset(img)).toEqual([]);
    }
  });
});
