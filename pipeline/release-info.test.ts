import { describe, expect, it } from "vitest";
import { linkedArticlePaths } from "./release-info";

describe("linkedArticlePaths", () => {
  it("finds the articles a page links to and those its data carries, each once, itself left out", async () => {
    const html =
      '<a href="/articles/eins">1</a><a class="x" href="/articles/zwei/">2</a><a href="/articles/eins#top">1</a>' +
      '<a href="/about">about</a><a href="https://elsewhere.test/articles/drei">3</a><a href="/articles/self">me</a>' +
      "<a href='/articles/fuenf?from=home'>5</a><script>const s = '<a href=\"/articles/in-script\">';</script>";
    // React Router's turbo-stream of { page: { otherProjects: [{ href }, { href }], nested: "/articles/a/b" } }:
    // the other projects the browser draws from on each visit
    const data =
      '[{"_1":2},"page",{"_3":4,"_8":9},"otherProjects",[5,7],{"_6":10},"href",{"_6":11},"nested",' +
      '"/articles/a/b","/articles/vier","/articles/eins"]\n';
    expect(await linkedArticlePaths(html, "/articles/self", data)).toEqual([
      "/articles/eins",
      "/articles/zwei",
      "/articles/fuenf",
      "/articles/vier",
    ]);
  });

  it("decodes encoded slugs and character references as the release records paths", async () => {
    expect(await linkedArticlePaths('<a href="/articles/%C3%BCber">ü</a>')).toEqual(["/articles/über"]);
    expect(await linkedArticlePaths('<a href="/articles/a&amp;b">&amp;</a>')).toEqual(["/articles/a&b"]);
  });

  it("fails on data that is not React Router's turbo-stream", async () => {
    await expect(linkedArticlePaths("", "", "<!DOCTYPE html>")).rejects.toThrow();
  });
});
