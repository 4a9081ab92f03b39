import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_DIR } from "../release/layout";
import { RELEASE_FILE } from "../release/release-info";
import { articleHrefs, linkedArticlePaths, writeFullReleaseInfo } from "./release-info";
import { tempDirOfThisTest } from "../test-support/temp-dir";

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

describe("writeFullReleaseInfo", () => {
  it("takes each page's links from the hrefs the second pass found, reading no HTML, to the same record", async () => {
    const releaseDir = await tempDirOfThisTest("release-info-");
    const clientDir = path.join(releaseDir, CLIENT_DIR);
    const html = {
      "index.html": '<a href="/articles/eins">1</a><a href="/about">about</a>',
      "articles/eins/index.html": '<a href="/articles/eins">me</a><a href="/articles/%C3%BCber/">ü</a>',
    };
    for (const [file, text] of Object.entries(html)) {
      await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
      await writeFile(path.join(clientDir, file), text);
    }
    const listing = {
      paths: ["/", "/articles/eins"],
      storyIds: new Map([["/articles/eins", 7]]),
      lastModified: new Map([["/articles/eins", "2026-11-01T00:00:00Z"]]),
    };
    const options = { siteUrl: "https://studio.example", preview: false };
    const { builtAt: _parsed, ...fromFiles } = await writeFullReleaseInfo(releaseDir, listing, options);
    expect(fromFiles.pages).toEqual({
      "/": { storyId: null, publishedAt: "", links: ["/articles/eins"] },
      "/articles/eins": { storyId: 7, publishedAt: "2026-11-01T00:00:00Z", links: ["/articles/über"] },
    });
    const hrefs = new Map(Object.entries(html).map(([file, text]) => [file, articleHrefs(text)]));
    // the pages' files are not read again: without them the record is the same
    for (const file of Object.keys(html)) await rm(path.join(clientDir, file));
    const { builtAt: _given, ...fromHrefs } = await writeFullReleaseInfo(releaseDir, listing, {
      ...options,
      articleHrefs: hrefs,
    });
    expect(fromHrefs).toEqual(fromFiles);
    expect(JSON.parse(await readFile(path.join(releaseDir, RELEASE_FILE), "utf8"))).toMatchObject(fromHrefs);
  });
});
