import { useState } from "react";
import { useViewTransitionState } from "react-router";
import type { ImageView } from "~/content/image-view";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import { useLangOf, useLanguage } from "~/hooks/use-language";
import { localizedPath } from "~/language";
import { behaviour } from "~/behaviours/markers";
import { MORPH_WITH_ATTRIBUTE } from "~/behaviours/hero-morph";
import styles from "./article-hero.module.css";

/**
 * The article's full-bleed header image (SPEC 2). It is the page's largest
 * paint: fetched first (fetchPriority high, never lazy), sized by its
 * width/height so nothing shifts, and faded in by CSS alone. Reached from a
 * gallery tile by a view transition, it is the tile's image grown into
 * place (named only while that transition runs) and does not fade in again.
 */
export function ArticleHero({ image }: { image: ImageView | null }) {
  const gallery = localizedPath("/", useLanguage());
  const inFlight = useViewTransitionState(gallery);
  const [arrivedByTransition] = useState(inFlight);
  const langOf = useLangOf();
  if (!image) return null;
  return (
    <div className={styles.hero}>
      <ResponsiveImage
        className={styles.image}
        src={image.src}
        renditions={IMAGE_SLOTS.articleHero}
        sizes="100vw"
        alt={image.alt}
        lang={langOf(image.altLanguage)}
        focus={image.focus}
        fetchPriority="high"
        loading="eager"
        data-view-transition={inFlight ? "" : undefined}
        data-arrived={arrivedByTransition ? "" : undefined}
        // a page without React names it for the morph across documents (app/behaviours/hero-morph.ts)
        {...behaviour("hero-morph")}
        {...{ [MORPH_WITH_ATTRIBUTE]: gallery }}
      />
    </div>
  );
}
