import { afterEach, describe, expect, it, vi } from "vitest";
import { parseArticleStory, parseOtherProject } from "./article";
import { articleMedia } from "./article-media";
import { pickOtherProjects, type OtherProject } from "./other-projects";
import { articleMeta } from "./site";
import { uiText } from "~/ui-text";

const asset = (filename: string, extra: Record<string, unknown> = {}) => ({
  filename,
  alt: "",
  name: "",
  title: "",
  fieldtype: "asset",
  ...extra,
});
const IMAGE = "https://a.storyblok.com/f/287401/1200x800/abc/detail.webp";
const media = (entry: Record<string, unknown>) => ({ component: "media", _uid: "m", Image: asset(IMAGE), ...entry });
const wrapper = (...entries: unknown[]) => ({ Wrapper: [{ component: "ImagesArticle", _uid: "w", media: entries }] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("articleMedia (the media helper)", () => {
  it("is a list with 'no Image' when there is no Wrapper list", () => {
    for (const content of [{}, { Wrapper: null }, { Wrapper: "x" }, { Wrapper: {} }, null, "content"]) {
      expect(articleMedia(content)).toEqual([
        { kind: "message", key: "no-image", layout: "fullsize", text: "no Image", editable: {} },
      ]);
    }
  });

  it("reads the media of ImagesArticle bloks only", () => {
    const items = articleMedia({
      Wrapper: [
        { component: "Quote", _uid: "q", media: [media({ _uid: "skip" })] },
        { component: "ImagesArticle", _uid: "w1", media: [media({ _uid: "a" })] },
        "junk",
        { component: "ImagesArticle", _uid: "w2", media: [media({ _uid: "b" })] },
      ],
    });
    expect(items.map((item) => item.key)).toEqual(["a", "b"]);
  });

  it("gives each entry its layout variant from the flags", () => {
    const items = articleMedia(
      wrapper(
        media({ _uid: "1", Fullsize: true }),
        media({ _uid: "2", right: true }),
        media({ _uid: "3", vertical: true }),
        media({ _uid: "4" }),
        media({ _uid: "5", Fullsize: "yes", right: 1 }),
        media({ _uid: "6", Fullsize: true, right: true, vertical: true }),
      ),
    );
    expect(items.map((item) => item.layout)).toEqual([
      "fullsize",
      "right",
      "vertical",
      "default",
      "default",
      "fullsize",
    ]);
  });

  it("shows the spec's messages for missing files, unknown formats and non-lists", () => {
    const items = articleMedia({
      Wrapper: [
        {
          component: "ImagesArticle",
          _uid: "w1",
          media: [
            media({ Image: asset("") }),
            media({ Image: null }),
            media({ Image: asset("https://x/f/1/10x10/a/file.pdf") }),
          ],
        },
        { component: "ImagesArticle", _uid: "w2", media: "nope" },
        { component: "ImagesArticle", _uid: "w3" },
      ],
    });
    expect(items.map((item) => (item.kind === "message" ? item.text : item.kind))).toEqual([
      "Kein Bild",
      "Kein Bild",
      "unbekanntes Format",
      "Keine Bilddaten vorhanden.",
      "Keine Bilddaten vorhanden.",
    ]);
  });

  it("takes alt and caption from the asset, with fallbacks, and the size from its URL", () => {
    const [first, second, third] = articleMedia(
      wrapper(
        media({ _uid: "1", Image: asset(IMAGE, { alt: "Alt", name: "Caption" }) }),
        media({ _uid: "2", Image: asset(IMAGE, { name: "Only a name" }) }),
        media({ _uid: "3", Image: asset("https://a.storyblok.com/f/287401/640x360/abc/loop.mp4", { name: "Loop" }) }),
      ),
      "Article title",
    );
    expect(first).toMatchObject({ kind: "image", alt: "Alt", caption: "Caption", width: 1200, height: 800 });
    expect(second).toMatchObject({ kind: "image", alt: "Only a name", caption: "Only a name" });
    expect(third).toMatchObject({ kind: "video", caption: "Loop", width: 640, height: 360 });
    expect(articleMedia(wrapper(media({ Image: asset(IMAGE) })), "Article title")[0]).toMatchObject({
      alt: "Article title",
    });
  });

  it("gives the caption and the alt text the languages marked beside the image, else the default one, on every page", () => {
    const marked = media({
      _uid: "en",
      Image: asset(IMAGE, { alt: "Hafenkino: Exhibition wall, 1:20", name: "Exhibition wall, 1:20" }),
      CaptionLanguage: "en",
      AltLanguage: "en",
    });
    const plain = media({ _uid: "de", Image: asset(IMAGE, { alt: "Hafenkino: Stempelsatz", name: "Stempelsatz" }) });
    const noAlt = media({ _uid: "x", Image: asset(IMAGE, { name: "Flyer stack" }), CaptionLanguage: "en" });
    const untitled = media({ _uid: "y", Image: asset(IMAGE), CaptionLanguage: "xx" });
    for (const language of ["de", "en"] as const) {
      const [english, german, captioned, titled] = articleMedia(
        wrapper(marked, plain, noAlt, untitled),
        "Title",
        language,
      );
      expect(english).toMatchObject({ captionLanguage: "en", altLanguage: "en" });
      expect(german).toMatchObject({ captionLanguage: "de", altLanguage: "de" });
      // an empty alt text takes the caption's words and language; the article's title states none
      expect(captioned).toMatchObject({ alt: "Flyer stack", altLanguage: "en" });
      expect(titled).toMatchObject({ alt: "Title", captionLanguage: "de" });
      expect(titled).not.toHaveProperty("altLanguage");
    }
  });

  it("keeps keys unique when editors duplicated entries", () => {
    const items = articleMedia(wrapper(media({ _uid: "same" }), media({ _uid: "same" }), media({ _uid: 5 })));
    expect(new Set(items.map((item) => item.key)).size).toBe(3);
  });
});

describe("parseArticleStory", () => {
  it("never throws and falls back on malformed stories", () => {
    for (const story of [
      undefined,
      null,
      3,
      "x",
      [],
      { content: "x" },
      { content: { info: "x", Link: 5, Header: [], Text: "t" } },
    ]) {
      const article = parseArticleStory(story);
      expect(article.info).toEqual({ client: "", services: "", headline: "", editable: {} });
      expect(article.link).toBeNull();
      expect(article.header).toBeNull();
      expect(article.media).toEqual([expect.objectContaining({ text: uiText.de.noArticleMedia })]);
      expect(article.text).toEqual({ type: "doc", content: [] });
    }
  });

  it("reads headline, info, link label and header", () => {
    const article = parseArticleStory({
      id: 7,
      name: "Hafenkino",
      full_slug: "articles/hafenkino",
      tag_list: ["Poster", 3],
      content: {
        Headline: "Cinema under the cranes",
        Header: asset("https://a.storyblok.com/f/1/1600x1000/a/h.webp", { alt: "" }),
        info: [{ component: "info", Client: "Kino", Services: "Posters", Headline01: "Posters for dusk" }],
        Link: { linktype: "url", url: "https://kino.example/", title: "" },
        Icon: asset("https://a.storyblok.com/f/1/32x32/a/arrow.svg"),
      },
    });
    expect(article).toMatchObject({
      storyId: 7,
      slug: "hafenkino",
      headline: "Cinema under the cranes",
      info: { client: "Kino", services: "Posters", headline: "Posters for dusk" },
      header: { alt: "Hafenkino", width: 1600, height: 1000 },
      link: { href: "https://kino.example/", label: "kino.example", internal: false },
      icon: { width: 32, height: 32 },
      tags: ["Poster"],
      metaTitle: "Hafenkino",
      description: "Posters for dusk",
    });
  });

  it("refuses a javascript: link", () => {
    expect(parseArticleStory({ content: { Link: { linktype: "url", url: "javascript:alert(1)" } } }).link).toBeNull();
  });

  describe("the texts' languages", () => {
    const paragraphOf = (text: string) => ({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text }] }],
    });
    const story = (content: Record<string, unknown>) => ({
      name: "Hafenkino",
      full_slug: "articles/hafenkino",
      content,
    });
    const german = story({
      Headline: "Hafenkino — cinema under the cranes",
      HeadlineLanguage: "en",
      Text: paragraphOf("Das Logo ist ein Filmstreifen."),
      info: [{ component: "info", Headline01: "Ein Open-Air-Kino im Hafen." }],
    });

    it("on the German page: the headline's marked language, the rest German", () => {
      expect(parseArticleStory(german, "de").languages).toEqual({ headline: "en", text: "de", infoHeadline: "de" });
      const unmarked = story({ Headline: "Pixelweide — Satellitendaten für Schafe", HeadlineLanguage: "fr" });
      expect(parseArticleStory(unmarked, "de").languages.headline).toBe("de");
      // the story's name stands in for the headline: its language is not known
      expect(parseArticleStory(story({}), "de").languages.headline).toBeNull();
    });

    it("on the English page: untranslated fields keep the German text's language, translated ones are English", () => {
      const reference = parseArticleStory(german, "de");
      // Storyblok's answer for language=en: the translated text where there is one, else the German
      const english = story({
        Headline: "Hafenkino — cinema under the cranes",
        HeadlineLanguage: "en",
        Text: paragraphOf("Das Logo ist ein Filmstreifen."),
        info: [{ component: "info", Headline01: "An open-air cinema in the harbour." }],
      });
      expect(parseArticleStory(english, "en", reference).languages).toEqual({
        headline: "en",
        text: "de",
        infoHeadline: "en",
      });
      // without the German story to compare with, the texts are taken as translated; the headline, which
      // would be hyphenated by its language, states none
      expect(parseArticleStory(english, "en").languages).toEqual({ headline: null, text: "en", infoHeadline: "en" });
    });
  });
});

