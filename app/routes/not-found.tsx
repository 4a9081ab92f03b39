import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { documentTitle } from "~/content/site";
import { useLanguage, useUiText } from "~/hooks/use-language";
import { languageOfPath, localizedPath } from "~/language";
import { siteFromMatches } from "~/routing/root-data";
import { uiText } from "~/ui-text";
import styles from "./not-found.module.css";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  {
    title: documentTitle(siteFromMatches(matches)?.name ?? "", uiText[languageOfPath(location.pathname)].notFoundTitle),
  },
  { name: "robots", content: "noindex" },
];

/** Any path outside the route table (SPEC section 2), inside the site shell, in the path's language. */
export default function NotFound() {
  const text = useUiText();
  const language = useLanguage();
  return (
    <section className={styles.screen} aria-labelledby="not-found-heading">
      <p className={styles.code}>404</p>
      <h1 id="not-found-heading" className={styles.heading}>
        {text.notFoundHeading}
      </h1>
      <p className={styles.text}>{text.notFoundText}</p>
      <Link className={styles.home} to={localizedPath("/", language)}>
        {text.notFoundHome}
      </Link>
    </section>
  );
}
