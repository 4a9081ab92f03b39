import type { StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentConfig } from "./content-config";
import { lastSlugSegment, parseAsset, parseBloks, parseBoolean, parseLink, parseText, parseTextList, type Link } from "./fields";
import { assetDimensions } from "./image-service";
import { MEDIA_MESSAGES, mediaKind } from "./media-type";
import { parseRichText, richTextPlainText, type RichTextDocument } from "./rich-text";

/**
 * The article page (SPEC sections 2, 3, 7, 8): the story
 * `cdn/stories/articles/{slug}`, its media grid, and two other articles.
 */

type Version = ContentConfig["version"];

export const ARTICLE_MESSAGES = {
  loading: "Loading article...",
  notFound: "Article not found",
  /** SPEC 8: an article without a Wrapper list */
  noImage: "no Image",
} as const;

/** SPEC 9: how many other articles the page shows. */
export const OTHER_PROJECTS_COUNT = 2;
/**
 * How many candidates a page carries for its run-time choice: enough that
 * visits differ, few enough that a page of a 1,000-article site stays small
 * (about 250 bytes each).
 */
export const OTHER_PROJECTS_POOL = 12;

export type MediaLayout = "fullsize" | "right" | "vertical" | "default";

export type ArticleMediaItem =
  | {
      kind: "image";
      key: string;
      layout: MediaLayout;
      src: string;
      alt: string;
      /** Image.name */
      caption: string;
      width: number | null;
      height: number | null;
    }
  | { kind: "video"; key: string; layout: MediaLayout; src: string; caption: string; width: number | null; height: number | null }
  /** one of the spec's texts in place of a medium ('no Image', 'Kein Bild', 'unbekanntes Format', 'Keine Bilddaten vorhanden.') */
  | { kind: "message"; key: string; layout: MediaLayout; text: string };

export interface ArticleImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface ArticleInfo {
  client: string;
  services: string;
  /** Headline01 */
  headline: string;
}

export interface Article {
  /** for the visual editor's live updates */
  storyId: number | null;
  /** the URL segment: /articles/{slug} */
  slug: string;
  name: string;
  headline: string;
  header: ArticleImage | null;
  info: ArticleInfo;
  text: RichTextDocument;
  /** null when the editor left the link empty */
  link: (Link & { label: string }) | null;
  /** the arrow beside the link (decorative) */
  icon: ArticleImage | null;
  media: ArticleMediaItem[];
  tags: string[];
  /** the story's published_at (ISO date), "" when never published */
  publishedAt: string;
  /** first_published_at, "" when never published */
  firstPublishedAt: string;
  /** the page's own title (the document title adds the studio's name) */
  metaTitle: string;
  /** from the content; "" when it has no text to offer */
  description: string;
}

