import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { documentTitle, siteFromMatches } from "~/content/site";
import styles from "./not-found.module.css";

export const NOT_FOUND_TEXT = {
  title: "Seite nicht gefunden",
  heading: "Diese Seite gibt es nicht",
  text: "Vielleicht hat sich die Adresse geändert, oder sie ist falsch geschrieben.",
  home: "Zur Startseite",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(siteFromMatches(matches)?.name ?? "", NOT_FOUND_TEXT.title) },
  { name: "robots", content: "noindex" },
];

/** Any path outside the route table (SPEC section 2), inside the site shell. */
export default function NotFound() {
  return (
    <section className={styles.screen} aria-labelledby="not-found-heading">
      <p className={styles.code}>404</p>
      <h1 id="not-found-heading" className={styles.heading}>
        {NOT_FOUND_TEXT.heading}
      </h1>
      <p className={styles.text}>{NOT_FOUND_TEXT.text}</p>
      <Link className={styles.home} to="/">
        {NOT_FOUND_TEXT.home}
      </Link>
    </section>
  );
}
