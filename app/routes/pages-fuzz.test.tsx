import type { StoryblokClient } from "@storyblok/react";
import { cleanup, render } from "@testing-library/react";
import fc from "fast-check";
import type { ComponentType, ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { AboutBody } from "~/bloks/about/about";
import { ArticlePageView } from "~/bloks/article/article";
import { Footer } from "~/bloks/footer/footer";
import { Header } from "~/bloks/header/header";
import { ImprintView } from "~/bloks/imprint/imprint";
import { Gallery } from "~/components/gallery/gallery";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { parseAboutStory, parseOverview } from "~/content/about";
import { parseArticleStory, parseOtherProject, type ArticlePage } from "~/content/article";
import { pickOtherProjects } from "~/content/other-projects";
import { loadArticleList, parseIndexStory } from "~/content/article-index";
import { categoryTags, parseCategories, parseHomeStory, type HomeData } from "~/content/home";
import { parseImprintStory } from "~/content/imprint";
import { parseFooterStory, parseHeaderStory } from "~/content/layout";
import { setContentClient } from "~/content/storyblok-client";
import {
  aboutStoryArb,
  articleContentArb,
  articleStoryArb,
  demoArticles,
  demoStory,
  footerStoryArb,
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzParameters,
  galleryItemSpecArb,
  headerStoryArb,
  homeStoryArb,
  imprintStoryArb,
  indexStoryArb,
  mutatedStoryArb,
  notAListArb,
  overviewItemSpecArb,
  storyArb,
  wrapperSpecArb,
  type GalleryItemSpec,
  type MediaClass,
} from "~/test/arbitraries";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import { domProblems, tokensInInput, unexpectedConsoleErrors } from "~/test/dom-invariants";
import Home from "./home";
import IndexPage from "./index";
import { uiText } from "~/ui-text";

/**
 * Property-based tests of every page against random and malformed stories:
 * each generated story goes through the page's normaliser and is rendered
 * (in a router stub, as the route renders it). Nothing may throw; no
 * "undefined", "[object Object]" or "NaN" may reach the DOM; no script,
 * event handler or unsafe URL; no React warning (duplicate keys, NaN
 * props); and where a field is broken the spec's message shows (SPEC 5, 8).
 */

// hundreds of renders per test: minutes, not seconds, on a busy two-core machine
vi.setConfig({ testTimeout: 180_000 });

let generated = 0;
let consoleError: MockInstance<typeof console.error>;

afterAll(() => {
  console.info(`[fuzz] pages-fuzz.test.tsx: ${generated} generated cases (seed ${FUZZ_SEED})`);
});

beforeEach(() => {
  mockMatchMedia();
  mockIntersectionObserver();
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Renders `element` in a router stub at `path` (routes read the location and the root loader data). */
function renderPage(element: ReactNode, path = "/"): HTMLElement {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return render(<Stub initialEntries={[path]} />).container;
}

/** Renders, checks the DOM and the console, unmounts; returns what `inspect` found. */
function renderAndCheck<T = void>(
  input: unknown,
  element: ReactNode,
  inspect?: (container: HTMLElement) => T,
  path = "/",
): T | undefined {
  generated += 1;
  consoleError.mockClear();
  try {
    const container = renderPage(element, path);
    expect(domProblems(container, { allowedTokens: tokensInInput(input), allowJsonLd: true })).toEqual([]);
    expect(unexpectedConsoleErrors(consoleError.mock.calls)).toEqual([]);
    return inspect?.(container);
  } finally {
    cleanup();
  }
}

const HomeRoute = Home as unknown as ComponentType<{ loaderData: HomeData }>;
const IndexRoute = IndexPage as unknown as ComponentType<{
  loaderData: { storyId: number | null; title: string; articles: unknown };
}>;

const articles = demoArticles();
const text = (container: HTMLElement) => container.textContent ?? "";

describe("fuzz: the home page", () => {
  const renderHome = (story: unknown, categories: unknown) => {
    const page = parseHomeStory(story);
    const filterTags = categoryTags(parseCategories(categories));
    renderAndCheck([story, categories], <HomeRoute loaderData={{ page, filterTags }} />, (container) => {
      if (page.gallery.items === null) expect(text(container)).toContain(uiText.de.notAList);
      if (page.hero.slides.length === 0) expect(text(container)).toContain("Laden...");
      if (filterTags.length === 0) expect(text(container)).toContain("Loading...");
    });
  };
  const categoriesArb = fc.array(mutatedStoryArb(articles), { maxLength: 3 });

  it("renders mutations of the demo home story", () => {
    fc.assert(
      fc.property(mutatedStoryArb([demoStory("home")]), categoriesArb, renderHome),
      fuzzParameters(FUZZ_RUNS.pages.homeMutated),
    );
  });

  it("renders random home stories", () => {
    fc.assert(fc.property(homeStoryArb, categoriesArb, renderHome), fuzzParameters(FUZZ_RUNS.pages.homeRandom));
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
    fc.assert(
      fc.property(imageDataArb, ({ specs, raw }) => {
        const story = {
          content: { body: [{ component: "hero" }, { component: "gallery", _uid: "g", ImageData: raw }] },
        };
        const page = parseHomeStory(story);
        renderAndCheck(story, <Gallery items={page.gallery.items} selectedTags={[]} />, (container) => {
          const tiles = container.querySelectorAll("li");
          if (specs === null) {
            expect(text(container)).toBe(uiText.de.notAList);
            expect(tiles).toHaveLength(0);
            return;
          }
          expect(tiles).toHaveLength(specs.length);
          specs.forEach((spec, index) => expectTile(tiles[index]!, spec));
        });
      }),
      fuzzParameters(FUZZ_RUNS.pages.galleryFallbacks),
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
          setContentClient({ get } as unknown as StoryblokClient);
          const index = parseIndexStory(story);
          const list = await loadArticleList(index.uuids, "published");
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
              expect(text(container)).not.toContain("Fehler bei");
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
    fc.assert(
      fc.property(mutatedStoryArb([demoStory("imprint")]), renderImprint),
      fuzzParameters(FUZZ_RUNS.pages.imprintMutated),
    );
  });

  it("renders random imprint stories", () => {
    fc.assert(fc.property(imprintStoryArb, renderImprint), fuzzParameters(FUZZ_RUNS.pages.imprintRandom));
  });
});

describe("fuzz: the about page", () => {
  const renderAbout = (story: unknown) => {
    renderAndCheck(story, <AboutBody page={parseAboutStory(story)} />, undefined, "/about");
  };

  it("renders mutations of the demo about story", () => {
    fc.assert(
      fc.property(mutatedStoryArb([demoStory("about")]), renderAbout),
      fuzzParameters(FUZZ_RUNS.pages.aboutMutated),
    );
  });

  it("renders random about stories", () => {
    fc.assert(fc.property(aboutStoryArb, renderAbout), fuzzParameters(FUZZ_RUNS.pages.aboutRandom));
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

describe("fuzz: the article page", () => {
  const renderArticle = (story: unknown, listing: unknown[], random: number) => {
    const article = parseArticleStory(story);
    const others = listing.map(parseOtherProject).filter((project) => project !== null);
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
        if (!Array.isArray(wrapper)) expect(text(container)).toContain(uiText.de.noArticleMedia);
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
    fc.assert(
      fc.property(mutatedStoryArb(articles), listingArb, randomArb, renderArticle),
      fuzzParameters(FUZZ_RUNS.pages.articleMutated),
    );
  });

  it("renders random article stories", () => {
    fc.assert(
      fc.property(articleStoryArb, listingArb, randomArb, renderArticle),
      fuzzParameters(FUZZ_RUNS.pages.articleRandom),
    );
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
          const cells = [...container.querySelectorAll("li")];
          if (spec.cells === null) {
            expect(cells.map((cell) => cell.textContent)).toEqual([uiText.de.noArticleMedia]);
            return;
          }
          expect(cells).toHaveLength(spec.cells.length);
          spec.cells.forEach((kind, index) => {
            const cell = cells[index]!;
            expect(cell.querySelector("p")?.textContent ?? "").toBe(messages[kind]);
            expect(cell.querySelectorAll("img")).toHaveLength(kind === "image" ? 1 : 0);
            expect(cell.querySelectorAll("video")).toHaveLength(kind === "video" ? 1 : 0);
          });
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
        expect(text(container)).toContain("One");
        expect(text(container)).toContain("Two");
      },
      "/about",
    );
  });

  it("shows a pasted paragraph as the footer logo text still, not as 200,000 animated elements", () => {
    const story = { content: { body: [{ component: "footer_content", LogoBig: "x".repeat(100_000) }] } };
    renderAndCheck(story, <Footer blok={parseFooterStory(story)} />, (container) => {
      expect(container.querySelectorAll("*").length).toBeLessThan(50);
      expect(text(container)).toContain("x".repeat(100_000));
    });
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
        expect(labels).toEqual(header.links.map((link) => link.label));
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
    fc.assert(
      fc.property(
        mutatedStoryArb([demoStory("header")]),
        mutatedStoryArb([demoStory("footer")]),
        pathArb,
        renderLayout,
      ),
      fuzzParameters(FUZZ_RUNS.pages.layoutMutated),
    );
  });

  it("renders random header and footer stories", () => {
    fc.assert(
      fc.property(headerStoryArb, footerStoryArb, pathArb, renderLayout),
      fuzzParameters(FUZZ_RUNS.pages.layoutRandom),
    );
  });
});
