import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseHomeStory, type HomeData } from "~/content/home";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import Home, { clientLoader, meta } from "./home";
import { answerContentWith, clientLoaderArgs, metaFor, pendingValue } from "~/test/route-tests";
import { uiText } from "~/ui-text";

const asset = (file: string, alt = "") => ({ filename: `https://a.storyblok.com/f/287401/900x1200/abc/${file}`, alt });

const HOME_STORY = {
  id: 11,
  content: {
    body: [
      {
        component: "hero",
        CaruselYN: false,
        Image: [{ Image: asset("hero.webp", "Hero"), link: { linktype: "story", cached_url: "articles/hero" } }],
      },
      {
        component: "gallery",
        ImageData: [
          {
            _uid: "1",
            Image: asset("a.jpg", "A"),
            Name: "Alpha",
            Tags: ["Poster"],
            link: { linktype: "story", cached_url: "articles/alpha" },
          },
          {
            _uid: "2",
            Image: asset("b.jpg", "B"),
            Name: "Beta",
            Tags: ["Branding"],
            link: { linktype: "story", cached_url: "articles/beta" },
          },
          {
            _uid: "3",
            Image: asset("c.jpg", "C"),
            Name: "",
            Tags: ["Poster", "Branding"],
            link: { linktype: "story", cached_url: "articles/gamma" },
          },
        ],
      },
    ],
  },
};

function renderHome(data: { page: HomeData["page"]; filterTags: string[] | Promise<string[]> }) {
  const Stub = createRoutesStub([{ path: "/", Component: Home as never, loader: () => data }]);
  return render(<Stub initialEntries={["/"]} />);
}

const liveTiles = () =>
  Array.from(document.querySelectorAll("li"))
    .filter((li) => !li.className.includes("exiting"))
    .map((li) => li.textContent);

beforeEach(() => {
  mockMatchMedia();
  mockIntersectionObserver();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("Home route", () => {
  it("shows the hero, then the tag filter, then the gallery", async () => {
    renderHome({ page: parseHomeStory(HOME_STORY), filterTags: ["Poster", "Branding"] });
    const hero = await screen.findByRole("region", { name: "Titelbild" });
    const filter = screen.getByRole("group", { name: "Projekte nach Kategorie filtern" });
    const gallery = screen.getByRole("region", { name: "Projekte" });
    expect(hero.compareDocumentPosition(filter) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(filter.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // no root loader here, so neither the studio's name nor the logo's label: the fallback
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(uiText.de.homeLinkLabel);
  });

  it("filters the gallery with the tag checkboxes (any selected tag)", async () => {
    renderHome({ page: parseHomeStory(HOME_STORY), filterTags: ["Poster", "Branding"] });
    await screen.findByRole("checkbox", { name: "Poster" });
    expect(liveTiles()).toEqual(["Alpha", "Beta", "More"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Branding" }));
    expect(liveTiles()).toEqual(["Beta", "More"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Poster" }));
    expect(liveTiles()).toEqual(["Alpha", "Beta", "More"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Branding" }));
    expect(liveTiles()).toEqual(["Alpha", "More"]);
  });

  it("stays on 'Loading...' in the filter area when there are no categories; hero and gallery still render", async () => {
    renderHome({ page: parseHomeStory(HOME_STORY), filterTags: [] });
    expect((await screen.findByText("Loading...")).getAttribute("role")).toBe("status");
    expect(
      within(screen.getByRole("region", { name: "Titelbild" }))
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/articles/hero");
    expect(liveTiles()).toHaveLength(3);
  });

  it("shows 'Loading...' while the categories are still on their way", async () => {
    const { promise: filterTags, resolve } = pendingValue<string[]>();
    await act(async () => {
      renderHome({ page: parseHomeStory(HOME_STORY), filterTags });
    });
    await screen.findByText("Loading...");
    expect(screen.queryByRole("checkbox")).toBeNull();
    await act(async () => {
      resolve(["Poster"]);
      await filterTags;
    });
    const boxes = await screen.findAllByRole<HTMLInputElement>("checkbox");
    expect(boxes.map((box) => box.value)).toEqual(["Poster"]);
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("shows 'Laden...' in the hero and 'Keine Bilddaten vorhanden.' for an empty home story", async () => {
    renderHome({ page: parseHomeStory({}), filterTags: ["Poster"] });
    expect((await screen.findByText("Laden...")).getAttribute("role")).toBe("status");
    expect(screen.getByText("Keine Bilddaten vorhanden.").className).toBe("message");
  });
});

describe("Home meta", () => {
  it("takes title and description from the page", () => {
    const page = parseHomeStory(HOME_STORY);
    const tags = metaFor(meta, { page, filterTags: [] });
    expect(tags).toContainEqual({ title: "Studio Halbton" });
    expect(tags).toContainEqual({ name: "description", content: "Studio Halbton: selected work — Alpha, Beta." });
    // the first hero slide, 1200x630 through the image service
    expect(tags).toContainEqual({
      property: "og:image",
      content:
        "https://a.storyblok.com/f/287401/900x1200/abc/hero.webp/m/1200x630/smart/filters:quality(80):format(jpeg)",
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});

describe("Home clientLoader", () => {
  const args = (url: string, serverLoader: () => Promise<unknown>) =>
    clientLoaderArgs<Parameters<typeof clientLoader>[0]>(url, serverLoader);

  it("asks the content service when the page was not prerendered, handing the categories over as they come", async () => {
    answerContentWith(async (path: string) =>
      path === "cdn/stories/home"
        ? { data: { story: HOME_STORY } }
        : { data: { stories: [{ name: "A", slug: "a", tag_list: ["Poster", "Sound"] }] } },
    );
    const data = await clientLoader(
      args("http://site/", async () => {
        throw new Error("no .data file");
      }),
    );
    expect(data.page.storyId).toBe(11);
    await expect(data.filterTags).resolves.toEqual(["Poster", "Sound"]);
  });

  it("reads drafts straight from the content service in the visual editor", async () => {
    const get = answerContentWith(async (path: string) =>
      path === "cdn/stories/home" ? { data: { story: HOME_STORY } } : { data: { stories: [] } },
    );
    const serverLoader = vi.fn();
    await clientLoader(args("http://site/?_storyblok_tk[space_id]=1", serverLoader));
    expect(serverLoader).not.toHaveBeenCalled();
    await waitFor(() => expect(get).toHaveBeenCalledWith("cdn/stories/home", { version: "draft" }));
  });
});
