import { useLocation, useNavigation, type MetaDescriptor } from "react-router";
import type { Route } from "./+types/article";
import { ArticleHero } from "~/components/article-hero/article-hero";
import { ArticleIntro } from "~/components/article-intro/article-intro";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { JsonLdScript } from "~/components/json-ld/json-ld";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { OtherProjects } from "~/components/other-projects/other-projects";
import { ScrollWeightHeadline } from "~/components/scroll-weight-headline/scroll-weight-headline";
import {
  ARTICLE_MESSAGES,
  articleMeta,
  loadArticlePage,
  parseArticleStory,
  type Article,
  type ArticlePage,
  type OtherProject,
} from "~/content/article";
import { isVisualEditorSearch, useLiveStory } from "~/content/bridge";
import { contentConfig } from "~/content/content-config";
import { documentTitle, pageMeta, shareImageOf, siteFromMatches } from "~/content/site";
import { creativeWorkJsonLd } from "~/content/structured-data";
import { useSite } from "~/hooks/use-site";
import styles from "./article.module.css";

/**
 * Prerender: the article and the other projects, chosen here at random, so
 * the page hydrates with the very choice that is in its HTML.
 */
export async function loader({ params }: Route.LoaderArgs): Promise<{ page: MaybeDeferred<ArticlePage> }> {
  return { page: await loadArticlePage(params.slug, { prerender: import.meta.env.PROD }) };
}

/**
 * Navigations read the prerendered data (a static .data file). The visual
 * editor, and an article published after the build (served by the SPA
 * fallback), ask the content service: the page is handed over as a promise
 * and shows 'Loading article...' until it arrives; the other projects are
 * then chosen here, in the browser.
 */
export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  const preview = isVisualEditorSearch(new URL(request.url).search);
  if (!preview) {
    try {
      return await serverLoader();
    } catch {
      // not prerendered: fall through to the content service
    }
  }
  return { page: loadArticlePage(params.slug, { version: preview ? "draft" : contentConfig.version }) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const page = loaderData?.page;
  const resolved = page && !(page instanceof Promise) ? page : undefined;
  const site = siteFromMatches(matches);
  const { title, description } = articleMeta(resolved, site?.name);
  const article = resolved?.status === "found" ? resolved.article : null;
  const extra: MetaDescriptor[] = article
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
    image: article?.header ? shareImageOf({ filename: article.header.src, alt: article.header.alt }) : null,
    type: article ? "article" : "website",
    noindex: resolved?.status === "not-found",
    extra,
    titleByPage: page instanceof Promise,
  });
};

function ArticleLoading() {
  return (
    <p className={styles.message} role="status">
      {ARTICLE_MESSAGES.loading}
    </p>
  );
}

function ArticleNotFound() {
  return (
    <section className={styles.notFound}>
      <h1 className={styles.notFoundHeading}>{ARTICLE_MESSAGES.notFound}</h1>
    </section>
  );
}

function ArticleView({ article: initial, otherProjects }: { article: Article; otherProjects: OtherProject[] }) {
  const article = useLiveStory(initial.storyId, initial, parseArticleStory);
  const site = useSite();
  return (
    <>
      <JsonLdScript data={creativeWorkJsonLd(article, site)} />
      <article className={styles.article} aria-labelledby="article-headline">
        <ArticleHero image={article.header} />
        <header className={styles.titleBlock}>
          <ScrollWeightHeadline id="article-headline">{article.headline}</ScrollWeightHeadline>
        </header>
        <ArticleIntro info={article.info} text={article.text} link={article.link} icon={article.icon} />
        <MediaGrid items={article.media} />
      </article>
      <OtherProjects projects={otherProjects} />
    </>
  );
}

export function ArticlePageView({ page }: { page: ArticlePage }) {
  if (page.status === "not-found") return <ArticleNotFound />;
  return <ArticleView key={page.article.slug} article={page.article} otherProjects={page.otherProjects} />;
}

export default function ArticleRoute({ loaderData, params }: Route.ComponentProps) {
  const siteName = useSite()?.name ?? "";
  const navigation = useNavigation();
  const location = useLocation();
  // from one article to another (Other Projects): the next one is on its way
  const nextPath = navigation.state === "loading" ? navigation.location.pathname : null;
  if (nextPath && nextPath !== location.pathname && nextPath.startsWith("/articles/")) return <ArticleLoading />;
  return (
    <Deferred
      key={params.slug}
      value={loaderData.page}
      fallback={<ArticleLoading />}
      title={(page) => documentTitle(siteName, articleMeta(page, siteName).title)}
    >
      {(page) => <ArticlePageView page={page} />}
    </Deferred>
  );
}
