import { act, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseArticleStory, type ArticlePage } from "~/content/article";
import { pickOtherProjects, type OtherProject } from "~/content/other-projects";
import { mockMatchMedia } from "~/test/browser-mocks";
import ArticleRoute, { clientLoader, meta } from "./article";
import { answerContentWith, clientLoaderArgs, metaFor, renderLoadingUntil } from "~/test/route-tests";

const project = (slug: string): OtherProject => ({
  storyId: null,
  slug,
  href: `/articles/${slug}`,
  title: `Title ${slug}`,
  image: "",
  alt: slug,
  width: null,
  height: null,
});

const article = parseArticleStory({
  id: 11,
  name: "Hafenkino",
  full_slug: "articles/hafenkino",
  content: {
    Header: { filename: "https://a.storyblok.com/f/287401/1600x1000/abc/hero.webp", alt: "Key visual" },
    Headline: "Cinema under the cranes",
    info: [{ component: "info", Client: "Hafenkino Treptow", Services: "Posters", Headline01: "Posters for dusk" }],
    Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Body" }] }] },
    Wrapper: [
      {
        component: "ImagesArticle",
        _uid: "w",
        media: [
          {
            component: "media",
            _uid: "m",
            Image: { filename: "https://a.storyblok.com/f/1/1200x800/a/d.webp", alt: "Detail" },
            Fullsize: true,
          },
        ],
      },
    ],
  },
});
const found: ArticlePage = {
  status: "found",
  article,
  otherProjects: pickOtherProjects(["hafenkino", "a", "b", "c"].map(project), "hafenkino", () => 0),
};

function renderArticle(page: ArticlePage | Promise<ArticlePage>, slug = "hafenkino") {
  const Stub = createRoutesStub([
    { path: "/articles/:slug", Component: ArticleRoute as never, loader: () => ({ page }) },
  ]);
  return render(<Stub initialEntries={[`/articles/${slug}`]} />);
}

beforeEach(() => {
  mockMatchMedia(() => false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Article route", () => {
  it("renders hero, headline, text block, media grid and two other projects", async () => {
    renderArticle(found);
    await screen.findByRole("heading", { level: 1, name: "Cinema under the cranes" });
    expect(screen.getByRole("img", { name: "Key visual" }).getAttribute("fetchpriority")).toBe("high");
    // the text block is named by its client label and carries the info headline
    const intro = screen.getByRole("region", { name: "Hafenkino Treptow" });
    expect(within(intro).getByRole("heading", { level: 2 }).textContent).toBe("Posters for dusk");
    expect(screen.getAllByRole("img", { name: "Detail" })[0]!.closest("li")?.className).toContain("fullsize");
    const others = within(screen.getByRole("region", { name: "Other Projects" }))
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(others).toHaveLength(2);
    expect(others).not.toContain("/articles/hafenkino");
  });

  it("shows 'Article not found' as page content for an unknown slug", async () => {
    renderArticle({ status: "not-found", slug: "nope" }, "nope");
    await screen.findByRole("heading", { level: 1, name: "Article not found" });
    expect(screen.queryByText("Da ist etwas schief gelaufen")).toBeNull();
  });

  it("shows 'Loading article...' while the article is on its way", async () => {
    await renderLoadingUntil(renderArticle, "Loading article...", found);
    await screen.findByRole("heading", { level: 1, name: "Cinema under the cranes" });
    expect(screen.queryByText("Loading article...")).toBeNull();
  });
});

describe("Article route, from one article to another", () => {
  it("shows 'Loading article...' while the next article's data is on its way", async () => {
    vi.stubGlobal("scrollTo", vi.fn());
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const next: ArticlePage = { ...found, article: { ...article, slug: "a", headline: "Next one" }, otherProjects: [] };
    const Stub = createRoutesStub([
      {
        path: "/articles/:slug",
        Component: ArticleRoute as never,
        loader: async ({ params }) => {
          if (params.slug === "hafenkino") return { page: found };
          await held;
          return { page: next };
        },
      },
    ]);
    render(<Stub initialEntries={["/articles/hafenkino"]} />);
    const link = within(await screen.findByRole("region", { name: "Other Projects" })).getAllByRole("link")[0]!;
    await act(async () => {
      link.click();
    });
    await screen.findByText("Loading article...");
    // the message takes the place of the article being left
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    await act(async () => {
      release();
      await held;
    });
    await screen.findByRole("heading", { level: 1, name: "Next one" });
    expect(screen.queryByText("Loading article...")).toBeNull();
  });
});

describe("Article meta", () => {
  const metaOf = (page: unknown) => metaFor(meta, { page }, { params: { slug: "hafenkino" } });

  it("takes title and description from the content", () => {
    const tags = metaOf(found);
    expect(tags).toContainEqual({ title: "Studio Halbton — Hafenkino" });
    expect(tags).toContainEqual({ name: "description", content: "Posters for dusk" });
  });

  it("keeps an unknown article out of search results", () => {
    expect(metaOf({ status: "not-found", slug: "x" })).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("Article clientLoader", () => {
  const args = (url: string, serverLoader: () => Promise<unknown>) =>
    clientLoaderArgs<Parameters<typeof clientLoader>[0]>(url, serverLoader, { slug: "hafenkino" });

  function fakeClient() {
    const get = answerContentWith(async (path: string) =>
      path === "cdn/stories"
        ? { data: { stories: [] } }
        : { data: { story: { name: "Live", full_slug: "articles/hafenkino", content: {} } } },
    );
    return get;
  }

  it("asks the content service for a path that was not prerendered, handing over a promise", async () => {
    const get = fakeClient();
    const data = await clientLoader(args("http://site/articles/hafenkino", () => Promise.reject(new Error("404"))));
    expect(data.page).toBeInstanceOf(Promise);
    const page = await data.page;
    expect(page.status === "found" && page.article.name).toBe("Live");
    expect(get).toHaveBeenCalledWith("cdn/stories/articles/hafenkino", expect.objectContaining({ version: "draft" }));
  });

  it("always reads the draft from the content service in the visual editor", async () => {
    fakeClient();
    const serverLoader = vi.fn(async () => ({ page: found }));
    const data = await clientLoader(args("http://site/articles/hafenkino?_storyblok_tk[token]=x", serverLoader));
    expect(serverLoader).not.toHaveBeenCalled();
    expect(await data.page).toMatchObject({ status: "found" });
  });
});
