import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseHero, type HeroContent } from "~/content/home";
import { renderInRouter, withMatchMedia } from "~/test/render-in-router";
import { Hero } from "./hero";

const slide = (name: string, file = `${name}.webp`) => ({
  _uid: `uid-${name}`,
  component: "slide",
  Image: { filename: `https://a.storyblok.com/f/287401/1600x900/aaaa/${file}`, alt: `${name} desktop` },
  PhoneSize: { filename: `https://a.storyblok.com/f/287401/750x1100/bbbb/${name}-phone.webp`, alt: `${name} phone` },
  link: { linktype: "story", cached_url: `articles/${name}` },
});

const renderHero = (hero: HeroContent) => renderInRouter(<Hero hero={hero} />);

withMatchMedia();

describe("Hero", () => {
  it("with the carousel flag off shows the first Image slide alone, linking to its target", () => {
    const hero = parseHero({
      CaruselYN: false,
      Image: [slide("single"), slide("ignored")],
      Photo: [slide("a"), slide("b")],
    });
    const { container } = renderHero(hero);
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe("/articles/single");
    expect(links[0]!.querySelector("img")?.getAttribute("alt")).toBe("single desktop");
    expect(screen.queryByRole("link", { name: /^Slide / })).toBeNull();
    expect(container.querySelectorAll("img")).toHaveLength(1);
  });

  it("with the flag on shows every Photo slide and a dot per slide", () => {
    const hero = parseHero({ CaruselYN: true, Image: [slide("single")], Photo: [slide("a"), slide("b"), slide("c")] });
    renderHero(hero);
    const dots = screen.getAllByRole("link", { name: /^Slide \d von 3$/ });
    expect(dots.map((dot) => dot.getAttribute("href"))).toEqual(["#hero-slide-1", "#hero-slide-2", "#hero-slide-3"]);
    const slideLinks = screen.getAllByRole("link").filter((link) => !dots.includes(link));
    expect(slideLinks.map((link) => link.getAttribute("href"))).toEqual(["/articles/a", "/articles/b", "/articles/c"]);
    expect(screen.getByRole("region", { name: "Ausgewählte Projekte" }).getAttribute("aria-roledescription")).toBe(
      "carousel",
    );
  });

  it("shows 'Laden...' until there is content", () => {
    renderHero(parseHero(undefined));
    expect(screen.getByRole("status").textContent).toBe("Laden...");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("falls back to the single hero when the carousel is on but has no slides", () => {
    renderHero(parseHero({ CaruselYN: true, Photo: "nope", Image: [slide("single")] }));
    expect(screen.getByRole("link").getAttribute("href")).toBe("/articles/single");
  });
});
