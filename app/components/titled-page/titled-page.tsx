import type { ReactNode } from "react";
import styles from "./titled-page.module.css";

/** A page of text or a list under its one heading (the index, the imprint). */
export function TitledPage({
  as: Element = "section",
  headingId,
  title,
  editable,
  children,
}: {
  as?: "section" | "article";
  headingId: string;
  title: string;
  /** the visual editor's attributes of the blok the page shows (the index's article list) */
  editable?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Element className={styles.page} aria-labelledby={headingId} {...editable}>
      <h1 id={headingId} className={styles.heading}>
        {title}
      </h1>
      {children}
    </Element>
  );
}
