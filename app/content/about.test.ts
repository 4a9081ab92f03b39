import type { StoryblokClient } from "@storyblok/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aboutMedia, loadAboutPage, parseAboutBlock, parseAboutStory, parseMasonry, parseOverview } from "./about";

const asset = (filename: string, extra: Record<string, unknown> = {}) => ({ filename, alt: "", name: "", ...extra });
const url = (file: string) => `https://a.storyblok.com/f/287401/900x1200/abc/${file}`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("aboutMedia", () => {
  it.each(["jpg", "jpeg", "png", "gif", "webp", "bmp", "svg", "JPG"])("shows .%s as an image", (extension) => {
    expect(aboutMedia(asset(url(`a.${extension}`), { alt: "Alt" }))).toEqual({
      kind: "image",
      src: url(`a.${extension}`),
      alt: "Alt",
      // an asset's alt text is not translated: German, unless marked beside it
      altLanguage: "de",
      width: 900,
      height: 1200,
    });
  });

  it.each(["mp4", "webm", "ogg", "mov"])("shows .%s as a video", (extension) => {
    expect(aboutMedia(asset(url(`a.${extension}`), { name: "Loop" }))).toMatchObject({ kind: "video", label: "Loop" });
  });

  it.each([asset(url("a.pdf")), asset(url("a")), asset(""), null, undefined, "x.jpg", 5, { filename: 3 }])(
    "renders nothing for %j",
    (value) => {
      expect(aboutMedia(value)).toBeNull();
    },
  );

  it("falls back from alt to the asset's name", () => {
    expect(aboutMedia(asset(url("a.jpg"), { name: "Name" }))).toMatchObject({ alt: "Name" });
  });
});

describe("parseAboutBlock", () => {
  it("has an optional headline and rich text", () => {
    expect(parseAboutBlock({ component: "about_block" })).toEqual({
      headline: "",
      text: { type: "doc", content: [] },
      editable: {},
    });
    expect(parseAboutBlock({ Headline: " Wir ", Text: { type: "doc", content: [{ type: "paragraph" }] } })).toEqual({
      headline: "Wir",
      text: { type: "doc", content: [{ type: "paragraph", content: [] }] },
      editable: {},
    });
    expect(parseAboutBlock(null).headline).toBe("");
  });
});

describe("parseOverview", () => {
  it("reads items with headline, media and text; other asset types leave the media out", () => {
    const view = parseOverview({
      Headline: "Was wir machen",
      Items: [
        { _uid: "1", Headline: "Werkstatt", Asset: asset(url("w.jpg")), Text: { type: "doc", content: [] } },
        { _uid: "2", Headline: "Motion", Asset: asset(url("m.mp4")) },
        { _uid: "3", Headline: "Mappe", Asset: asset(url("m.pdf")) },
        "junk",
        { _uid: "1", Headline: 5 },
      ],
    });
    expect(view.headline).toBe("Was wir machen");
    expect(view.items.map((item) => [item.key, item.headline, item.media?.kind ?? null])).toEqual([
      ["1", "Werkstatt", "image"],
      ["2", "Motion", "video"],
      ["3", "Mappe", null],
      ["item-3", "", null],
    ]);
  });

  it("is empty for a malformed blok", () => {
    for (const blok of [undefined, null, { Items: "x" }, { Items: {} }]) expect(parseOverview(blok).items).toEqual([]);
  });
});

describe("parseMasonry", () => {
  it("keeps tiles with media and collects their distinct tags in order", () => {
    const view = parseMasonry({
      Tiles: [
        { _uid: "a", Media: asset(url("a.jpg")), Info: "A", Tags: ["Poster", "Sound"] },
        { _uid: "b", Media: asset(url("b.mp4")), Info: "B", Tags: ["Sound", "Branding", 3, ""] },
        { _uid: "c", Media: asset(url("c.pdf")), Info: "C", Tags: ["Research"] },
        { _uid: "d", Media: asset(url("d.webp")), Tags: "Poster" },
      ],
    });
    expect(view.tiles.map((tile) => tile.key)).toEqual(["a", "b", "d"]);
    expect(view.tags).toEqual(["Poster", "Sound", "Branding"]);
    expect(view.tiles[2]).toMatchObject({ info: "", tags: [] });
  });
});

describe("parseMasonry's languages", () => {
  const tiles = {
    Tiles: [
      {
        _uid: "e",
        Media: asset(url("e.jpg"), { alt: "Sketchbook page" }),
        Info: "Screens for Loop Lab",
        InfoLanguage: "en",
        AltLanguage: "en",
      },
      { _uid: "d", Media: asset(url("d.jpg"), { alt: "Stempelsatz" }), Info: "Nachtbus, Linie N9" },
    ],
  };

  it("on the German page: the info text's and the alt text's marked language, else German", () => {
    const [english, german] = parseMasonry(tiles).tiles;
    expect(english).toMatchObject({ infoLanguage: "en", media: { altLanguage: "en" } });
    expect(german).toMatchObject({ infoLanguage: "de", media: { altLanguage: "de" } });
  });

  it("on the English page: the info text in the page's language (nothing to compare it with), the alt text as marked", () => {
    const [english, german] = parseMasonry(tiles, 1, "en").tiles;
    expect(english).toMatchObject({ infoLanguage: "en", media: { altLanguage: "en" } });
    expect(german).toMatchObject({ infoLanguage: "en", media: { altLanguage: "de" } });
  });
});

describe("parseAboutStory", () => {
  it("keeps the body bloks with a component name and takes the description from the first text", () => {
    const page = parseAboutStory({
      id: 3,
      name: "About",
      content: {
        body: [
          {
            component: "about_block",
            _uid: "1",
            Headline: "H",
            Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "We design." }] }] },
          },
          { no: "component" },
          { component: "mystery", _uid: "2" },
        ],
      },
    });
    expect(page.storyId).toBe(3);
    expect(page.body.map((blok) => blok.component)).toEqual(["about_block", "mystery"]);
    expect(page.metaTitle).toBe("About");
    expect(page.description).toBe("We design.");
  });

  it("numbers the masonry bloks from 1, so that each grid's full-screen media have fragments of their own", () => {
    const masonry = (uid: string) => ({
      component: "masonry",
      _uid: uid,
      Tiles: [
        {
          component: "masonry_tile",
          _uid: `${uid}-t`,
          Media: { filename: "https://a.storyblok.com/f/1/8x8/a/x.webp" },
        },
      ],
    });
    const page = parseAboutStory({
      name: "About",
      content: { body: [masonry("m1"), { component: "about_block", _uid: "b" }, masonry("m2")] },
    });
    const sets = page.body.flatMap((blok) =>
      blok.component === "masonry" && blok.view ? [blok.view.lightboxSet] : [],
    );
    expect(sets).toEqual([1, 2]);
  });

  it("never throws on a malformed story", () => {
    for (const story of [undefined, null, "x", { content: { body: "x" } }]) {
      expect(parseAboutStory(story)).toMatchObject({ storyId: null, name: "About", body: [] });
    }
  });
});

describe("loadAboutPage", () => {
  it("asks for the about story in the published version", async () => {
    const get = vi.fn(async () => ({ data: { story: { name: "About", content: { body: [] } } } }));
    await loadAboutPage({ get } as unknown as StoryblokClient);
    expect(get).toHaveBeenCalledWith("cdn/stories/about", { version: "published" });
  });

  it("rejects when the service does", async () => {
    const client = { get: () => Promise.reject({ status: 500 }) } as unknown as StoryblokClient;
    await expect(loadAboutPage(client)).rejects.toEqual({ status: 500 });
  });
});
