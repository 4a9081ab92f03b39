import { useEffect, useRef, type CSSProperties } from "react";
import styles from "./scroll-weight-headline.module.css";
import { behaviour } from "~/behaviours/markers";
import { MIN_WEIGHT, followScroll } from "~/behaviours/headline-weight";

export { MAX_WEIGHT, MIN_WEIGHT, STATIC_WEIGHT, weightForScroll } from "~/behaviours/headline-weight";

/**
 * The article headline whose font weight grows with scrolling. A passive
 * scroll listener writes the weight into a CSS variable once per animation
 * frame: no React render per scroll event. Under reduced motion the weight
 * stays put. The listener is app/behaviours/headline-weight.ts's, which a
 * page without React runs by itself.
 */
interface ScrollWeightHeadlineProps {
  children: string;
  id?: string;
  /** the headline's language where the content knows it (it is then hyphenated); else the page's is not assumed */
  lang?: string;
}

export function ScrollWeightHeadline({ children, id, lang }: ScrollWeightHeadlineProps) {
  const heading = useRef<HTMLHeadingElement>(null);

  // the behaviour module's own follower: one way to weigh the headline, with React or without
  useEffect(() => (heading.current ? followScroll(heading.current) : undefined), []);

  return (
    <h1
      ref={heading}
      id={id}
      lang={lang}
      className={styles.headline}
      {...behaviour("headline-weight")}
      style={{ "--headline-weight": MIN_WEIGHT } as CSSProperties}
    >
      {children}
    </h1>
  );
}
