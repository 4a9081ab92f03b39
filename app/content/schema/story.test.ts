import { describe, expect, it } from "vitest";
import { imprint } from "./imprint";
import { lastSlugSegment, parseStory, parseStoryFields, storyPath, storyPaths } from "./story";

describe("parseStory", () => {
  it("reads the story's fields and parses its content with the root component", () => {
    const story = parseStory(
      {
        id: 5,
        uuid: "u",
        name: "Impressum",
        full_slug: "imprint",
        tag_list: ["Legal", 3, ""],
        published_at: "2025-03-01T10:00:00.000Z",
        content: { component: "imprint", _uid: "c", body: [] },
      },
      imprint,
    );
    expect(story).toMatchObject({
      id: 5,
      uuid: "u",
      name: "Impressum",
      slug: "",
      tag_list: ["Legal"],
      is_startpage: false,
    });
    expect(story.published_at).toBe("2025-03-01T10:00:00.000Z");
    expect(story.first_published_at).toBe("");
    expect(story.content).toMatchObject({ _uid: "c", component: "imprint", body: [] });
  });

  it("never throws: anything that is no story has no id and empty fields", () => {
    for (const value of [undefined, null, "x", 5, [], { id: Number.NaN, published_at: "not a date", content: "x" }]) {
      const story = parseStory(value, imprint);
      expect(story.id).toBeNull();
      expect(story.published_at).toBe("");
      expect(story.content.body).toBeNull();
    }
  });
});

describe("lastSlugSegment", () => {
  it("takes the last segment of a full slug", () => {
    expect(lastSlugSegment("articles/tidewater-type")).toBe("tidewater-type");
    expect(lastSlugSegment("articles/tidewater-type/")).toBe("tidewater-type");
    expect(lastSlugSegment("")).toBe("");
  });
});

describe("stories answered in a language", () => {
  const english = {
    name: "Kanaltöne",
    full_slug: "en/articles/canal-tones",
    lang: "en",
    default_full_slug: "articles/kanaltoene",
    translated_slugs: [{ path: "articles/canal-tones", name: "Canal Tones", lang: "en", published: true }],
  };

  it("reads the path without the language prefix and the translated name", () => {
    expect(parseStoryFields(english)).toMatchObject({ full_slug: "articles/canal-tones", name: "Canal Tones" });
    expect(storyPath(english)).toBe("articles/canal-tones");
    // a default answer keeps its own name and path
    const german = { ...english, lang: "default", full_slug: "articles/kanaltoene" };
    expect(parseStoryFields(german)).toMatchObject({ full_slug: "articles/kanaltoene", name: "Kanaltöne" });
  });

  it("knows the story's path in each language, from either answer", () => {
    const paths = { default: "articles/kanaltoene", translated: { en: "articles/canal-tones" } };
    expect(storyPaths(english)).toEqual(paths);
    expect(storyPaths({ ...english, lang: "default", full_slug: "articles/kanaltoene" })).toEqual(paths);
    // without translated slugs: the same path in every language
    expect(storyPaths({ full_slug: "en/about", lang: "en", translated_slugs: null })).toEqual({
      default: "about",
      translated: {},
    });
  });
});
