import type { ReactNode } from "react";
import styles from "./page-message.module.css";

/** A page's one line while its content is on its way (SPEC 2: 'Laden...', 'Loading article...'). */
export function PageMessage({ children }: { children: ReactNode }) {
  return (
    <p className={styles.message} role="status">
      {children}
    </p>
  );
}
