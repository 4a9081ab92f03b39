import { renderToString } from "react-dom/server";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Asset } from "~/content/schema/values";
import { mockMatchMedia } from "~/test/browser-mocks";
import { expectAttributes, renderInRouter } from "~/test/render-in-router";
import { HeroMedia } from "./hero-media";
import { fetchableSrcset } from "~/test/fetchable-srcset";

const asset = (filename: string, alt = "", focus = ""): Asset => ({
  filename,
  alt,
  name: "",
  title: "",
  focus,
  copyright: "",
});
const DESKTOP = asset("https://a.storyblok.com/f/287401/1600x900/2a28ff986d/desk.webp", "Desktop motif");
const PHONE = asset("https://a.storyblok.com/f/287401/750x1100/956581dfc7/phone.webp", "Phone motif");
const DESKTOP_VIDEO = asset("https://a.storyblok.com/f/287401/640x360/76b5c3bebc/loop-desktop.mp4", "Loop");
const PHONE_VIDEO = asset("https://a.storyblok.com/f/287401/360x528/277c512b81/loop-phone.mp4", "Loop hochkant");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("HeroMedia", () => {
  it("renders images as a <picture>: avif for phones at 768 px and narrower, then for wider screens", () => {
    mockMatchMedia();
    const { container } = render(<HeroMedia desktop={DESKTOP} phone={PHONE} priority sizes="100vw" />);
    const picture = container.querySelector("picture")!;
    const sources = [...picture.querySelectorAll("source")];
    expect(sources.map((source) => [source.getAttribute("media"), source.getAttribute("type")])).toEqual([
      ["(max-width: 768px)", "image/avif"],
      ["(max-width: 768px)", "image/webp"],
      [null, "image/avif"],
    ]);
    const [phoneAvif, phoneWebp, desktopAvif] = sources.map((source) => source.getAttribute("srcset")!);
    expect(phoneAvif).toContain("phone.webp/m/480x0/filters:quality(55):format(avif) 480w");
    expect(phoneWebp).toContain("phone.webp/m/480x0/filters:quality(75):format(webp) 480w");
    expect(desktopAvif).toContain("desk.webp/m/1280x0/filters:quality(55):format(avif) 1280w");
    expect(`${phoneAvif}${phoneWebp}`).not.toContain("desk.webp");
    expect(sources.map((source) => source.getAttribute("sizes"))).toEqual(["100vw", "100vw", "100vw"]);
    expect([sources[0]!.getAttribute("width"), sources[0]!.getAttribute("height")]).toEqual(["750", "1100"]);
    // the img comes last, with today's webp renditions for a browser that takes no source
    const img = picture.lastElementChild!;
    expect(img.tagName).toBe("IMG");
    expect(img.getAttribute("src")).toBe(`${DESKTOP.filename}/m/1600x0/filters:quality(75):format(webp)`);
    expect(img.getAttribute("srcset")).toContain("desk.webp/m/1280x0/filters:quality(75):format(webp) 1280w");
    expectAttributes(img, { alt: "Desktop motif", width: "1600", height: "900" });
    expect(container.querySelector("video")).toBeNull();
  });

  it("preloads the LCP picture's avif files only, typed, each for its screens only", () => {
    mockMatchMedia();
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    // those of earlier tests
    for (const link of preloads()) link.remove();
    render(<HeroMedia desktop={DESKTOP} phone={PHONE} priority={false} sizes="95vw" />);
    expect(preloads()).toEqual([]);
    const { container } = render(<HeroMedia desktop={DESKTOP} phone={PHONE} priority sizes="95vw" />);
    const [phone, desktop] = preloads();
    expect(preloads()).toHaveLength(2);
    // a browser without avif skips a preload of that type: none fetches a file its <picture> does not show
    expect([phone!.getAttribute("type"), desktop!.getAttribute("type")]).toEqual(["image/avif", "image/avif"]);
    expect(phone!.getAttribute("media")).toBe("(max-width: 768px)");
    expect(phone!.getAttribute("imagesizes")).toBe("95vw");
    expect(phone!.getAttribute("fetchpriority")).toBe("high");
    expect(desktop!.getAttribute("media")).toBe("not all and (max-width: 768px)");
    expect(desktop!.getAttribute("fetchpriority")).toBe("high");
    // the same srcsets as the <picture>'s avif sources, so the preloaded file is the one it shows
    const avif = [...container.querySelectorAll('picture > source[type="image/avif"]')];
    expect(phone!.getAttribute("imagesrcset")).toBe(avif[0]!.getAttribute("srcset"));
    expect(desktop!.getAttribute("imagesrcset")).toBe(avif[1]!.getAttribute("srcset"));
    expect(phone!.getAttribute("imagesrcset")).toContain("phone.webp/m/480x0/filters:quality(55):format(avif)");
    expect(desktop!.getAttribute("imagesrcset")).toContain("desk.webp/m/1280x0/filters:quality(55):format(avif)");
    for (const link of preloads()) link.remove();
  });

  it("gives the LCP image a high fetch priority and no lazy loading; other slides load lazily", () => {
    mockMatchMedia();
    const first = render(<HeroMedia desktop={DESKTOP} phone={PHONE} priority sizes="95vw" />);
    const lcp = first.container.querySelector("img")!;
    expect(lcp.getAttribute("fetchpriority")).toBe("high");
    expect(lcp.getAttribute("loading")).not.toBe("lazy");
    first.unmount();

    // another slide: one picture per kind of screen (CSS shows one), each fetched only near the viewport
    const later = render(<HeroMedia desktop={DESKTOP} phone={PHONE} priority={false} sizes="95vw" />);
    const [phone, desktop] = [...later.container.querySelectorAll("img")];
    expect(phone!.getAttribute("data-srcset")).toContain("phone.webp/m/480x0");
    expect(desktop!.getAttribute("data-srcset")).toContain("desk.webp/m/768x0");
    for (const lazy of [phone!, desktop!]) {
      expect(lazy.hasAttribute("data-lazy")).toBe(true);
      expect(fetchableSrcset(lazy)).toEqual([]);
      expect(lazy.getAttribute("fetchpriority")).toBeNull();
      const sources = [...lazy.parentElement!.querySelectorAll("source")];
      expect(lazy.parentElement!.tagName).toBe("PICTURE");
      expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif"]);
      // nothing a browser could fetch before the loader fills them
      expect(sources.flatMap(fetchableSrcset)).toEqual([]);
      expect(sources.some((source) => source.hasAttribute("media"))).toBe(false);
      expect(sources[0]!.getAttribute("data-srcset")).toMatch(/\/filters:quality\(55\):format\(avif\) \d+w, /);
    }
    expect(phone!.parentElement!.querySelector("source")!.getAttribute("data-srcset")).toContain("phone.webp");
  });

  it("crops each file around its own focal point: the LCP image by a custom property per kind of screen", () => {
    mockMatchMedia();
    const desktop = { ...DESKTOP, focus: "160x450:160x450" };
    const phone = { ...PHONE, focus: "675x110:675x110" };
    const first = render(<HeroMedia desktop={desktop} phone={phone} priority sizes="100vw" />);
    const lcp = first.container.querySelector("img")!;
    expect(lcp.style.getPropertyValue("--desktop-focus")).toBe("10% 50%");
    expect(lcp.style.getPropertyValue("--phone-focus")).toBe("90% 10%");
    first.unmount();
    const later = render(<HeroMedia desktop={desktop} phone={phone} priority={false} sizes="100vw" />);
    const [phoneImage, desktopImage] = [...later.container.querySelectorAll("img")];
    expect([phoneImage!.style.objectPosition, desktopImage!.style.objectPosition]).toEqual(["90% 10%", "10% 50%"]);
  });

  it("marks the asset's own alt text German on the English page (asset texts are untranslated), not the fallback", () => {
    mockMatchMedia();
    const imgOf = (desktop: Asset, path: string) =>
      renderInRouter(
        <HeroMedia desktop={desktop} phone={PHONE} priority sizes="100vw" />,
        path,
      ).container.querySelector("img")!;
    expect(imgOf(DESKTOP, "/en").getAttribute("lang")).toBe("de");
    expect(imgOf(DESKTOP, "/").hasAttribute("lang")).toBe(false);
    expect(imgOf(asset(DESKTOP.filename), "/en").hasAttribute("lang")).toBe(false);
  });

  it("plays .mp4 files as muted, looping, autoplaying inline video", () => {
    mockMatchMedia();
    const { container } = render(
      <HeroMedia desktop={DESKTOP_VIDEO} phone={PHONE_VIDEO} priority={false} sizes="100vw" />,
    );
    const video = container.querySelector("video")!;
    expect(video).not.toBeNull();
    expect(video.querySelector("source:last-child")!.getAttribute("src")).toBe(`${DESKTOP_VIDEO.filename}#t=0.001`);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[role='img']")?.getAttribute("aria-label")).toBe("Loop");
  });

  it("offers the phone video to windows 768 px wide or narrower by <source media>, in the prerendered HTML too", () => {
    const html = renderToString(
      <HeroMedia desktop={DESKTOP_VIDEO} phone={PHONE_VIDEO} priority={false} sizes="100vw" />,
    );
    const page = document.createElement("div");
    page.innerHTML = html;
    const sources = Array.from(page.querySelectorAll("video > source"), (source) => [
      source.getAttribute("src"),
      source.getAttribute("media"),
      source.getAttribute("type"),
    ]);
    expect(sources).toEqual([
      [`${PHONE_VIDEO.filename}#t=0.001`, "(max-width: 768px)", "video/mp4"],
      [`${DESKTOP_VIDEO.filename}#t=0.001`, null, "video/mp4"],
    ]);
  });

  it("keeps one video element when the window crosses 768 px, and names it after the file shown", () => {
    let phone = false;
    const media = mockMatchMedia((query) => query === "(max-width: 768px)" && phone);
    const { container } = render(
      <HeroMedia desktop={DESKTOP_VIDEO} phone={PHONE_VIDEO} priority={false} sizes="100vw" />,
    );
    const video = container.querySelector("video");
    const label = () => container.querySelector("[role='img']")!.getAttribute("aria-label");
    expect(label()).toBe(DESKTOP_VIDEO.alt);
    phone = true;
    act(() => media.notifyChange());
    expect(container.querySelector("video")).toBe(video);
    expect(label()).toBe(PHONE_VIDEO.alt);
  });

  it("reserves each file's shape on its kind of screen", () => {
    mockMatchMedia();
    const { container } = render(
      <HeroMedia desktop={DESKTOP_VIDEO} phone={PHONE_VIDEO} priority={false} sizes="100vw" />,
    );
    const frame = container.querySelector<HTMLElement>("[role='img']")!;
    const [desktop, phone] = [DESKTOP_VIDEO, PHONE_VIDEO].map((each) =>
      each.filename.split("/")[5]!.replace("x", " / "),
    );
    expect(frame.style.getPropertyValue("--desktop-ratio")).toBe(desktop);
    expect(frame.style.getPropertyValue("--phone-ratio")).toBe(phone);
  });

  it("shows anything that is not .mp4 as an image, even on phones", () => {
    mockMatchMedia((query) => query === "(max-width: 768px)");
    const gif = asset("https://a.storyblok.com/f/287401/600x600/b00cd88bb8/map.gif", "Karte");
    const { container } = render(<HeroMedia desktop={gif} phone={PHONE_VIDEO} priority={false} sizes="100vw" />);
    // phone file is a video: on phones the video plays
    expect(container.querySelector("video > source")!.getAttribute("src")).toBe(`${PHONE_VIDEO.filename}#t=0.001`);
    const desktopOnly = render(<HeroMedia desktop={gif} phone={gif} priority={false} sizes="100vw" />);
    expect(desktopOnly.container.querySelector("video")).toBeNull();
    expect(desktopOnly.container.querySelector("img")!.getAttribute("data-srcset")).toBe(gif.filename);
  });

  it("falls back to 'no information' when the asset has no alt text", () => {
    mockMatchMedia();
    const { container } = render(
      <HeroMedia desktop={asset(DESKTOP.filename)} phone={asset(PHONE.filename)} priority sizes="100vw" />,
    );
    expect(container.querySelector("img")!.getAttribute("alt")).toBe("no information");
  });
});
