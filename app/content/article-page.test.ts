import type { StoryblokClient } from "@storyblok/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadArticlePage } from "./article-page";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadArticlePage", () => {
  const story = { id: 1, name: "Current", full_slug: "articles/current", content: { Headline: "H" } };
  const listing = (...slugs: string[]) => ({
    data: { stories: slugs.map((slug) => ({ name: slug, full_slug: `articles/${slug}`, content: {} })) },
  });

  function fakeClient(handlers: {
    story?: () => Promise<unknown>;
    draft?: () => Promise<unknown>;
    published?: () => Promise<unknown>;
  }) {
    const get = vi.fn((path: string, params: { version?: string }) => {
      if (path.startsWith("cdn/stories/")) return handlers.story?.() ?? Promise.resolve({ data: { story } });
      return (params.version === "draft" ? handlers.draft : handlers.published)?.() ?? Promise.resolve(listing());
    });
    return { get, client: { get } as unknown as StoryblokClient };
  }

  it("reads the story and both listings in parallel, and uses the draft listing", async () => {
    const { get, client } = fakeClient({
      draft: async () => listing("current", "d1", "d2"),
      published: async () => listing("p1", "p2"),
    });
    const page = await loadArticlePage(client, "current", { version: "draft" });
    expect(page.status).toBe("found");
    if (page.status !== "found") return;
    expect(page.otherProjects.map((p) => p.slug).sort()).toEqual(["d1", "d2"]);
    expect(get).toHaveBeenCalledTimes(3);
    expect(get).toHaveBeenCalledWith("cdn/stories/articles/current", { version: "draft" });
    expect(get).toHaveBeenCalledWith("cdn/stories", { starts_with: "articles/", per_page: 100, version: "draft" });
    expect(get).toHaveBeenCalledWith("cdn/stories", { starts_with: "articles/", per_page: 100, version: "published" });
  });

  it("falls back to the published listing only when the draft one fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { client } = fakeClient({
      draft: () => Promise.reject({ status: 401 }),
      published: async () => listing("p1"),
    });
    const page = await loadArticlePage(client, "current");
    expect(page.status === "found" && page.otherProjects.map((p) => p.slug)).toEqual(["p1"]);
  });

  it("logs 'Artikel nicht gefunden:' with the error and is 'not found' for an unknown slug", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const rejection = { message: "Not Found", status: 404 };
    const { client } = fakeClient({ story: () => Promise.reject(rejection) });
    // a page in no language: the header's language link leads home
    expect(await loadArticlePage(client, "nope")).toEqual({
      status: "not-found",
      slug: "nope",
      alternates: { de: "/", en: "/en" },
    });
    expect(log).toHaveBeenCalledWith("Artikel nicht gefunden:", rejection);
  });

  it("encodes the slug into the path", async () => {
    const { get, client } = fakeClient({});
    await loadArticlePage(client, "a/../../header");
    expect(get).toHaveBeenCalledWith("cdn/stories/articles/a%2F..%2F..%2Fheader", expect.anything());
  });

  it("is 'not found' without asking anything for an empty slug", async () => {
    const { get, client } = fakeClient({});
    expect(await loadArticlePage(client, "  ")).toMatchObject({ status: "not-found", slug: "" });
    expect(get).not.toHaveBeenCalled();
  });

  describe("on an English page", () => {
    // the English answer for a translated slug: Storyblok's field-level fallback gives the German text
    const english = {
      id: 5,
      name: "Canal Tones",
      lang: "en",
      full_slug: "en/articles/canal-tones",
      default_full_slug: "articles/kanaltoene",
      content: { Headline: "Kanaltöne — ein Festival", Text: { type: "doc", content: [] } },
    };
    const german = {
      id: 5,
      name: "Kanaltöne",
      full_slug: "articles/kanaltoene",
      content: { Headline: "Kanaltöne — ein Festival", HeadlineLanguage: "", Text: { type: "doc", content: [] } },
    };

    function englishClient(germanAnswer: () => Promise<unknown>) {
      const get = vi.fn((path: string, params: { language?: string }) => {
        if (path.startsWith("cdn/stories/"))
          return params.language === "en" ? Promise.resolve({ data: { story: english } }) : germanAnswer();
        return Promise.resolve(listing());
      });
      return { get, client: { get } as unknown as StoryblokClient };
    }

    it("reads the German story by its default slug, and an untranslated headline is German", async () => {
      const { get, client } = englishClient(async () => ({ data: { story: german } }));
      const page = await loadArticlePage(client, "canal-tones", { version: "draft", language: "en" });
      expect(get).toHaveBeenCalledWith("cdn/stories/articles/kanaltoene", { version: "draft" });
      expect(page.status === "found" && page.article.languages.headline).toBe("de");
    });

    it("without the German story, states no language for the headline, and still shows the page", async () => {
      const { client } = englishClient(() => Promise.reject({ status: 404 }));
      const page = await loadArticlePage(client, "canal-tones", { version: "draft", language: "en" });
      expect(page.status).toBe("found");
      expect(page.status === "found" && page.article.languages).toEqual({
        headline: null,
        text: "en",
        infoHeadline: "en",
      });
    });
  });
});
