import { describe, expect, it } from "vitest";
import { parseArticleStory, type ArticlePage } from "./article";
import type { ArticleListEntry } from "./article-index";
import { articlePageWithEdit, indexWithEdit, type EditedIndex } from "./edited-views";
import type { OtherProject } from "./other-projects";

const card = (slug: string, storyId: number): OtherProject => ({
  storyId,
  slug,
  href: `/articles/${slug}`,
  title: slug,
  image: "",
  alt: slug,
  width: null,
  height: null,
});

const row = (slug: string, storyId: number): ArticleListEntry => ({
  storyId,
  uuid: `uuid-${slug}`,
  name: slug,
  slug,
  img: "",
  alt: "",
  tags: [],
  error: false,
});

describe("articlePageWithEdit", () => {
  const page: Extract<ArticlePage, { status: "found" }> = {
    status: "found",
    article: parseArticleStory({ id: 5, name: "Hafenkino", full_slug: "articles/hafenkino", content: {} }),
    otherProjects: [card("a", 21), card("b", 22)],
  };

  it("parses the article when it is the story being edited", () => {
    const edit = {
      storyId: 5,
      story: { id: 5, name: "Hafenkino", full_slug: "articles/hafenkino", content: { Headline: "New" } },
    };
    const edited = articlePageWithEdit(page, edit, "de");
    expect(edited.article.headline).toBe("New");
    expect(edited.otherProjects).toBe(page.otherProjects);
  });

  it("replaces the card of the story being edited, in the page's language, and keeps the others", () => {
    const edit = { storyId: 22, story: { id: 22, name: "B, renamed", full_slug: "articles/b", content: {} } };
    const edited = articlePageWithEdit(page, edit, "en");
    expect(edited.otherProjects.map((project) => [project.title, project.href])).toEqual([
      ["a", "/articles/a"],
      ["B, renamed", "/en/articles/b"],
    ]);
    expect(edited.article).toBe(page.article);
  });

  it("leaves the page as it is for another story, or a card whose story lost its slug", () => {
    expect(articlePageWithEdit(page, { storyId: 99, story: { id: 99, full_slug: "articles/z" } }, "de")).toBe(page);
    expect(articlePageWithEdit(page, { storyId: 21, story: { id: 21, name: "A" } }, "de")).toBe(page);
  });
});

describe("indexWithEdit", () => {
  const index: EditedIndex = { storyId: 1, title: "Index", editable: {}, uuids: null, resolved: [], article: null };

  it("parses the index's own story: its title and its list", () => {
    const story = {
      id: 1,
      content: { component: "index", body: [{ component: "article_list", Title: "Edited", Articles: ["uuid-b"] }] },
    };
    expect(indexWithEdit(index, { storyId: 1, story })).toMatchObject({
      title: "Edited",
      uuids: ["uuid-b"],
      article: null,
    });
  });

  it("makes the row of an article being edited, as long as it has a page to link to", () => {
    const story = { id: 12, uuid: "uuid-b", name: "B, renamed", full_slug: "articles/b-new", content: {} };
    const edited = indexWithEdit(index, { storyId: 12, story });
    expect(edited.article).toEqual({ ...row("b-new", 12), name: "B, renamed", uuid: "uuid-b" });
    expect(edited.uuids).toBeNull();
    expect(indexWithEdit(index, { storyId: 12, story: { ...story, full_slug: "" } }).article).toBeNull();
  });
});
