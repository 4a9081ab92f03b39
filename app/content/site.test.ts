import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  canonicalPath,
  documentTitle,
  firstShareImage,
  pageMeta,
  resolveSiteName,
  shareImageOf,
  spaceNameOf,
  type SiteData,
} from "./site";

const HERO = "https://a.storyblok.com/f/287401/1600x900/abc/hero.webp";
const site: SiteData = {
  name: "Studio Halbton",
  image: { url: "https://cdn.test/home.jpg", width: 1200, height: 630, alt: "Home" },
};

describe("the studio's name", () => {
  it("is the space's name from cdn/spaces/me", () => {
    expect(spaceNameOf({ space: { id: 1, name: " Studio Halbton ", domain: "x" } })).toBe("Studio Halbton");
    expect(spaceNameOf({ space: { name: 5 } })).toBe("");
    expect(spaceNameOf(null)).toBe("");
  });

  it("falls back to the header logo's alt text, then to SITE_URL's host name", () => {
    expect(resolveSiteName("Space", "Logo", "https://studio.example")).toBe("Space");
    expect(resolveSiteName("", "Logo", "https://studio.example")).toBe("Logo");
    expect(resolveSiteName(" ", "", "https://studio.example")).toBe("studio.example");
    expect(resolveSiteName("", "", "")).toBe("");
  });
});

describe("share images", () => {
  it("are 1200x630 JPEG renditions (smart crop) of an image asset", () => {
    expect(shareImageOf({ filename: HERO, alt: " Hero " })).toEqual({
      url: `${HERO}/m/1200x630/smart/filters:quality(80):format(jpeg)`,
      width: 1200,
      height: 630,
      alt: "Hero",
    });
  });

  it("crop around the editor's focal point instead of the smart crop's guess", () => {
    expect(shareImageOf({ filename: HERO, alt: "", focus: "100x50:120x70" })?.url).toBe(
      `${HERO}/m/1200x630/filters:quality(80):focal(100x50:120x70):format(jpeg)`,
    );
  });

  it("skip what the image service cannot transform, and relative files without SITE_URL", () => {
    expect(shareImageOf({ filename: "https://a.storyblok.com/f/287401/120x24/ab/logo.svg", alt: "" })).toBeNull();
    expect(shareImageOf({ filename: "https://a.storyblok.com/f/287401/640x360/ab/loop.mp4", alt: "" })).toBeNull();
    expect(
      firstShareImage([
        null,
        { filename: "https://a.storyblok.com/f/287401/640x360/ab/loop.mp4", alt: "" },
        { filename: HERO, alt: "" },
      ])?.url,
    ).toContain("hero.webp/m/1200x630");
    expect(absoluteUrl("/f/1/2x2/a/b.jpg", "")).toBe("");
    expect(absoluteUrl("/f/1/2x2/a/b.jpg", "https://studio.example")).toBe("https://studio.example/f/1/2x2/a/b.jpg");
    expect(absoluteUrl("//evil.example/x.jpg", "https://studio.example")).toBe("");
  });
});

describe("pageMeta", () => {
  const input = { site, title: "Hafenkino", description: "Posters for dusk", path: "/articles/hafenkino/" };

  it("titles pages 'Studio — Page', the home page with the name alone", () => {
    expect(documentTitle("Studio", "Page")).toBe("Studio — Page");
    expect(documentTitle("Studio", "")).toBe("Studio");
    expect(documentTitle("", "Page")).toBe("Page");
    expect(canonicalPath("/index/")).toBe("/index");
    expect(canonicalPath("")).toBe("/");
  });

  it("leaves the document title to a page whose content is still on its way", () => {
    const titles = (tags: ReturnType<typeof pageMeta>) => tags.filter((tag) => "title" in tag);
    expect(titles(pageMeta(input, { preview: false }))).toEqual([{ title: "Studio Halbton — Hafenkino" }]);
    const deferred = pageMeta({ ...input, titleByPage: true }, { preview: false });
    expect(titles(deferred)).toEqual([]);
    expect(deferred).toContainEqual({ name: "description", content: "Posters for dusk" });
  });

  it("gives canonical URL, Open Graph and Twitter card tags from SITE_URL and the content", () => {
    const tags = pageMeta({ ...input, type: "article" }, { siteUrl: "https://studio.example", preview: false });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "Studio Halbton — Hafenkino" },
        { name: "description", content: "Posters for dusk" },
        { tagName: "link", rel: "canonical", href: "https://studio.example/articles/hafenkino" },
        { property: "og:type", content: "article" },
        { property: "og:title", content: "Hafenkino" },
        { property: "og:description", content: "Posters for dusk" },
        { property: "og:url", content: "https://studio.example/articles/hafenkino" },
        { property: "og:locale", content: "de_DE" },
        { property: "og:site_name", content: "Studio Halbton" },
        { property: "og:image", content: "https://cdn.test/home.jpg" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:image", content: "https://cdn.test/home.jpg" },
      ]),
    );
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("has no canonical link or og:url without SITE_URL, never one pointing at localhost", () => {
    const tags = pageMeta(input, { siteUrl: "", preview: false });
    expect(JSON.stringify(tags)).not.toContain("canonical");
    expect(JSON.stringify(tags)).not.toContain("og:url");
  });

  it("keeps preview (draft) builds and unknown pages out of search engines, with one robots tag", () => {
    const robots = (tags: ReturnType<typeof pageMeta>) => tags.filter((tag) => "name" in tag && tag.name === "robots");
    expect(robots(pageMeta(input, { siteUrl: "", preview: true }))).toEqual([{ name: "robots", content: "noindex" }]);
    expect(robots(pageMeta({ ...input, noindex: true }, { siteUrl: "", preview: true }))).toHaveLength(1);
    expect(JSON.stringify(pageMeta({ ...input, path: null }, { siteUrl: "https://studio.example" }))).not.toContain(
      "canonical",
    );
  });

  it("uses a summary card without any image", () => {
    const tags = pageMeta({ ...input, site: { name: "S", image: null } }, { siteUrl: "", preview: false });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(JSON.stringify(tags)).not.toContain("og:image");
  });
});
