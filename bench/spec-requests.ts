/**
 * Content API calls the spec's original architecture (a browser-rendered
 * app, SPEC section 7) makes for the same content. Every page fetches the
 * header and footer entries and its page story; home adds the categories
 * listing (one call of 100 stories); the index page adds one by-uuid call per
 * article reference; an article page adds its story and the list in both
 * draft and published state. It has no cache across pages, so a client-side
 * navigation costs what a first load costs.
 */

export const SPEC_CALLS = {
  header: 1,
  footer: 1,
  pageStory: 1,
  categoriesListing: 1,
  articleListings: 2,
} as const;

export type SpecRoute = "home" | "index" | "about" | "imprint" | "article";

/** The calls a page makes of its own, besides header, footer and page story; `references`: the index's. */
const OWN_CALLS: Record<SpecRoute, (references: number) => number> = {
  home: () => SPEC_CALLS.categoriesListing,
  index: (references) => references,
  about: () => 0,
  imprint: () => 0,
  article: () => SPEC_CALLS.articleListings,
};

/** Calls for one page view. `references` is the number of article references on the index page. */
export function specRequestsForPage(route: SpecRoute, references: number): number {
  return SPEC_CALLS.header + SPEC_CALLS.footer + SPEC_CALLS.pageStory + OWN_CALLS[route](references);
}

/** Visiting every page once (what a prerender build does): 4 + (3 + R) + 3 + 3 + 5 N. */
export function specRequestsForAllPages(articles: number, references: number): number {
  const pagesOnce = (["home", "index", "about", "imprint"] as const).map((page) =>
    specRequestsForPage(page, references),
  );
  return pagesOnce.reduce((sum, n) => sum + n, 0) + articles * specRequestsForPage("article", references);
}

export const SPEC_FORMULA_TEXT =
  "per page view: header 1 + footer 1 + page story 1, plus for / the categories listing 1 (= 4), " +
  "for /index one by-uuid call per reference (= 3 + R), for an article its story and 2 listings (= 5), " +
  "/about and /imprint 3; all pages once = 13 + R + 5·N (N articles, R index references)";

/** A route path of the site mapped to the spec's page kind. */
export function specRouteOf(pathname: string): SpecRoute {
  if (pathname === "/") return "home";
  if (pathname === "/index") return "index";
  if (pathname === "/about") return "about";
  if (pathname === "/imprint") return "imprint";
  return "article";
}

/** The number of article references of an index story file ({ story: { content: { body: [{ Articles: [...] }] } } }). */
export function countIndexReferences(indexStoryFile: unknown): number {
  const story = (indexStoryFile as { story?: { content?: { body?: unknown } } } | null)?.story;
  const body = story?.content?.body;
  if (!Array.isArray(body)) return 0;
  let count = 0;
  for (const blok of body) {
    if (typeof blok !== "object" || blok === null) continue;
    const articles = (blok as { Articles?: unknown }).Articles;
    if (Array.isArray(articles)) count += articles.filter((a) => typeof a === "string" && a.length > 0).length;
  }
  return count;
}
