import { describe, expect, it } from "vitest";
import { FUZZ_RUNS, FUZZ_SEED, totalFuzzRuns } from "~/test/arbitraries/fuzz-budget";
import { richTextFieldArb } from "~/test/arbitraries/rich-text";
import { parseArticleStory, parseOtherProject } from "./article";
import { parseIndexStory } from "./article-index";
import { parseHomeStory } from "./home";
import { parseImprintStory } from "./imprint";
import { parseRichText } from "./rich-text";
import { checkNormaliser, expectUniqueKeys } from "~/test/view-model-checks";
import { fuzzTestFile } from "~/test/fuzz-file";

/** The rich text sanitiser under fuzzing, the examples the fuzzer found, and the fuzz budget. */

const { countCase } = fuzzTestFile("fuzz-regressions.test.ts");

describe("fuzz: the rich text sanitiser", () => {
  it("turns any field into an allow-listed document with safe links, bounded in depth", () => {
    checkNormaliser(countCase, richTextFieldArb, FUZZ_RUNS.content.richText, parseRichText);
  });
});

describe("regressions the fuzzer found (pinned examples)", () => {
  const asset = (file: string, alt?: unknown) => ({
    filename: `https://a.storyblok.com/f/287401/100x100/abc/${file}`,
    alt,
  });

  it("never hands out a React key twice, even when an editor's uid looks like a fallback key", () => {
    const home = parseHomeStory({
      content: { body: [{}, { ImageData: [{ _uid: "tile-1", Image: asset("a.jpg") }, { Image: asset("b.jpg") }] }] },
    });
    expectUniqueKeys(
      "gallery",
      (home.gallery.items ?? []).map((item) => item.key),
    );
    const article = parseArticleStory({
      content: {
        Wrapper: [
          { component: "ImagesArticle", media: [{ _uid: "blok-1", Image: asset("a.jpg") }] },
          { component: "ImagesArticle", media: "" },
        ],
      },
    });
    expectUniqueKeys(
      "article media",
      article.media.map((item) => item.key),
    );
    const imprint = parseImprintStory({
      content: {
        body: [
          {
            component: "imprint_text",
            _uid: "imprint-1",
            Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "a" }] }] },
          },
          {
            component: "imprint_text",
            Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "b" }] }] },
          },
        ],
      },
    });
    expectUniqueKeys(
      "imprint",
      imprint.blocks.map((block) => block.key),
    );
  });

  it("lists an article referenced twice once", () => {
    expect(parseIndexStory({ content: { body: [{ Articles: ["a", "b", "a"] }] } }).uuids).toEqual(["a", "b"]);
  });

  it("gives a story whose slug is '.' or '..' no link", () => {
    expect(parseOtherProject({ full_slug: "articles/..", name: "Up" })).toBeNull();
    expect(parseArticleStory({ full_slug: "articles/." }).slug).toBe("");
  });

  it("loads no asset from a script or data URL, and takes a blank alt for none", () => {
    for (const filename of [
      "javascript:alert(1)//x.jpg",
      " JAVASCRIPT:alert(1)//x.mp4",
      "data:image/svg+xml,<svg onload=alert(1)>//a.svg",
      "&#106;avascript:alert(1)//x.png",
      "vbscript:x//a.png",
    ]) {
      const page = parseHomeStory({ content: { body: [{}, { ImageData: [{ Image: { filename, alt: "x" } }] }] } });
      expect(page.gallery.items?.[0]?.image.filename, filename).toBe("");
    }
    const kept = parseHomeStory({
      content: {
        body: [{}, { ImageData: [{ Image: { filename: "//a.storyblok.com/f/1/1x1/a/x.jpg", alt: "\n " } }] }],
      },
    });
    expect(kept.gallery.items?.[0]?.image).toMatchObject({ filename: "//a.storyblok.com/f/1/1x1/a/x.jpg", alt: "" });
  });

  it("keeps blocks out of paragraphs and headings, and list items inside lists", () => {
    const document = parseRichText({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "a" },
            {
              type: "bullet_list",
              content: [
                { type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "b" }] }] },
              ],
            },
            { type: "horizontal_rule" },
          ],
        },
        { type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "c" }] }] },
      ],
    });
    expect(document.content).toEqual([
      {
        type: "paragraph",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      { type: "paragraph", content: [{ type: "text", text: "c" }] },
    ]);
  });
});

describe("fuzz budget", () => {
  it("generates at least 10,000 cases across the fuzz suite", () => {
    const total = totalFuzzRuns();
    console.info(
      `[fuzz] suite budget: ${total} generated cases across content-fuzz, pages-fuzz and rich-text-hostile (seed ${FUZZ_SEED})`,
    );
    expect(total).toBeGreaterThanOrEqual(10_000);
  });
});
