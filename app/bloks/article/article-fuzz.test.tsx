import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ArticlePageView } from "~/bloks/article/article";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { parseArticleStory, parseOtherProject, type ArticlePage } from "~/content/article";
import { pickOtherProjects } from "~/content/other-projects";
import { articleContentArb, articleStoryArb, wrapperSpecArb } from "~/test/arbitraries/article-stories";
import { storyArb } from "~/test/arbitraries/bloks";
import { FUZZ_RUNS, fuzzParameters, assertFuzz } from "~/test/arbitraries/fuzz-budget";
import { type MediaClass } from "~/test/arbitraries/media";
import { demoArticles, mutatedStoryArb } from "~/test/arbitraries/mutations";
import { uiText } from "~/ui-text";
import { pageFuzzFile, textOf } from "~/test/page-fuzz";

/** Property-based tests of the article page against random and malformed stories (app/test/page-fuzz.tsx). */
const { renderAndCheck } = pageFuzzFile("article-fuzz.test.tsx");

const articles = demoArticles();

describe("fuzz: the article page", () => {
  const renderArticle = (story: unknown, listing: unknown[], random: number) => {
    const article = parseArticleStory(story);
    const others = listing.map((story) => parseOtherProject(story)).filter((project) => project !== null);
    const page: ArticlePage = {
      status: "found",
      article,
      otherProjects: pickOtherProjects(others, article.slug, () => random),
    };
    renderAndCheck(
      [story, listing],
      <ArticlePageView page={page} />,
      (container) => {
        expect(container.querySelector("h1")?.textContent).toBe(article.headline);
        const wrapper =
          typeof story === "object" && story !== null
            ? (story as { content?: { Wrapper?: unknown } }).content?.Wrapper
            : undefined;
        if (!Array.isArray(wrapper)) expect(textOf(container)).toContain(uiText.de.noArticleMedia);
        expect(container.querySelectorAll('[aria-labelledby="other-projects-heading"] a').length).toBeLessThanOrEqual(
          2,
        );
      },
      "/articles/fuzz",
    );
  };
  const listingArb = fc.array(fc.oneof(mutatedStoryArb(articles), storyArb(articleContentArb)), { maxLength: 4 });
  const randomArb = fc.double({ min: 0, max: 1, noNaN: true });

  it("renders mutations of the demo articles", () => {
    assertFuzz(
      fc.property(mutatedStoryArb(articles), listingArb, randomArb, renderArticle),
      FUZZ_RUNS.pages.articleMutated,
    );
  });

  it("renders random article stories", () => {
    assertFuzz(fc.property(articleStoryArb, listingArb, randomArb, renderArticle), FUZZ_RUNS.pages.articleRandom);
  });

  it("shows 'no Image', 'Keine Bilddaten vorhanden.', 'Kein Bild' and 'unbekanntes Format' where the media say so", () => {
    const messages: Record<MediaClass | "not-a-list", string> = {
      "not-a-list": uiText.de.notAList,
      none: uiText.de.noImage,
      unknown: uiText.de.unknownFormat,
      image: "",
      video: "",
    };
    fc.assert(
      fc.property(wrapperSpecArb, (spec) => {
        const story = { name: "Fuzz", full_slug: "articles/fuzz", content: { Wrapper: spec.raw } };
        const article = parseArticleStory(story);
        renderAndCheck(story, <MediaGrid items={article.media} />, (container) => {
          const shown = [...container.querySelectorAll("li")].map((cell) => ({
            message: cell.querySelector("p")?.textContent ?? "",
            images: cell.querySelectorAll("img").length,
            videos: cell.querySelectorAll("video").length,
          }));
          // a Wrapper that is not a list is one message cell; otherwise one cell per entry, in order
          const expected =
            spec.cells === null
              ? [{ message: uiText.de.noArticleMedia, images: 0, videos: 0 }]
              : spec.cells.map((kind) => ({
                  message: messages[kind],
                  images: kind === "image" ? 1 : 0,
                  videos: kind === "video" ? 1 : 0,
                }));
          expect(shown).toEqual(expected);
        });
      }),
      fuzzParameters(FUZZ_RUNS.pages.articleMediaFallbacks),
    );
  });

  it("shows 'Article not found' for a missing article", () => {
    renderAndCheck(null, <ArticlePageView page={{ status: "not-found", slug: "nope" }} />, (container) => {
      expect(container.querySelector("h1")?.textContent).toBe(uiText.de.articleNotFound);
    });
  });
});
