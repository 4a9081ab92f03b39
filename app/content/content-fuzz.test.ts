import type { StoryblokClient } from "@storyblok/react";
import fc from "fast-check";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  aboutStoryArb,
  anyValueArb,
  articleStoryArb,
  articleUuidArb,
  demoArticles,
  demoStory,
  footerStoryArb,
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzParameters,
  headerStoryArb,
  homeStoryArb,
  imprintStoryArb,
  indexStoryArb,
  mutatedStoryArb,
  richTextFieldArb,
  storyArb,
  articleContentArb,
  textArb,
  totalFuzzRuns,
} from "~/test/arbitraries";
import { effectiveScheme, LINK_SCHEMES, MEDIA_SCHEMES, tokensInInput } from "~/test/dom-invariants";
import { parseAboutBlock, parseAboutStory, parseMasonry, parseOverview } from "./about";
import { parseArticleStory, parseOtherProject } from "./article";
import { loadArticleList, parseIndexStory, placeholderEntry } from "./article-index";
import { categoryTags, parseCategories, parseHomeStory } from "./home";
import { parseImprintStory } from "./imprint";
import { pickOtherProjects } from "./other-projects";
import { parseFooterStory, parseHeaderStory } from "./layout";
import { parseRichText } from "./rich-text";
import { articleMeta, indexMeta } from "./site";
import { setContentClient } from "./storyblok-client";
import { uiText } from "~/ui-text";

/**
 * Property-based tests of the normalisers (raw Storyblok story -> view
 * model) against random and malformed stories: mutations of the real demo
 * stories and fully random shapes (app/test/arbitraries.ts). Whatever comes
 * in, a normaliser never throws, is deterministic, and yields a view model
 * without NaN/Infinity, accidental "undefined"/"[object Object]" text,
 * unsafe hrefs, or duplicate React keys.
 */

// thousands of cases per test: minutes, not seconds, on a busy two-core machine
vi.setConfig({ testTimeout: 180_000 });

let generated = 0;

afterAll(() => {
  console.info(`[fuzz] content-fuzz.test.ts: ${generated} generated cases (seed ${FUZZ_SEED})`);
});

beforeEach(() => {
  // the spec's own log lines ("Component ... doesn't exist") are expected here
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const RICH_TEXT_NODES = new Set(["paragraph", "heading", "blockquote", "bullet_list", "ordered_list", "list_item", "code_block", "hard_break", "horizontal_rule", "image", "emoji", "text"]);
const RICH_TEXT_MARKS = new Set(["bold", "italic", "strike", "underline", "code", "superscript", "subscript", "highlight", "textStyle", "anchor", "styled", "link"]);

/** What a sanitised rich text document may hold (see app/content/rich-text.ts). */
function richTextProblems(document: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(document) || document.type !== "doc" || !Array.isArray(document.content)) return ["not a document"];
  const stack: Array<{ node: unknown; depth: number }> = document.content.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0 && problems.length < 10) {
    const { node, depth } = stack.pop()!;
    if (!isRecord(node) || typeof node.type !== "string") {
      problems.push(`malformed node ${String(node)}`);
      continue;
    }
    if (depth > 30) problems.push(`nested ${depth} deep`);
    if (!RICH_TEXT_NODES.has(node.type)) problems.push(`node type ${node.type}`);
    if (node.type === "text" && (typeof node.text !== "string" || node.text === "")) problems.push("text node without text");
    if (node.type === "image") {
      const src = isRecord(node.attrs) ? node.attrs.src : undefined;
      const scheme = typeof src === "string" ? effectiveScheme(src) : "none";
      if (typeof src !== "string" || (scheme !== null && !MEDIA_SCHEMES.has(scheme))) problems.push(`image src ${String(src)}`);
    }
    if (node.type === "emoji" && isRecord(node.attrs) && node.attrs.fallbackImage != null) problems.push("emoji keeps its fallback image");
    for (const mark of Array.isArray(node.marks) ? node.marks : []) {
      if (!isRecord(mark) || typeof mark.type !== "string" || !RICH_TEXT_MARKS.has(mark.type)) {
        problems.push(`mark ${JSON.stringify(mark)}`);
        continue;
      }
      if (mark.type === "link") {
        const href = isRecord(mark.attrs) ? mark.attrs.href : undefined;
        const scheme = typeof href === "string" ? effectiveScheme(href) : "none";
        if (typeof href !== "string" || href === "" || (scheme !== null && !LINK_SCHEMES.has(scheme))) problems.push(`link href ${String(href)}`);
        const custom = isRecord(mark.attrs) && isRecord(mark.attrs.custom) ? mark.attrs.custom : {};
        for (const name of Object.keys(custom)) {
          if (!["title", "rel", "hreflang", "aria-label"].includes(name)) problems.push(`link custom attribute ${name}`);
        }
      }
    }
    if (Array.isArray(node.content)) for (const child of node.content) stack.push({ node: child, depth: depth + 1 });
  }
  return problems;
}

