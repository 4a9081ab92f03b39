import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_MODULES, HYDRATED_BEHAVIOURS, INLINE_BEHAVIOURS } from "./markers";

/**
 * A production page runs no React (docs/decisions/0014): whatever a component does in the browser (an effect, an
 * event handler, a ref callback, a hook that follows the window) happens there only through a behaviour module
 * the page loads because the component's element carries its `data-behaviour` marker. So every such component
 * carries a marker with a module, or says here which marked element's module does its job, or why a page
 * without React needs none of it. A new interactive component fails this test until it does one of the three.
 */

const APP = path.resolve(__dirname, "..");
const FOLDERS = ["components", "bloks", "routes"];

/** Components whose work a behaviour module does through another component's marker (the file that has it). */
const COVERED_BY: Record<string, { behaviour: string; marker: string }> = {
  "bloks/masonry/masonry.tsx": { behaviour: "masonry", marker: "components/masonry-grid/masonry-grid.tsx" },
  "components/tag-pills/tag-pills.tsx": { behaviour: "masonry", marker: "components/masonry-grid/masonry-grid.tsx" },
  "components/carousel-dots/carousel-dots.tsx": {
    behaviour: "carousel",
    marker: "components/hero-carousel/hero-carousel.tsx",
  },
  "components/tag-filter/tag-filter.tsx": { behaviour: "gallery", marker: "components/gallery/gallery.tsx" },
  "components/tag-filter/filter-before-hydration.tsx": {
    behaviour: "gallery",
    marker: "components/gallery/gallery.tsx",
  },
  "routes/home.tsx": { behaviour: "gallery", marker: "components/gallery/gallery.tsx" },
};

/** Components whose browser work exists only where React runs: why a page without React does not miss it. */
const REACT_ONLY: Record<string, string> = {
  "components/navigation-progress/navigation-progress.tsx":
    "the progress of a client navigation: a page without React navigates by the browser",
};

/** What makes a component do something in the browser. */
const BROWSER_CODE = [
  /\buse(?:Layout)?Effect\(/,
  /\bon[A-Z]\w*=\{/,
  /\bref=\{/,
  /from "~\/hooks\/use-(?:in-view|media-query|hydrated|checked-before-hydration|exiting-keys)"/,
  /\buseViewTransitionState\(/,
];

function sources(): Array<{ file: string; text: string }> {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(APP, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".tsx") && !file.includes(".test."))
      .map((file) => {
        const relative = `${folder}/${file.split(path.sep).join("/")}`;
        return { file: relative, text: readFileSync(path.join(APP, relative), "utf8") };
      }),
  );
}

/** The behaviours a source file marks an element with (`behaviour("a", "b")`). */
function markedIn(text: string): string[] {
  return [...text.matchAll(/\bbehaviour\(([^)]*)\)/g)].flatMap((call) =>
    [...call[1]!.matchAll(/"([\w-]+)"/g)].map((name) => name[1]!),
  );
}

const WITH_SCRIPT = new Set<string>([...BEHAVIOUR_MODULES, ...INLINE_BEHAVIOURS]);

describe("every component that does something in the browser has a behaviour module on a production page", () => {
  const files = sources();
  const interactive = files.filter(({ text }) => BROWSER_CODE.some((pattern) => pattern.test(text)));

  it("finds the components to check", () => {
    expect(interactive.map(({ file }) => file)).toContain("components/gallery/gallery.tsx");
    expect(interactive.length).toBeGreaterThan(10);
  });

  it("marks each with a behaviour that has a module, or names the marked element whose module does its job", () => {
    const unmarked = interactive
      .filter(({ file, text }) => markedIn(text).length === 0 && !(file in COVERED_BY) && !(file in REACT_ONLY))
      .map(({ file }) => file);
    expect(unmarked, "mark them (app/behaviours/markers.ts) or list them above with a reason").toEqual([]);
    for (const { file, text } of interactive) {
      for (const name of markedIn(text)) expect(WITH_SCRIPT.has(name), `${file}: ${name} has a module`).toBe(true);
    }
  });

  it("holds its lists true: each covering marker is where it says, each listed file still does browser work", () => {
    const byFile = new Map(files.map(({ file, text }) => [file, text]));
    for (const [file, { behaviour, marker }] of Object.entries(COVERED_BY)) {
      expect(
        interactive.some((each) => each.file === file),
        `${file} still does something in the browser`,
      ).toBe(true);
      expect(markedIn(byFile.get(marker) ?? ""), `${marker} marks ${behaviour}`).toContain(behaviour);
      expect(WITH_SCRIPT.has(behaviour)).toBe(true);
    }
    for (const file of Object.keys(REACT_ONLY)) expect(byFile.has(file), file).toBe(true);
  });

  it("leaves no behaviour to hydration, and every module has a component marking it", () => {
    expect(HYDRATED_BEHAVIOURS).toEqual([]);
    const marked = new Set(files.flatMap(({ text }) => markedIn(text)));
    for (const name of BEHAVIOUR_MODULES) expect(marked.has(name), `${name} is marked somewhere`).toBe(true);
  });
});
