import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { probeSize } from "./content-generator/probe";
import { collectTypes, type RichTextNode } from "./content-generator/richtext";
import { DELETED_ARTICLE_UUID } from "./content-generator/page-stories";
import type { StoryFile } from "./content-generator/story-shape";
import { DEFAULT_OUT, DEFAULT_SEED, generateContent } from "./generate-content";
import { tempDirOfThisTest, tempDirOfTests } from "../test-support/temp-dir";

const ARTICLES = 40;
const ASSET_URL = /^https:\/\/a\.storyblok\.com\/f\/287401\/(\d+)x(\d+)\/([0-9a-f]{10})\/([^/]+)$/;
const TAGS = ["Research", "Typefont", "Poster", "Digital", "Animation", "Website", "Branding"];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = Record<string, Json>;

async function readStories(dir: string): Promise<Map<string, StoryFile>> {
  const stories = new Map<string, StoryFile>();
  const files = (await readdir(path.join(dir, "stories"), { recursive: true })).filter((f) => f.endsWith(".json"));
  for (const file of files) {
    stories.set(
      file.replace(/\\/g, "/").replace(/\.json$/, ""),
      JSON.parse(await readFile(path.join(dir, "stories", file), "utf8")) as StoryFile,
    );
  }
  return stories;
}

function walk(value: unknown, visit: (node: Obj) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === "object") {
    visit(value as Obj);
    Object.values(value).forEach((v) => walk(v, visit));
  }
}

function assetUrls(stories: Map<string, StoryFile>): Set<string> {
  const urls = new Set<string>();
  for (const file of stories.values()) {
    walk(file, (node) => {
      for (const v of Object.values(node))
        if (typeof v === "string" && v.startsWith("https://a.storyblok.com/")) urls.add(v);
    });
  }
  return urls;
}

const asObj = (v: unknown): Obj => v as Obj;
const bodyOf = (file: StoryFile | undefined, i: number): Obj =>
  asObj((file?.story.content.body as Json[] | undefined)?.[i]);

function checkStories(stories: Map<string, StoryFile>): void {
  const ids = new Set<number>();
  const uuids = new Set<string>();
  for (const [slug, file] of stories) {
    const { story } = file;
    expect(story.full_slug, slug).toBe(slug);
    expect(story.slug).toBe(slug.split("/").pop());
    expect(story.lang).toBe("default");
    expect(story.alternates).toEqual([]);
    expect(story.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(story.group_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(story.created_at))).toBe(false);
    expect(ids.has(story.id), `duplicate id ${story.id}`).toBe(false);
    expect(uuids.has(story.uuid), `duplicate uuid ${story.uuid}`).toBe(false);
    ids.add(story.id);
    uuids.add(story.uuid);
    if (file.published) {
      expect(file.published.uuid).toBe(story.uuid);
      expect(file.published.full_slug).toBe(story.full_slug);
      expect(file.published).not.toEqual(story);
    }
    const uids = new Set<string>();
    walk(story.content, (node) => {
      if (typeof node.component === "string") {
        expect(typeof node._uid).toBe("string");
        expect(uids.has(node._uid as string), `duplicate _uid in ${slug}`).toBe(false);
        uids.add(node._uid as string);
      }
    });
  }
}