const URL_KEYS = new Set(["href"]);
const MEDIA_KEYS = new Set(["src", "img", "image", "filename"]);

/**
 * What any view model must satisfy: finite numbers, no functions, no
 * stringified undefined/objects/NaN (unless the input said so), safe hrefs,
 * sanitised rich text. Iterative: inputs can be 10,000 levels deep.
 */
function viewModelProblems(model: unknown, input: unknown): string[] {
  const allowed = tokensInInput(input);
  const problems: string[] = [];
  const stack: Array<{ value: unknown; path: string; key: string }> = [{ value: model, path: "$", key: "" }];
  while (stack.length > 0 && problems.length < 10) {
    const { value, path, key } = stack.pop()!;
    switch (typeof value) {
      case "number":
        if (!Number.isFinite(value)) problems.push(`${path} is ${value}`);
        break;
      case "string":
        for (const token of ["undefined", "[object Object]", "NaN"]) {
          if (!allowed.has(token as "NaN") && value.includes(token)) problems.push(`${path} shows ${token}: ${JSON.stringify(value.slice(0, 80))}`);
        }
        if (URL_KEYS.has(key)) {
          const scheme = effectiveScheme(value);
          if (scheme !== null && !LINK_SCHEMES.has(scheme)) problems.push(`${path} links to ${JSON.stringify(value.slice(0, 80))}`);
        }
        if (MEDIA_KEYS.has(key)) {
          const scheme = effectiveScheme(value);
          if (scheme !== null && !MEDIA_SCHEMES.has(scheme)) problems.push(`${path} loads ${JSON.stringify(value.slice(0, 80))}`);
        }
        break;
      case "function":
      case "symbol":
      case "bigint":
        problems.push(`${path} is a ${typeof value}`);
        break;
      case "object":
        if (value === null) break;
        if (isRecord(value) && value.type === "doc" && Array.isArray(value.content) && key !== "body") {
          problems.push(...richTextProblems(value).map((problem) => `${path}: ${problem}`));
          break;
        }
        for (const [childKey, child] of Object.entries(value)) {
          stack.push({ value: child, path: `${path}.${childKey}`, key: childKey });
        }
        break;
      default:
        break;
    }
  }
  return problems;
}

function expectUniqueKeys(label: string, keys: readonly string[]) {
  const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
  expect(duplicates, `${label}: duplicate React keys`).toEqual([]);
}

/** The common property: never throws, deterministic, a clean view model; then the page's own checks. */
function checkNormaliser<T>(arbitrary: fc.Arbitrary<unknown>, numRuns: number, parse: (input: unknown) => T, check?: (output: T, input: unknown) => void) {
  fc.assert(
    fc.property(arbitrary, (input) => {
      generated += 1;
      const output = parse(input);
      expect(viewModelProblems(output, input)).toEqual([]);
      expect(parse(input)).toEqual(output);
      check?.(output, input);
    }),
    fuzzParameters(numRuns),
  );
}

const contentOf = (story: unknown): Record<string, unknown> => (isRecord(story) && isRecord(story.content) ? story.content : {});

const articles = demoArticles();

