import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  cssString,
  FilterBeforeHydration,
  filterBeforeHydrationCss,
  tileTagsAttribute,
} from "./filter-before-hydration";
import { hiddenByRules } from "~/test/hidden-by-rules";

const options = {
  boxes: 'input[name="tag"]',
  tiles: "* > section > .grid:not([data-hydrated])>li",
  tags: ["Poster", "Type font", "Poster"],
  pageSize: 6,
};

describe("tileTagsAttribute", () => {
  it("makes each tag one token, so that a tag with a space is not two", () => {
    expect(tileTagsAttribute(["Poster", "Type font"])).toBe("Poster Type%20font");
  });

  it("takes a tag with a lone surrogate (hostile content) as the replacement character", () => {
    expect(tileTagsAttribute(["a\ud800", "\udc00b"])).toBe("a%EF%BF%BD %EF%BF%BDb");
  });
});

describe("cssString", () => {
  it("quotes a value so that neither a quote nor a backslash ends it, and no '<' can end its <style>", () => {
    expect(cssString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(cssString("</style><script>")).toBe('"\\3c /style\\3e \\3c script\\3e "');
  });
});

/**
 * A home-like page: the holder of the boxes before a wrapper that holds the list of `tileTags.length` tiles and
 * the link to all of them (in a `p` standing for the page's `noscript`, whose content jsdom keeps as text);
 * `checked` boxes checked; none at all with `boxes` false.
 */
function page(tileTags: string[][], { checked = [] as string[], boxes = true } = {}) {
  const box = (tag: string) =>
    `<label><input type="checkbox" name="tag" value="${tag}"${checked.includes(tag) ? " checked" : ""}></label>`;
  const holder = boxes ? `<div class="pills">${["Poster", "Type font"].map(box).join("")}</div>` : "<p>Loading</p>";
  const tiles = tileTags.map((tags) => `<li data-tags="${tileTagsAttribute(tags)}"></li>`).join("");
  document.body.innerHTML =
    `<main><h1>Studio</h1><div class="hero"></div>${holder}<div class="wrapper"><section>` +
    `<ul id="all" class="grid">${tiles}</ul><p><a class="more" href="#all"></a></p></section></div></main>`;
  return { tiles: [...document.querySelectorAll("li")], link: document.querySelector(".more")! };
}

const shown = (css: string, elements: Element[]) => elements.map((element) => !hiddenByRules(css, element));

describe("filterBeforeHydrationCss", () => {
  const css = filterBeforeHydrationCss(options);
  const eight = [["Poster"], ["Type font"], [], ["Poster"], [], [], [], ["Poster", "Type font"]];

  it("hides, once a box is checked, every tile having none of the checked tags", () => {
    expect(shown(css, page(eight, { checked: ["Type font"] }).tiles)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(shown(css, page(eight, { checked: ["Poster", "Type font"] }).tiles)).toEqual([
      true,
      true,
      false,
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it("shows the first page of all tiles with no box checked, and where no element holds boxes (no tags)", () => {
    const firstPage = [true, true, true, true, true, true, false, false];
    expect(shown(css, page(eight).tiles)).toEqual(firstPage);
    expect(shown(css, page(eight, { boxes: false }).tiles)).toEqual(firstPage);
  });

  it("pages the matching tiles by :nth-child(... of ...), which only a browser checks (e2e without-javascript)", () => {
    const rules = css.split("\n");
    expect(rules.filter((rule) => rule.includes(" of "))).toEqual([
      expect.stringMatching(/^\* > section > \.grid:not\(\[data-hydrated\]\)>li:nth-child\(n\+7 of :is\(:has\(/),
    ]);
    expect(rules).toHaveLength(3);
  });

  it("anchors each :has() on an element before the tiles (~), none on an ancestor of them", () => {
    const withLink = filterBeforeHydrationCss({ ...options, showAll: { target: "all", link: "* .more" } });
    let anchors = 0;
    // each search starts past the compound the last one ended: a :has() inside its :not() is that compound's
    for (let at = withLink.indexOf(":has("), end = 0; at >= 0; at = withLink.indexOf(":has(", end)) {
      // past this compound's pseudo-classes (each a balanced parenthesis): the next combinator is ~
      end = at;
      while (withLink[end] === ":") {
        let depth = 0;
        do {
          end++;
          if (withLink[end] === "(") depth++;
          if (withLink[end] === ")") depth--;
        } while (depth > 0 || withLink[end] !== ")");
        end++;
      }
      expect(withLink.slice(end, end + 3), withLink.slice(at, end)).toBe(" ~ ");
      anchors++;
    }
    expect(anchors).toBeGreaterThan(0);
    const onRoot = filterBeforeHydrationCss({ ...options, tiles: ":root:not(:has(#x:target)) .grid>li" });
    expect(onRoot.replaceAll(/:has\(input[^)]*\)/g, "")).toContain(":has(#x:target))");
  });

  it("hides every tile once a box is checked when no tile has a tag", () => {
    const none = filterBeforeHydrationCss({ ...options, tags: [] });
    expect(shown(none, page([[], []], { checked: ["Poster"] }).tiles)).toEqual([false, false]);
    expect(shown(none, page([[], []]).tiles)).toEqual([true, true]);
  });

  it("leaves paging out when the list has no pages", () => {
    expect(filterBeforeHydrationCss({ ...options, pageSize: undefined })).not.toContain("nth-child");
  });

  it("with a link to all tiles: shows every tile while the list is the fragment, and hides the link then", () => {
    const withLink = filterBeforeHydrationCss({ ...options, showAll: { target: "all", link: "* .more" } });
    const { tiles, link } = page(eight);
    expect(shown(withLink, [...tiles, link])).toEqual([true, true, true, true, true, true, false, false, true]);
    window.location.hash = "#all";
    try {
      expect(shown(withLink, [...tiles, link])).toEqual([true, true, true, true, true, true, true, true, false]);
    } finally {
      window.location.hash = "";
    }
  });

  it("hides the link while one checked tag has no more tiles than a page; with two checked it stays", () => {
    const withLink = filterBeforeHydrationCss({ ...options, showAll: { target: "all", link: "* .more" } });
    expect(hiddenByRules(withLink, page(eight, { checked: ["Poster"] }).link)).toBe(true);
    expect(hiddenByRules(withLink, page(eight, { checked: ["Poster", "Type font"] }).link)).toBe(false);
  });

  it("leaves another list alone: a rule of one reaches only the tiles its tiles selector scopes", () => {
    const ofFirst = filterBeforeHydrationCss({
      ...options,
      tiles: '* > section > .grid[data-set="1"]>li',
      tags: ["Poster"],
    });
    const { tiles } = page([["Type font"], ["Poster"]], { checked: ["Type font"] });
    tiles[0]!.parentElement!.setAttribute("data-set", "2");
    expect(shown(ofFirst, tiles)).toEqual([true, true]);
  });
});

describe("FilterBeforeHydration", () => {
  it("puts its rules into the prerendered HTML, where a hostile tag cannot break out of the <style>", () => {
    const html = renderToString(<FilterBeforeHydration {...options} tags={["</style><script>alert(1)</script>"]} />);
    expect(html.startsWith('<div hidden=""><style>')).toBe(true);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toContain("<script>");
  });

  it("renders nothing once the page runs: React filters from then on", () => {
    const { container } = render(<FilterBeforeHydration {...options} />);
    expect(container.innerHTML).toBe("");
  });
});
