import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { articleContentArb } from "~/test/arbitraries/article-stories";
import { storyArb } from "~/test/arbitraries/bloks";
import { FUZZ_RUNS } from "~/test/arbitraries/fuzz-budget";
import { demoStory, mutatedStoryArb } from "~/test/arbitraries/mutations";
import {
  aboutStoryArb,
  footerStoryArb,
  headerStoryArb,
  homeStoryArb,
  imprintStoryArb,
  indexStoryArb,
} from "~/test/arbitraries/page-stories";
import { parseAboutBlock, parseAboutStory, parseMasonry, parseOverview } from "./about";
import { parseIndexStory } from "./article-index";
import { categoryTags, parseCategories, parseHomeStory } from "./home";
import { parseImprintStory } from "./imprint";
import { parseFooterStory, parseHeaderStory } from "./layout";
import { indexMeta } from "./site";
import { checkNormaliser, contentOf, expectUniqueKeys, viewModelProblems } from "~/test/view-model-checks";
import { fuzzTestFile } from "~/test/fuzz-file";
import { isRecord } from "./is-record";

/**
 * Property-based tests of the page normalisers (raw Storyblok story -> view
 * model) against random and malformed stories: mutations of the real demo
 * stories and fully random shapes (app/test/arbitraries/). Whatever comes in,
 * a normaliser never throws, is deterministic, and yields a clean view model
 * (app/test/view-model-checks.ts).
 */

const { countCase } = fuzzTestFile("content-fuzz.test.ts");

describe("fuzz: the home normaliser", () => {
  const check = (page: ReturnType<typeof parseHomeStory>, input: unknown) => {
    const body = contentOf(input).body;
    const gallery = Array.isArray(body) ? body[1] : undefined;
    // SPEC 5: ImageData that is not a list -> null -> 'Keine Bilddaten vorhanden.'
    expect(page.gallery.items === null).toBe(!(isRecord(gallery) && Array.isArray(gallery.ImageData)));
    expectUniqueKeys(
      "gallery",
      (page.gallery.items ?? []).map((item) => item.key),
    );
    expectUniqueKeys(
      "hero",
      page.hero.slides.map((slide) => slide.key),
    );
    for (const slide of page.hero.slides) {
      expect(slide.desktop.filename).not.toBe("");
      expect(slide.phone.filename).not.toBe("");
    }
    for (const item of page.gallery.items ?? []) {
      expect(item.name).toBe(item.name.trim());
      for (const tag of item.tags) expect(tag.trim()).not.toBe("");
    }
  };

  it("survives mutations of the demo home story", () => {
    checkNormaliser(
      countCase,
      mutatedStoryArb([demoStory("home")]),
      FUZZ_RUNS.content.homeMutated,
      parseHomeStory,
      check,
    );
  });

  it("survives random home stories", () => {
    checkNormaliser(countCase, homeStoryArb, FUZZ_RUNS.content.homeRandom, parseHomeStory, check);
  });

  it("keeps only tagged articles for the categories, each tag once", () => {
    checkNormaliser(
      countCase,
      fc.array(storyArb(articleContentArb), { maxLength: 6 }),
      FUZZ_RUNS.content.categories,
      (stories) => {
        const categories = parseCategories(stories);
        return { categories, tags: categoryTags(categories) };
      },
      ({ categories, tags }) => {
        for (const category of categories) expect(category.tags.length).toBeGreaterThan(0);
        expect(new Set(tags).size).toBe(tags.length);
      },
    );
  });
});

describe("fuzz: the index normaliser", () => {
  const check = (story: ReturnType<typeof parseIndexStory>) => {
    for (const uuid of story.uuids) expect(uuid.trim()).not.toBe("");
    const meta = indexMeta(story.title, []);
    expect(viewModelProblems(meta, story)).toEqual([]);
  };

  it("survives mutations of the demo index story", () => {
    checkNormaliser(
      countCase,
      mutatedStoryArb([demoStory("index")]),
      FUZZ_RUNS.content.indexMutated,
      parseIndexStory,
      check,
    );
  });

  it("survives random index stories", () => {
    checkNormaliser(countCase, indexStoryArb, FUZZ_RUNS.content.indexRandom, parseIndexStory, check);
  });
});

