import { afterEach, describe, expect, it, vi } from "vitest";
import { mockMatchMedia } from "~/test/browser-mocks";
import { start } from "./hero-media";
import { PHONE_QUERY } from "./media-queries";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("a home hero's media by the window's width without React", () => {
  it("shows the phone's box at 768 px and narrower, the desktop's above, and follows the window", () => {
    let phone = true;
    const media = mockMatchMedia((query) => query === PHONE_QUERY && phone);
    document.body.innerHTML = [
      '<span data-behaviour="hero-media"><span data-hero-screen="desktop"><video></video></span>',
      '<span data-hero-screen="phone" hidden><img alt="hochkant"></span></span>',
    ].join("");
    start(document);
    const box = (screen: string) => document.querySelector<HTMLElement>(`[data-hero-screen="${screen}"]`)!;
    expect([box("desktop").hidden, box("phone").hidden]).toEqual([true, false]);
    phone = false;
    media.notifyChange();
    expect([box("desktop").hidden, box("phone").hidden]).toEqual([false, true]);
  });

  it("names a video's frame after the file the window shows", () => {
    let phone = false;
    const media = mockMatchMedia((query) => query === PHONE_QUERY && phone);
    document.body.innerHTML =
      '<span role="img" aria-label="Quer" data-behaviour="hero-media" data-phone-label="Hochkant" data-desktop-label="Quer"><video></video></span>';
    start(document);
    const frame = document.querySelector("[role='img']")!;
    expect(frame.getAttribute("aria-label")).toBe("Quer");
    phone = true;
    media.notifyChange();
    expect(frame.getAttribute("aria-label")).toBe("Hochkant");
  });
});
