import { useCallback, useEffect, useState, type RefObject } from "react";
import type * as LightboxModuleExports from "./lightbox";
import type { LightboxItem } from "./lightbox-item";
import { LightboxTargets } from "./lightbox-targets";
import styles from "./lightbox.module.css";

type LightboxModule = typeof LightboxModuleExports;

export interface LightboxHostProps {
  items: readonly LightboxItem[];
  /** the element holding the tiles: their clicks open the view, which steps through the tiles it shows */
  tiles: RefObject<HTMLElement | null>;
  /** the grid's place among the page's grids with a view, from 1: names its media's fragments (lightbox-hash.ts) */
  set?: number;
}

/**
 * The prerendered figures of the view (LightboxTargets), written by the
 * server only: the browser keeps them as they are (React hydrates nothing
 * inside an element whose HTML it is given), so their code stays out of
 * the page's scripts. Their wrapper's class brings the view's stylesheet
 * into the page's own.
 */
function PrerenderedFigures({ items, set }: { items: readonly LightboxItem[]; set?: number }) {
  if (import.meta.env.SSR) {
    return (
      <div className={styles.lightbox}>
        <LightboxTargets items={items} set={set} />
      </div>
    );
  }
  return <div className={styles.lightbox} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
}

/**
 * The full-screen view of a grid's media; the URL says what is open
 * (`#media-3`). The prerendered figures do its job by CSS before the page
 * runs, and go on doing it until the view's code (./lightbox: taking the
 * tiles' clicks, the dialog and its URL) has come, fetched once the page
 * is idle after hydrating: none of it is in the page's first scripts.
 */
export function LightboxHost(props: LightboxHostProps) {
  const [view, setView] = useState<LightboxModule | null>(null);
  const [figures, setFigures] = useState(true);
  const onFiguresDone = useCallback(() => setFigures(false), []);
  useEffect(() => {
    let unmounted = false;
    const fetchView = () =>
      void import("./lightbox").then(
        (module) => unmounted || setView(module),
        // the tiles stay links to the prerendered figures, which go on doing the view's job by CSS
        (error: unknown) => console.warn("The full-screen view's code did not load:", error),
      );
    // Safari has no idle callback: a moment after hydration will do; a page that is never idle gets it within 2 s
    const idle = window.requestIdleCallback?.(fetchView, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(fetchView, 200) : undefined;
    return () => {
      unmounted = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <>
      {figures ? <PrerenderedFigures items={props.items} set={props.set} /> : null}
      {view ? <view.LightboxView {...props} onFiguresDone={onFiguresDone} /> : null}
    </>
  );
}
