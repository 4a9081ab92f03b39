import type { ReactNode } from "react";
import { useUiText } from "~/hooks/use-language";
import { lightboxHref } from "./lightbox-hash";
import type { LightboxItem } from "./lightbox-item";
import styles from "./lightbox.module.css";

interface LightboxOpenerProps {
  /** the medium's place among those the view shows (0-based) */
  index: number;
  item: LightboxItem;
  /** the grid's place among the page's grids with a view (lightbox-hash.ts) */
  set?: number;
  children: ReactNode;
}

/**
 * A tile's medium as the link that opens it full-screen: a link to its
 * figure (`#media-3`, LightboxTargets), which the fragment shows. An
 * image is the link's content (its alt text names it). A video keeps its
 * own element, which may show controls, and the link lies over it.
 */
export function LightboxOpener({ index, item, set, children }: LightboxOpenerProps) {
  const text = useUiText();
  if (item.kind === "image") {
    return (
      <a href={lightboxHref(index, set)} className={styles.opener}>
        {children}
        {/* an image without alt text names no link: its caption or the fallback does */}
        {item.alt ? null : <span className="visually-hidden">{item.caption || text.altFallback}</span>}
      </a>
    );
  }
  return (
    <div className={styles.videoOpener}>
      {children}
      {/* named by text, not aria-label: the video itself carries its label as aria-label */}
      <a href={lightboxHref(index, set)} className={styles.opener}>
        <span className="visually-hidden">{item.alt || item.caption || text.altFallback}</span>
      </a>
    </div>
  );
}
