import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseGallery } from "~/content/home";
import { Gallery } from "./gallery";

function prerender(count: number): Document {
  const list = parseGallery({
    ImageData: Array.from({ length: count }, (_, n) => ({
      _uid: `item-${n}`,
      component: "gallery_item",
      Image: { filename: `https://a.storyblok.com/f/287401/900x1200/abc/item-${n}.jpg`, alt: `Item ${n}` },
      Name: `Item ${n}`,
      Tags: n % 2 === 0 ? ["Poster"] : ["Type font", "Sound"],
      link: { linktype: "story", cached_url: `articles/item-${n}` },
    })),
  }).items;
  const Stub = createRoutesStub([{ path: "/", Component: () => <Gallery items={list} selectedTags={[]} /> }]);
  return new DOMParser().parseFromString(renderToString(<Stub initialEntries={["/"]} />), "text/html");
}

describe("Gallery before hydration", () => {
  it("prerenders every tile with its tags, so that a pill checked before hydration can show any of them", () => {
    const page = prerender(14);
    const tiles = Array.from(page.querySelectorAll("ul > li"));
    expect(tiles).toHaveLength(14);
    expect(tiles.slice(0, 2).map((tile) => tile.getAttribute("data-tags"))).toEqual(["Poster", "Type%20font Sound"]);
    // the stagger starts again with each page of six
    expect(tiles.map((tile) => (tile as HTMLElement).style.getPropertyValue("--i")).slice(5, 8)).toEqual([
      "5",
      "0",
      "1",
    ]);
    expect(page.querySelector("ul")!.hasAttribute("data-hydrated")).toBe(false);
  });

  it("links to all its tiles for a page without scripts, where it has more than a page", () => {
    // a parsed document runs no scripts: its <noscript> holds elements
    const link = prerender(14).querySelector("section > noscript > a")!;
    expect(link.getAttribute("href")).toBe("#alle-projekte");
    expect(link.textContent).toBe("Alle Projekte zeigen");
    expect(prerender(14).querySelector("ul")!.id).toBe("alle-projekte");
    expect(prerender(6).querySelector("section > noscript")).toBeNull();
    const css = prerender(14).querySelector("div[hidden] > style")!.textContent!;
    // every tile shows while the list is the fragment
    expect(css).toContain(":not(#alle-projekte:target *)");
    // the link hides once followed: a selector that matches it (one class name would not, it has two)
    expect(css).toContain('* a[href="#alle-projekte"]:is(#alle-projekte:target ~ * *){display:none}');
  });

  it("carries the rules that show the first page of six of the checked tags", () => {
    const css = prerender(14).querySelector("div[hidden] > style")!.textContent!;
    expect(css).toContain(":nth-child(n+7)");
    expect(css).toContain('[value="Type font"]:checked');
    expect(css).toContain('li[data-tags~="Type%20font"]');
  });
});
