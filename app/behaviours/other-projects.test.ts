import { afterEach, describe, expect, it, vi } from "vitest";
import { OTHER_PROJECTS_COUNT, pickOtherProjects } from "~/content/other-projects";
import { DRAWN, OTHER_PROJECTS_DRAW_SCRIPT, drawOtherProjects } from "./other-projects";

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

function list(): HTMLUListElement {
  document.body.innerHTML =
    "<ul>" +
    ["a", "b", "c", "d", "e", "f"].map((slug, index) => `<li${index < 2 ? " data-picked" : ""}>${slug}</li>`).join("") +
    "</ul>";
  return document.querySelector("ul")!;
}

const picked = (element: Element) => [...element.querySelectorAll("li[data-picked]")].map((item) => item.textContent);

/** A fixed sequence of random numbers, as Math.random would give them. */
function sequence(...numbers: number[]): () => number {
  let next = 0;
  return () => numbers[next++ % numbers.length]!;
}

describe("the other projects' draw before the first paint", () => {
  it("draws as many as the content's choice does, the way pickOtherProjects does", () => {
    expect(DRAWN).toBe(OTHER_PROJECTS_COUNT);
    for (const numbers of [
      [0, 0],
      [0.99, 0.5],
      [0.4, 0.99],
      [0.2, 0.7],
    ]) {
      const element = list();
      drawOtherProjects(element, sequence(...numbers));
      const projects = ["a", "b", "c", "d", "e", "f"].map((slug) => ({ slug }));
      const expected = pickOtherProjects(projects as never, "", sequence(...numbers), OTHER_PROJECTS_COUNT);
      expect(picked(element).sort()).toEqual(expected.map((project: { slug: string }) => project.slug).sort());
    }
  });

  it("is the same draw as the inline script the build writes into the holder after the list", () => {
    for (const numbers of [
      [0, 0],
      [0.99, 0.5],
      [0.4, 0.99],
    ]) {
      const element = list();
      drawOtherProjects(element, sequence(...numbers));
      const expected = picked(element);
      const fresh = list();
      const holder = document.createElement("div");
      const script = holder.appendChild(document.createElement("script"));
      fresh.after(holder);
      vi.spyOn(document, "currentScript", "get").mockReturnValue(script);
      vi.spyOn(Math, "random").mockImplementation(sequence(...numbers));
      new Function(OTHER_PROJECTS_DRAW_SCRIPT)();
      expect(picked(fresh)).toEqual(expected);
      vi.restoreAllMocks();
    }
  });
});
