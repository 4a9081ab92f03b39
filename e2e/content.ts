import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Parser } from "htmlparser2";
import { attribute, parseHtml } from "../pipeline/html";
import { e2eEnv, expect } from "./fixtures";
import type { ContentApi, StoryJson } from "./fixtures";

/**
 * Expected values, derived from the content API's answers the way the spec
 * and docs/content-model.md describe them, so specs never copy page output.
 */

export type Blok = Record<string, unknown> & { component?: string };

export interface Asset {
  filename?: string;
  alt?: string;
  name?: string;
}

export interface Multilink {
  url?: string;
  cached_url?: string;
  email?: string;
  linktype?: string;
  target?: string;
}

export function body(story: StoryJson): Blok[] {
  const list = story.content.body;
  return Array.isArray(list) ? (list as Blok[]) : [];
}

export function firstBody(story: StoryJson): Blok {
  const first = body(story)[0];
  if (!first) throw new Error(`story ${story.full_slug} has no body[0]`);
  return first;
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function asset(value: unknown): Asset {
  return typeof value === "object" && value !== null ? (value as Asset) : {};
}

export function multilink(value: unknown): Multilink {
  return typeof value === "object" && value !== null ? (value as Multilink) : {};
}

/** A story link's path in the site: the content model's `cached_url` is a full slug (`home` is `/`). */
export function storyPath(link: Multilink): string {
  const slug = (link.cached_url ?? "").replace(/^\/+|\/+$/g, "");
  return slug === "home" || slug === "" ? "/" : `/${slug}`;
}

/** SPEC: article links go to /articles/{last slug segment}. */
export function articlePath(fullSlug: string): string {
  const parts = fullSlug.split("/").filter(Boolean);
  return `/articles/${parts[parts.length - 1] ?? ""}`;
}

interface RichNode {
  type?: string;
  text?: string;
  content?: RichNode[];
}

function plain(node: RichNode): string {
  if (node.type === "text") return node.text ?? "";
  // a <br> adds no text to textContent: the lines on either side are checked separately
  if (node.type === "hard_break") return "\n";
  return (node.content ?? []).map(plain).join("");
}

/** The plain text of each top-level block of a rich-text document (paragraphs, headings, ...; one entry per line of a block with hard breaks), empty ones dropped. */
export function richTextBlocks(doc: unknown): string[] {
  const root = (typeof doc === "object" && doc !== null ? doc : {}) as RichNode;
  return (root.content ?? [])
    .flatMap((node) => plain(node).split("\n"))
    .map(normalise)
    .filter(Boolean);
}

export function normalise(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Published article stories, as the listing answers them. */
export async function publishedArticles(api: ContentApi): Promise<StoryJson[]> {
  return api.stories({ starts_with: "articles/", version: "published" });
}

/**
 * A published article that existed at build time: the first one the index
 * story references. (Listings may also hold stories tests add at run time.)
 */
export async function builtArticle(api: ContentApi): Promise<StoryJson> {
  const [first] = (await indexReferences(api)).published;
  if (!first) throw new Error("the index story references no published article");
  return api.story(first.full_slug);
}

/** Header and footer values every page shows (SPEC section 2), from their stories. */
export async function layoutExpectations(api: ContentApi) {
  const [headerStory, footerStory] = await Promise.all([api.story("header"), api.story("footer")]);
  const header = firstBody(headerStory);
  const footer = firstBody(footerStory);
  return {
    header: {
      logo: asset(header.Logo),
      index: { path: storyPath(multilink(header.Index)), label: text(header.IndexLabel) || "Index" },
      link: { path: storyPath(multilink(header.Link)), label: text(header.LinkLabel) || "About" },
    },
    footer: {
      text: text(footer.Text),
      imprint: { path: storyPath(multilink(footer.Imprint)), label: text(footer.ImprintLabel) || "Imprint" },
      email: multilink(footer.email),
      social: multilink(footer.SocialMedia),
      copyright: text(footer.Copyright),
      logoBig: text(footer.LogoBig),
    },
  };
}

export type LayoutExpectations = Awaited<ReturnType<typeof layoutExpectations>>;

/** The text of an HTML document as a browser without JavaScript shows it: no scripts, tags or entities. */
export function visibleHtmlText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<template\b[\s\S]*?<\/template>/gi, " ");
  return normalise(decodeEntities(withoutCode.replace(/<[^>]*>/g, " ")));
}

