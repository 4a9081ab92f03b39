import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockMatchMedia } from "~/test/browser-mocks";
import * as component from "~/components/scroll-weight-headline/scroll-weight-headline";
import { MAX_WEIGHT, MIN_WEIGHT, STATIC_WEIGHT, followScroll, start, weightForScroll } from "./headline-weight";

let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => {});
  window.scrollY = 0;
  document.body.innerHTML = '<h1 data-behaviour="headline-weight" style="--headline-weight: 100">Atlas</h1>';
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.scrollY = 0;
  document.body.innerHTML = "";
});

const headline = () => document.querySelector("h1")!;
const weight = () => headline().style.getPropertyValue("--headline-weight");

function scrollTo(y: number) {
  window.scrollY = y;
  window.dispatchEvent(new Event("scroll"));
  for (const frame of frames.splice(0)) frame(0);
}

describe("headline weight without React", () => {
  it("holds SPEC 9's range as the component does", () => {
    expect([MIN_WEIGHT, MAX_WEIGHT, STATIC_WEIGHT]).toEqual([
      component.MIN_WEIGHT,
      component.MAX_WEIGHT,
      component.STATIC_WEIGHT,
    ]);
    for (const y of [-5, 0, 99, 100, 450.4, 800, 2000, Number.NaN]) {
      expect(weightForScroll(y)).toBe(component.weightForScroll(y));
    }
  });

  it("follows the scroll position once a frame, from the marked headline on", () => {
    mockMatchMedia(() => false);
    start(document);
    expect(weight()).toBe("100");
    // two scroll events within a frame: one write, at the frame
    window.scrollY = 300;
    window.dispatchEvent(new Event("scroll"));
    window.scrollY = 450;
    window.dispatchEvent(new Event("scroll"));
    expect([weight(), frames.length]).toEqual(["100", 1]);
    for (const frame of frames.splice(0)) frame(0);
    expect(weight()).toBe("450");
    scrollTo(5000);
    expect(weight()).toBe("800");
  });

  it("stays at the static weight under reduced motion, and follows a change of the setting", () => {
    let reduced = true;
    const media = mockMatchMedia(() => reduced);
    const stop = followScroll(headline());
    scrollTo(450);
    expect(weight()).toBe(String(STATIC_WEIGHT));
    reduced = false;
    media.notifyChange();
    for (const frame of frames.splice(0)) frame(0);
    expect(weight()).toBe("450");
    stop();
    scrollTo(700);
    expect(weight()).toBe("450");
  });
});
