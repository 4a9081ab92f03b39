import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AboutBody } from "~/bloks/about/about";
import { Footer } from "~/bloks/footer/footer";
import { Header } from "~/bloks/header/header";
import { Gallery } from "~/components/gallery/gallery";
import { parseAboutStory, parseOverview } from "~/content/about";
import { parseHomeStory } from "~/content/home";
import { parseFooterStory, parseHeaderStory } from "~/content/layout";
import { FUZZ_RUNS, fuzzParameters, assertFuzz } from "~/test/arbitraries/fuzz-budget";
import { demoStory, mutatedStoryArb } from "~/test/arbitraries/mutations";
import { aboutStoryArb, footerStoryArb, headerStoryArb, overviewItemSpecArb } from "~/test/arbitraries/page-stories";
import { pageFuzzFile, textOf } from "~/test/page-fuzz";

/** Property-based tests of the about page, the header and the footer against random and malformed stories (app/test/page-fuzz.tsx). */
const { renderAndCheck } = pageFuzzFile("bloks-fuzz.test.tsx");

describe("fuzz: the about page", () => {
  const renderAbout = (story: unknown) => {
    renderAndCheck(story, <AboutBody page={parseAboutStory(story)} />, undefined, "/about");
  };

  it("renders mutations of the demo about story", () => {
    assertFuzz(fc.property(mutatedStoryArb([demoStory("about")]), renderAbout), FUZZ_RUNS.pages.aboutMutated);
  });

  it("renders random about stories", () => {
    assertFuzz(fc.property(aboutStoryArb, renderAbout), FUZZ_RUNS.pages.aboutRandom);
  });

  it("shows overview assets that are images or videos, and nothing for other types", () => {
    const plain = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Text" }] }] };
    fc.assert(
      fc.property(fc.array(overviewItemSpecArb, { maxLength: 5 }), (specs) => {
        const overview = {
          component: "overview",
          _uid: "o",
          Items: specs.map((spec) => ({ ...spec.raw, Text: plain })),
        };
        const story = { content: { body: [{ component: "about_block", _uid: "b", Text: plain }, overview] } };
        const view = parseOverview(overview);
        renderAndCheck(
          story,
          <AboutBody page={parseAboutStory(story)} />,
          (container) => {
            const items = container.querySelectorAll("section ul > li");
            expect(items).toHaveLength(view.items.length);
            specs.forEach((spec, index) => {
              const item = items[index]!;
              expect(item.querySelectorAll("img")).toHaveLength(spec.kind === "image" ? 1 : 0);
              expect(item.querySelectorAll("video")).toHaveLength(spec.kind === "video" ? 1 : 0);
            });
          },
          "/about",
        );
      }),
      fuzzParameters(FUZZ_RUNS.pages.overviewMedia),
    );
  });
});

describe("fuzz: the header and footer", () => {
  const pathArb = fc.constantFrom("/", "/about", "/index", "/imprint", "/articles/hafenkino");
  const renderLayout = (headerStory: unknown, footerStory: unknown, path: string) => {
    const header = parseHeaderStory(headerStory);
    const footer = parseFooterStory(footerStory);
    renderAndCheck(
      [headerStory, footerStory],
      <>
        <Header blok={header} />
        <Footer blok={footer} />
      </>,
      (container) => {
        const nav = container.querySelector("header nav");
        const labels = [...(nav?.querySelectorAll("a") ?? [])].map((link) => link.textContent ?? "");
        // the two links, then the page in the other language
        expect(labels).toEqual([...header.links.map((link) => link.label), header.languageLabel]);
        for (const label of labels) expect(label.trim()).not.toBe("");
        const imprint = [...container.querySelectorAll("footer a")].find(
          (link) => link.textContent === footer.imprint.label,
        );
        expect(imprint?.getAttribute("href")).toBeTruthy();
      },
      path,
    );
  };

  it("renders mutations of the demo header and footer", () => {
    assertFuzz(
      fc.property(
        mutatedStoryArb([demoStory("header")]),
        mutatedStoryArb([demoStory("footer")]),
        pathArb,
        renderLayout,
      ),
      FUZZ_RUNS.pages.layoutMutated,
    );
  });

  it("renders random header and footer stories", () => {
    assertFuzz(fc.property(headerStoryArb, footerStoryArb, pathArb, renderLayout), FUZZ_RUNS.pages.layoutRandom);
  });
});

describe("regressions the fuzzer found (pinned examples)", () => {
  it("falls back to 'no information' for a blank alt", () => {
    const story = {
      content: {
        body: [{}, { ImageData: [{ Image: { filename: "https://a.storyblok.com/f/1/10x10/a/x.jpg", alt: "\n" } }] }],
      },
    };
    renderAndCheck(story, <Gallery items={parseHomeStory(story).gallery.items} selectedTags={[]} />, (container) => {
      expect(container.querySelector("img")?.getAttribute("alt")).toBe("no information");
    });
  });

  it("renders about bloks that share a _uid without a duplicate-key warning", () => {
    const story = {
      content: {
        body: [
          { _uid: "same", component: "about_block", Headline: "One" },
          { _uid: "same", component: "about_block", Headline: "Two" },
        ],
      },
    };
    renderAndCheck(
      story,
      <AboutBody page={parseAboutStory(story)} />,
      (container) => {
        expect(textOf(container)).toContain("One");
        expect(textOf(container)).toContain("Two");
      },
      "/about",
    );
  });

  it("shows a pasted paragraph as the footer logo text still, not as 200,000 animated elements", () => {
    const story = { content: { body: [{ component: "footer_content", LogoBig: "x".repeat(100_000) }] } };
    renderAndCheck(story, <Footer blok={parseFooterStory(story)} />, (container) => {
      expect(container.querySelectorAll("*").length).toBeLessThan(50);
      expect(textOf(container)).toContain("x".repeat(100_000));
    });
  });
});
