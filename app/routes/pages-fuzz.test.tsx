import type { StoryblokClient } from "@storyblok/react";
import fc from "fast-check";
import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { ImprintView } from "~/bloks/imprint/imprint";
import { Gallery } from "~/components/gallery/gallery";
import { loadArticleList, parseIndexStory } from "~/content/article-index";
import { categoryTags, parseCategories, parseHomeStory, type HomeData } from "~/content/home";
import { parseImprintStory } from "~/content/imprint";
import { articleContentArb } from "~/test/arbitraries/article-stories";
import { storyArb } from "~/test/arbitraries/bloks";
import { FUZZ_RUNS, fuzzParameters, assertFuzz } from "~/test/arbitraries/fuzz-budget";
import { demoArticles, demoStory, mutatedStoryArb } from "~/test/arbitraries/mutations";
import { notAListArb } from "~/test/arbitraries/values";
import Home from "~/routes/home";
import IndexPage from "~/routes/index";
import { pageFuzzFile, textOf } from "~/test/page-fuzz";
import { uiText } from "~/ui-text";
import {
  type GalleryItemSpec,
  galleryItemSpecArb,
  homeStoryArb,
  imprintStoryArb,
  indexStoryArb,
} from "~/test/arbitraries/page-stories";

/** Property-based tests of the home, index and imprint pages against random and malformed stories (app/test/page-fuzz.tsx). */
const { renderAndCheck } = pageFuzzFile("pages-fuzz.test.tsx");

const HomeRoute = Home as unknown as ComponentType<{ loaderData: HomeData }>;
const IndexRoute = IndexPage as unknown as ComponentType<{
  loaderData: { storyId: number | null; title: string; articles: unknown };
}>;
const articles = demoArticles();

describe("fuzz: the home page", () => {
  const renderHome = (story: unknown, categories: unknown) => {
    const page = parseHomeStory(story);
    const filterTags = categoryTags(parseCategories(categories));
    renderAndCheck([story, categories], <HomeRoute loaderData={{ page, filterTags }} />, (container) => {
      if (page.gallery.items === null) expect(textOf(container)).toContain(uiText.de.notAList);
      if (page.hero.slides.length === 0) expect(textOf(container)).toContain("Laden...");
      if (filterTags.length === 0) expect(textOf(container)).toContain("Loading...");
    });
  };
  const categoriesArb = fc.array(mutatedStoryArb(articles), { maxLength: 3 });

  it("renders mutations of the demo home story", () => {
    assertFuzz(
      fc.property(mutatedStoryArb([demoStory("home")]), categoriesArb, renderHome),
      FUZZ_RUNS.pages.homeMutated,
    );
  });

  it("renders random home stories", () => {
    assertFuzz(fc.property(homeStoryArb, categoriesArb, renderHome), FUZZ_RUNS.pages.homeRandom);
  });

  /** What a gallery tile must show for its item (SPEC 2, 5): message or medium, then the caption. */
  function expectTile(tile: Element, spec: GalleryItemSpec) {
    const name = typeof spec.raw.Name === "string" ? spec.raw.Name.trim() : "";
    const caption = name || "More";
    const image = spec.raw.Image as { alt?: unknown } | undefined;
    const alt = typeof image?.alt === "string" && image.alt.trim() !== "" ? image.alt.trim() : "no information";
    const message = { none: uiText.de.noImage, unknown: uiText.de.unknownFormat, image: "", video: "" }[spec.kind];
    expect(tile.textContent).toBe(`${message}${caption}`);
    expect(tile.querySelectorAll("img")).toHaveLength(spec.kind === "image" ? 1 : 0);
    expect(tile.querySelectorAll("video")).toHaveLength(spec.kind === "video" ? 1 : 0);
    if (spec.kind === "image") expect(tile.querySelector("img")!.getAttribute("alt")?.trim()).toBe(alt);
    if (spec.kind === "video") expect(tile.querySelector("[role=img]")!.getAttribute("aria-label")?.trim()).toBe(alt);
  }

  it("shows 'Kein Bild', 'unbekanntes Format', 'no information', 'More' and 'Keine Bilddaten vorhanden.' where the gallery says so", () => {
    const imageDataArb = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .array(galleryItemSpecArb, { maxLength: 6 })
          .map((specs) => ({ specs, raw: specs.map((spec) => spec.raw) as unknown })),
      },
      { weight: 1, arbitrary: notAListArb.map((raw) => ({ specs: null, raw })) },
    );
    assertFuzz(
      fc.property(imageDataArb, ({ specs, raw }) => {
        const story = {
          content: { body: [{ component: "hero" }, { component: "gallery", _uid: "g", ImageData: raw }] },
        };
        const page = parseHomeStory(story);
        renderAndCheck(story, <Gallery items={page.gallery.items} selectedTags={[]} />, (container) => {
          const tiles = container.querySelectorAll("li");
          // ImageData that is not a list shows the message and no tile; a list, one tile per entry
          expect({ tiles: tiles.length, notAList: textOf(container) === uiText.de.notAList }).toEqual({
            tiles: specs?.length ?? 0,
            notAList: specs === null,
          });
          (specs ?? []).forEach((spec, index) => expectTile(tiles[index]!, spec));
        });
      }),
      FUZZ_RUNS.pages.galleryFallbacks,
    );
  });
});

