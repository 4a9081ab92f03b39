import { describe, expect, it } from "vitest";
import { BuildProgress } from "./build-progress";

describe("BuildProgress", () => {
  it("counts prerendered pages and content requests across chunk boundaries", () => {
    const progress = new BuildProgress();
    progress.read("Prerender (html): / -> build/client/index.html\nPrerender (da");
    progress.read(
      "ta): /about -> build/client/about.data\nPrerender (html): /about -> build/client/about/index.html\n",
    );
    progress.read("Content: 14 request(s) to the local content service at http://localhost:4100/v2, draft content\n");
    expect(progress.pages).toBe(2);
    expect(progress.requests).toBe(14);
    expect(progress.summary()).toBe("2 pages (14 content requests)");
  });

  it("hands on the pipeline's warnings and nothing else", () => {
    const progress = new BuildProgress();
    expect(progress.read("vite v7.3.8 building client environment for production...\n")).toEqual([]);
    expect(progress.read("WARNING (security headers): a page loads media from http://elsewhere\nok\n")).toEqual([
      "WARNING (security headers): a page loads media from http://elsewhere",
    ]);
  });

  it("keeps the last lines, the unfinished one too, to explain a failure", () => {
    const progress = new BuildProgress();
    progress.read(Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n"));
    const tail = progress.tail().split("\n");
    expect(tail).toHaveLength(30);
    expect(tail.at(-1)).toBe("line 99");
  });
});
