import { ContentLink } from "~/components/content-link/content-link";
import { LazyImage } from "~/components/lazy-image/lazy-image";
import { RichText } from "~/components/rich-text/rich-text";
import type { Article } from "~/content/article";
import { useLangOf } from "~/hooks/use-language";
import styles from "./article-intro.module.css";

type ArticleIntroProps = Pick<Article, "info" | "text" | "link" | "icon"> & {
  /** the texts' languages; the page's own where not given */
  languages?: Partial<Article["languages"]>;
};

/**
 * The text block under the headline (SPEC 2): the client label and the
 * headline of `info[0]` (with the services), the rich text, and the optional
 * link with its arrow icon.
 */
export function ArticleIntro({ info, text, link, icon, languages = {} }: ArticleIntroProps) {
  // only a text in another language than the page's says so
  const langOf = useLangOf();
  const hasAside = info.client !== "" || info.services !== "";
  return (
    <section className={styles.intro} aria-label={info.client || undefined}>
      {hasAside ? (
        <div className={styles.aside} {...info.editable}>
          {info.client ? <p className={styles.client}>{info.client}</p> : null}
          {info.services ? <p className={styles.services}>{info.services}</p> : null}
        </div>
      ) : null}
      <div className={styles.body}>
        {info.headline ? (
          <h2 className={styles.headline} lang={langOf(languages.infoHeadline)} {...info.editable}>
            {info.headline}
          </h2>
        ) : null}
        <RichText
          document={text}
          className={styles.text}
          headingLevel={info.headline ? 3 : 2}
          lang={langOf(languages.text)}
        />
        {link ? (
          <p className={styles.linkRow}>
            <ContentLink link={link} className={styles.link}>
              <span>{link.label}</span>
              {icon ? (
                <LazyImage
                  className={styles.icon}
                  src={icon.src}
                  width={icon.width ?? 24}
                  height={icon.height ?? 24}
                  alt=""
                  aria-hidden="true"
                />
              ) : null}
            </ContentLink>
          </p>
        ) : null}
      </div>
    </section>
  );
}
