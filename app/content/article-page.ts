import type { StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentVersion } from "./content-config";
import {
  articleAlternates,
  parseArticleStory,
  parseOtherProject,
  type Article,
  type ArticlePage,
  type PageAlternates,
} from "./article";
import type { BuildListing } from "./build-listing.server";
import { OTHER_PROJECTS_POOL, pickOtherProjects, type OtherProject } from "./other-projects";
import { fetchStories, fetchStory } from "./story-api";
import { lastSlugSegment, storyPaths } from "./schema/story";
import { DEFAULT_LANGUAGE, languageQuery, localizedPath, type Language } from "../language";

/**
 * Loading the article page (SPEC sections 2, 7, 8): the story
 * `cdn/stories/articles/{slug}` and the other articles its page draws two
 * from, read from the content service or, while prerendering, from the
 * build's listing of all stories.
 */

/** A page that exists in no language leads to each language's home. */
const HOME_ALTERNATES: PageAlternates = { de: "/", en: localizedPath("/", "en") };

/**
 * The article story (SPEC 7: `cdn/stories/articles/{slug}`). A failure (an
 * unknown slug is the service's 404) is logged as the spec says and rethrown.
 */
export async function fetchArticleStory(
  client: StoryblokClient,
  slug: string,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<unknown> {
  try {
    return await fetchStory(client, `articles/${encodeURIComponent(slug)}`, version, language);
  } catch (error) {
    console.error("Artikel nicht gefunden:", error);
    throw error;
  }
}

const LIST_QUERY = { starts_with: "articles/", per_page: 100 } as const;

function listArticles(client: StoryblokClient, version: ContentVersion, language: Language): Promise<unknown[]> {
  return fetchStories(client, { ...LIST_QUERY, version, ...languageQuery(language) });
}

/**
 * The other articles (SPEC 7): one listing in the draft and one in the
 * published state, read in parallel; the draft result is used, the published
 * one only when the draft listing fails. A production site (published
 * content, a public token that may not read drafts) reads only the published
 * listing instead of asking for drafts it would be refused.
 */
export async function loadOtherArticles(
  client: StoryblokClient,
  siteVersion: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<OtherProject[]> {
  const [draft, published] = await Promise.allSettled([
    siteVersion === "published"
      ? Promise.reject(new Error("drafts are not read in production"))
      : listArticles(client, "draft", language),
    listArticles(client, "published", language),
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
  return otherProjectsOf(stories, language);
}

/** The listed stories as other-projects cards; a story without a slug makes none. */
function otherProjectsOf(stories: readonly unknown[], language: Language): OtherProject[] {
  return stories.flatMap((story) => parseOtherProject(story, language) ?? []);
}

/** The other-projects candidates of a build listing (below), read once per listing. */
const othersByListing = new WeakMap<object, Promise<readonly OtherProject[]>>();

/**
 * While prerendering, every article page reads its story and its
 * other-projects candidates from the build's one listing of all stories
 * (app/content/build-listing.server.ts): a build asks O(stories / 100)
 * requests, not three per article. The candidates are what
 * `loadOtherArticles` would list: the first page (100) of the articles/
 * folder in the build's version.
 */
async function fromBuildListing(
  slug: string,
  listing: BuildListing,
  language: Language,
): Promise<{ story: unknown; others: readonly OtherProject[] }> {
  // not once per page: a build of N articles would read the candidates N times
  let others = othersByListing.get(listing);
  if (!others) {
    others = listing
      .firstInFolder(LIST_QUERY.starts_with, LIST_QUERY.per_page)
      .then((stories) => otherProjectsOf(stories, language));
    othersByListing.set(listing, others);
  }
  return { story: await listing.article(slug), others: await others };
}

export interface LoadArticleOptions {
  version?: ContentVersion;
  /** the page's language: Storyblok's field-level translation */
  language?: Language;
  /** the random source of the other-projects choice */
  random?: () => number;
  /** while prerendering: the build's listing of all stories, which holds the page's story and its other projects */
  listing?: BuildListing;
  /** while prerendering a page in another language: the listing in the default language (the texts' languages) */
  defaultListing?: BuildListing;
}

/**
 * The article's story in the default language, beside a page in another:
 * what tells a translated text from an untranslated one (./text-language).
 * Found by the story's default path (its slug may be translated). Undefined
 * on a default-language page, or when it cannot be read (the texts are
 * then compared with nothing).
 */
async function defaultLanguageStory(
  client: StoryblokClient,
  story: unknown,
  version: ContentVersion,
  language: Language,
  defaultListing: BuildListing | undefined,
): Promise<unknown> {
  if (language === DEFAULT_LANGUAGE) return undefined;
  const slug = lastSlugSegment(storyPaths(story).default);
  if (!slug) return undefined;
  const listed =
    defaultListing && import.meta.env.SSR ? await defaultListing.article(slug).catch(() => undefined) : undefined;
  if (listed) return listed;
  return fetchStory(client, `articles/${encodeURIComponent(slug)}`, version, DEFAULT_LANGUAGE).catch(() => undefined);
}

/** The default-language story's view, to compare a page in another language with; undefined when it has none. */
function referenceView(defaultStory: unknown): Article | undefined {
  if (defaultStory === undefined) return undefined;
  try {
    return parseArticleStory(defaultStory, DEFAULT_LANGUAGE);
  } catch {
    // a German story whose media cannot be read does not take the English page with it
    return undefined;
  }
}

/**
 * The whole page. Never rejects: an article that cannot be read, or whose
 * media cannot be read, is 'Article not found' (SPEC 8). The other projects
 * are chosen here, so a prerendered page hydrates with the choice it was
 * rendered with.
 */
export async function loadArticlePage(
  client: StoryblokClient,
  slug: string,
  options: LoadArticleOptions = {},
): Promise<ArticlePage> {
  const {
    version = contentConfig.version,
    language = DEFAULT_LANGUAGE,
    random = Math.random,
    listing,
    defaultListing,
  } = options;
  const cleanSlug = typeof slug === "string" ? slug.trim() : "";
  const notFound = { status: "not-found", slug: cleanSlug, alternates: HOME_ALTERNATES } as const;
  if (!cleanSlug) return notFound;
  let story: unknown;
  let others: readonly OtherProject[];
  // only the server bundle prerenders (the client's bundle leaves this out)
  const listed =
    listing && import.meta.env.SSR ? await fromBuildListing(cleanSlug, listing, language).catch(() => null) : null;
  if (listed) {
    // an article the listing does not hold (published after it was read) is asked for alone
    story = listed.story ?? (await fetchArticleStory(client, cleanSlug, version, language).catch(() => null));
    others = listed.others;
  } else {
    [story, others] = await Promise.all([
      fetchArticleStory(client, cleanSlug, version, language).catch(() => null),
      loadOtherArticles(client, contentConfig.version, language),
    ]);
  }
  if (!story) return notFound;
  const reference = referenceView(await defaultLanguageStory(client, story, version, language, defaultListing));
  let article: Article;
  try {
    article = parseArticleStory(story, language, reference);
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
