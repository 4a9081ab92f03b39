import type { PrerenderListing } from "../pipeline/prerender-paths";
import type { ReleaseInfo } from "../release/release-info";
import { LANGUAGES, localizedPath, unlocalizedPath } from "../app/language";

/**
 * Which pages a set of story changes reaches (live-update/render-pages.ts), in
 * every language (a story is one page per language). An article reaches its
 * own pages (old and new path when it moved), the index and home, the
 * sitemap, and every page that links to it (the other projects of other
 * articles). The index, about and imprint stories reach
 * their page. Anything else (home, whose hero is every page's share image;
 * header and footer on every page; a story or event we cannot place) needs
 * the whole site rebuilt.
 */

export interface StoryChange {
  action: string;
  storyId: number | null;
  fullSlug: string | null;
}

export type UpdatePlan = { kind: "pages"; render: string[]; remove: string[] } | { kind: "full"; reason: string };

/** Story actions that change what a page shows; other events (assets, users, workflow stages) rebuild everything. */
const STORY_ACTIONS = new Set(["published", "unpublished", "deleted", "moved"]);

/** Fixed pages whose story reaches only themselves (in German; each has its English sibling). */
const SINGLE_PAGE_STORIES: ReadonlyMap<string, string> = new Map([
  ["index", "/index"],
  ["about", "/about"],
  ["imprint", "/imprint"],
]);
const SINGLE_PAGES = new Set(
  [...SINGLE_PAGE_STORIES.values()].flatMap((page) => LANGUAGES.map((language) => localizedPath(page, language))),
);

const isArticlePath = (pagePath: string) => unlocalizedPath(pagePath).startsWith("/articles/");

/**
 * The story a payload names by `full_slug` alone (Storyblok sends `story_id`
 * too, but a payload without it must still reach its pages): the story of
 * the page at that slug, its default-language path, before or after.
 */
function storyIdOfSlug(fullSlug: string | null, ...pageLists: Array<Iterable<readonly [string, number | null]>>) {
  if (!fullSlug) return null;
  const pagePath = `/${fullSlug}`;
  for (const pages of pageLists) {
    for (const [candidate, storyId] of pages) if (candidate === pagePath && storyId !== null) return storyId;
  }
  return null;
}

/** The pages that show a story: one per language. */
function pathsOfStory(id: number | null, pages: Iterable<readonly [string, number | null]>): string[] {
  return id === null ? [] : [...pages].filter(([, storyId]) => storyId === id).map(([pagePath]) => pagePath);
}

export function planUpdate(
  changes: readonly StoryChange[],
  previous: ReleaseInfo,
  listing: Pick<PrerenderListing, "paths" | "storyIds">,
): UpdatePlan {
  const before = new Set(Object.keys(previous.pages));
  const after = new Set(listing.paths);
  const oldPages = Object.entries(previous.pages).map(([pagePath, page]) => [pagePath, page.storyId] as const);
  const newPages = [...listing.storyIds];
  const render = new Set<string>();
  const touchedArticles = new Set<string>();

  for (const change of changes) {
    if (!STORY_ACTIONS.has(change.action)) return { kind: "full", reason: `a "${change.action}" event` };
    const slugPage = change.fullSlug ? SINGLE_PAGE_STORIES.get(change.fullSlug) : undefined;
    const storyId = change.storyId ?? storyIdOfSlug(change.fullSlug, oldPages, newPages);
    const places = [
      ...pathsOfStory(storyId, oldPages),
      ...pathsOfStory(storyId, newPages),
      ...(slugPage ? LANGUAGES.map((language) => localizedPath(slugPage, language)) : []),
    ];
    const slugIsArticle = change.fullSlug?.startsWith("articles/") ?? false;
    if (places.length === 0 && !slugIsArticle) {
      return { kind: "full", reason: `story ${change.storyId ?? change.fullSlug ?? "?"} is on no single page` };
    }
    for (const place of places) {
      if (isArticlePath(place)) touchedArticles.add(place);
      else if (SINGLE_PAGES.has(place)) render.add(place);
      else return { kind: "full", reason: `story ${change.storyId ?? change.fullSlug} is shown on ${place}` };
    }
  }

  // articles that came or went, whether or not a change named them
  for (const pagePath of after) if (isArticlePath(pagePath) && !before.has(pagePath)) touchedArticles.add(pagePath);
  for (const pagePath of before) if (isArticlePath(pagePath) && !after.has(pagePath)) touchedArticles.add(pagePath);

  if (touchedArticles.size > 0) {
    for (const language of LANGUAGES) {
      render.add(localizedPath("/", language));
      render.add(localizedPath("/index", language));
    }
    for (const article of touchedArticles) if (after.has(article)) render.add(article);
    for (const [pagePath, page] of Object.entries(previous.pages)) {
      if (page.links.some((link) => touchedArticles.has(link)) && after.has(pagePath)) render.add(pagePath);
    }
  }
  const remove = [...before].filter((pagePath) => !after.has(pagePath));
  return { kind: "pages", render: [...render].filter((pagePath) => after.has(pagePath)).sort(), remove: remove.sort() };
}
