import type { ReactNode } from "react";
import { Footer } from "~/bloks/footer/footer";
import { Header } from "~/bloks/header/header";
import { NavigationProgress, useSlowNavigation } from "~/components/navigation-progress/navigation-progress";
import type { FooterView, HeaderView } from "~/content/layout";
import styles from "./site-shell.module.css";

export const SKIP_LINK_TEXT = "Zum Inhalt springen";

/**
 * Every page's frame: skip link, header, the page in <main id="main">, footer.
 * Route modules render their content only; the shell owns the landmarks.
 * `null` header/footer data shows their loading states.
 */
export function SiteShell({
  header,
  footer,
  children,
}: {
  header: HeaderView | null;
  footer: FooterView | null;
  children: ReactNode;
}) {
  const slowNavigation = useSlowNavigation();
  return (
    <div className={styles.shell}>
      <NavigationProgress active={slowNavigation} />
      <a className={styles.skipLink} href="#main">
        {SKIP_LINK_TEXT}
      </a>
      <Header blok={header} />
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={slowNavigation || undefined}>
        {children}
      </main>
      <Footer blok={footer} />
    </div>
  );
}