describe("fuzz: the index page", () => {
  it("renders random index stories with whatever the CDN answers for their references", async () => {
    const known = ["uuid-a", "uuid-b", "uuid-c", "uuid-d", "uuid-broken"];
    await fc.assert(
      fc.asyncProperty(
        indexStoryArb,
        fc.array(fc.oneof(storyArb(articleContentArb), mutatedStoryArb(articles), fc.constant(null)), {
          minLength: known.length,
          maxLength: known.length,
        }),
        async (story, answers) => {
          const byUuid = new Map(
            known.flatMap((uuid, index) =>
              answers[index] && typeof answers[index] === "object"
                ? [[uuid, { ...(answers[index] as object), uuid: uuid === "uuid-broken" ? null : uuid }]]
                : [],
            ),
          );
          const get = vi.fn(async (_path: string, params: Record<string, unknown>) => ({
            data: {
              stories: String(params.by_uuids)
                .split(",")
                .flatMap((uuid) => (byUuid.has(uuid) ? [byUuid.get(uuid)] : [])),
            },
          }));
          const index = parseIndexStory(story);
          const list = await loadArticleList({ get } as unknown as StoryblokClient, index.uuids, "published");
          renderAndCheck(
            [story, answers],
            <IndexRoute loaderData={{ storyId: index.storyId, title: index.title, articles: list }} />,
            (container) => {
              expect(container.querySelector("h1")?.textContent).toBe(index.title || "Index");
              const rows = [...container.querySelectorAll("li a")];
              expect(rows).toHaveLength(list.length);
              rows.forEach((row, position) =>
                expect(row.getAttribute("href")).toBe(`/articles/${list[position]!.slug}`),
              );
              expect(textOf(container)).not.toContain("Fehler bei");
            },
          );
        },
      ),
      fuzzParameters(FUZZ_RUNS.pages.indexRandom),
    );
  });
});

describe("fuzz: the imprint page", () => {
  const renderImprint = (story: unknown) => {
    const page = parseImprintStory(story);
    renderAndCheck(story, <ImprintView page={page} />, (container) => {
      expect(container.querySelector("h1")?.textContent).toBe(page.title);
      expect(page.title.trim()).not.toBe("");
    });
  };

  it("renders mutations of the demo imprint story", () => {
    assertFuzz(fc.property(mutatedStoryArb([demoStory("imprint")]), renderImprint), FUZZ_RUNS.pages.imprintMutated);
  });

  it("renders random imprint stories", () => {
    assertFuzz(fc.property(imprintStoryArb, renderImprint), FUZZ_RUNS.pages.imprintRandom);
  });
});
