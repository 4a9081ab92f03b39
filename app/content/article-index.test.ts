import { afterEach, describe, expect, it, vi } from "vitest";
import { articleListEntry, loadArticleList, loadIndexPage, parseIndexStory, placeholderEntry } from "./article-index";
import { articleStory, fakeCdn } from "~/test/fake-cdn";

const story = articleStory;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("article list entries", () => {
  it("carry name, last slug segment, header image and tags", () => {
    expect(
      articleListEntry({
        ...story("x"),
        id: 8,
        full_slug: "articles/sub/kiezkarte",
        tag_list: ["Digital"],
        content: { Header: { filename: "f.webp", alt: "A" } },
      }),
    ).toEqual({
      storyId: 8,
      uuid: "x",
      name: "Name x",
      slug: "kiezkarte",
      img: "f.webp",
      alt: "A",
      tags: ["Digital"],
      error: false,
    });
  });

  it("a placeholder holds 'Fehler bei {uuid} ({version})' in every field and is marked as error", () => {
    const entry = placeholderEntry("dead-beef", "published");
    const message = "Fehler bei dead-beef (published)";
    expect(entry).toEqual({
      storyId: null,
      uuid: "dead-beef",
      name: message,
      slug: message,
      img: message,
      alt: message,
      tags: [message],
      error: true,
    });
  });

  it("keep the index story's order, log unreadable references and drop them", async () => {
    const { client } = fakeCdn([story("a"), story("c"), story("b")]);
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const list = await loadArticleList(client, ["c", "gone", "a", "b"]);
    expect(list.map((e) => e.uuid)).toEqual(["c", "a", "b"]);
    expect(list.every((e) => !e.error)).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      "Left out of the index: story gone is not in the published content (not published, or deleted).",
    );
  });
});

describe("the index page", () => {
  it("reads Title and the article uuids from body[0]", () => {
    expect(parseIndexStory({ id: 3, content: { body: [{ Title: " Index ", Articles: ["a", 5, "", "b"] }] } })).toEqual({
      storyId: 3,
      title: "Index",
      uuids: ["a", "b"],
      resolved: [],
      editable: {},
    });
    for (const broken of [
      undefined,
      null,
      {},
      { content: { body: "x" } },
      { content: { body: [null] } },
      { content: { body: [{ Articles: "a" }] } },
    ]) {
      expect(parseIndexStory(broken).uuids).toEqual([]);
    }
  });

  it("reads the articles the visual editor's bridge sends in place of their uuids (resolved relations), in the list's order", () => {
    const sent = { ...story("b"), id: 12, name: "Edited b", published_at: "2026-01-02T10:00:00.000Z" };
    const parsed = parseIndexStory({
      id: 3,
      content: { body: [{ Title: "Index", Articles: ["a", sent, { uuid: 5 }, "a"] }] },
    });
    expect(parsed.uuids).toEqual(["a", "b"]);
    expect(parsed.resolved).toEqual([expect.objectContaining({ storyId: 12, uuid: "b", name: "Edited b", slug: "b" })]);
  });

  it("leaves out a resolved article that is not published: the live index would not list it", () => {
    const draftOnly = { ...story("d"), id: 14, published_at: null };
    const parsed = parseIndexStory({ id: 3, content: { body: [{ Title: "Index", Articles: [draftOnly] }] } });
    expect(parsed.uuids).toEqual(["d"]);
    expect(parsed.resolved).toEqual([]);
  });

  it("reads the index story in the configured version and its references published, in one batch", async () => {
    const { get, client } = fakeCdn([story("a"), story("b")], {
      "cdn/stories/index": { story: { id: 9, content: { body: [{ Title: "Index", Articles: ["a", "b", "gone"] }] } } },
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const page = await loadIndexPage(client, "draft");
    expect(page.title).toBe("Index");
    expect(page.articles.map((e) => e.slug)).toEqual(["a", "b"]);
    expect(get).toHaveBeenCalledWith("cdn/stories/index", { version: "draft" });
    const listings = get.mock.calls.filter(([path]) => path === "cdn/stories");
    expect(listings).toHaveLength(1);
    expect(listings[0]![1]).toMatchObject({ version: "published", per_page: 100 });
  });
});