const project = (slug: string): OtherProject => ({
  storyId: null,
  slug,
  href: `/articles/${slug}`,
  title: slug,
  image: "",
  alt: slug,
  width: null,
  height: null,
});

describe("pickOtherProjects", () => {
  const all = ["a", "b", "c", "d", "e"].map(project);

  it("picks two, never the current article, never twice", () => {
    for (let run = 0; run < 200; run += 1) {
      const picked = pickOtherProjects([...all, project("b")], "c");
      expect(picked).toHaveLength(2);
      expect(picked.map((p) => p.slug)).not.toContain("c");
      expect(new Set(picked.map((p) => p.slug)).size).toBe(2);
    }
  });

  it("follows its random source (so a choice can be reproduced)", () => {
    expect(pickOtherProjects(all, "a", () => 0).map((p) => p.slug)).toEqual(["b", "c"]);
    expect(pickOtherProjects(all, "a", () => 0.99).map((p) => p.slug)).toEqual(["e", "b"]);
  });

  it("gives what there is when fewer articles exist", () => {
    expect(pickOtherProjects([project("a"), project("b")], "a")).toEqual([project("b")]);
    expect(pickOtherProjects([], "a")).toEqual([]);
  });
});

describe("parseOtherProject", () => {
  it("builds the card from a listed story", () => {
    expect(
      parseOtherProject({
        id: 4,
        name: "Nachtbus",
        full_slug: "articles/nachtbus",
        content: { Header: asset("https://a.storyblok.com/f/1/1600x1000/a/n.webp", { alt: "Bus" }) },
      }),
    ).toEqual({
      storyId: 4,
      slug: "nachtbus",
      href: "/articles/nachtbus",
      title: "Nachtbus",
      image: "https://a.storyblok.com/f/1/1600x1000/a/n.webp",
      alt: "Bus",
      // the asset's own alt text: untranslated, in the default language
      altLanguage: "de",
      width: 1600,
      height: 1000,
    });
  });

  it("gives an alt text taken from the title no language of its own", () => {
    const card = parseOtherProject({ id: 5, name: "Nachtbus", full_slug: "articles/nachtbus", content: {} }, "en");
    expect(card?.alt).toBe("Nachtbus");
    expect(card).not.toHaveProperty("altLanguage");
  });

  it("drops stories without a slug and the folder's start page", () => {
    expect(parseOtherProject({ name: "x" })).toBeNull();
    expect(parseOtherProject({ full_slug: "articles/", is_startpage: true })).toBeNull();
    expect(parseOtherProject("x")).toBeNull();
  });
});

describe("articleMeta", () => {
  it("takes title and description from the article, and says when it is missing", () => {
    expect(articleMeta({ status: "not-found", slug: "x" }).title).toBe("Article not found");
    const article = parseArticleStory({ name: "Kiosk", content: { info: [{ Headline01: "A kiosk" }] } });
    expect(articleMeta({ status: "found", article, otherProjects: [] }, "Studio")).toEqual({
      title: "Kiosk",
      description: "A kiosk",
    });
    const bare = parseArticleStory({ name: "Kiosk" });
    expect(articleMeta({ status: "found", article: bare, otherProjects: [] }, "Studio").description).toBe(
      "Kiosk by Studio.",
    );
  });
});
