import { act, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseArticleStory, type ArticlePage } from "~/content/article";
import type { ArticleListEntry } from "~/content/article-index";
import { connectEditorBridge } from "~/content/bridge";
import { LiveEditsProvider } from "~/content/live-edits";
import type { OtherProject } from "~/content/other-projects";
import { mockMatchMedia } from "~/test/browser-mocks";
import ArticleRoute from "./article";
import IndexPage from "./index";

/**
 * README, "The visual editor": a route turns the editor's edits into its view
 * models, so that the rows and cards of the story the editor has open follow
 * its edits, and its components are handed view models only.
 */

vi.mock(import("~/content/bridge"), async (importOriginal) => ({
  ...(await importOriginal()),
  connectEditorBridge: vi.fn(() => Promise.resolve()),
}));
const connect = vi.mocked(connectEditorBridge);

/** The editor's `input` event for story `storyId`. */
async function sendInput(storyId: number, story: Record<string, unknown>) {
  await waitFor(() => expect(connect).toHaveBeenCalled());
  act(() => connect.mock.calls.at(-1)![1](storyId, { id: storyId, ...story }));
}

function renderInEditor(path: string, routes: Parameters<typeof createRoutesStub>[0]) {
  window.history.replaceState({}, "", "/?_storyblok=1&_storyblok_tk[token]=abc");
  const Stub = createRoutesStub(routes);
  return render(
    <LiveEditsProvider>
      <Stub initialEntries={[path]} />
    </LiveEditsProvider>,
  );
}

const row = (slug: string, storyId: number): ArticleListEntry => ({
  storyId,
  uuid: `uuid-${slug}`,
  name: `Project ${slug}`,
  slug,
  img: "",
  alt: "",
  tags: [],
  error: false,
});

const card = (slug: string, storyId: number): OtherProject => ({
  storyId,
  slug,
  href: `/articles/${slug}`,
  title: `Title ${slug}`,
  image: "",
  alt: slug,
  width: null,
  height: null,
});

beforeEach(() => {
  mockMatchMedia(() => false);
});

afterEach(() => {
  window.history.replaceState({}, "", "/");
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the index in the visual editor", () => {
  const data = { storyId: 1, title: "Index", editable: {}, articles: [row("a", 11), row("b", 12)] };
  const renderIndex = () =>
    renderInEditor("/index", [{ path: "/index", Component: IndexPage as never, loader: () => data }]);
  const rows = () => within(screen.getByRole("list")).getAllByRole("link");
  const hrefs = () => rows().map((link) => link.getAttribute("href"));

  it("shows the row of the article the editor has open as it is edited", async () => {
    renderIndex();
    await screen.findByRole("link", { name: /Project b/ });
    await sendInput(12, { uuid: "uuid-b", name: "Edited b", full_slug: "articles/b-renamed", content: {} });
    await waitFor(() => expect(hrefs()).toEqual(["/articles/a", "/articles/b-renamed"]));
    expect(rows().map((link) => link.textContent)).toEqual(["Project a", "Edited b"]);
  });

  it("follows its own story: the title and the list of articles, in the editor's order", async () => {
    renderIndex();
    await screen.findByRole("link", { name: /Project b/ });
    const resolved = { uuid: "uuid-c", id: 13, name: "Project c", full_slug: "articles/c", published_at: "2026-01-01" };
    await sendInput(1, {
      content: {
        component: "index",
        body: [{ component: "article_list", Title: "Edited", Articles: [resolved, "uuid-a"] }],
      },
    });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Edited"));
    expect(hrefs()).toEqual(["/articles/c", "/articles/a"]);
  });
});

describe("an article in the visual editor", () => {
  const article = parseArticleStory({ id: 5, name: "Hafenkino", full_slug: "articles/hafenkino", content: {} });
  const page: ArticlePage = { status: "found", article, otherProjects: [card("a", 21), card("b", 22)] };
  const renderArticle = () => {
    vi.stubGlobal("scrollTo", vi.fn());
    // the cards are drawn at random: here the first two
    vi.spyOn(Math, "random").mockReturnValue(0);
    return renderInEditor("/articles/hafenkino", [
      { path: "/articles/:slug", Component: ArticleRoute as never, loader: () => ({ page }) },
    ]);
  };
  const cards = () =>
    within(screen.getByRole("region", { name: "Other Projects" }))
      .getAllByRole("link")
      .map((link) => link.textContent);

  it("shows its own edits", async () => {
    renderArticle();
    await screen.findByRole("heading", { level: 1, name: "Hafenkino" });
    await sendInput(5, { name: "Hafenkino", full_slug: "articles/hafenkino", content: { Headline: "Edited" } });
    await screen.findByRole("heading", { level: 1, name: "Edited" });
  });

  it("shows the card of the article the editor has open as it is edited, the other cards as they were", async () => {
    renderArticle();
    await waitFor(() => expect(cards()).toEqual(["Title a", "Title b"]));
    await sendInput(22, { name: "Edited b", full_slug: "articles/b", content: {} });
    await waitFor(() => expect(cards()).toEqual(["Title a", "Edited b"]));
  });
});
