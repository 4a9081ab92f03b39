import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockMatchMedia } from "~/test/browser-mocks";
import { WHEEL_PAUSE_MS, WHEEL_THRESHOLD_PX, slideForKey, start } from "./carousel";

const SLIDE_WIDTH = 950;
const ROW_WIDTH = 1000;

beforeEach(() => {
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
    callback(0);
    return 1;
  });
  vi.stubGlobal("cancelAnimationFrame", () => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A prerendered carousel of four 95 % slides in a 1000 px row, its layout and scrolling played here (jsdom has none). */
function carousel() {
  const slides = [1, 2, 3, 4]
    .map((number) => `<div id="hero-slide-${number}"><a href="/projects/${number}">slide ${number}</a></div>`)
    .join("");
  const dots = [1, 2, 3, 4].map((number) => `<a href="#hero-slide-${number}" data-carousel-dot=""></a>`).join("");
  document.body.innerHTML = `<section data-behaviour="carousel"><div data-carousel-track="" tabindex="0">${slides}</div><div>${dots}</div></section>`;
  const track = document.querySelector<HTMLElement>("[data-carousel-track]")!;
  let scrollLeft = 0;
  Object.defineProperty(track, "scrollLeft", { get: () => scrollLeft, configurable: true });
  Object.defineProperty(track, "clientWidth", { value: ROW_WIDTH, configurable: true });
  Object.defineProperty(track, "scrollWidth", { value: 4 * SLIDE_WIDTH, configurable: true });
  [...track.children].forEach((slide, index) => {
    Object.defineProperty(slide, "offsetLeft", { value: index * SLIDE_WIDTH });
    Object.defineProperty(slide, "offsetWidth", { value: SLIDE_WIDTH });
  });
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    scrollLeft = options.left ?? scrollLeft;
    track.dispatchEvent(new Event("scroll"));
  });
  track.scrollTo = scrollTo as unknown as typeof track.scrollTo;
  start(document);
  const dotLinks = [...document.querySelectorAll<HTMLAnchorElement>("[data-carousel-dot]")];
  return {
    track,
    scrollTo,
    dots: dotLinks,
    current: () => dotLinks.findIndex((dot) => dot.getAttribute("aria-current") === "true"),
    /** the scroll position that centres slide `index` */
    centred: (index: number) => Math.max(0, index * SLIDE_WIDTH + SLIDE_WIDTH / 2 - ROW_WIDTH / 2),
    swipe: (finger: () => void) => finger(),
    wheel: (deltaX: number, deltaY = 0) => {
      const event = new WheelEvent("wheel", { deltaX, deltaY, cancelable: true });
      track.dispatchEvent(event);
      return event.defaultPrevented;
    },
    scrollBy: (left: number) => {
      scrollLeft = left;
      track.dispatchEvent(new Event("scroll"));
    },
    /** A key pressed on `target` (the row); whether the carousel took it. */
    press: (key: string, target: HTMLElement = track, init: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    },
  };
}