/** Character references decoded as a browser does (htmlparser2's table): `value` holds no markup. */
function decodeEntities(value: string): string {
  let text = "";
  new Parser({ ontext: (data) => (text += data) }).end(value);
  return text;
}

/** Attribute values in an HTML document (e.g. every href), decoded. */
export function htmlAttributeValues(html: string, name: string): string[] {
  const elements = parseHtml(html).elementsWithAttribute(name);
  return elements.map((element) => attribute(element, name)!);
}

/* ------------------------------------------------------------------ */
/* Home, index, about and article expectations from the API answers.   */
/* ------------------------------------------------------------------ */

export function records(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, unknown> => typeof item === "object" && item !== null && !Array.isArray(item),
      )
    : [];
}

/** The lower-case extension of an asset URL's file name. */
export function extensionOf(filename: string | undefined): string {
  const file = (filename ?? "").split(/[?#]/)[0]?.split("/").pop() ?? "";
  const dot = file.lastIndexOf(".");
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : "";
}

/** SPEC section 5. */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "bmp", "svg"];
export const VIDEO_EXTENSIONS = ["mp4", "webm", "ogg", "mov"];

/** The home hero (body[0]): the carousel switch and its slides, as SPEC section 3 describes them. */
export function homeHero(home: StoryJson) {
  const hero = body(home)[0] ?? {};
  const carousel = hero.CaruselYN === true;
  const slides = records(carousel ? hero.Photo : hero.Image)
    .map((slide) => ({
      desktop: asset(slide.Image),
      phone: asset(slide.PhoneSize),
      path: storyPath(multilink(slide.link)),
    }))
    .filter((slide) => slide.desktop.filename || slide.phone.filename);
  return { carousel, slides: carousel ? slides : slides.slice(0, 1) };
}

export type HeroSlideExpectation = ReturnType<typeof homeHero>["slides"][number];

/** The home gallery's ImageData (body[1]). */
export function homeGallery(home: StoryJson) {
  return records(body(home)[1]?.ImageData).map((item) => {
    const name = text(item.Name).trim();
    return {
      image: asset(item.Image),
      name,
      tags: Array.isArray(item.Tags) ? item.Tags.filter((tag): tag is string => typeof tag === "string") : [],
      path: storyPath(multilink(item.link)),
      /** what the tile shows on hover: the Name, or 'More' (SPEC section 2) */
      caption: name || "More",
    };
  });
}

export type GalleryItemExpectation = ReturnType<typeof homeGallery>[number];

/** SPEC section 4: no tag selected shows all; otherwise the items having at least one selected tag. */
export function filterGallery(items: GalleryItemExpectation[], selected: string[]): GalleryItemExpectation[] {
  return selected.length === 0 ? items : items.filter((item) => item.tags.some((tag) => selected.includes(tag)));
}

/** SPEC section 7, categories call: articles with at least one tag; their tags, each once, in order of first mention. */
export async function categoryTags(api: ContentApi): Promise<string[]> {
  const stories = await api.stories({ starts_with: "articles/", version: "draft", per_page: 100 });
  return [...new Set(stories.flatMap((story) => story.tag_list ?? []))];
}

/** The index story's references, sorted into what the public token can read and what it cannot. */
export async function indexReferences(api: ContentApi) {
  const index = firstBody(await api.story("index"));
  const uuids = (Array.isArray(index.Articles) ? index.Articles : []).filter(
    (uuid): uuid is string => typeof uuid === "string",
  );
  const query = { by_uuids: uuids.join(","), per_page: 100 };
  const [published, drafts] = await Promise.all([
    api.get<{ stories: StoryJson[] }>("cdn/stories", { ...query, version: "published" }, { token: "public" }),
    api.get<{ stories: StoryJson[] }>("cdn/stories", { ...query, version: "draft" }),
  ]);
  const publishedByUuid = new Map(published.stories.map((story) => [story.uuid, story]));
  const draftByUuid = new Map(drafts.stories.map((story) => [story.uuid, story]));
  return {
    title: text(index.Title),
    uuids,
    /** SPEC: the rows, in the index story's order */
    published: uuids
      .map((uuid) => publishedByUuid.get(uuid))
      .filter((story): story is StoryJson => story !== undefined),
    /** referenced, but never published (the public token cannot read them) */
    neverPublished: uuids
      .map((uuid) => draftByUuid.get(uuid))
      .filter((story): story is StoryJson => story !== undefined && !publishedByUuid.has(story.uuid)),
    /** referenced uuids no story has */
    missing: uuids.filter((uuid) => !draftByUuid.has(uuid)),
  };
}

/** Articles as the draft and the published listing answer them, by full slug. */
export async function articleVersions(api: ContentApi) {
  const [drafts, published] = await Promise.all([
    api.stories({ starts_with: "articles/", version: "draft", per_page: 100 }),
    api.stories({ starts_with: "articles/", version: "published", per_page: 100 }),
  ]);
  const publishedBySlug = new Map(published.map((story) => [story.full_slug, story]));
  return drafts.map((draft) => ({ draft, published: publishedBySlug.get(draft.full_slug) ?? null }));
}

export interface ArticleMediaExpectation {
  filename: string;
  layout: "fullsize" | "right" | "vertical" | "default";
}

/** The media entries of an article's Wrapper (ImagesArticle bloks), with the layout variant each flag asks for. */
export function articleMediaEntries(story: StoryJson): ArticleMediaExpectation[] | null {
  const wrapper = story.content.Wrapper;
  if (!Array.isArray(wrapper)) return null;
  return records(wrapper)
    .filter((blok) => blok.component === "ImagesArticle")
    .flatMap((blok) => records(blok.media))
    .map((entry) => ({
      filename: asset(entry.Image).filename ?? "",
      layout:
        entry.Fullsize === true
          ? "fullsize"
          : entry.right === true
            ? "right"
            : entry.vertical === true
              ? "vertical"
              : "default",
    }));
}

/** The videos among an article's media entries (none for an article without Wrapper). */
export function articleMediaVideos(story: StoryJson): ArticleMediaExpectation[] {
  return (articleMediaEntries(story) ?? []).filter((entry) => VIDEO_EXTENSIONS.includes(extensionOf(entry.filename)));
}

/**
 * Publishes a new article after the build (a copy of `template` with a new
 * slug, uuid and headline, and no tags, so the home filter does not change),
 * into the content folder `api` serves (the suite's, unless told), and
 * waits until the content service serves it. Its page is not prerendered:
 * the SPA fallback and the client loader show it. Resolves to its slug, path, headline and story, and `remove()`,
 * which removes its file from the content service's folder again.
 */
export async function addArticleAfterBuild(
  api: ContentApi,
  template: StoryJson,
  prefix: string,
  contentDir = e2eEnv().contentDir,
) {
  const suffix = randomUUID().slice(0, 8);
  const slug = `${prefix}-${suffix}`;
  const headline = `${prefix} ${suffix}`;
  const now = new Date().toISOString();
  const story = {
    ...template,
    id: 900_000_000 + Math.floor(Math.random() * 90_000_000),
    uuid: randomUUID(),
    name: `Added ${suffix}`,
    slug,
    full_slug: `articles/${slug}`,
    tag_list: [],
    created_at: now,
    published_at: now,
    first_published_at: now,
    content: { ...template.content, _uid: randomUUID(), Headline: headline },
  } as StoryJson;
  const file = path.join(contentDir, "stories", "articles", `${slug}.json`);
  const cvBefore = await api.cacheVersion();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ story }, null, 2)}\n`);
  await expect
    .poll(() => api.cacheVersion(), { message: `the content service picks up ${file}`, timeout: 10_000 })
    .not.toBe(cvBefore);
  return { slug, path: `/articles/${slug}`, headline, story, remove: () => rm(file, { force: true }) };
}

/** A literal string inside a regular expression. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
