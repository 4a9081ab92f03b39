import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { documentTitle } from "~/content/site";
import { siteFromMatches } from "~/routing/root-data";
import { uiText } from "~/ui-text";
import styles from "./not-found.module.css";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(siteFromMatches(matches)?.name ?? "", uiText.de.notFoundTitle) },
  { name: "robots", content: "noindex" },
];

/** Any path outside the route table (SPEC section 2), inside the site shell. */
export default function NotFound() {
  return (
    <section className={styles.screen} aria-labelledby="not-found-heading">
      <p className={styles.code}>404</p>
      <h1 id="not-found-heading" className={styles.heading}>
        {uiText.de.notFoundHeading}
      </h1>
      <p className={styles.text}>{uiText.de.notFoundText}</p>
      <Link className={styles.home} to="/">
        {uiText.de.notFoundHome}
      </Link>
    </section>
  );
}
