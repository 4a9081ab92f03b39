import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  cssString,
  FilterBeforeHydration,
  filterBeforeHydrationCss,
  tileTagsAttribute,
} from "./filter-before-hydration";

const options = {
  boxes: 'input[name="tag"]',
  tiles: "* .grid:not([data-hydrated])>li",
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

describe("filterBeforeHydrationCss", () => {
  const css = filterBeforeHydrationCss(options);
  const rules = css.split("\n").filter((line) => line.endsWith("{display:none}"));

  it("hides, once a box is checked, every tile having none of the checked tags", () => {
    expect(rules[0]).toBe(
      ':has(input[name="tag"]:checked) ~ * .grid:not([data-hydrated])>li:not(:is(' +
        ':has(input[name="tag"][value="Poster"]:checked) ~ * .grid:not([data-hydrated])>li[data-tags~="Poster"],' +
        ':has(input[name="tag"][value="Type font"]:checked) ~ * .grid:not([data-hydrated])>li[data-tags~="Type%20font"]' +
        ")){display:none}",
    );
  });

  it("shows the first page only: of all tiles with no box checked, else of the matching ones", () => {
    expect(rules[1]).toBe(
      ':has(input[name="tag"]):not(:has(input[name="tag"]:checked)) ~ * .grid:not([data-hydrated])>li:nth-child(n+7){display:none}',
    );
    expect(rules[2]).toMatch(/^\* \.grid:not\(\[data-hydrated\]\)>li:nth-child\(n\+7 of :is\(:has\(/);
    expect(rules).toHaveLength(3);
  });

  it("anchors each :has() on an element before the tiles (~), none on an ancestor of them", () => {
    const withLink = filterBeforeHydrationCss({ ...options, showAll: { target: "all", link: "* .more" } });
    let anchors = 0;
    for (let at = withLink.indexOf(":has("); at >= 0; at = withLink.indexOf(":has(", at + 1)) {
      // one inside another pseudo-class (:not(:has(...))) belongs to the compound the outer one ends
      if (withLink.slice(at - 5, at) === ":not(") continue;
      // past this compound's pseudo-classes (each a balanced parenthesis): the next combinator is ~
      let end = at;
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
  });

  it("hides every tile once a box is checked when no tile has a tag", () => {
    const none = filterBeforeHydrationCss({ ...options, tags: [] });
    expect(none).toContain(':has(input[name="tag"]:checked) ~ * .grid:not([data-hydrated])>li{display:none}');
    expect(none).not.toContain(" of ");
  });

  it("leaves paging out when the list has no pages", () => {
    expect(filterBeforeHydrationCss({ ...options, pageSize: undefined })).not.toContain("nth-child");
  });

  it("with a link to all tiles: shows every matching tile while its target is the fragment, and hides the link then", () => {
    const withLink = filterBeforeHydrationCss({ ...options, showAll: { target: "all", link: "* .more" } });
    const lines = withLink.split("\n");
    expect(lines[1]).toBe(
      ':has(input[name="tag"]):not(:has(input[name="tag"]:checked)) ~ * .grid:not([data-hydrated])>li:nth-child(n+7):not(#all:target *){display:none}',
    );
    expect(lines[2]).toMatch(/^\* \.grid:not\(\[data-hydrated\]\)>li:nth-child\(n\+7 of .*\):not\(#all:target \*\)\{/);
    expect(lines[3]).toBe("* .more:is(#all:target ~ * *){display:none}");
    // "Poster" has 2 tiles, "Type font" 1: with either alone checked, nothing is beyond the page
    expect(lines.slice(4, 6)).toEqual([
      ':has(input[name="tag"][value="Poster"]:checked):not(:has(input[name="tag"]:checked:not([value="Poster"]))) ~ * .more{display:none}',
      ':has(input[name="tag"][value="Type font"]:checked):not(:has(input[name="tag"]:checked:not([value="Type font"]))) ~ * .more{display:none}',
    ]);
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
