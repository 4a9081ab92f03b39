import type { StoryblokClient } from "@storyblok/react";
import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { articleContentArb, articleStoryArb } from "~/test/arbitraries/article-stories";
import { storyArb } from "~/test/arbitraries/bloks";
import { FUZZ_RUNS, fuzzParameters } from "~/test/arbitraries/fuzz-budget";
import { demoArticles, mutatedStoryArb } from "~/test/arbitraries/mutations";
import { articleUuidArb } from "~/test/arbitraries/page-stories";
import { anyValueArb, textArb } from "~/test/arbitraries/values";
import { parseArticleStory, parseOtherProject } from "./article";
import { loadArticleList, placeholderEntry } from "./article-index";
import { pickOtherProjects } from "./other-projects";
import { articleMeta } from "./site";
import { uiText } from "~/ui-text";
import { checkNormaliser, contentOf, expectUniqueKeys, viewModelProblems } from "~/test/view-model-checks";
import { fuzzTestFile } from "~/test/fuzz-file";
import { isRecord } from "./is-record";

/**
 * Property-based tests of the article normalisers and of the index's
 * references (SPEC 8) against random and malformed stories and answers.
 */

const { countCase } = fuzzTestFile("article-fuzz.test.ts");

const articles = demoArticles();

describe("fuzz: the article normalisers", () => {
  const check = (article: ReturnType<typeof parseArticleStory>, input: unknown) => {
    expectUniqueKeys(
      "article media",
      article.media.map((item) => item.key),
    );
    // SPEC 8: no Wrapper list -> one 'no Image' entry
    if (!Array.isArray(contentOf(input).Wrapper)) {
      expect(article.media).toEqual([
        { kind: "message", key: "no-image", layout: "fullsize", text: uiText.de.noArticleMedia, editable: {} },
      ]);
    }
    const meta = articleMeta({ status: "found", article, otherProjects: [] }, "Studio");
    expect(meta.description).not.toBe("");
    expect(viewModelProblems(meta, input)).toEqual([]);
  };

  it("survives mutations of the demo articles", () => {
    checkNormaliser(countCase, mutatedStoryArb(articles), FUZZ_RUNS.content.articleMutated, parseArticleStory, check);
  });

  it("survives random article stories", () => {
    checkNormaliser(countCase, articleStoryArb, FUZZ_RUNS.content.articleRandom, parseArticleStory, check);
  });

  it("picks other projects from any listing: at most two, distinct, never the current one", () => {
    const listing = fc.array(fc.oneof(storyArb(articleContentArb), mutatedStoryArb(articles)), { maxLength: 6 });
    checkNormaliser(
      countCase,
      fc.tuple(
        listing,
        fc.oneof(textArb, fc.constantFrom("hafenkino", "")),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
      ),
      FUZZ_RUNS.content.otherProjects,
      (input) => {
        const [stories, current, randoms] = input as [unknown[], string, number[]];
        let call = 0;
        const projects = stories.map((story) => parseOtherProject(story)).filter((project) => project !== null);
        return {
          projects,
          picked: pickOtherProjects(projects, current, () => randoms[call++ % randoms.length]!),
          current,
        };
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

describe("fuzz: index references (SPEC 8)", () => {
  it("a placeholder holds 'Fehler bei {uuid} ({version})' in every field and is marked as error, for any uuid", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uuid(), textArb),
        fc.constantFrom("draft" as const, "published" as const),
        (uuid, version) => {
          countCase();
          const message = `Fehler bei ${uuid} (${version})`;
          const entry = placeholderEntry(uuid, version);
          expect(entry.error).toBe(true);
          // every field but these holds the message
          const special = { uuid, storyId: null, error: true, tags: [message] };
          const expected = Object.fromEntries(
            Object.keys(entry).map((field) => [
              field,
              field in special ? special[field as keyof typeof special] : message,
            ]),
          );
          expect(entry).toEqual(expected);
        },
      ),
      fuzzParameters(FUZZ_RUNS.content.placeholder),
    );
  });

  it("never lists an error entry, whatever the CDN answers, and keeps the editor's order", async () => {
    const known = ["uuid-a", "uuid-b", "uuid-c", "uuid-d", "uuid-broken"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(articleUuidArb, textArb), { maxLength: 10 }),
        fc.array(fc.oneof(storyArb(articleContentArb), fc.constant(null)), {
          minLength: known.length,
          maxLength: known.length,
        }),
        fc.array(anyValueArb, { maxLength: 2 }),
        fc.boolean(),
        async (uuids, stories, junk, failing) => {
          countCase();
          const answers = new Map<string, unknown>();
          known.forEach((uuid, index) => {
            const story = stories[index];
            // "uuid-broken" answers with a story whose uuid is not a string
            if (isRecord(story)) answers.set(uuid, { ...story, uuid: uuid === "uuid-broken" ? 5 : uuid });
          });
          const get = vi.fn(async (_path: string, params: Record<string, unknown>) => {
            if (failing) throw { message: "Service Unavailable", status: 503 };
            const asked = String(params.by_uuids).split(",");
            return {
              data: {
                stories: [
                  ...junk,
                  ...asked.flatMap((uuid) => (answers.has(uuid) ? [answers.get(uuid)] : [])),
                ].reverse(),
              },
            };
          });
          const list = await loadArticleList({ get } as unknown as StoryblokClient, uuids, "published");
          for (const entry of list) {
            expect(entry.error).toBe(false);
            expect(entry.name.startsWith("Fehler bei")).toBe(false);
            expect(entry.slug).not.toBe("");
          }
          // the readable references, in the index story's order
          const readable = uuids.filter((uuid) => !failing && uuid !== "uuid-broken" && answers.has(uuid));
          expect(list.map((entry) => entry.uuid)).toEqual(
            readable.filter((uuid) => list.some((entry) => entry.uuid === uuid)),
          );
          expect(viewModelProblems(list, [uuids, stories, junk])).toEqual([]);
        },
      ),
      fuzzParameters(FUZZ_RUNS.content.articleList),
    );
  });
});