describe("fuzz: the home normaliser", () => {
  const check = (page: ReturnType<typeof parseHomeStory>, input: unknown) => {
    const body = contentOf(input).body;
    const gallery = Array.isArray(body) ? body[1] : undefined;
    // SPEC 5: ImageData that is not a list -> null -> 'Keine Bilddaten vorhanden.'
    expect(page.gallery.items === null).toBe(!(isRecord(gallery) && Array.isArray(gallery.ImageData)));
    expectUniqueKeys("gallery", (page.gallery.items ?? []).map((item) => item.key));
    expectUniqueKeys("hero", page.hero.slides.map((slide) => slide.key));
    for (const slide of page.hero.slides) expect(slide.desktop.filename && slide.phone.filename).toBeTruthy();
    for (const item of page.gallery.items ?? []) {
      expect(item.name).toBe(item.name.trim());
      for (const tag of item.tags) expect(tag.trim()).not.toBe("");
    }
  };

  it("survives mutations of the demo home story", () => {
    checkNormaliser(mutatedStoryArb([demoStory("home")]), FUZZ_RUNS.content.homeMutated, parseHomeStory, check);
  });

  it("survives random home stories", () => {
    checkNormaliser(homeStoryArb, FUZZ_RUNS.content.homeRandom, parseHomeStory, check);
  });

  it("keeps only tagged articles for the categories, each tag once", () => {
    checkNormaliser(fc.array(storyArb(articleContentArb), { maxLength: 6 }), FUZZ_RUNS.content.categories, (stories) => {
      const categories = parseCategories(stories);
      return { categories, tags: categoryTags(categories) };
    }, ({ categories, tags }) => {
      for (const category of categories) expect(category.tags.length).toBeGreaterThan(0);
      expect(new Set(tags).size).toBe(tags.length);
    });
  });
});

describe("fuzz: the index normaliser", () => {
  const check = (story: ReturnType<typeof parseIndexStory>) => {
    for (const uuid of story.uuids) expect(uuid.trim()).not.toBe("");
    const meta = indexMeta(story.title, []);
    expect(viewModelProblems(meta, story)).toEqual([]);
  };

  it("survives mutations of the demo index story", () => {
    checkNormaliser(mutatedStoryArb([demoStory("index")]), FUZZ_RUNS.content.indexMutated, parseIndexStory, check);
  });

  it("survives random index stories", () => {
    checkNormaliser(indexStoryArb, FUZZ_RUNS.content.indexRandom, parseIndexStory, check);
  });
});

describe("fuzz: the imprint normaliser", () => {
  const check = (page: ReturnType<typeof parseImprintStory>) => {
    expect(page.title).not.toBe("");
    expectUniqueKeys("imprint blocks", page.blocks.map((block) => block.key));
    for (const block of page.blocks) expect(block.text.content.length).toBeGreaterThan(0);
  };

  it("survives mutations of the demo imprint story", () => {
    checkNormaliser(mutatedStoryArb([demoStory("imprint")]), FUZZ_RUNS.content.imprintMutated, parseImprintStory, check);
  });

  it("survives random imprint stories", () => {
    checkNormaliser(imprintStoryArb, FUZZ_RUNS.content.imprintRandom, parseImprintStory, check);
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
      if (overview) expectUniqueKeys("overview items", overview.items.map((item) => item.key));
      if (masonry) {
        expectUniqueKeys("masonry tiles", masonry.tiles.map((tile) => tile.key));
        expect(new Set(masonry.tags).size).toBe(masonry.tags.length);
      }
    }
  };

  it("survives mutations of the demo about story", () => {
    const about = demoStory("about");
    checkNormaliser(mutatedStoryArb([about]), FUZZ_RUNS.content.aboutMutated, parseAll, check);
  });

  it("survives random about stories", () => {
    checkNormaliser(aboutStoryArb, FUZZ_RUNS.content.aboutRandom, parseAll, check);
  });
});

