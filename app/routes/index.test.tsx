import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArticleListEntry } from "~/content/article-index";
import IndexPage, { clientLoader, meta } from "./index";
import { answerContentWith, clientLoaderArgs, metaFor, pendingValue } from "~/test/route-tests";

const entry = (slug: string, tags: string[] = ["Poster"]): ArticleListEntry => ({
  storyId: null,
  uuid: `uuid-${slug}`,
  name: `Project ${slug}`,
  slug,
  img: "",
  alt: "",
  tags,
  error: false,
});

type Data = {
  storyId: number | null;
  title: string;
  articles: ArticleListEntry[] | Promise<ArticleListEntry[]>;
};

function renderIndex(data: Data) {
  const Stub = createRoutesStub([{ path: "/index", Component: IndexPage as never, loader: () => data }]);
  return render(<Stub initialEntries={["/index"]} />);
}

const base = { storyId: 1, title: "Index" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Index route", () => {
  it("shows the Title as the page heading and one row per article", async () => {
    renderIndex({ ...base, articles: [entry("kiezkarte", ["Digital", "Website"]), entry("hafenkino")] });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Index");
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/articles/kiezkarte", "/articles/hafenkino"]);
    expect(links[0]!.querySelector(".tags")?.textContent).toBe("Digital, Website");
  });

  it("shows 'Content is loading...' while the articles are on their way", async () => {
    const { promise: articles, resolve } = pendingValue<ArticleListEntry[]>();
    await act(async () => {
      renderIndex({ ...base, articles });
    });
    await screen.findByText("Content is loading...");
    expect(screen.queryByRole("link")).toBeNull();
    await act(async () => {
      resolve([entry("a")]);
      await articles;
    });
    expect((await screen.findByRole("link", { name: /Project a/ })).getAttribute("href")).toBe("/articles/a");
    expect(screen.queryByText("Content is loading...")).toBeNull();
  });
});

describe("Index meta", () => {
  it("takes title and description from the loader data", () => {
    const tags = metaFor(meta, { ...base, articles: [entry("a")] });
    expect(tags).toContainEqual({ title: "Studio Halbton — Index" });
    expect(tags).toContainEqual({ name: "description", content: "Index: 1 projects by Studio Halbton." });
    expect(tags).toContainEqual({ property: "og:title", content: "Index" });
  });
});

describe("Index clientLoader", () => {
  const args = (url: string, serverLoader: () => Promise<unknown>) =>
    clientLoaderArgs<Parameters<typeof clientLoader>[0]>(url, serverLoader);

  it("otherwise reads the story, then resolves the published articles in the background, dropping unreadable ones", async () => {
    const get = vi.fn(async (path: string, params: Record<string, unknown>) => {
      if (path === "cdn/stories/index")
        return {
          data: { story: { id: 5, content: { body: [{ Title: "Alle Projekte", Articles: ["u1", "gone"] }] } } },
        };
      expect(params).toMatchObject({ by_uuids: "u1,gone", version: "published", per_page: 100 });
      return { data: { stories: [{ uuid: "u1", name: "One", full_slug: "articles/one", tag_list: [], content: {} }] } };
    });
    answerContentWith(get);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const data = await clientLoader(
      args("http://site/index", async () => {
        throw new Error("not prerendered");
      }),
    );
    expect(data.title).toBe("Alle Projekte");
    const articles = await data.articles;
    expect(articles.map((a) => a.slug)).toEqual(["one"]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("story gone is not in the published content"));
  });
});
