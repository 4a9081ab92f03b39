import { readFileSync } from "node:fs";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseHero, type HeroSlide } from "~/content/home";
import { mockMatchMedia } from "~/test/browser-mocks";
import { WHEEL_PAUSE_MS, WHEEL_THRESHOLD_PX } from "~/behaviours/carousel";
import { HeroCarousel } from "./hero-carousel";

const TRACK_WIDTH = 1000;
const SLIDE_WIDTH = 950;
const STEP = 958; // slide width + 8 px gap
const PADDING = 25;

function slides(count: number): HeroSlide[] {
  return parseHero({
    CaruselYN: true,
    Photo: Array.from({ length: count }, (_, index) => ({
      _uid: `slide-${index}`,
      Image: { filename: `https://a.storyblok.com/f/287401/1600x900/aaaa/slide-${index}.webp`, alt: `Slide ${index}` },
      link: { linktype: "story", cached_url: `articles/slide-${index}` },
    })),
  }).slides;
}

/** jsdom has no layout: give the row and its slides the geometry of a 1000 px window. */
function renderCarousel(count = 4) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <HeroCarousel slides={slides(count)} /> }]);
  const view = render(<Stub initialEntries={["/"]} />);
  const track = screen.getByRole("group", { name: /Slides, mit Pfeiltasten/ });
  let scrollLeft = 0;
  Object.defineProperty(track, "clientWidth", { configurable: true, value: TRACK_WIDTH });
  Object.defineProperty(track, "scrollWidth", {
    configurable: true,
    value: 2 * PADDING + (count - 1) * STEP + SLIDE_WIDTH,
  });
  Object.defineProperty(track, "scrollLeft", {
    configurable: true,
    get: () => scrollLeft,
    set: (value: number) => {
      scrollLeft = value;
    },
  });
  Array.from(track.children).forEach((child, index) => {
    Object.defineProperty(child, "offsetLeft", { configurable: true, value: PADDING + index * STEP });
    Object.defineProperty(child, "offsetWidth", { configurable: true, value: SLIDE_WIDTH });
  });
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    scrollLeft = options.left ?? scrollLeft;
  });
  track.scrollTo = scrollTo as unknown as typeof track.scrollTo;
  return { ...view, track, scrollTo };
}

/** Where the row scrolls to centre slide `index`. */
const centred = (index: number) => PADDING + index * STEP + SLIDE_WIDTH / 2 - TRACK_WIDTH / 2;

function currentDot(): string | null {
  const dot = screen.getAllByRole("link").find((dot) => dot.getAttribute("aria-current") === "true");
  return dot?.getAttribute("aria-label") ?? null;
}

const wheel = (track: HTMLElement, deltaX: number, deltaY = 0) =>
  fireEvent.wheel(track, { deltaX, deltaY, deltaMode: 0 });