describe("fuzz: the article normalisers", () => {
  const check = (article: ReturnType<typeof parseArticleStory>, input: unknown) => {
    expectUniqueKeys("article media", article.media.map((item) => item.key));
    // SPEC 8: no Wrapper list -> one 'no Image' entry
    if (!Array.isArray(contentOf(input).Wrapper)) {
      expect(article.media).toEqual([{ kind: "message", key: "no-image", layout: "fullsize", text: uiText.de.noArticleMedia }]);
    }
    const meta = articleMeta({ status: "found", article, otherProjects: [] }, "Studio");
    expect(meta.description).not.toBe("");
    expect(viewModelProblems(meta, input)).toEqual([]);
  };

  it("survives mutations of the demo articles", () => {
    checkNormaliser(mutatedStoryArb(articles), FUZZ_RUNS.content.articleMutated, parseArticleStory, check);
  });

  it("survives random article stories", () => {
    checkNormaliser(articleStoryArb, FUZZ_RUNS.content.articleRandom, parseArticleStory, check);
  });

  it("picks other projects from any listing: at most two, distinct, never the current one", () => {
    const listing = fc.array(fc.oneof(storyArb(articleContentArb), mutatedStoryArb(articles)), { maxLength: 6 });
    checkNormaliser(
      fc.tuple(listing, fc.oneof(textArb, fc.constantFrom("hafenkino", "")), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 })),
      FUZZ_RUNS.content.otherProjects,
      (input) => {
        const [stories, current, randoms] = input as [unknown[], string, number[]];
        let call = 0;
        const projects = stories.map(parseOtherProject).filter((project) => project !== null);
        return { projects, picked: pickOtherProjects(projects, current, () => randoms[call++ % randoms.length]!), current };
      },
      ({ projects, picked, current }) => {
        for (const project of projects) {
          expect(project.slug).not.toBe("");
          expect(project.href).toBe(`/articles/${project.slug}`);
        }
        expect(picked.length).toBeLessThanOrEqual(2);
        expect(new Set(picked.map((project) => project.slug)).size).toBe(picked.length);
        expect(picked.map((project) => project.slug)).not.toContain(current);
      },
    );
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
    checkNormaliser(mutatedStoryArb([demoStory("header")]), FUZZ_RUNS.content.headerMutated, parseHeaderStory, checkHeader);
  });

  it("survives random header stories", () => {
    checkNormaliser(headerStoryArb, FUZZ_RUNS.content.headerRandom, parseHeaderStory, checkHeader);
  });

  it("survives mutations of the demo footer story", () => {
    checkNormaliser(mutatedStoryArb([demoStory("footer")]), FUZZ_RUNS.content.footerMutated, parseFooterStory, checkFooter);
  });

  it("survives random footer stories", () => {
    checkNormaliser(footerStoryArb, FUZZ_RUNS.content.footerRandom, parseFooterStory, checkFooter);
  });
});

describe("fuzz: the rich text sanitiser", () => {
  it("turns any field into an allow-listed document with safe links, bounded in depth", () => {
    checkNormaliser(richTextFieldArb, FUZZ_RUNS.content.richText, parseRichText);
  });
});

describe("fuzz: index references (SPEC 8)", () => {
  it("a placeholder holds 'Fehler bei {uuid} ({version})' in every field and is marked as error, for any uuid", () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), textArb), fc.constantFrom("draft" as const, "published" as const), (uuid, version) => {
        generated += 1;
        const message = `Fehler bei ${uuid} (${version})`;
        const entry = placeholderEntry(uuid, version);
        expect(entry.error).toBe(true);
        for (const [field, value] of Object.entries(entry)) {
          if (field === "uuid") expect(value).toBe(uuid);
          else if (field === "error") continue;
          else if (field === "tags") expect(value).toEqual([message]);
          else expect(value, field).toBe(message);
        }
      }),
      fuzzParameters(FUZZ_RUNS.content.placeholder),
    );
  });

  it("never lists an error entry, whatever the CDN answers, and keeps the editor's order", async () => {
    const known = ["uuid-a", "uuid-b", "uuid-c", "uuid-d", "uuid-broken"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(articleUuidArb, textArb), { maxLength: 10 }),
        fc.array(fc.oneof(storyArb(articleContentArb), fc.constant(null)), { minLength: known.length, maxLength: known.length }),
        fc.array(anyValueArb, { maxLength: 2 }),
        fc.boolean(),
        async (uuids, stories, junk, failing) => {
          generated += 1;
          const answers = new Map<string, unknown>();
          known.forEach((uuid, index) => {
            const story = stories[index];
            // "uuid-broken" answers with a story whose uuid is not a string
            if (isRecord(story)) answers.set(uuid, { ...story, uuid: uuid === "uuid-broken" ? 5 : uuid });
          });
          const get = vi.fn(async (_path: string, params: Record<string, unknown>) => {
            if (failing) throw { message: "Service Unavailable", status: 503 };
            const asked = String(params.by_uuids).split(",");
            return { data: { stories: [...junk, ...asked.flatMap((uuid) => (answers.has(uuid) ? [answers.get(uuid)] : []))].reverse() } };
          });
          setContentClient({ get } as unknown as StoryblokClient);
          const list = await loadArticleList(uuids, "published");
          for (const entry of list) {
            expect(entry.error).toBe(false);
            expect(entry.name.startsWith("Fehler bei")).toBe(false);
            expect(entry.slug).not.toBe("");
          }
          // the readable references, in the index story's order
          const readable = uuids.filter((uuid) => !failing && uuid !== "uuid-broken" && answers.has(uuid));
          expect(list.map((entry) => entry.uuid)).toEqual(readable.filter((uuid) => list.some((entry) => entry.uuid === uuid)));
          expect(viewModelProblems(list, [uuids, stories, junk])).toEqual([]);
        },
      ),
      fuzzParameters(FUZZ_RUNS.content.articleList),
    );
  });
});

