import { Link } from "react-router";
import { useLanguage, useUiText } from "~/hooks/use-language";
import { localizedPath } from "~/language";
import styles from "./home-link.module.css";

/** The way home from a page that has nothing to show: the not-found screen's, and a missing article's. */
export function HomeLink() {
  const text = useUiText();
  const language = useLanguage();
  return (
    <Link className={styles.home} to={localizedPath("/", language)}>
      {text.notFoundHome}
    </Link>
  );
}