beforeEach(() => {
  mockMatchMedia();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("HeroCarousel", () => {
  it("renders slides 95% wide in a snapping row and marks the first dot current", () => {
    const { track } = renderCarousel(4);
    expect(track.children).toHaveLength(4);
    expect(track.className).toContain("track");
    expect(currentDot()).toBe("Slide 1 von 4");
    expect(screen.getAllByRole("link", { name: /von 4$/ })).toHaveLength(4);
  });

  it("only the first slide image is the eager, high-priority LCP image", () => {
    const { container } = renderCarousel(3);
    const images = container.querySelectorAll("img");
    expect(images[0]!.getAttribute("fetchpriority")).toBe("high");
    expect(images[0]!.getAttribute("loading")).not.toBe("lazy");
    // the other slides (a phone and a desktop image each) load near the viewport
    expect(images).toHaveLength(5);
    for (const image of [...images].slice(1)) expect(image.hasAttribute("data-lazy")).toBe(true);
  });

  it("a dot scrolls smoothly to its slide and becomes the current one", () => {
    const { scrollTo } = renderCarousel(4);
    fireEvent.click(screen.getByRole("link", { name: "Slide 3 von 4" }));
    expect(scrollTo).toHaveBeenCalledWith({ left: centred(2), behavior: "smooth" });
    expect(currentDot()).toBe("Slide 3 von 4");
  });

  it("jumps instantly under prefers-reduced-motion", () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    const { scrollTo } = renderCarousel(4);
    fireEvent.click(screen.getByRole("link", { name: "Slide 2 von 4" }));
    expect(scrollTo).toHaveBeenCalledWith({ left: centred(1), behavior: "auto" });
  });

  it("the dots follow the scroll position (touch and trackpad scrolling)", async () => {
    const { track } = renderCarousel(4);
    track.scrollLeft = centred(3);
    fireEvent.scroll(track);
    await waitFor(() => expect(currentDot()).toBe("Slide 4 von 4"));
    track.scrollLeft = centred(1) + 100;
    fireEvent.scroll(track);
    await waitFor(() => expect(currentDot()).toBe("Slide 2 von 4"));
  });

  it("a horizontal wheel movement over 150 px changes the slide by one", () => {
    const { track, scrollTo } = renderCarousel(4);
    const event = new WheelEvent("wheel", { deltaX: 80, cancelable: true, bubbles: true });
    act(() => {
      track.dispatchEvent(event);
    });
    // horizontal movement is taken over: no native scrolling on top
    expect(event.defaultPrevented).toBe(true);
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      wheel(track, 71); // 151 px in all
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(1), behavior: "smooth" });
    expect(currentDot()).toBe("Slide 2 von 4");
  });

  it("150 px or less changes nothing, and vertical wheel movement is left to the page", () => {
    const { track, scrollTo } = renderCarousel(4);
    act(() => {
      wheel(track, WHEEL_THRESHOLD_PX);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    const vertical = new WheelEvent("wheel", { deltaX: 10, deltaY: 400, cancelable: true, bubbles: true });
    act(() => {
      track.dispatchEvent(vertical);
    });
    expect(vertical.defaultPrevented).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(currentDot()).toBe("Slide 1 von 4");
  });

  it("ignores wheel input for 300 ms after a change", () => {
    vi.useFakeTimers();
    const { track, scrollTo } = renderCarousel(4);
    act(() => {
      wheel(track, 200);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => {
      wheel(track, 400);
      vi.advanceTimersByTime(WHEEL_PAUSE_MS - 1);
      wheel(track, 400);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(currentDot()).toBe("Slide 2 von 4");
    act(() => {
      vi.advanceTimersByTime(1);
      wheel(track, 200);
    });
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(2), behavior: "smooth" });
    expect(currentDot()).toBe("Slide 3 von 4");
  });

  it("swipes back with negative movement and stops at the ends", () => {
    vi.useFakeTimers();
    const { track, scrollTo } = renderCarousel(2);
    act(() => {
      wheel(track, 200);
      vi.advanceTimersByTime(WHEEL_PAUSE_MS);
      wheel(track, -200);
    });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(0), behavior: "smooth" });
    expect(currentDot()).toBe("Slide 1 von 2");
    act(() => {
      // the row arrives
      fireEvent(track, new Event("scrollend"));
      vi.advanceTimersByTime(WHEEL_PAUSE_MS);
      wheel(track, -200);
    });
    // already at the first: nothing to scroll
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(currentDot()).toBe("Slide 1 von 2");
  });

  it("is operable with the arrow keys when focused", () => {
    const { track, scrollTo } = renderCarousel(3);
    track.focus();
    expect(track.tabIndex).toBe(0);
    fireEvent.keyDown(track, { key: "ArrowRight" });
    expect(currentDot()).toBe("Slide 2 von 3");
    fireEvent.keyDown(track, { key: "ArrowRight" });
    fireEvent.keyDown(track, { key: "ArrowRight" });
    expect(currentDot()).toBe("Slide 3 von 3");
    fireEvent.keyDown(track, { key: "ArrowLeft" });
    expect(currentDot()).toBe("Slide 2 von 3");
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(1), behavior: "smooth" });
    expect(document.activeElement).toBe(track);
  });

  it("takes the focus along when a key on a slide's link moves the row", () => {
    const { track } = renderCarousel(3);
    const links = [...track.querySelectorAll("a")];
    links[0]!.focus();
    fireEvent.keyDown(links[0]!, { key: "ArrowRight" });
    expect([currentDot(), document.activeElement]).toEqual(["Slide 2 von 3", links[1]]);
  });

  it("keeps the spec's slide width and snapping in its stylesheet", () => {
    const css = readFileSync("app/components/hero-carousel/hero-carousel.module.css", "utf8");
    expect(css).toMatch(/\.track\s*{[^}]*scroll-snap-type: x mandatory/);
    expect(css).toMatch(/\.slide\s*{[^}]*flex: 0 0 95%/);
  });
});