describe("regressions the fuzzer found (pinned examples)", () => {
  const asset = (file: string, alt?: unknown) => ({ filename: `https://a.storyblok.com/f/287401/100x100/abc/${file}`, alt });

  it("never hands out a React key twice, even when an editor's uid looks like a fallback key", () => {
    const home = parseHomeStory({ content: { body: [{}, { ImageData: [{ _uid: "tile-1", Image: asset("a.jpg") }, { Image: asset("b.jpg") }] }] } });
    expectUniqueKeys("gallery", (home.gallery.items ?? []).map((item) => item.key));
    const article = parseArticleStory({
      content: { Wrapper: [{ component: "ImagesArticle", media: [{ _uid: "blok-1", Image: asset("a.jpg") }] }, { component: "ImagesArticle", media: "" }] },
    });
    expectUniqueKeys("article media", article.media.map((item) => item.key));
    const imprint = parseImprintStory({ content: { body: [{ component: "imprint_text", _uid: "imprint-1", Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "a" }] }] } }, { component: "imprint_text", Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "b" }] }] } }] } });
    expectUniqueKeys("imprint", imprint.blocks.map((block) => block.key));
  });

  it("lists an article referenced twice once", () => {
    expect(parseIndexStory({ content: { body: [{ Articles: ["a", "b", "a"] }] } }).uuids).toEqual(["a", "b"]);
  });

  it("gives a story whose slug is '.' or '..' no link", () => {
    expect(parseOtherProject({ full_slug: "articles/..", name: "Up" })).toBeNull();
    expect(parseArticleStory({ full_slug: "articles/." }).slug).toBe("");
  });

  it("loads no asset from a script or data URL, and takes a blank alt for none", () => {
    for (const filename of ["javascript:alert(1)//x.jpg", " JAVASCRIPT:alert(1)//x.mp4", "data:image/svg+xml,<svg onload=alert(1)>//a.svg", "&#106;avascript:alert(1)//x.png", "vbscript:x//a.png"]) {
      const page = parseHomeStory({ content: { body: [{}, { ImageData: [{ Image: { filename, alt: "x" } }] }] } });
      expect(page.gallery.items?.[0]?.image.filename, filename).toBe("");
    }
    const kept = parseHomeStory({ content: { body: [{}, { ImageData: [{ Image: { filename: "//a.storyblok.com/f/1/1x1/a/x.jpg", alt: "\n " } }] }] } });
    expect(kept.gallery.items?.[0]?.image).toMatchObject({ filename: "//a.storyblok.com/f/1/1x1/a/x.jpg", alt: "" });
  });

  it("keeps blocks out of paragraphs and headings, and list items inside lists", () => {
    const document = parseRichText({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "a" }, { type: "bullet_list", content: [{ type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "b" }] }] }] }, { type: "horizontal_rule" }] },
        { type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "c" }] }] },
      ],
    });
    expect(document.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] },
      { type: "paragraph", content: [{ type: "text", text: "c" }] },
    ]);
  });
});

describe("fuzz budget", () => {
  it("generates at least 10,000 cases across the fuzz suite", () => {
    const total = totalFuzzRuns();
    console.info(`[fuzz] suite budget: ${total} generated cases across content-fuzz, pages-fuzz and rich-text-hostile (seed ${FUZZ_SEED})`);
    expect(total).toBeGreaterThanOrEqual(10_000);
  });
});
