import { contentConfig, type ContentConfig } from "./content-config";
import { editableAttributes, type EditableAttributes } from "./editable";
import { assetDimensions } from "./image-service";
import { mediaKind } from "./media-type";
import { type RichTextDocument } from "./rich-text";
import { richTextPlainText } from "./rich-text-outline";
import { mediaItems, type ArticleMediaItem } from "./article-media";
import { article, info as infoBlok } from "./schema/article";
import { type Asset, type Link } from "./schema/values";
import { lastSlugSegment, parseStory, parseStoryFields, storyPaths } from "./schema/story";
import { DEFAULT_LANGUAGE, LANGUAGES, languageQuery, localizedPath, type Language } from "../language";
import { OTHER_PROJECTS_POOL, pickOtherProjects, type OtherProject } from "./other-projects";
import { fetchStories, fetchStory, siteListingClient } from "./story-api";

/**
 * The article page (SPEC sections 2, 3, 7, 8): the story
 * `cdn/stories/articles/{slug}`, its media grid, and two other articles.
 */

type Version = ContentConfig["version"];

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
  editable: EditableAttributes;
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
  /** the visual editor's attributes of the story's content (the article blok) */
  editable: EditableAttributes;
}

/** A page's path in each language: the header's language link and the hreflang alternates. */
export type PageAlternates = Readonly<Record<Language, string>>;

export type ArticlePage =
  | {
      status: "found";
      article: Article;
      /** the article's page in each language (translated slugs); else the same slug in each */
      alternates?: PageAlternates;
      /**
       * Other articles in a random order, at most OTHER_PROJECTS_POOL of them:
       * the prerendered page shows the first two, and the browser picks two
       * of them at random on every visit (components/other-projects).
       */
      otherProjects: OtherProject[];
    }
  | { status: "not-found"; slug: string; alternates?: PageAlternates };

/** A page that exists in no language leads to each language's home. */
const HOME_ALTERNATES: PageAlternates = { de: "/", en: localizedPath("/", "en") };

/** An article story's page in each language, by its (translated) slugs. */
export function articleAlternates(story: unknown): PageAlternates {
  const paths = storyPaths(story);
  const entries = LANGUAGES.map((language) => {
    const path = language === DEFAULT_LANGUAGE ? paths.default : (paths.translated[language] ?? paths.default);
    return [language, localizedPath(`/articles/${lastSlugSegment(path)}`, language)] as const;
  });
  return Object.fromEntries(entries) as Record<Language, string>;
}

