import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectAttributes, renderInRouter } from "~/test/render-in-router";
import { ArticleHero } from "./article-hero";

describe("ArticleHero", () => {
  it("is the page's priority image: sized, eager, fetchpriority high, with webp renditions", () => {
    renderInRouter(
      <ArticleHero
        image={{
          src: "https://a.storyblok.com/f/287401/1600x1000/abc/hero.webp",
          alt: "Key visual",
          width: 1600,
          height: 1000,
        }}
      />,
    );
    const image = screen.getByRole("img", { name: "Key visual" });
    expectAttributes(image, { fetchpriority: "high", loading: "eager", width: "1600", height: "1000", sizes: "100vw" });
    const srcset = image.getAttribute("srcset")!;
    expect(srcset).toContain("/m/640x0/filters:quality(75):format(webp) 640w");
    expect(srcset).toContain("/m/800x0/filters:quality(75):format(webp) 800w");
    expect(srcset).toContain("1600w");
    expect(srcset).not.toContain("1920w");
    expect(image.className).toBe("image");
    // no view transition runs: the image has no transition name and fades in
    expect(image.hasAttribute("data-view-transition")).toBe(false);
    expect(image.hasAttribute("data-arrived")).toBe(false);
  });

  it("renders nothing without an image", () => {
    const { container } = renderInRouter(<ArticleHero image={null} />);
    expect(container.innerHTML).toBe("");
  });
});
