import { readdirSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import type { StoryblokClient } from "@storyblok/react";
import { createContentClient } from "../app/content/storyblok-client";
import { languageAlternates } from "./crawler-files";
import { listingOf, mergeListings, readSiteListing, STATIC_PATHS, writeSiteListing } from "./prerender-paths";
import { robotsTxt, sitemapXml } from "./site-url";
import { tempDirOfThisTest } from "../test-support/temp-dir";

const service = inject("contentService");

afterEach(() => {
  vi.restoreAllMocks();
});

/** The pages of the German listing `stories` and of its English twin `english` (the same stories unless given). */
function siteListingOf(stories: unknown[], english: unknown[] = stories) {
  return mergeListings([listingOf(stories, "de"), listingOf(english, "en")]);
}

describe("listingOf", () => {
  it("puts the English pages under /en/, at their translated slugs", () => {
    const listing = siteListingOf(
      [
        { id: 1, full_slug: "home" },
        { id: 2, full_slug: "articles/kanaltoene" },
      ],
      [
        { id: 1, full_slug: "en/home", lang: "en" },
        { id: 2, full_slug: "en/articles/canal-tones", lang: "en" },
      ],
    );
    expect(listing.paths).toEqual([
      ...STATIC_PATHS,
      "/articles/kanaltoene",
      "/en",
      "/en/index",
      "/en/imprint",
      "/en/about",
      "/en/articles/canal-tones",
    ]);
    expect(Object.fromEntries(languageAlternates(listing.paths, listing.storyIds))).toEqual({
      "/": [
        ["de", "/"],
        ["en", "/en"],
      ],
      "/en": [
        ["de", "/"],
        ["en", "/en"],
      ],
      "/articles/kanaltoene": [
        ["de", "/articles/kanaltoene"],
        ["en", "/en/articles/canal-tones"],
      ],
      "/en/articles/canal-tones": [
        ["de", "/articles/kanaltoene"],
        ["en", "/en/articles/canal-tones"],
      ],
    });
  });

  it("dates every page by its story's published_at, for the sitemap", () => {
    const listing = siteListingOf([
      { full_slug: "home", published_at: "2025-06-08T09:00:00.000Z" },
      { full_slug: "about", published_at: "2025-05-01T00:00:00.000Z" },
      { full_slug: "imprint", published_at: null },
      { full_slug: "header", published_at: "2025-01-01T00:00:00.000Z" },
      { full_slug: "articles/a", published_at: "2024-05-09T08:22:00.000Z" },
      { full_slug: "articles/never", published_at: null },
    ]);
    const german = [...STATIC_PATHS, "/articles/a", "/articles/never"];
    expect(listing.paths).toEqual([...german, "/en", ...german.slice(1).map((page) => `/en${page}`)]);
    expect(Object.fromEntries(listing.lastModified)).toEqual({
      "/": "2025-06-08T09:00:00.000Z",
      "/about": "2025-05-01T00:00:00.000Z",
      "/articles/a": "2024-05-09T08:22:00.000Z",
      "/en": "2025-06-08T09:00:00.000Z",
      "/en/about": "2025-05-01T00:00:00.000Z",
      "/en/articles/a": "2024-05-09T08:22:00.000Z",
    });
  });

  it("uses the last slug segment, once, and skips what is not an article", () => {
    const listing = listingOf([
      { full_slug: "articles/2024/tidewater" },
      { full_slug: "articles/tidewater" },
      { full_slug: "articles/", is_startpage: true },
      { full_slug: "articles/folder-start", is_startpage: true },
      { full_slug: "about" },
      { full_slug: 5 },
      null,
      "articles/x",
    ]);
    expect(listing.paths.filter((page) => page.startsWith("/articles/"))).toEqual(["/articles/tidewater"]);
  });
});

describe("writeSiteListing against the content service", () => {
  it("lists the fixed pages and every article of the demo content in O(stories / 100) requests per language", async () => {
    const dir = await tempDirOfThisTest("site-listing-");
    let requests = 0;
    const client = createContentClient(
      { endpoint: service.endpoint, token: service.previewToken, version: "draft", local: true },
      {},
      { keepAnswers: false, onRequest: () => (requests += 1) },
    );
    const { paths, lastModified, storyIds } = await writeSiteListing(dir, client, "draft");
    const articleFiles = readdirSync(path.resolve("content/stories/articles")).filter((file) => file.endsWith(".json"));
    const german = paths.filter((page) => !page.startsWith("/en"));
    expect(german.slice(0, STATIC_PATHS.length)).toEqual([...STATIC_PATHS]);
    const articles = german.slice(STATIC_PATHS.length);
    expect(articles.length).toBe(articleFiles.length);
    expect(articles).toEqual(articleFiles.map((file) => `/articles/${file.replace(/\.json$/, "")}`).sort());
    // every page in English too
    expect(paths.length).toBe(2 * german.length);
    expect(paths.filter((page) => page.startsWith("/en/articles/")).length).toBe(articleFiles.length);
    const storyFiles = readdirSync(path.resolve("content/stories"), { recursive: true }).filter((file) =>
      String(file).endsWith(".json"),
    );
    expect(requests).toBe(2 * Math.max(1, Math.ceil(storyFiles.length / 100)));
    // the build's last step and the page loaders find the same listing in the folder, with no request
    expect(await readSiteListing(dir, "draft")).toEqual({ paths, lastModified, storyIds });
    expect(requests).toBe(2 * Math.max(1, Math.ceil(storyFiles.length / 100)));
    expect((await readdir(dir)).sort()).toEqual([
      "draft-de.entries.json",
      "draft-de.stories",
      "draft-en.entries.json",
      "draft-en.stories",
    ]);
  });

  it("finds no listing in a folder the listing was not written to, or not in that version", async () => {
    const dir = await tempDirOfThisTest("site-listing-");
    expect(await readSiteListing(dir, "draft")).toBeNull();
    const client = createContentClient({
      endpoint: service.endpoint,
      token: service.previewToken,
      version: "draft",
      local: true,
    });
    await writeSiteListing(dir, client, "draft");
    expect(await readSiteListing(dir, "published")).toBeNull();
  });

  it("leaves no listing behind when the content service fails", async () => {
    const dir = await tempDirOfThisTest("site-listing-");
    const client = {
      get: vi.fn(async () => Promise.reject({ message: "fetch failed" })),
    } as unknown as StoryblokClient;
    await expect(writeSiteListing(dir, client, "draft")).rejects.toThrow(
      "Listing the articles failed: Der Inhaltsdienst ist nicht erreichbar (fetch failed)",
    );
    expect(await readSiteListing(dir, "draft")).toBeNull();
  });
});

describe("crawler files", () => {
  it("lists the prerendered paths in the sitemap and points robots.txt at it", () => {
    const xml = sitemapXml("https://studio.example", ["/", "/about", "/articles/a&b"]);
    expect(xml).toContain("<loc>https://studio.example/</loc>");
    expect(xml).toContain("<loc>https://studio.example/about</loc>");
    expect(xml).toContain("<loc>https://studio.example/articles/a&amp;b</loc>");
    expect(robotsTxt("https://studio.example")).toBe(
      "User-agent: *\nAllow: /\nSitemap: https://studio.example/sitemap.xml\n",
    );
    expect(robotsTxt("")).toBe("User-agent: *\nAllow: /\n");
  });

  it("names each page's language versions, x-default the German one", () => {
    const xml = sitemapXml(
      "https://studio.example",
      ["/about", "/en/about"],
      new Map(),
      new Map([
        [
          "/about",
          [
            ["de", "/about"],
            ["en", "/en/about"],
          ],
        ],
      ]),
    );
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      '<url><loc>https://studio.example/about</loc><xhtml:link rel="alternate" hreflang="de" href="https://studio.example/about"/><xhtml:link rel="alternate" hreflang="en" href="https://studio.example/en/about"/><xhtml:link rel="alternate" hreflang="x-default" href="https://studio.example/about"/></url>',
    );
    expect(xml).toContain("<url><loc>https://studio.example/en/about</loc></url>");
  });

  it("gives each URL its lastmod when the story was published", () => {
    const xml = sitemapXml(
      "https://studio.example",
      ["/", "/about"],
      new Map([
        ["/", "2025-06-08T09:00:00Z"],
        ["/about", "not a date"],
      ]),
    );
    expect(xml).toContain("<url><loc>https://studio.example/</loc><lastmod>2025-06-08T09:00:00.000Z</lastmod></url>");
    expect(xml).toContain("<url><loc>https://studio.example/about</loc></url>");
  });

  it("shuts crawlers out of a preview (draft) build", () => {
    expect(robotsTxt("https://studio.example", { preview: true })).toBe("User-agent: *\nDisallow: /\n");
    expect(robotsTxt("", { preview: true })).toBe("User-agent: *\nDisallow: /\n");
  });
});
