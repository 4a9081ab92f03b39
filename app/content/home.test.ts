import type { StoryblokClient } from "@storyblok/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  categoryTags,
  loadCategories,
  loadHomePage,
  parseCategories,
  parseGallery,
  parseHero,
  parseHomeStory,
} from "./home";

const asset = (file: string, alt = "") => ({
  filename: `https://a.storyblok.com/f/287401/1600x900/abcd/${file}`,
  alt,
  fieldtype: "asset",
});

/** A content client that answers with `get`, and the spy on its calls. */
function fakeClient(get: (path: string, params: Record<string, unknown>) => Promise<unknown>) {
  const spy = vi.fn(get);
  return { get: spy, client: { get: spy } as unknown as StoryblokClient };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parseHero", () => {
  it("reads the carousel flag, its Photo slides and the phone and desktop files", () => {
    const hero = parseHero({
      CaruselYN: true,
      Photo: [
        {
          _uid: "a",
          Image: asset("a.webp", "A"),
          PhoneSize: asset("a-phone.webp", "A phone"),
          link: { linktype: "story", cached_url: "articles/a" },
        },
        {
          _uid: "b",
          Image: asset("b.mp4"),
          PhoneSize: asset("b-phone.mp4"),
          link: { linktype: "url", url: "https://example.com" },
        },
      ],
      Image: [{ _uid: "single", Image: asset("single.webp") }],
    });
    expect(hero.carousel).toBe(true);
    expect(hero.slides.map((s) => s.key)).toEqual(["a", "b"]);
    expect(hero.slides[0]!.desktop.alt).toBe("A");
    expect(hero.slides[0]!.phone.filename).toContain("a-phone.webp");
    expect(hero.slides[0]!.link).toMatchObject({ href: "/articles/a", internal: true });
    expect(hero.slides[1]!.link).toMatchObject({ href: "https://example.com", internal: false });
  });

  it("with the flag off keeps only the first Image slide", () => {
    const hero = parseHero({
      CaruselYN: false,
      Photo: [{ Image: asset("p.webp") }],
      Image: [{ Image: asset("first.webp") }, { Image: asset("second.webp") }],
    });
    expect(hero.carousel).toBe(false);
    expect(hero.slides).toHaveLength(1);
    expect(hero.slides[0]!.desktop.filename).toContain("first.webp");
  });

  it("uses the one file a slide has at every width", () => {
    const [onlyPhone] = parseHero({ Image: [{ PhoneSize: asset("phone.webp") }] }).slides;
    expect(onlyPhone!.desktop.filename).toContain("phone.webp");
    const [onlyDesktop] = parseHero({ Image: [{ Image: asset("desk.webp") }] }).slides;
    expect(onlyDesktop!.phone.filename).toContain("desk.webp");
  });

  it("centres the phone crop on the slide's phone focal point, else on the phone file's focus", () => {
    const focused = (file: string, focus: string) => ({ ...asset(file), focus });
    const [own, fallback, outside, desktopOnly] = parseHero({
      CaruselYN: true,
      Photo: [
        {
          Image: focused("a.webp", "10x10:11x11"),
          PhoneSize: focused("a-phone.webp", "20x20:21x21"),
          PhoneFocus: "30x800:31x801",
        },
        { Image: focused("b.webp", "10x10:11x11"), PhoneSize: focused("b-phone.webp", "20x20:21x21"), PhoneFocus: "" },
        // outside the 1600x900 file: not a focal point of it
        {
          Image: focused("c.webp", "10x10:11x11"),
          PhoneSize: focused("c-phone.webp", "20x20:21x21"),
          PhoneFocus: "30x950:31x951",
        },
        { Image: focused("d.webp", "10x10:11x11"), PhoneFocus: "1500x40:1501x41" },
      ],
    }).slides;
    expect([own, fallback, outside].map((slide) => slide!.phone.focus)).toEqual([
      "30x800:31x801",
      "20x20:21x21",
      "20x20:21x21",
    ]);
    // without a phone file the phone shows the desktop one, around the phone point; the desktop keeps its own
    expect(desktopOnly!.phone.focus).toBe("1500x40:1501x41");
    expect(desktopOnly!.desktop.focus).toBe("10x10:11x11");
  });

  it("survives missing and wrong-typed fields", () => {
    expect(parseHero(undefined)).toEqual({ carousel: false, slides: [], editable: {} });
    expect(parseHero("hero")).toEqual({ carousel: false, slides: [], editable: {} });
    expect(parseHero({ CaruselYN: "yes", Image: "nope", Photo: 3 }).slides).toEqual([]);
    expect(parseHero({ Image: [null, 4, "x", { Image: null, PhoneSize: { filename: 5 } }] }).slides).toEqual([]);
    expect(
      parseHero({ CaruselYN: true, Photo: [{ Image: asset("a.webp"), link: "not a link" }] }).slides[0]!.link.href,
    ).toBe("");
  });

  it("makes keys unique when editors duplicated a blok", () => {
    const hero = parseHero({
      CaruselYN: true,
      Photo: [{ _uid: "x", Image: asset("1.webp") }, { _uid: "x", Image: asset("2.webp") }, { Image: asset("3.webp") }],
    });
    const keys = hero.slides.map((s) => s.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe("parseGallery", () => {
  it("reads image, name, tags and link of each item", () => {
    const gallery = parseGallery({
      ImageData: [
        {
          _uid: "t1",
          Image: asset("t.jpg", "Alt"),
          Name: " Tidewater ",
          Tags: ["Typefont", "", 3, "Poster"],
          link: { linktype: "story", cached_url: "articles/tidewater-type" },
        },
      ],
    });
    expect(gallery.items).toEqual([
      {
        key: "t1",
        image: {
          filename: expect.stringContaining("t.jpg"),
          alt: "Alt",
          name: "",
          title: "",
          focus: "",
          copyright: "",
        },
        name: "Tidewater",
        tags: ["Typefont", "Poster"],
        link: { href: "/articles/tidewater-type", internal: true, target: "_self", title: "" },
        editable: {},
      },
    ]);
  });

  it("is null when ImageData is not a list, and empty for an empty list", () => {
    expect(parseGallery({ ImageData: "x" }).items).toBeNull();
    expect(parseGallery({}).items).toBeNull();
    expect(parseGallery(null).items).toBeNull();
    expect(parseGallery({ ImageData: [] }).items).toEqual([]);
  });

  it("keeps items without image (they show 'Kein Bild') and skips non-objects", () => {
    const gallery = parseGallery({ ImageData: [{ Name: "No image" }, "junk", null, { Image: null, Tags: "Poster" }] });
    expect(gallery.items!.map((i) => [i.name, i.image.filename, i.tags])).toEqual([
      ["No image", "", []],
      ["", "", []],
    ]);
  });
});

describe("parseHomeStory", () => {
  it("takes the hero from body[0] and the gallery from body[1]", () => {
    const page = parseHomeStory({
      id: 42,
      content: {
        body: [
          { component: "hero", Image: [{ Image: asset("h.webp") }] },
          { component: "gallery", ImageData: [{ Name: "One" }] },
        ],
      },
    });
    expect(page.storyId).toBe(42);
    expect(page.hero.slides).toHaveLength(1);
    expect(page.gallery.items).toHaveLength(1);
    expect(page.description).toBe("Selected work — One.");
  });

  it("never throws on a broken story", () => {
    for (const story of [
      undefined,
      null,
      1,
      "x",
      {},
      { content: null },
      { content: { body: "x" } },
      { content: { body: [] } },
    ]) {
      const page = parseHomeStory(story);
      expect(page.hero.slides).toEqual([]);
      expect(page.gallery.items).toBeNull();
      expect(page.storyId).toBeNull();
    }
  });
});

describe("categories", () => {
  it("keep only stories with at least one tag, as name, slug and tags", () => {
    expect(
      parseCategories([
        { name: "A", slug: "a", full_slug: "articles/a", tag_list: ["Poster", "Branding"] },
        { name: "B", slug: "b", full_slug: "articles/b", tag_list: [] },
        { name: "C", full_slug: "articles/c", tag_list: ["Poster", ""] },
        { name: "D", slug: "d" },
        "junk",
      ]),
    ).toEqual([
      { name: "A", slug: "a", tags: ["Poster", "Branding"] },
      { name: "C", slug: "c", tags: ["Poster"] },
    ]);
    expect(parseCategories(undefined)).toEqual([]);
  });

  it("give each tag once, in the order the categories first name it", () => {
    expect(
      categoryTags([
        { name: "A", slug: "a", tags: ["Poster", "Branding"] },
        { name: "B", slug: "b", tags: ["Branding", "Sound", "Poster"] },
      ]),
    ).toEqual(["Poster", "Branding", "Sound"]);
  });

  it("are read with one listing of 100 articles/ stories in the configured version", async () => {
    const { get, client } = fakeClient(async () => ({
      data: { stories: [{ name: "A", slug: "a", tag_list: ["Poster"] }] },
    }));
    await expect(loadCategories(client, "draft")).resolves.toEqual([{ name: "A", slug: "a", tags: ["Poster"] }]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith("cdn/stories", { starts_with: "articles/", per_page: 100, version: "draft" });
  });

  it("log 'Fehler beim Laden der Kategorien:' and give an empty list when the call fails", async () => {
    const failure = { message: "Service Unavailable", status: 503 };
    const { client } = fakeClient(async () => {
      throw failure;
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(loadCategories(client, "draft")).resolves.toEqual([]);
    expect(log).toHaveBeenCalledWith("Fehler beim Laden der Kategorien:", failure);
  });
});

describe("loadHomePage", () => {
  it("reads the home story and the filter tags; failing categories leave the page intact", async () => {
    const { get, client } = fakeClient(async (path) => {
      if (path === "cdn/stories/home") {
        return {
          data: { story: { id: 7, content: { body: [{ Image: [{ Image: asset("h.webp") }] }, { ImageData: [] }] } } },
        };
      }
      throw { message: "boom" };
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await loadHomePage(client, "published");
    expect(data.page.storyId).toBe(7);
    expect(data.page.hero.slides).toHaveLength(1);
    expect(data.filterTags).toEqual([]);
    expect(get).toHaveBeenCalledWith("cdn/stories/home", { version: "published" });
  });
});
