import { readFileSync } from "node:fs";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArticleListEntry } from "~/content/article-index";
import { ArticleIndexList } from "./article-index-list";

const entry = (slug: string, fields: Partial<ArticleListEntry> = {}): ArticleListEntry => ({
  storyId: null,
  uuid: `uuid-${slug}`,
  name: slug.toUpperCase(),
  slug,
  img: `https://a.storyblok.com/f/287401/1600x1000/abc/${slug}.webp`,
  alt: `${slug} header`,
  tags: ["Poster", "Branding"],
  error: false,
  ...fields,
});

function renderList(articles: ArticleListEntry[]) {
  const Stub = createRoutesStub([{ path: "/index", Component: () => <ArticleIndexList articles={articles} /> }]);
  return render(<Stub initialEntries={["/index"]} />);
}

describe("ArticleIndexList", () => {
  it("links each row to /articles/{slug} with its name and its tags joined by commas", () => {
    renderList([entry("kiezkarte"), entry("hafenkino", { tags: ["Branding"] })]);
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/articles/kiezkarte", "/articles/hafenkino"]);
    expect(links[0]!.textContent).toContain("KIEZKARTE");
    expect(links.map((link) => link.querySelector(".tags")?.textContent)).toEqual(["Poster, Branding", "Branding"]);
  });

  it("keeps the given order", () => {
    renderList([entry("b"), entry("a"), entry("c")]);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/articles/b",
      "/articles/a",
      "/articles/c",
    ]);
  });

  it("carries a ~600 px hover image of the article's header, one natively lazy <picture> a row", () => {
    const { container } = renderList([entry("kiezkarte")]);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("srcset")).toContain(
      "https://a.storyblok.com/f/287401/1600x1000/abc/kiezkarte.webp/m/600x0/filters:quality(70):format(webp) 600w",
    );
    // no placeholder for a loader and no <noscript> copy: CSS shows it on hover, and only then is it fetched
    expect(img.hasAttribute("data-lazy")).toBe(false);
    expect(container.querySelectorAll("img, noscript")).toHaveLength(1);
    expect(img.getAttribute("alt")).toBe("kiezkarte header");
    // decorative next to the row's name: screen readers hear the name once
    expect(img.closest("[aria-hidden='true']")).not.toBeNull();
  });

  it("leaves out the image and the tags when an article has none", () => {
    const { container } = renderList([entry("plain", { img: "", tags: [] })]);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("link").textContent).toBe("PLAIN");
  });

  it("hides the tags on phones and shows the preview only on hover or focus", () => {
    const css = readFileSync("app/components/article-index-list/article-index-list.module.css", "utf8");
    expect(css).toMatch(/@media \(max-width: 768px\)\s*{\s*\.tags,/);
    expect(css).toMatch(/\.preview\s*{\s*display: none;/);
    expect(css).toMatch(/\.row:hover \.preview,\s*\.row:focus-visible \.preview\s*{\s*display: block;/);
  });
});
