import type { CSSProperties } from "react";
import { useViewTransitionState } from "react-router";
import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import { ContentLink } from "~/components/content-link/content-link";
import { tileTagsAttribute } from "~/components/tag-filter/filter-before-hydration";
import type { GalleryItem } from "~/content/home";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import { assetDimensions } from "~/content/image-service";
import { mediaKind } from "~/content/media-type";
import type { Link } from "~/content/schema/values";
import { useAssetTextLang, useLanguage, useUiText } from "~/hooks/use-language";
import { usePrefersReducedMotion } from "~/hooks/use-media-query";
import { behaviour } from "~/behaviours/markers";
import { MORPH_WITH_ATTRIBUTE } from "~/behaviours/hero-morph";
import { localizedHref, type Language } from "~/language";
import styles from "./gallery-tile.module.css";

const TILE_SIZES = "(max-width: 480px) 90vw, (max-width: 1024px) 45vw, 30vw";

interface GalleryTileProps {
  item: GalleryItem;
  /** position within its page of six: the fade-in waits 0.1 s per step */
  stagger: number;
  /** filtered away: fades out over 0.4 s, then the gallery removes it */
  exiting?: boolean;
  /** its medium may become the article's hero: one tile per article (a name two elements share aborts the transition) */
  heroTransition?: boolean;
  /** the visitor chose the tile (a click on its link inside the site) */
  onChoose?: () => void;
}

/** The page of the site a tile links to; null for an empty link, one to another site or to a fragment. */
function sitePath(link: Link, language: Language): string | null {
  return link.href && link.internal && !link.href.startsWith("#") ? localizedHref(link.href, language) : null;
}

export function GalleryTile({ item, stagger, exiting = false, heroTransition = true, onChoose }: GalleryTileProps) {
  const text = useUiText();
  const caption = item.name || text.tileCaptionFallback;
  const path = sitePath(item.link, useLanguage());
  // the tile's medium becomes the article's hero: named only while the transition to (or back from) its page runs,
  // so that one element has the name
  const inFlight = useViewTransitionState(path ?? "") && path !== null && heroTransition && !exiting;
  // the link: inside the site a client navigation with a view transition (none under reduced motion; browsers
  // without view transitions navigate as before)
  const reducedMotion = usePrefersReducedMotion();
  return (
    <li
      className={exiting ? `${styles.tile} ${styles.exiting}` : styles.tile}
      style={{ "--i": stagger } as CSSProperties}
      aria-hidden={exiting || undefined}
      inert={exiting || undefined}
      // the filter's CSS before hydration matches tiles by these
      data-tags={tileTagsAttribute(item.tags)}
      {...item.editable}
    >
      <ContentLink
        link={item.link}
        className={styles.link}
        routing={{ viewTransition: !reducedMotion, onClick: onChoose }}
      >
        <TileMedia item={item} path={path} inFlight={inFlight} />
        <span className={styles.caption}>
          <span className={styles.captionText}>{caption}</span>
        </span>
      </ContentLink>
    </li>
  );
}

function TileMedia({ item, path, inFlight }: { item: GalleryItem; path: string | null; inFlight: boolean }) {
  const text = useUiText();
  // the asset's own alt text is in the language of asset texts; the fallback in the page's
  const altLang = useAssetTextLang();
  const label = item.image.alt ? { lang: altLang, text: item.image.alt } : { lang: undefined, text: text.altFallback };
  const { filename } = item.image;
  // a page without React names it for the morph across documents (app/behaviours/hero-morph.ts)
  const morph = path === null ? {} : { ...behaviour("hero-morph"), [MORPH_WITH_ATTRIBUTE]: path };
  const kind = mediaKind(filename);
  if (kind === "none" || kind === "unknown") {
    return <span className={styles.message}>{kind === "none" ? text.noImage : text.unknownFormat}</span>;
  }
  if (kind === "video") {
    const size = assetDimensions(filename);
    return (
      <span
        className={styles.media}
        role="img"
        aria-label={label.text}
        lang={label.lang}
        data-view-transition={inFlight ? "" : undefined}
        {...morph}
      >
        <AutoplayVideo className={styles.fill} src={filename} width={size?.width} height={size?.height} />
      </span>
    );
  }
  return (
    <span className={styles.media} data-view-transition={inFlight ? "" : undefined} {...morph}>
      <ResponsiveImage
        className={styles.fill}
        src={filename}
        renditions={IMAGE_SLOTS.galleryTile}
        sizes={TILE_SIZES}
        alt={label.text}
        lang={label.lang}
        focus={item.image.focus}
      />
    </span>
  );
}
