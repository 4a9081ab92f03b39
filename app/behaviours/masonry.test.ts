import { afterEach, describe, expect, it } from "vitest";
import { neighboursIn, start } from "./masonry";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The about page's masonry: pills, 4 tiles linking to their figures, the figures with their steps. */
function masonry() {
  const tags = ["Poster", "Web", "Poster Web", "Sound"];
  const tiles = tags
    .map((tag, index) => `<li data-tags="${tag}"><figure><a href="#media-${index + 1}">${index + 1}</a></figure></li>`)
    .join("");
  const figures = tags
    .map((_, index) => {
      const previous = ((index + tags.length - 1) % tags.length) + 1;
      const next = ((index + 1) % tags.length) + 1;
      const counter = `<p data-part="counter"><span>${index + 1} / ${tags.length}</span><span>${index + 1} von ${tags.length}</span></p>`;
      return `<figure id="media-${index + 1}">${counter}<a data-part="control" data-direction="previous" href="#media-${previous}"></a><a data-part="control" data-direction="next" href="#media-${next}"></a></figure>`;
    })
    .join("");
  document.body.innerHTML = [
    '<section><ul><li><label><input type="checkbox" value="Poster">Poster</label></li>',
    '<li><label><input type="checkbox" value="Web">Web</label></li></ul>',
    `<ul data-behaviour="masonry lightbox">${tiles}</ul></section>${figures}`,
  ].join("");
  start(document);
  const grid = document.querySelector('[data-behaviour~="masonry"]')!;
  return {
    grid,
    shown: () => [...grid.children].map((tile) => Number(tile.textContent)),
    steps: (number: number) =>
      ["previous", "next"].map((direction) =>
        document.querySelector(`#media-${number} [data-direction="${direction}"]`)!.getAttribute("href"),
      ),
    counter: (number: number) =>
      [...document.querySelectorAll(`#media-${number} [data-part="counter"] span`)].map((span) => span.textContent),
    toggle: (tag: string) => {
      const box = document.querySelector<HTMLInputElement>(`input[value="${tag}"]`)!;
      box.click();
    },
  };
}

describe("the about page's masonry filter without React", () => {
  it("shows the tiles having a checked tag, all when none is, in their order", () => {
    const grid = masonry();
    expect(grid.grid.hasAttribute("data-hydrated")).toBe(true);
    expect(grid.shown()).toEqual([1, 2, 3, 4]);
    grid.toggle("Poster");
    expect(grid.shown()).toEqual([1, 3]);
    grid.toggle("Web");
    expect(grid.shown()).toEqual([1, 2, 3]);
    grid.toggle("Poster");
    grid.toggle("Web");
    expect(grid.shown()).toEqual([1, 2, 3, 4]);
  });

  it("steps the full-screen view through the tiles shown, round the end, and through all again unfiltered", () => {
    const grid = masonry();
    grid.toggle("Poster");
    expect(grid.steps(1)).toEqual(["#media-3", "#media-3"]);
    expect(grid.steps(3)).toEqual(["#media-1", "#media-1"]);
    // a medium filtered away (a shared link may name it) steps through the whole grid
    expect(grid.steps(2)).toEqual(["#media-1", "#media-3"]);
    grid.toggle("Web");
    expect(grid.steps(3)).toEqual(["#media-2", "#media-1"]);
    grid.toggle("Poster");
    grid.toggle("Web");
    expect(grid.steps(1)).toEqual(["#media-4", "#media-2"]);
  });

  it("counts the view's media in the sequence it steps through", () => {
    const grid = masonry();
    expect(grid.counter(3)).toEqual(["3 / 4", "3 von 4"]);
    grid.toggle("Poster");
    expect(grid.counter(3)).toEqual(["2 / 2", "2 von 2"]);
    expect(grid.counter(2)).toEqual(["2 / 4", "2 von 4"]);
    grid.toggle("Poster");
    expect(grid.counter(3)).toEqual(["3 / 4", "3 von 4"]);
  });

  it("finds the neighbours round the ends", () => {
    expect(neighboursIn(["a", "b", "c"], "a")).toEqual({ previous: "c", next: "b" });
    expect(neighboursIn(["a"], "a")).toEqual({ previous: "a", next: "a" });
    expect(neighboursIn(["a"], "z")).toBeNull();
  });
});
