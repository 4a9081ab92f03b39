import { describe, expect, it } from "vitest";
import { linkedArticlePaths } from "./release-info";

describe("linkedArticlePaths", () => {
  it("finds the articles a page links to and those its data carries, each once, itself left out", () => {
    const html =
      '<a href="/articles/eins">1</a><a class="x" href="/articles/zwei/">2</a><a href="/articles/eins#top">1</a>' +
      '<a href="/about">about</a><a href="https://elsewhere.test/articles/drei">3</a><a href="/articles/self">me</a>';
    // React Router's turbo-stream: the other projects the browser draws from on each visit
    const data =
      '[{"_1":2},"otherProjects",[3,4],{"href":5},"/articles/vier",{"href":6},"/articles/eins","/articles/a/b"]';
    expect(linkedArticlePaths(html, "/articles/self", data)).toEqual([
      "/articles/eins",
      "/articles/zwei",
      "/articles/vier",
    ]);
  });

  it("decodes encoded slugs as the release records paths", () => {
    expect(linkedArticlePaths('<a href="/articles/%C3%BCber">ü</a>')).toEqual(["/articles/über"]);
  });
});