describe("fuzz: the imprint normaliser", () => {
  const check = (page: ReturnType<typeof parseImprintStory>) => {
    expect(page.title).not.toBe("");
    expectUniqueKeys(
      "imprint blocks",
      page.blocks.map((block) => block.key),
    );
    for (const block of page.blocks) expect(block.text.content.length).toBeGreaterThan(0);
  };

  it("survives mutations of the demo imprint story", () => {
    checkNormaliser(
      countCase,
      mutatedStoryArb([demoStory("imprint")]),
      FUZZ_RUNS.content.imprintMutated,
      parseImprintStory,
      check,
    );
  });

  it("survives random imprint stories", () => {
    checkNormaliser(countCase, imprintStoryArb, FUZZ_RUNS.content.imprintRandom, parseImprintStory, check);
  });
});

describe("fuzz: the about normalisers", () => {
  /** the page, and each body blok parsed the way the blok registry parses it */
  const parseAll = (story: unknown) => {
    const page = parseAboutStory(story);
    const bloks = page.body.map((blok) => ({
      block: blok.component === "about_block" ? parseAboutBlock(blok) : null,
      overview: blok.component === "overview" ? parseOverview(blok) : null,
      masonry: blok.component === "masonry" ? parseMasonry(blok) : null,
    }));
    // the raw body passes through to the blok registry: judged as the registry parses it, below
    return { page: { ...page, body: page.body.map((blok) => blok.component) }, bloks };
  };
  const check = ({ page, bloks }: ReturnType<typeof parseAll>) => {
    expect(page.name).not.toBe("");
    for (const { overview, masonry } of bloks) {
      if (overview)
        expectUniqueKeys(
          "overview items",
          overview.items.map((item) => item.key),
        );
      if (masonry) {
        expectUniqueKeys(
          "masonry tiles",
          masonry.tiles.map((tile) => tile.key),
        );
        expect(new Set(masonry.tags).size).toBe(masonry.tags.length);
      }
    }
  };

  it("survives mutations of the demo about story", () => {
    const about = demoStory("about");
    checkNormaliser(countCase, mutatedStoryArb([about]), FUZZ_RUNS.content.aboutMutated, parseAll, check);
  });

  it("survives random about stories", () => {
    checkNormaliser(countCase, aboutStoryArb, FUZZ_RUNS.content.aboutRandom, parseAll, check);
  });
});

describe("fuzz: the header and footer normalisers", () => {
  const checkHeader = (header: ReturnType<typeof parseHeaderStory>) => {
    expect(header.links).toHaveLength(2);
    for (const link of header.links) {
      expect(link.href).not.toBe("");
      expect(link.label.trim()).not.toBe("");
    }
    expect(header.logoLabel.trim()).not.toBe("");
  };
  const checkFooter = (footer: ReturnType<typeof parseFooterStory>) => {
    expect(footer.imprint.href).not.toBe("");
    expect(footer.imprint.label.trim()).not.toBe("");
    if (footer.email) expect(footer.email.href.startsWith("mailto:")).toBe(true);
    if (footer.social) expect(footer.social.href).toMatch(/^https?:\/\//i);
  };

  it("survives mutations of the demo header story", () => {
    checkNormaliser(
      countCase,
      mutatedStoryArb([demoStory("header")]),
      FUZZ_RUNS.content.headerMutated,
      parseHeaderStory,
      checkHeader,
    );
  });

  it("survives random header stories", () => {
    checkNormaliser(countCase, headerStoryArb, FUZZ_RUNS.content.headerRandom, parseHeaderStory, checkHeader);
  });

  it("survives mutations of the demo footer story", () => {
    checkNormaliser(
      countCase,
      mutatedStoryArb([demoStory("footer")]),
      FUZZ_RUNS.content.footerMutated,
      parseFooterStory,
      checkFooter,
    );
  });

  it("survives random footer stories", () => {
    checkNormaliser(countCase, footerStoryArb, FUZZ_RUNS.content.footerRandom, parseFooterStory, checkFooter);
  });
});
