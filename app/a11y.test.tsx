import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseAboutStory } from "~/content/about";
import { parseArticleStory, parseOtherProject } from "~/content/article";
import { pickOtherProjects, type OtherProject } from "~/content/other-projects";
import { articleListEntry, parseIndexStory } from "~/content/article-index";
import type { CdnStory } from "~/content/stories-by-uuid";
import { categoryTags, parseCategories, parseHomeStory } from "~/content/home";
import { parseImprintStory } from "~/content/imprint";
import { parseFooterStory, parseHeaderStory } from "~/content/layout";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import App, { ErrorBoundary } from "./root";
import About from "./routes/about";
import ArticleRoute from "./routes/article";
import Home from "./routes/home";
import Imprint from "./routes/imprint";
import IndexPage from "./routes/index";
import NotFound from "./routes/not-found";
import { fetchableSrcset, srcsetUrls } from "~/test/fetchable-srcset";

/**
 * Every page of the demo content, rendered inside the site shell from the
 * same view models the loaders build, checked by axe-core with all its
 * rules but those that measure rendered pixels (colour contrast, target
 * size): jsdom has no layout. Contrast ratios are noted in the stylesheets
 * and checked by the browser audits.
 */

type Story = Record<string, unknown> & { full_slug: string; content: Record<string, unknown> };

const STORIES = path.resolve("content/stories");

function storyFile(slug: string): { story: Story; published?: Story | null } {
  return JSON.parse(readFileSync(path.join(STORIES, `${slug}.json`), "utf8")) as {
    story: Story;
    published?: Story | null;
  };
}

const story = (slug: string): Story => storyFile(slug).story;

const articleSlugs = readdirSync(path.join(STORIES, "articles"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();
const articles = articleSlugs.map((slug) => story(`articles/${slug}`));

const rootData = {
  header: parseHeaderStory(story("header")),
  footer: parseFooterStory(story("footer")),
  site: { name: "Studio Halbton", image: null },
};

const otherProjects: OtherProject[] = articles
  .map((story) => parseOtherProject(story))
  .filter((project): project is OtherProject => project !== null);

function homeData() {
  return { page: parseHomeStory(story("home")), filterTags: categoryTags(parseCategories(articles)) };
}

function indexData() {
  const index = parseIndexStory(story("index"));
  const byUuid = new Map(articles.map((article) => [article.uuid, article]));
  const entries = index.uuids.flatMap((uuid) => {
    const found = byUuid.get(uuid);
    return found ? [articleListEntry(found as unknown as CdnStory)] : [];
  });
  return { storyId: index.storyId, title: index.title, articles: entries };
}

function aboutData() {
  const file = storyFile("about");
  return { page: parseAboutStory(file.published ?? file.story) };
}

function articleData(slug: string) {
  const article = parseArticleStory(story(`articles/${slug}`));
  return {
    page: {
      status: "found" as const,
      article,
      otherProjects: pickOtherProjects(otherProjects, article.slug, () => 0.5),
    },
  };
}

function renderPage(url: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      Component: App as never,
      ErrorBoundary: ErrorBoundary as never,
      children: [
        { index: true, Component: Home as never, loader: homeData },
        { path: "index", Component: IndexPage as never, loader: indexData },
        { path: "about", Component: About as never, loader: aboutData },
        { path: "imprint", Component: Imprint as never, loader: () => ({ page: parseImprintStory(story("imprint")) }) },
        {
          path: "articles/:slug",
          Component: ArticleRoute as never,
          loader: ({ params }) => articleData(params.slug ?? ""),
        },
        {
          path: "broken",
          Component: () => {
            throw new Error("Kaputt");
          },
        },
        { path: "*", Component: NotFound as never },
      ],
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

/** Rules that measure rendered pixels: jsdom has none to measure (the browser audits check them). */
const LAYOUT_RULES = {
  "color-contrast": { enabled: false },
  "color-contrast-enhanced": { enabled: false },
  "target-size": { enabled: false },
};

async function violations(): Promise<string[]> {
  const results = await axe.run(document, { resultTypes: ["violations"], rules: LAYOUT_RULES, preload: false });
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")} ${node.failureSummary ?? ""}`).join("\n"),
  );
}

async function settle() {
  await screen.findByRole("main");
  // let the loaders' data and the deferred parts arrive
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(() => {
  // what the document shell (root Layout) provides
  document.documentElement.lang = "de";
  document.title = "Studio Halbton";
});

beforeEach(() => {
  mockMatchMedia(() => false);
  mockIntersectionObserver();
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// axe walks whole pages: generous time, for a busy machine
describe("axe-core on every page of the demo content", { timeout: 60_000 }, () => {
  it.each([
    ["home", "/"],
    ["index", "/index"],
    ["about", "/about"],
    ["imprint", "/imprint"],
    ["not found", "/no-such-page"],
  ])("%s (%s) has no violations", async (_name, url) => {
    renderPage(url);
    await settle();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(await violations()).toEqual([]);
  });

  it.each(articleSlugs)("article %s has no violations", async (slug) => {
    renderPage(`/articles/${slug}`);
    await settle();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(await violations()).toEqual([]);
  });

  it("the error screen has no violations", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage("/broken");
    await screen.findByText("Da ist etwas schief gelaufen");
    expect(await violations()).toEqual([]);
  });

  it("the open overlay menu has no violations", async () => {
    renderPage("/index");
    await settle();
    await userEvent.click(screen.getByRole("button", { name: "Menü öffnen" }));
    expect(screen.getByRole("dialog", { name: "Menü" }).matches(":popover-open")).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it("loads media only from the CMS's asset host and sets no cookie (demo content, every page)", async () => {
    const hosts = new Set<string>();
    for (const url of ["/", "/index", "/about", "/imprint", ...articleSlugs.map((slug) => `/articles/${slug}`)]) {
      const { unmount } = renderPage(url);
      await settle();
      for (const element of document.querySelectorAll("img, video, source, audio, iframe, script[src], link[href]")) {
        // a lazy image's src is a placeholder (data:) until the loader copies its data-srcset to srcset
        const lazy = element.hasAttribute("data-lazy");
        const urls = [
          lazy ? null : element.getAttribute("src"),
          element.getAttribute("href"),
          // a lazy image's srcset holds its placeholder (data:) until then too
          ...fetchableSrcset(element),
          ...srcsetUrls(element.getAttribute("data-srcset")),
        ];
        for (const value of urls) if (value) hosts.add(new URL(value, "http://site.test").host);
      }
      unmount();
    }
    // the content's emoji carry fallback images on an emoji CDN: they are never rendered as images
    expect([...hosts].sort()).toEqual(["a.storyblok.com"]);
    expect(document.cookie).toBe("");
  });

  it("under prefers-reduced-motion (videos with controls) the pages have no violations", async () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    for (const url of ["/", "/about", `/articles/${articleSlugs[0]}`]) {
      const { unmount } = renderPage(url);
      await settle();
      expect(await violations()).toEqual([]);
      unmount();
    }
  });
});
