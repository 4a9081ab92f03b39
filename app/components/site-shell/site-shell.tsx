import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { NavigationProgress, useSlowNavigation } from "~/components/navigation-progress/navigation-progress";
import { useUiText } from "~/hooks/use-language";
import styles from "./site-shell.module.css";
import { AFTER_MAIN_ID } from "~/behaviours/hero-morph";

/**
 * Every page's frame: skip link, header, the page in <main id="main">, footer.
 * Route modules render their content only; the shell owns the landmarks.
 */
export function SiteShell({ header, footer, children }: { header: ReactNode; footer: ReactNode; children: ReactNode }) {
  const text = useUiText();
  const slowNavigation = useSlowNavigation();
  // the visual editor's preview swaps the build's data for the drafts once (root.tsx): busy until they render
  const revalidating = useRevalidator().state !== "idle";
  return (
    <div className={styles.shell}>
      <NavigationProgress active={slowNavigation} />
      <a className={styles.skipLink} href="#main">
        {text.skipLink}
      </a>
      {header}
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={slowNavigation || revalidating || undefined}>
        {children}
      </main>
      {/* parsed once <main> is whole: a page arriving by a view transition shows when it is (hero-morph.ts) */}
      <div id={AFTER_MAIN_ID} hidden />
      {footer}
    </div>
  );
}
