import { readFileSync } from "node:fs";
import path from "node:path";
import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FooterView } from "~/content/layout";
import { mockIntersectionObserver } from "~/test/browser-mocks";
import { uiText } from "~/ui-text";
import { WAVE_ROOT_MARGIN } from "~/behaviours/footer-wave";
import { Footer } from "./footer";

const footer: FooterView = {
  storyId: 12,
  editable: { "data-blok-c": "{}", "data-blok-uid": "12-f1" },
  text: "Studio für Gestaltung\nBerlin",
  imprint: { href: "/imprint", label: "Impressum", internal: true, newTab: false },
  email: { href: "mailto:hallo@halbton.example", label: "hallo@halbton.example", internal: false, newTab: false },
  social: {
    href: "https://instagram.com/halbton",
    label: "Instagram",
    internal: false,
    newTab: true,
    icon: { src: "http://cdn.test/f/1/32x32/a/instagram.svg", alt: "Instagram", width: 32, height: 32 },
  },
  copyright: "© 2025 Studio Halbton",
  logoBig: "Halbton",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFooter(path: string, blok: FooterView | null = footer) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <Footer blok={blok} /> }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("Footer", () => {
  it("shows the text block and the copyright", () => {
    const { container } = renderFooter("/");
    expect(container.textContent).toContain("Studio für Gestaltung\nBerlin");
    expect(screen.getByText("© 2025 Studio Halbton").className).toBe("copyright");
  });

  it("links the imprint inside the site and the contact address by mail", () => {
    renderFooter("/");
    expect(screen.getByRole("link", { name: "Impressum" }).getAttribute("href")).toBe("/imprint");
    const mail = screen.getByRole("link", { name: "hallo@halbton.example" });
    expect(mail.getAttribute("href")).toBe("mailto:hallo@halbton.example");
    expect(mail.getAttribute("target")).toBeNull();
  });

  it("opens the social link in a new tab, safely, with an accessible name", () => {
    renderFooter("/");
    const social = screen.getByRole("link", { name: `Instagram (${uiText.de.opensInNewTab})` });
    expect(social.getAttribute("href")).toBe("https://instagram.com/halbton");
    expect(social.getAttribute("target")).toBe("_blank");
    expect(social.getAttribute("rel")).toBe("noopener noreferrer");
    const icon = social.querySelector("img");
    expect(icon?.getAttribute("data-srcset")).toBe("http://cdn.test/f/1/32x32/a/instagram.svg");
    expect(icon?.getAttribute("alt")).toBe("");
  });

  it("reads the big logo word once and staggers its letters by 150 ms", () => {
    renderFooter("/");
    const word = screen.getByRole("img", { name: "Halbton" });
    const letters = Array.from(word.children) as HTMLElement[];
    expect(letters.map((letter) => letter.textContent)).toEqual(["H", "a", "l", "b", "t", "o", "n"]);
    letters.forEach((letter, index) => {
      expect(letter.getAttribute("aria-hidden")).toBe("true");
      expect(letter.style.getPropertyValue("--i")).toBe(String(index));
    });
  });

  it("animates each letter's weight 300 -> 500 -> 300 over 6 s, 150 ms apart, and not with reduced motion", () => {
    // jsdom computes no styles: read the rule itself
    const css = readFileSync(path.resolve("app/bloks/footer/footer.module.css"), "utf8").replace(/\s+/g, " ");
    expect(css).toMatch(/animation: weight-wave 6s [^;]*infinite;/);
    expect(css).toContain("animation-delay: calc(var(--i) * 150ms);");
    expect(css).toMatch(/@keyframes weight-wave \{ 0%, 100% \{ font-weight: 300; \} 50% \{ font-weight: 500; \} \}/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{ \.glyph \{ animation: none; \} \}/);
  });

  it("runs the wave only while the word is in or near the viewport", () => {
    const io = mockIntersectionObserver();
    renderFooter("/");
    const word = screen.getByRole("img", { name: "Halbton" });
    // until the first observation (and in the prerendered HTML) the stylesheet keeps the word still
    expect(word.getAttribute("data-wave")).toBeNull();
    const [observer] = io.observing(word);
    expect(observer?.options?.rootMargin).toBe(WAVE_ROOT_MARGIN);

    act(() => observer!.trigger(true));
    expect(word.getAttribute("data-wave")).toBe("running");
    act(() => observer!.trigger(false));
    expect(word.getAttribute("data-wave")).toBe("paused");
    act(() => observer!.trigger(true));
    expect(word.getAttribute("data-wave")).toBe("running");
  });

  it("stops observing when the footer goes away", () => {
    const io = mockIntersectionObserver();
    const { unmount } = renderFooter("/");
    expect(io.observing(screen.getByRole("img", { name: "Halbton" }))).toHaveLength(1);
    unmount();
    expect(io.observers.length).toBeGreaterThan(0);
    expect(io.observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it("waves all the time where there is no IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    renderFooter("/");
    expect(screen.getByRole("img", { name: "Halbton" }).getAttribute("data-wave")).toBe("running");
  });

  it("pauses the letters' animation unless the word is marked running", () => {
    // jsdom computes no styles: read the rules themselves
    const css = readFileSync(path.resolve("app/bloks/footer/footer.module.css"), "utf8").replace(/\s+/g, " ");
    const glyph = /\.glyph \{([^}]*)\}/.exec(css)?.[1] ?? "";
    // the play state comes after the shorthand, which would reset it
    expect(glyph).toMatch(/animation: weight-wave [^;]*;.*animation-play-state: paused;/);
    expect(css).toMatch(/\.logoBig\[data-wave="running"\] \.glyph \{ animation-play-state: running; \}/);
  });

  it("carries the visual editor attributes", () => {
    const { container } = renderFooter("/");
    expect(container.querySelector("footer")?.getAttribute("data-blok-uid")).toBe("12-f1");
  });

  it("shows 'Loading content ...' while there is no content", () => {
    renderFooter("/", null);
    expect(screen.getByRole("status").textContent).toBe("Loading content ...");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("has a pink background on /about only", () => {
    const about = renderFooter("/about");
    expect(about.container.querySelector("footer")?.getAttribute("data-variant")).toBe("pink");
    about.unmount();
    const home = renderFooter("/");
    expect(home.container.querySelector("footer")?.getAttribute("data-variant")).toBe("default");
  });

  it("leaves out what the content does not have", () => {
    renderFooter("/", { ...footer, email: null, social: null, logoBig: "", text: "", copyright: "" });
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0]!.textContent).toBe("Impressum");
    expect(screen.queryByRole("img")).toBeNull();
  });
});
