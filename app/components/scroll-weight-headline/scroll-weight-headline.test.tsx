import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockMatchMedia } from "~/test/browser-mocks";
import { ScrollWeightHeadline, STATIC_WEIGHT, weightForScroll } from "./scroll-weight-headline";

let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => {});
  window.scrollY = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.scrollY = 0;
});

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event("scroll"));
    for (const frame of frames.splice(0)) frame(0);
  });
}

const weight = () => screen.getByRole("heading", { level: 1 }).style.getPropertyValue("--headline-weight");

describe("weightForScroll", () => {
  it("is 100 up to 100 px, the scroll position up to 800 px, then 800", () => {
    expect([0, 100, 450, 800, 1200].map(weightForScroll)).toEqual([100, 100, 450, 800, 800]);
    expect([-50, 99.6, Number.NaN].map(weightForScroll)).toEqual([100, 100, 100]);
  });
});

describe("ScrollWeightHeadline", () => {
  it("renders the headline at weight 100 before any script runs", () => {
    mockMatchMedia(() => false);
    render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Hafenkino");
    expect(weight()).toBe("100");
  });

  it.each([
    [0, "100"],
    [100, "100"],
    [450, "450"],
    [800, "800"],
    [1200, "800"],
  ])("at scroll %i the weight is %s", (y, expected) => {
    mockMatchMedia(() => false);
    render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    scrollTo(y);
    expect(weight()).toBe(expected);
  });

  it("writes the weight once per frame however many scroll events arrive", () => {
    mockMatchMedia(() => false);
    render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    act(() => {
      for (const y of [200, 300, 400]) {
        window.scrollY = y;
        window.dispatchEvent(new Event("scroll"));
      }
    });
    expect(frames).toHaveLength(1);
    expect(weight()).toBe("100");
    act(() => frames.splice(0)[0]!(0));
    expect(weight()).toBe("400");
  });

  it("picks up a page that was already scrolled when it mounted", () => {
    mockMatchMedia(() => false);
    window.scrollY = 600;
    render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    expect(weight()).toBe("600");
  });

  it("keeps a static weight under reduced motion", () => {
    mockMatchMedia((query) => query.includes("prefers-reduced-motion"));
    render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    scrollTo(450);
    expect(weight()).toBe(String(STATIC_WEIGHT));
  });

  it("stops listening when it unmounts", () => {
    mockMatchMedia(() => false);
    const remove = vi.spyOn(window, "removeEventListener");
    const { unmount } = render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    unmount();
    expect(remove).toHaveBeenCalledWith("scroll", expect.any(Function));
  });
});
