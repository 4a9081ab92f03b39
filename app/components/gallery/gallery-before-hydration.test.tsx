import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseGallery } from "~/content/home";
import { hiddenByRules } from "~/test/hidden-by-rules";
import { Gallery } from "./gallery";

/**
 * The gallery of `count` tiles prerendered (even ones tagged Poster, odd ones "Type font" and Sound), in a
 * home-like page: its wrapper after the tag filter's checkboxes (`checked` checked), as routes/home.tsx places
 * them. A parsed document runs no scripts: its `<noscript>` holds elements.
 */
function prerender(count: number, checked: string[] = []): Document {
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
  const boxes = ["Poster", "Type font", "Sound"]
    .map((tag) => `<label><input type="checkbox" name="tag" value="${tag}"${checked.includes(tag) ? " checked" : ""}>`)
    .join("</label>");
  const gallery = renderToString(<Stub initialEntries={["/"]} />);
  const html = `<main><h1>Studio</h1><div class="pills">${boxes}</label></div><div>${gallery}</div></main>`;
  return new DOMParser().parseFromString(html, "text/html");
}

/**
 * The indexes of the tiles, and whether the link to all, that no rule hides, with `parsed`'s body as the
 * window's page (a parsed document has no location for `:target`).
 */
function shownBefore(parsed: Document) {
  document.body.replaceChildren(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)));
  const css = document.querySelector("div[hidden] > style")!.textContent!;
  const shown = (element: Element) => !hiddenByRules(css, element);
  const tiles = [...document.querySelectorAll("ul > li")].flatMap((tile, index) => (shown(tile) ? [index] : []));
  const link = document.querySelector("section > noscript > a");
  return { tiles, link: link ? shown(link) : null };
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
    const link = prerender(14).querySelector("section > noscript > a")!;
    expect(link.getAttribute("href")).toBe("#alle-projekte");
    expect(link.textContent).toBe("Alle Projekte zeigen");
    expect(prerender(14).querySelector("ul")!.id).toBe("alle-projekte");
    expect(prerender(6).querySelector("section > noscript")).toBeNull();
    const css = prerender(14).querySelector("div[hidden] > style")!.textContent!;
    // every tile shows while the list is the fragment
    expect(css).toContain(":not(#alle-projekte:target *)");
    // the link hides once followed: a selector that matches it (one class name would not, it has two)
    expect(css).toContain('> noscript > a[href="#alle-projekte"]:is(#alle-projekte:target ~ * *){display:none}');
  });

  it("its rules reach its tiles and its link from the tag filter before its wrapper, as on the home page", () => {
    expect(shownBefore(prerender(12))).toEqual({ tiles: [0, 1, 2, 3, 4, 5], link: true });
    // the six Poster tiles are all there are: no link to more
    expect(shownBefore(prerender(12, ["Poster"]))).toEqual({ tiles: [0, 2, 4, 6, 8, 10], link: false });
    // every tile has Poster or Sound: the first page of them, and the link to all
    expect(shownBefore(prerender(12, ["Poster", "Sound"]))).toEqual({ tiles: [0, 1, 2, 3, 4, 5], link: true });
    // Sound's six tiles are the odd ones: the first page of six is all of them
    expect(shownBefore(prerender(14, ["Sound"]))).toEqual({ tiles: [1, 3, 5, 7, 9, 11], link: true });
  });

  it("carries the rules that show the first page of six of the checked tags", () => {
    const css = prerender(14).querySelector("div[hidden] > style")!.textContent!;
    expect(css).toContain(":nth-child(n+7)");
    expect(css).toContain('[value="Type font"]:checked');
    expect(css).toContain('li[data-tags~="Type%20font"]');
  });
});