describe("the hero carousel without React", () => {
  it("marks the first dot current and takes the dots from the CSS that drew them before", () => {
    mockMatchMedia(() => false);
    const row = carousel();
    expect(row.current()).toBe(0);
    expect(row.dots[0]!.parentElement!.hasAttribute("data-hydrated")).toBe(true);
  });

  it("moves its dot with the row, whatever scrolled it (a swipe, a trackpad)", () => {
    mockMatchMedia(() => false);
    const row = carousel();
    row.scrollBy(row.centred(2) + 100);
    expect(row.current()).toBe(2);
  });

  it("centres a dot's slide smoothly without following the link, at once under reduced motion", () => {
    let reduced = false;
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)" && reduced);
    const row = carousel();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    row.dots[2]!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(row.scrollTo).toHaveBeenLastCalledWith({ left: row.centred(2), behavior: "smooth" });
    expect(row.current()).toBe(2);
    reduced = true;
    row.dots[0]!.click();
    expect(row.scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: "auto" });
  });

  it("moves by the arrow keys, Home and End while focused, and stays within the slides", () => {
    mockMatchMedia(() => false);
    const row = carousel();
    expect(row.press("ArrowRight")).toBe(true);
    expect(row.current()).toBe(1);
    row.press("End");
    expect(row.current()).toBe(3);
    row.press("ArrowRight");
    expect(row.current()).toBe(3);
    row.press("Home");
    expect(row.current()).toBe(0);
    expect(row.press("a")).toBe(false);
    expect(slideForKey({ key: "ArrowLeft", altKey: false, ctrlKey: false, metaKey: false }, 0, 4)).toBe(-1);
  });

  it("goes on from the slide it is heading for while a smooth scroll runs, and follows the row again once there or taken", () => {
    mockMatchMedia(() => false);
    const row = carousel();
    // a smooth scroll: the row moves in steps after the call
    row.track.scrollTo = vi.fn() as unknown as typeof row.track.scrollTo;
    row.press("ArrowRight");
    row.scrollBy(row.centred(0) + 100);
    expect(row.current(), "on its way, the dot stays on the target").toBe(1);
    row.press("ArrowRight");
    expect(row.current()).toBe(2);
    row.scrollBy(row.centred(2));
    row.scrollBy(row.centred(1));
    expect(row.current(), "arrived: the row's position again").toBe(1);
    row.press("End");
    row.track.dispatchEvent(new Event("pointerdown"));
    row.scrollBy(row.centred(1) + 10);
    expect(row.current(), "taken by the visitor").toBe(1);
    row.press("Home");
    row.track.dispatchEvent(new Event("scrollend"));
    expect(row.current(), "its scrolling ended short of the target").toBe(1);
  });

  it("leaves no heading behind for a key that finds the row already there, and still stops a scroll not yet begun", () => {
    mockMatchMedia(() => false);
    const row = carousel();
    row.track.scrollTo = vi.fn() as unknown as typeof row.track.scrollTo;
    row.press("Home");
    expect(row.track.scrollTo).not.toHaveBeenCalled();
    row.scrollBy(row.centred(2));
    expect(row.current(), "a trackpad's scroll, with no scrollend to follow").toBe(2);
    row.scrollBy(4 * SLIDE_WIDTH - ROW_WIDTH);
    row.press("End");
    row.scrollBy(row.centred(1));
    expect(row.current(), "End on the last slide, which the row cannot centre").toBe(1);
    row.press("ArrowRight");
    row.press("ArrowLeft");
    expect(row.track.scrollTo).toHaveBeenLastCalledWith({ left: row.centred(1), behavior: "smooth" });
    expect(row.current()).toBe(1);
  });

  it("takes the focus along from a slide's link, keeps it on the row, and leaves keys held with Alt to the browser", () => {
    mockMatchMedia(() => false);
    const row = carousel();
    const link = (index: number) => row.track.children[index]!.querySelector("a")!;
    link(0).focus();
    row.press("ArrowRight", link(0));
    expect([row.current(), document.activeElement]).toEqual([1, link(1)]);
    row.press("ArrowRight", link(1));
    row.press("End", link(2));
    row.press("ArrowRight", link(3));
    expect([row.current(), document.activeElement]).toEqual([3, link(3)]);
    row.track.focus();
    row.press("Home", row.track);
    expect([row.current(), document.activeElement]).toEqual([0, row.track]);
    // Alt+ArrowLeft is Back
    expect(row.press("ArrowRight", row.track, { altKey: true })).toBe(false);
    expect(row.current()).toBe(0);
    // a slide whose story has no link is shown as a block: the focus goes to the row, not stays behind
    link(1).replaceWith(Object.assign(document.createElement("div"), { textContent: "slide 2" }));
    link(0).focus();
    row.press("ArrowRight", link(0));
    expect([row.current(), document.activeElement]).toEqual([1, row.track]);
  });

  it("changes the slide after more than 150 px of horizontal wheel movement, then ignores the wheel for 300 ms", () => {
    mockMatchMedia(() => false);
    vi.useFakeTimers();
    const row = carousel();
    expect(row.wheel(WHEEL_THRESHOLD_PX)).toBe(true);
    expect(row.current()).toBe(0);
    row.wheel(1);
    expect(row.current()).toBe(1);
    row.wheel(WHEEL_THRESHOLD_PX + 1);
    expect(row.current(), "paused").toBe(1);
    vi.advanceTimersByTime(WHEEL_PAUSE_MS);
    row.wheel(-(WHEEL_THRESHOLD_PX + 1));
    expect(row.current()).toBe(0);
    // vertical movement is the page's
    expect(row.wheel(10, 40)).toBe(false);
  });
});