function imageOf(asset: Asset, altFallback: string): ArticleImage | null {
  if (mediaKind(asset.filename) !== "image") return null;
  const size = assetDimensions(asset.filename);
  return {
    src: asset.filename,
    alt: asset.alt.trim() || altFallback,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

/** An article story (the CDN `story` object) as the page's view model; never throws. */
export function parseArticleStory(value: unknown, language: Language = DEFAULT_LANGUAGE): Article {
  const story = parseStory(value, article);
  const content = story.content;
  const name = story.name.trim();
  const title = name || content.Headline;
  const infoContent = infoBlok.parse(content.info?.[0]);
  const info: ArticleInfo = {
    client: infoContent.Client,
    services: infoContent.Services,
    headline: infoContent.Headline01,
    editable: editableAttributes(infoContent),
  };
  const link = content.Link;
  const linkLabel = link.title.trim() || link.href.replace(/^(mailto:|tel:|https?:\/\/)/i, "").replace(/\/$/, "");
  return {
    storyId: story.id,
    slug: lastSlugSegment(story.full_slug || story.slug),
    name,
    headline: content.Headline || name,
    header: imageOf(content.Header, title),
    info,
    text: content.Text,
    link: link.href ? { ...link, label: linkLabel } : null,
    icon: imageOf(content.Icon, ""),
    media: mediaItems(content.Wrapper, title, language),
    tags: story.tag_list,
    publishedAt: story.published_at,
    firstPublishedAt: story.first_published_at,
    metaTitle: title,
    description: info.headline || richTextPlainText(content.Text, 160) || content.Headline,
    editable: editableAttributes(content),
  };
}

const articleHeader = /* @__PURE__ */ article.pick("Header");

/** One article of a listing, as an other-projects card; null for a story without a slug. */
export function parseOtherProject(value: unknown, language: Language = DEFAULT_LANGUAGE): OtherProject | null {
  const story = parseStoryFields(value);
  const slug = lastSlugSegment(story.full_slug || story.slug);
  if (!slug || story.is_startpage) return null;
  const title = story.name.trim() || slug;
  const header = articleHeader(story.content).Header;
  const image = mediaKind(header.filename) === "image" ? header.filename : "";
  const size = assetDimensions(image);
  return {
    storyId: story.id,
    slug,
    href: localizedPath(`/articles/${slug}`, language),
    title,
    image,
    alt: header.alt || title,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

/**
 * The article story (SPEC 7: `cdn/stories/articles/{slug}`). A failure (an
 * unknown slug is the service's 404) is logged as the spec says and rethrown.
 */
export async function fetchArticleStory(
  slug: string,
  version: Version = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<unknown> {
  try {
    return await fetchStory(`articles/${encodeURIComponent(slug)}`, version, undefined, language);
  } catch (error) {
    console.error("Artikel nicht gefunden:", error);
    throw error;
  }
}

const LIST_QUERY = { starts_with: "articles/", per_page: 100 } as const;

function listArticles(version: Version, language: Language): Promise<unknown[]> {
  return fetchStories({ ...LIST_QUERY, version, ...languageQuery(language) });
}

/**
 * The other articles (SPEC 7): one listing in the draft and one in the
 * published state, read in parallel; the draft result is used, the published
 * one only when the draft listing fails. A production site (published
 * content, a public token that may not read drafts) reads only the published
 * listing instead of asking for drafts it would be refused.
 */
export async function loadOtherArticles(
  siteVersion: Version = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<OtherProject[]> {
  const [draft, published] = await Promise.allSettled([
    siteVersion === "published"
      ? Promise.reject(new Error("drafts are not read in production"))
      : listArticles("draft", language),
    listArticles("published", language),
  ]);
  const stories =
    draft.status === "fulfilled" ? draft.value : published.status === "fulfilled" ? published.value : null;
  if (!stories) {
    const failure = siteVersion === "published" ? published : draft;
    console.error(
      "Die Artikelliste konnte nicht geladen werden:",
      failure.status === "rejected" ? failure.reason : undefined,
    );
    return [];
  }
  return stories
    .map((story) => parseOtherProject(story, language))
    .filter((project): project is OtherProject => project !== null);
}

/** The other-projects candidates of a build listing (below), read once per listing. */
const othersByListing = new WeakMap<object, Promise<readonly OtherProject[]>>();

/**
 * While prerendering, every article page reads its story and its
 * other-projects candidates from the build's one listing of all stories
 * (app/content/build-listing.ts): a build asks O(stories / 100) requests,
 * not three per article. The candidates are what `loadOtherArticles` would
 * list: the first page (100) of the articles/ folder in the build's version.
 */
async function fromBuildListing(
  slug: string,
  version: Version,
  language: Language,
): Promise<{ story: unknown; others: readonly OtherProject[] }> {
  // a module of the build only: browsers never load it
  const { buildListing } = await import("./build-listing");
  const listing = await buildListing(version, siteListingClient, language);
  // not once per page: a build of N articles would read the candidates N times
  let others = othersByListing.get(listing);
  if (!others) {
    others = listing
      .firstInFolder(LIST_QUERY.starts_with, LIST_QUERY.per_page)
      .then((stories) =>
        stories
          .map((story) => parseOtherProject(story, language))
          .filter((project): project is OtherProject => project !== null),
      );
    othersByListing.set(listing, others);
  }
  return { story: await listing.article(slug), others: await others };
}

export interface LoadArticleOptions {
  version?: Version;
  /** the page's language: Storyblok's field-level translation */
  language?: Language;
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
  const {
    version = contentConfig.version,
    language = DEFAULT_LANGUAGE,
    random = Math.random,
    prerender = false,
  } = options;
  const cleanSlug = typeof slug === "string" ? slug.trim() : "";
  const notFound = { status: "not-found", slug: cleanSlug, alternates: HOME_ALTERNATES } as const;
  if (!cleanSlug) return notFound;
  let story: unknown;
  let others: readonly OtherProject[];
  // the listing reads files: only the server bundle has it (the client's bundle leaves it out)
  const listed =
    prerender && import.meta.env.SSR ? await fromBuildListing(cleanSlug, version, language).catch(() => null) : null;
  if (listed) {
    // an article the listing does not hold (published after it was read) is asked for alone
    story = listed.story ?? (await fetchArticleStory(cleanSlug, version, language).catch(() => null));
    others = listed.others;
  } else {
    [story, others] = await Promise.all([
      fetchArticleStory(cleanSlug, version, language).catch(() => null),
      loadOtherArticles(contentConfig.version, language),
    ]);
  }
  if (!story) return notFound;
  let article: Article;
  try {
    article = parseArticleStory(story, language);
  } catch (error) {
    // the media helper failing (SPEC 8) shows the same message as a missing article
    console.error("Artikel nicht gefunden:", error);
    return notFound;
  }
  return {
    status: "found",
    article,
    alternates: articleAlternates(story),
    otherProjects: pickOtherProjects(others, article.slug || cleanSlug, random, OTHER_PROJECTS_POOL),
  };
}