describe("generate-content", () => {
  const out = tempDirOfTests("halbton-content-", "all");
  let stories: Map<string, StoryFile>;
  let committed: Map<string, StoryFile>;
  const articles = () =>
    [...stories]
      .filter(([slug]) => slug.startsWith("articles/"))
      .map(([, f]) => f)
      .sort((a, b) => a.story.id - b.story.id);

  beforeAll(async () => {
    await generateContent({ outDir: out(), articles: ARTICLES, media: { from: path.join(DEFAULT_OUT, "assets") } });
    stories = await readStories(out());
    committed = await readStories(DEFAULT_OUT);
  });

  it("writes the fixed stories, the articles and the space", async () => {
    for (const slug of ["header", "footer", "home", "index", "imprint", "about"])
      expect(stories.has(slug), slug).toBe(true);
    expect(articles()).toHaveLength(ARTICLES);
    const space = JSON.parse(await readFile(path.join(out(), "space.json"), "utf8")) as {
      space: { id: number };
      previewToken: string;
      publicToken: string;
    };
    expect(space.space.id).toBe(287401);
    expect(space.previewToken).toMatch(/^[A-Za-z0-9]{22}tt$/);
    expect(space.publicToken).toMatch(/^[A-Za-z0-9]{22}tt$/);
    expect(space.previewToken).not.toBe(space.publicToken);
  });

  it("keeps ids, uuids and _uids unique and full_slug equal to the path", () => {
    checkStories(stories);
    checkStories(committed);
  });

  it("is deterministic and matches the committed content for the same options", async () => {
    const again = await tempDirOfThisTest("halbton-content-");
    await generateContent({ outDir: again, articles: 32, media: { from: path.join(DEFAULT_OUT, "assets") } });
    const regenerated = await readStories(again);
    expect([...regenerated.keys()].sort()).toEqual([...committed.keys()].sort());
    for (const [slug, file] of regenerated) expect(file, slug).toEqual(committed.get(slug));
  });

  it("points every asset URL at a file in content/assets with the URL's size and hash", async () => {
    const urls = new Set([...assetUrls(stories), ...assetUrls(committed)]);
    expect(urls.size).toBeGreaterThan(50);
    for (const url of urls) {
      const m = ASSET_URL.exec(url);
      expect(m, url).not.toBeNull();
      const [, w, h, hash, name] = m as RegExpExecArray;
      const file = path.join(DEFAULT_OUT, "assets", `${w}x${h}`, hash as string, name as string);
      const data = await readFile(file);
      expect(createHash("sha1").update(data).digest("hex").slice(0, 10), url).toBe(hash);
      expect(await probeSize(file), url).toEqual({ width: Number(w), height: Number(h) });
    }
  });

  it("gives every raster image a credit and a focal point near a corner, which a centred 4:3 crop cuts", () => {
    const images: Obj[] = [];
    walk([...committed.values()], (node) => {
      if (node.fieldtype === "asset" && typeof node.filename === "string" && /\.(webp|jpg|png)$/.test(node.filename))
        images.push(node);
    });
    expect(images.length).toBeGreaterThan(100);
    for (const image of images) {
      const [, w, h] = ASSET_URL.exec(image.filename as string)!.map(Number) as [number, number, number];
      expect(image.copyright, image.filename as string).toBe("© Studio Halbton");
      const focus = /^(\d+)x(\d+):(\d+)x(\d+)$/.exec(image.focus as string);
      expect(focus, image.filename as string).not.toBeNull();
      const [x, y] = [Number(focus![1]) / w, Number(focus![2]) / h];
      // a centred 4:3 crop keeps the middle share of the longer side: the focal point lies outside it
      const kept = w / h > 4 / 3 ? (4 / 3) * (h / w) : (3 / 4) * (w / h);
      const outside = (share: number) => Math.abs(share - 0.5) > kept / 2;
      expect(w / h > 4 / 3 ? outside(x) : outside(y), image.filename as string).toBe(true);
    }
  });

  it("gives each hero slide with a phone image a phone focal point at the other end of its height", () => {
    const hero = bodyOf(committed.get("home"), 0);
    const slides = [...(hero.Photo as Obj[]), ...(hero.Image as Obj[])];
    const withImages = slides.filter((slide) => /\.webp$/.test(asObj(slide.PhoneSize).filename as string));
    expect(withImages.length).toBeGreaterThanOrEqual(3);
    for (const slide of withImages) {
      const phone = asObj(slide.PhoneSize);
      const [, w, h] = ASSET_URL.exec(phone.filename as string)!.map(Number) as [number, number, number];
      const point = /^(\d+)x(\d+):(\d+)x(\d+)$/.exec(slide.PhoneFocus as string);
      const own = /^(\d+)x(\d+):/.exec(phone.focus as string);
      expect(point, phone.filename as string).not.toBeNull();
      const [x2, y2] = [Number(point![3]), Number(point![4])];
      expect(x2 <= w && y2 <= h, slide.PhoneFocus as string).toBe(true);
      // one in the top fifth, the other in the bottom fifth: a crop of the file's height keeps at most one
      const shares = [Number(point![2]) / h, Number(own![2]) / h].sort((a, b) => a - b);
      expect(shares[0]!).toBeLessThan(0.2);
      expect(shares[1]!).toBeGreaterThan(0.8);
    }
  });

  it("marks the captions, alt texts and info texts written in English beside them, as an editor would", () => {
    const marked: Record<string, string[]> = { media: [], masonry_tile: [] };
    const unmarked: string[] = [];
    const altAgainstCaption: Array<[unknown, unknown]> = [];
    walk([...committed.values()], (node) => {
      if (node.component === "media") {
        const image = asObj(node.Image);
        (node.CaptionLanguage === "en" ? marked.media! : unmarked).push(image.name as string);
        // the alt text is "Project: caption": of the caption's words and language
        if (image.name) altAgainstCaption.push([node.AltLanguage, node.CaptionLanguage]);
      }
      if (node.component === "masonry_tile" && node.InfoLanguage === "en")
        marked.masonry_tile!.push(node.Info as string);
    });
    expect(marked.media).toContain("Exhibition wall, 1:20");
    expect(marked.masonry_tile).toContain("Screens for Loop Lab");
    expect(unmarked).toContain("Plakat im Siebdruck, 3-farbig");
    expect(unmarked).not.toContain("Exhibition wall, 1:20");
    expect(altAgainstCaption.length).toBeGreaterThan(0);
    expect(altAgainstCaption.filter(([alt, caption]) => alt !== caption)).toEqual([]);
  });

  it("keeps all media under 12 MB", async () => {
    const dir = path.join(DEFAULT_OUT, "assets");
    let total = 0;
    for (const f of await readdir(dir, { recursive: true })) {
      if (f.split(/[\\/]/).length === 3) total += (await readFile(path.join(dir, f))).length;
    }
    expect(total).toBeLessThan(12 * 1024 * 1024);
  });

  it("fills header and footer", () => {
    const header = bodyOf(stories.get("header"), 0);
    expect(asObj(header.Index).cached_url).toBe("index");
    expect(asObj(header.Link).cached_url).toBe("about");
    expect(asObj(header.Logo).filename).toMatch(/\.svg$/);
    const footer = bodyOf(stories.get("footer"), 0);
    expect(asObj(footer.Imprint).cached_url).toBe("imprint");
    expect(asObj(footer.email).linktype).toBe("email");
    expect(asObj(footer.SocialMedia).url).toMatch(/^https:\/\//);
    expect(footer.LogoBig).toBe("HALBTON");
  });

  it("builds the home hero and a gallery with every tag and edge case", () => {
    const home = stories.get("home");
    const hero = bodyOf(home, 0);
    expect(hero.CaruselYN).toBe(true);
    const slides = hero.Photo as Obj[];
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(
      slides.some(
        (s) => String(asObj(s.Image).filename).endsWith(".mp4") && String(asObj(s.PhoneSize).filename).endsWith(".mp4"),
      ),
    ).toBe(true);
    expect(hero.Image as Obj[]).toHaveLength(1);

    const published = new Set(
      articles()
        .filter((f) => f.published !== null)
        .map((f) => f.story.uuid),
    );
    const items = bodyOf(home, 1).ImageData as Obj[];
    expect(items.length).toBeGreaterThanOrEqual(30);
    const tags = new Set(items.flatMap((i) => i.Tags as string[]));
    for (const tag of [...TAGS, "Sound"]) expect(tags.has(tag), tag).toBe(true);
    expect(items.some((i) => (i.Tags as string[]).length === 2)).toBe(true);
    expect(items.some((i) => i.Name === "")).toBe(true);
    expect(items.some((i) => asObj(i.Image).alt === "")).toBe(true);
    expect(items.some((i) => String(asObj(i.Image).filename).endsWith(".mp4"))).toBe(true);
    for (const link of [...items.map((i) => asObj(i.link)), ...slides.map((s) => asObj(s.link))]) {
      expect(published.has(String(link.id)), String(link.cached_url)).toBe(true);
    }
  });

  it("lists every article in the index plus a deleted and a never-published uuid", () => {
    const refs = bodyOf(stories.get("index"), 0).Articles as string[];
    const all = articles();
    for (const a of all) expect(refs).toContain(a.story.uuid);
    expect(refs).toContain(DELETED_ARTICLE_UUID(DEFAULT_SEED));
    expect(all.some((a) => a.story.uuid === DELETED_ARTICLE_UUID(DEFAULT_SEED))).toBe(false);
    const never = all.filter((a) => a.published === null);
    expect(never).toHaveLength(1);
    expect(refs).toContain(never[0]?.story.uuid);
  });

  it("covers the article edge cases and layout flags", () => {
    const all = articles();
    expect(all.filter((a) => a.published && typeof a.published === "object")).toHaveLength(1);
    expect(all.filter((a) => !("Wrapper" in a.story.content))).toHaveLength(1);
    const tags = new Set(all.flatMap((a) => a.story.tag_list));
    for (const tag of [...TAGS, "Sound"]) expect(tags.has(tag), tag).toBe(true);
    for (const a of all) expect(a.story.tag_list.length).toBeGreaterThanOrEqual(1);
    const layouts = new Set<string>();
    const verticalRatios: number[] = [];
    for (const a of all) {
      for (const wrapper of (a.story.content.Wrapper as Obj[] | undefined) ?? []) {
        expect(wrapper.component).toBe("ImagesArticle");
        for (const m of wrapper.media as Obj[]) {
          const [, w, h] = ASSET_URL.exec(String(asObj(m.Image).filename)) ?? [];
          const flag = m.Fullsize ? "Fullsize" : m.right ? "right" : m.vertical ? "vertical" : "default";
          layouts.add(flag);
          if (flag === "vertical") verticalRatios.push(Number(h) / Number(w));
          expect(String(asObj(m.Image).name).length).toBeGreaterThan(0);
        }
      }
      const info = (a.story.content.info as Obj[])[0];
      const filled = expect.stringMatching(/\S/);
      expect(info).toMatchObject({ Client: filled, Services: filled, Headline01: filled });
    }
    expect([...layouts].sort()).toEqual(["Fullsize", "default", "right", "vertical"]);
    // a vertical entry's file is portrait
    expect(verticalRatios.filter((ratio) => !(ratio > 1))).toEqual([]);
    expect(all.some((a) => asObj(a.story.content.Link).cached_url === "")).toBe(true);
    expect(all.some((a) => typeof asObj(a.story.content.Link).title === "string")).toBe(true);
  });

  it("marks what the studio wrote in English on its German pages, as an editor would", () => {
    const hafenkino = stories.get("articles/hafenkino")!.story.content;
    const pixelweide = stories.get("articles/pixelweide")!.story.content;
    expect(hafenkino.HeadlineLanguage).toBe("en");
    // a German headline, translated on the English page
    expect(pixelweide.HeadlineLanguage).toBe("");
    expect(pixelweide.Headline__i18n__en).toEqual(expect.stringMatching(/\S/));
    expect(pixelweide.Headline__i18n__en).not.toBe(pixelweide.Headline);
    // every English run carries the style option; a mixed paragraph is split at its sentences
    const runs: { text: string; english: boolean }[] = [];
    for (const a of articles()) {
      walk(a.story.content.Text as Obj, (node) => {
        if (node.type !== "text") return;
        const english = ((node.marks as Obj[] | undefined) ?? []).some(
          (mark) => mark.type === "styled" && asObj(mark.attrs).class === "lang-en",
        );
        runs.push({ text: String(node.text), english });
      });
    }
    const englishOf = (text: string) => runs.find((run) => run.text === text)?.english;
    expect(englishOf("The result launched quietly and grew through word of mouth. ")).toBe(true);
    expect(englishOf("Ein Jahr später ist es aus dem Kiez nicht mehr wegzudenken.")).toBe(false);
    expect(englishOf("We set every test in ")).toBe(true);
    // a word between two English runs (here in bold) is English too; a German run inside stays unmarked
    expect(englishOf("real")).toBe(true);
    expect(englishOf("auch nicht im ersten Entwurf")).toBe(false);
    expect(englishOf("Mira Okafor-Kessler")).toBe(false);
    // the English translation keeps the marks and translates the German sentence
    const english = JSON.stringify(articles().map((a) => a.story.content.Text__i18n__en));
    expect(english).toContain("A year later the neighbourhood cannot imagine being without it.");
    expect(english).not.toContain("Ein Jahr später");
  });

  it("uses every rich text node type and mark across the articles", () => {
    const nodes = new Set<string>();
    const marks = new Set<string>();
    const levels = new Set<number>();
    const linktypes = new Set<string>();
    const imageSources: string[] = [];
    const emojiAttributes: string[] = [];
    for (const a of articles().slice(0, 10)) {
      const doc = a.story.content.Text as unknown as RichTextNode;
      collectTypes(doc, nodes, marks);
      walk(doc, (n) => {
        if (n.type === "heading") levels.add(Number(asObj(n.attrs).level));
        if (n.type === "link") linktypes.add(String(asObj(n.attrs).linktype));
        if (n.type === "image") imageSources.push(String(asObj(n.attrs).src));
        if (n.type === "emoji") emojiAttributes.push(Object.keys(asObj(n.attrs)).sort().join(","));
      });
    }
    for (const type of [
      "paragraph",
      "text",
      "heading",
      "horizontal_rule",
      "blockquote",
      "bullet_list",
      "ordered_list",
      "list_item",
      "code_block",
      "hard_break",
      "image",
      "emoji",
    ]) {
      expect(nodes.has(type), type).toBe(true);
    }
    for (const type of [
      "bold",
      "strong",
      "italic",
      "strike",
      "underline",
      "code",
      "link",
      "styled",
      "subscript",
      "superscript",
      "anchor",
      "highlight",
      "textStyle",
    ]) {
      expect(marks.has(type), type).toBe(true);
    }
    expect([...levels].sort()).toEqual([2, 3, 4, 5, 6]);
    expect(linktypes.has("url") && linktypes.has("email")).toBe(true);
    // the "image" and "emoji" node types are there (above): their attributes are Storyblok's
    expect(imageSources.filter((src) => !ASSET_URL.test(src))).toEqual([]);
    expect(new Set(emojiAttributes)).toEqual(new Set(["emoji,fallbackImage,name"]));
  });

  it("gives the about page an overview, a masonry grid and an older published version", () => {
    const about = stories.get("about");
    expect(about?.published?.full_slug).toBe("about");
    const body = about?.story.content.body as Obj[];
    expect(body.map((b) => b.component)).toEqual(["about_block", "overview", "about_block", "masonry"]);
    const files = (body[1]?.Items as Obj[]).map((i) => String(asObj(i.Asset).filename));
    for (const ext of [".jpg", ".mp4", ".webm", ".pdf"])
      expect(
        files.some((f) => f.endsWith(ext)),
        ext,
      ).toBe(true);
    const tiles = body[3]?.Tiles as Obj[];
    expect(tiles.length).toBeGreaterThanOrEqual(12);
    const shapes = tiles
      .map((t) => ASSET_URL.exec(String(asObj(t.Media).filename)) ?? [])
      .map(([, w, h]) => Number(w) > Number(h));
    expect(shapes).toContain(true);
    expect(shapes).toContain(false);
    const publishedBody = about?.published?.content.body as Obj[];
    expect(publishedBody[0]?.Headline).not.toBe(body[0]?.Headline);
  });

  it("scales to benchmark sizes with unique slugs", async () => {
    const big = await tempDirOfThisTest("halbton-content-");
    const result = await generateContent({
      outDir: big,
      articles: 500,
      media: { from: path.join(DEFAULT_OUT, "assets") },
    });
    expect(result.articles).toHaveLength(500);
    expect(new Set(result.articles.map((a) => a.slug)).size).toBe(500);
    expect((await readdir(path.join(big, "stories", "articles"))).length).toBe(500);
  });
});
