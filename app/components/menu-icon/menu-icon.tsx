import type { SiteImage } from "~/content/layout";
import styles from "./menu-icon.module.css";

/** The icon of the menu's open or close button: the content's asset, else drawn lines. */
export function MenuIcon({ image, kind }: { image: SiteImage | null; kind: "burger" | "close" }) {
  if (image) {
    // lazy: the burger shows only on phones and the cross only in the open menu, so neither
    // may take bandwidth from the page's first paint (nor get React's automatic preload)
    return (
      <img
        className={styles.icon}
        src={image.dataUri ?? image.src}
        alt=""
        width={image.width ?? 24}
        height={image.height ?? 24}
        loading="lazy"
        decoding="async"
      />
    );
  }
  // Without an icon asset the button still shows what it does.
  return <span className={kind === "burger" ? styles.burgerLines : styles.closeCross} aria-hidden="true" />;
}
