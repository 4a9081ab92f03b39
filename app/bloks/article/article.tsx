import { ArticleHero } from "~/components/article-hero/article-hero";
import { ArticleIntro } from "~/components/article-intro/article-intro";
import { HomeLink } from "~/components/home-link/home-link";
import { JsonLdScript } from "~/components/json-ld/json-ld";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { OtherProjects } from "~/components/other-projects/other-projects";
import { ScrollWeightHeadline } from "~/components/scroll-weight-headline/scroll-weight-headline";
import type { Article, ArticlePage } from "~/content/article";
import type { SiteData } from "~/content/site";
import { creativeWorkJsonLd } from "~/content/structured-data";
import { useLanguage, useUiText } from "~/hooks/use-language";
import styles from "./article.module.css";

function ArticleNotFound() {
  const text = useUiText();
  return (
    <section className={styles.notFound}>
      <h1 className={styles.notFoundHeading}>{text.articleNotFound}</h1>
      <HomeLink />
    </section>
  );
}

function ArticleView({ article, site }: { article: Article; site: SiteData | null }) {
  const language = useLanguage();
  return (
    <>
      <JsonLdScript data={creativeWorkJsonLd(article, site, undefined, language)} />
      <article className={styles.article} aria-labelledby="article-headline" {...article.editable}>
        <ArticleHero image={article.header} />
        <header className={styles.titleBlock}>
          {/* always its language where known, the page's too: the headline is hyphenated only with one */}
          <ScrollWeightHeadline id="article-headline" lang={article.languages.headline ?? undefined}>
            {article.headline}
          </ScrollWeightHeadline>
        </header>
        <ArticleIntro
          info={article.info}
          text={article.text}
          link={article.link}
          icon={article.icon}
          languages={article.languages}
        />
        <MediaGrid items={article.media} />
      </article>
    </>
  );
}

/**
 * `article`: a project page, or 'Article not found' (SPEC 2, 8); `site` names
 * the studio in the page's structured data.
 */
export function ArticlePageView({ page, site = null }: { page: ArticlePage; site?: SiteData | null }) {
  if (page.status === "not-found") return <ArticleNotFound />;
  return (
    <>
      <ArticleView key={page.article.slug} article={page.article} site={site} />
      <OtherProjects projects={page.otherProjects} />
    </>
  );
}