/** SPEC 3, "Other-projects entry". */
export interface OtherProject {
  slug: string;
  href: string;
  title: string;
  image: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export type ArticlePage =
  | {
      status: "found";
      article: Article;
      /**
       * Other articles in a random order, at most OTHER_PROJECTS_POOL of them:
       * the prerendered page shows the first two, and the browser picks two
       * of them at random on every visit (components/other-projects).
       */
      otherProjects: OtherProject[];
    }
  | { status: "not-found"; slug: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The site's content client, imported on first use so pages that only render never load it. */
async function siteClient(): Promise<StoryblokClient> {
  const { contentClient } = await import("./storyblok-client");
  return contentClient();
}

function imageOf(value: unknown, altFallback: string): ArticleImage | null {
  const asset = parseAsset(value);
  if (mediaKind(asset.filename) !== "image") return null;
  const size = assetDimensions(asset.filename);
  return {
    src: asset.filename,
    alt: asset.alt.trim() || altFallback,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

function layoutOf(entry: Record<string, unknown>): MediaLayout {
  // one variant per entry; when editors tick several, the widest wins
  if (parseBoolean(entry.Fullsize)) return "fullsize";
  if (parseBoolean(entry.right)) return "right";
  if (parseBoolean(entry.vertical)) return "vertical";
  return "default";
}

/**
 * The media helper (SPEC 3, 5, 8): the `media` entries of the Wrapper's
 * ImagesArticle bloks. No Wrapper list: one 'no Image' entry. A media field
 * that is not a list: 'Keine Bilddaten vorhanden.'. An entry without a file:
 * 'Kein Bild'; a file of an unknown type: 'unbekanntes Format'.
 */
export function articleMedia(content: unknown, altFallback = ""): ArticleMediaItem[] {
  const wrapper = isRecord(content) ? content.Wrapper : undefined;
  if (!Array.isArray(wrapper)) return [{ kind: "message", key: "no-image", layout: "fullsize", text: ARTICLE_MESSAGES.noImage }];
  const items: ArticleMediaItem[] = [];
  const seen = new Set<string>();
  const keyFor = (uid: unknown, fallback: string) => {
    let candidate = typeof uid === "string" && uid && !seen.has(uid) ? uid : fallback;
    // an editor's uid may look like a fallback key ("media-0-1"): never hand out a key twice
    for (let n = 2; seen.has(candidate); n += 1) candidate = `${fallback}-${n}`;
    seen.add(candidate);
    return candidate;
  };
  parseBloks(wrapper).forEach((blok, blokIndex) => {
    if (blok.component !== "ImagesArticle") return;
    if (!Array.isArray(blok.media)) {
      items.push({ kind: "message", key: keyFor(blok._uid, `blok-${blokIndex}`), layout: "fullsize", text: MEDIA_MESSAGES.notAList });
      return;
    }
    blok.media.forEach((raw: unknown, index: number) => {
      const entry = isRecord(raw) ? raw : {};
      const key = keyFor(entry._uid, `media-${blokIndex}-${index}`);
      const layout = layoutOf(entry);
      const image = parseAsset(entry.Image);
      const caption = image.name.trim();
      const size = assetDimensions(image.filename);
      switch (mediaKind(image.filename)) {
        case "none":
          items.push({ kind: "message", key, layout, text: MEDIA_MESSAGES.noImage });
          break;
        case "unknown":
          items.push({ kind: "message", key, layout, text: MEDIA_MESSAGES.unknownFormat });
          break;
        case "video":
          items.push({ kind: "video", key, layout, src: image.filename, caption, width: size?.width ?? null, height: size?.height ?? null });
          break;
        case "image":
          items.push({
            kind: "image",
            key,
            layout,
            src: image.filename,
            alt: image.alt.trim() || caption || altFallback,
            caption,
            width: size?.width ?? null,
            height: size?.height ?? null,
          });
          break;
      }
    });
  });
  return items;
}

/** An ISO date string from the CDN, or "" for anything that is not a date. */
function isoDate(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") return "";
  const time = Date.parse(value);
  return Number.isNaN(time) ? "" : new Date(time).toISOString();
}

function storyId(record: Record<string, unknown>): number | null {
  return typeof record.id === "number" && Number.isFinite(record.id) ? record.id : null;
}

/** An article story (the CDN `story` object) as the page's view model; never throws. */
export function parseArticleStory(story: unknown): Article {
  const record = isRecord(story) ? story : {};
  const content = isRecord(record.content) ? record.content : {};
  const name = parseText(record.name).trim();
  const headline = parseText(content.Headline).trim();
  const title = name || headline;
  const infoBlok = Array.isArray(content.info) && isRecord(content.info[0]) ? content.info[0] : {};
  const info: ArticleInfo = {
    client: parseText(infoBlok.Client).trim(),
    services: parseText(infoBlok.Services).trim(),
    headline: parseText(infoBlok.Headline01).trim(),
  };
  const text = parseRichText(content.Text);
  const link = parseLink(content.Link);
  const linkLabel = link.title.trim() || link.href.replace(/^(mailto:|tel:|https?:\/\/)/i, "").replace(/\/$/, "");
  const description = info.headline || richTextPlainText(text, 160) || headline;
  return {
    storyId: storyId(record),
    slug: lastSlugSegment(parseText(record.full_slug) || parseText(record.slug)),
    name,
    headline: headline || name,
    header: imageOf(content.Header, title),
    info,
    text,
    link: link.href ? { ...link, label: linkLabel } : null,
    icon: imageOf(content.Icon, ""),
    media: articleMedia(content, title),
    tags: parseTextList(record.tag_list),
    publishedAt: isoDate(record.published_at),
    firstPublishedAt: isoDate(record.first_published_at),
    metaTitle: title,
    description,
  };
}

/** One article of a listing, as an other-projects card; null for a story without a slug. */
export function parseOtherProject(story: unknown): OtherProject | null {
  if (!isRecord(story)) return null;
  const slug = lastSlugSegment(parseText(story.full_slug) || parseText(story.slug));
  if (!slug || story.is_startpage === true) return null;
  const title = parseText(story.name).trim() || slug;
  const content = isRecord(story.content) ? story.content : {};
  const header = parseAsset(content.Header);
  const image = mediaKind(header.filename) === "image" ? header.filename : "";
  const size = assetDimensions(image);
  return {
    slug,
    href: `/articles/${slug}`,
    title,
    image,
    alt: header.alt.trim() || title,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

/**
 * `count` articles other than `currentSlug`, chosen at random (a partial
 * Fisher-Yates shuffle with the given random source).
 */
export function pickOtherProjects(
  projects: readonly OtherProject[],
  currentSlug: string,
  random: () => number = Math.random,
  count = OTHER_PROJECTS_COUNT,
): OtherProject[] {
  const seen = new Set<string>([currentSlug]);
  const pool = projects.filter((project) => {
    if (seen.has(project.slug)) return false;
    seen.add(project.slug);
    return true;
  });
  const picked: OtherProject[] = [];
  for (let index = 0; index < pool.length && picked.length < count; index += 1) {
    const swap = index + Math.floor(Math.min(random(), 0.999999) * (pool.length - index));
    [pool[index], pool[swap]] = [pool[swap]!, pool[index]!];
    picked.push(pool[index]!);
  }
  return picked;
}

/**
 * The article story (SPEC 7: `cdn/stories/articles/{slug}`). A failure (an
 * unknown slug is the service's 404) is logged as the spec says and rethrown.
 */
export async function fetchArticleStory(slug: string, version: Version = contentConfig.version): Promise<unknown> {
  try {
    const client = await siteClient();
    const { data } = await client.get(`cdn/stories/articles/${encodeURIComponent(slug)}`, { version });
    if (!isRecord(data) || !isRecord(data.story)) throw new Error(`No story in the answer for articles/${slug}`);
    return data.story;
  } catch (error) {
    console.error("Artikel nicht gefunden:", error);
    throw error;
  }
}

const LIST_QUERY = { starts_with: "articles/", per_page: 100 } as const;

async function listArticles(version: Version): Promise<unknown[]> {
  const { data } = await (await siteClient()).get("cdn/stories", { ...LIST_QUERY, version });
  return isRecord(data) && Array.isArray(data.stories) ? data.stories : [];
}

/**
 * The other articles (SPEC 7): one listing in the draft and one in the
 * published state, read in parallel; the draft result is used, the published
 * one only when the draft listing fails. A production site (published
 * content, a public token that may not read drafts) reads only the published
 * listing instead of asking for drafts it would be refused.
 */
export async function loadOtherArticles(siteVersion: Version = contentConfig.version): Promise<OtherProject[]> {
  const [draft, published] = await Promise.allSettled([
    siteVersion === "published" ? Promise.reject(new Error("drafts are not read in production")) : listArticles("draft"),
    listArticles("published"),
  ]);
  const stories = draft.status === "fulfilled" ? draft.value : published.status === "fulfilled" ? published.value : null;
  if (!stories) {
    const failure = siteVersion === "published" ? published : draft;
    console.error("Die Artikelliste konnte nicht geladen werden:", failure.status === "rejected" ? failure.reason : undefined);
    return [];
  }
  return stories.map(parseOtherProject).filter((project): project is OtherProject => project !== null);
}

/** The other-projects candidates of a build listing (below), read once per listing. */
const othersByListing = new WeakMap<object, readonly OtherProject[]>();

/**
 * While prerendering, every article page reads its story and its
 * other-projects candidates from the build's one listing of all stories
 * (app/content/build-listing.ts): a build asks O(stories / 100) requests,
 * not three per article. The candidates are what `loadOtherArticles` would
 * list: the first page (100) of the articles/ folder in the build's version.
 */
async function fromBuildListing(slug: string, version: Version): Promise<{ story: unknown; others: readonly OtherProject[] }> {
  // a module of the build only: browsers never load it
  const { buildListing } = await import("./build-listing");
  const listing = await buildListing(version, siteClient);
  // not once per page: a build of N articles would scan N stories N times
  let others = othersByListing.get(listing);
  if (!others) {
    others = listing.stories
      .filter((story) => parseText(story.full_slug).startsWith(LIST_QUERY.starts_with))
      .slice(0, LIST_QUERY.per_page)
      .map(parseOtherProject)
      .filter((project): project is OtherProject => project !== null);
    othersByListing.set(listing, others);
  }
  return { story: listing.articlesBySlug.get(slug), others };
}

export interface LoadArticleOptions {
  version?: Version;
  /** the random source of the other-projects choice */
  random?: () => number;
  /** share listings across all pages of a prerender build */
  prerender?: boolean;
}

/**
 * The whole page. Never rejects: an article that cannot be read, or whose
 * media cannot be read, is 'Article not found' (SPEC 8). The other projects
 * are chosen here, so a prerendered page hydrates with the choice it was
 * rendered with.
 */
export async function loadArticlePage(slug: string, options: LoadArticleOptions = {}): Promise<ArticlePage> {
  const { version = contentConfig.version, random = Math.random, prerender = false } = options;
  const cleanSlug = typeof slug === "string" ? slug.trim() : "";
  if (!cleanSlug) return { status: "not-found", slug: "" };
  let story: unknown;
  let others: readonly OtherProject[];
  const listed = prerender ? await fromBuildListing(cleanSlug, version).catch(() => null) : null;
  if (listed) {
    // an article the listing does not hold (published after it was read) is asked for alone
    story = listed.story ?? (await fetchArticleStory(cleanSlug, version).catch(() => null));
    others = listed.others;
  } else {
    [story, others] = await Promise.all([fetchArticleStory(cleanSlug, version).catch(() => null), loadOtherArticles()]);
  }
  if (!story) return { status: "not-found", slug: cleanSlug };
  let article: Article;
  try {
    article = parseArticleStory(story);
  } catch (error) {
    // the media helper failing (SPEC 8) shows the same message as a missing article
    console.error("Artikel nicht gefunden:", error);
    return { status: "not-found", slug: cleanSlug };
  }
  return {
    status: "found",
    article,
    otherProjects: pickOtherProjects(others, article.slug || cleanSlug, random, OTHER_PROJECTS_POOL),
  };
}

/** The page's own title and its description; `siteName` fills in when the content has no text. */
export function articleMeta(page: ArticlePage | undefined, siteName = ""): { title: string; description: string } {
  const by = siteName ? ` by ${siteName}` : "";
  if (!page) return { title: ARTICLE_MESSAGES.loading, description: `A project${by}.` };
  if (page.status === "not-found") return { title: ARTICLE_MESSAGES.notFound, description: ARTICLE_MESSAGES.notFound };
  const { metaTitle, description } = page.article;
  return { title: metaTitle, description: description || `${metaTitle || "A project"}${by}.` };
}
