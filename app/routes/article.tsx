import { useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/article";
import { ArticlePageView } from "~/bloks/article/article";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { PageMessage } from "~/components/page-message/page-message";
import type { ArticlePage } from "~/content/article";
import { useLiveView } from "~/content/live-edits";
import { articleMeta, documentTitle, pageMeta, shareImageOf, type MetaTag, type SiteData } from "~/content/site";
import { useSite } from "~/hooks/use-site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteClient } from "~/routing/site-client";
import { siteFromMatches } from "~/routing/root-data";
import { settled } from "~/routing/story-page-meta";
import { useLanguage, useUiText } from "~/hooks/use-language";
import { DEFAULT_LANGUAGE, languageOfPath, localizedPath } from "~/language";

/**
 * Prerender: the article and the other projects, chosen here at random, so
 * the page hydrates with the very choice that is in its HTML.
 */
export async function loader({ params, request }: Route.LoaderArgs): Promise<{ page: MaybeDeferred<ArticlePage> }> {
  const language = languageOfPath(new URL(request.url).pathname);
  const [{ loadArticlePage }, { prerenderListing }, client] = await Promise.all([
    import("~/content/article-page"),
    import("~/content/build-listing.server"),
    siteClient(),
  ]);
  const [listing, defaultListing] = await Promise.all([
    prerenderListing(language),
    language === DEFAULT_LANGUAGE ? undefined : prerenderListing(DEFAULT_LANGUAGE),
  ]);
  return { page: await loadArticlePage(client, params.slug, { listing, defaultListing, language }) };
}

/**
 * Navigations read the prerendered data (a static .data file). The visual
 * editor, and an article published after the build (served by the SPA
 * fallback), ask the content service: the page is handed over as a promise
 * and shows 'Loading article...' until it arrives; the other projects are
 * then chosen here, in the browser.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  const language = languageOfPath(new URL(args.request.url).pathname);
  return prerenderedOrFresh(args, (version) => ({
    page: deferred(
      Promise.all([import("~/content/article-page"), siteClient()]).then(([article, client]) =>
        article.loadArticlePage(client, args.params.slug, { version, language }),
      ),
    ),
  }));
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params, location }) => {
  const resolved = settled(loaderData?.page);
  const site = siteFromMatches(matches);
  const language = languageOfPath(location.pathname);
  const { title, description } = articleMeta(resolved, site?.name, language);
  const article = resolved?.status === "found" ? resolved.article : null;
  const extra: MetaTag[] = article
    ? [
        ...(article.firstPublishedAt
          ? [{ property: "article:published_time", content: article.firstPublishedAt }]
          : []),
        ...(article.publishedAt ? [{ property: "article:modified_time", content: article.publishedAt }] : []),
        ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
      ]
    : [];
  return pageMeta({
    site,
    title,
    description,
    path: resolved?.status === "not-found" ? null : `/articles/${article?.slug || params.slug}`,
    language,
    alternates: resolved?.status === "found" ? resolved.alternates : undefined,
    image: article?.header
      ? shareImageOf({ filename: article.header.src, alt: article.header.alt, focus: article.header.focus })
      : null,
    type: article ? "article" : "website",
    noindex: resolved?.status === "not-found",
    extra,
    titleByPage: loaderData?.page instanceof Promise,
  });
};

/** The article, or the card of another one, as the editor edits it while it has that story open. */
function LiveArticle({ page, site }: { page: Extract<ArticlePage, { status: "found" }>; site: SiteData | null }) {
  const language = useLanguage();
  const live = useLiveView(page, async (shown, edit) =>
    (await import("~/content/edited-views")).articlePageWithEdit(shown, edit, language),
  );
  return <ArticlePageView page={live} site={site} />;
}

function ArticleContent({ page, site }: { page: ArticlePage; site: SiteData | null }) {
  if (page.status === "not-found") return <ArticlePageView page={page} />;
  return <LiveArticle key={page.article.slug} page={page} site={site} />;
}

export default function ArticleRoute({ loaderData, params }: Route.ComponentProps) {
  const text = useUiText();
  const language = useLanguage();
  const site = useSite();
  const siteName = site?.name ?? "";
  const navigation = useNavigation();
  const location = useLocation();
  // from one article to another (Other Projects): the next one is on its way
  const nextPath = navigation.state === "loading" ? navigation.location.pathname : null;
  if (nextPath && nextPath !== location.pathname && nextPath.startsWith(localizedPath("/articles/", language)))
    return <PageMessage>{text.loadingArticle}</PageMessage>;
  return (
    <Deferred
      key={params.slug}
      value={loaderData.page}
      fallback={<PageMessage>{text.loadingArticle}</PageMessage>}
      title={(page) => documentTitle(siteName, articleMeta(page, siteName, language).title)}
    >
      {(page) => <ArticleContent page={page} site={site} />}
    </Deferred>
  );
}
