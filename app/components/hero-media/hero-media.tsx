import type { CSSProperties } from "react";
import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import type { Asset } from "~/content/schema/values";
import { LazyImage, PictureSourceElements } from "~/components/lazy-image/lazy-image";
import {
  IMAGE_SLOTS,
  ResponsiveImage,
  imageSources,
  preloadPicture,
} from "~/components/responsive-image/responsive-image";
import { focalObjectPosition } from "~/content/focal-point";
import { assetDimensions } from "~/content/image-service";
import { isMp4 } from "~/content/media-type";
import { useMediaQuery } from "~/hooks/use-media-query";
import { PHONE_QUERY } from "~/behaviours/media-queries";
import { behaviour } from "~/behaviours/markers";
import { heroScreen, type HeroScreen } from "~/behaviours/hero-media";
import { useAssetTextLang, useUiText } from "~/hooks/use-language";
import styles from "./hero-media.module.css";

/** How much of a carousel's later slide shows before its video loads: more than the edge beside the current one. */
const OTHER_SLIDE_VISIBLE = 0.25;

interface HeroMediaProps {
  desktop: Asset;
  phone: Asset;
  /** the LCP image: fetched first and never lazily */
  priority: boolean;
  /** the rendered width, for the browser's srcset choice */
  sizes: string;
}

/** The alt text of an asset, with the language of the asset's own text (the fallback is the page's). */
function useAltOf(): (asset: Asset) => { alt: string; lang: string | undefined } {
  const text = useUiText();
  const assetTextLang = useAssetTextLang();
  return (asset) => {
    const own = asset.alt || asset.title || asset.name;
    return { alt: own || text.altFallback, lang: own ? assetTextLang : undefined };
  };
}

/** The attributes of a slide's image: the first slide's loads at once, first of all. */
function imageAttributes(priority: boolean, sizes: string) {
  return {
    className: styles.media,
    sizes,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : undefined,
    decoding: priority ? "sync" : "async",
  } as const;
}

/**
 * One hero slide's media: the phone file at 768 px and narrower, the desktop
 * file above. Images use <picture> so the right file loads without
 * JavaScript, avif where the browser decodes it, webp otherwise; a video is chosen by a media query after hydration (the
 * prerendered HTML holds the desktop one).
 */
export function HeroMedia({ desktop, phone, priority, sizes }: HeroMediaProps) {
  const altOf = useAltOf();
  const isPhone = useMediaQuery(PHONE_QUERY);

  if (isMp4(desktop.filename) && isMp4(phone.filename)) {
    return (
      <HeroVideo
        desktop={desktop}
        phone={phone}
        labels={{ desktop: altOf(desktop).alt, phone: altOf(phone).alt }}
        screen={heroScreen(isPhone)}
        priority={priority}
      />
    );
  }
  if (isMp4(desktop.filename) || isMp4(phone.filename)) {
    return <MixedHeroMedia desktop={desktop} phone={phone} priority={priority} sizes={sizes} isPhone={isPhone} />;
  }
  return <HeroPicture desktop={desktop} phone={phone} priority={priority} sizes={sizes} />;
}

/**
 * One file a video, the other an image: two kinds of element, both in the page, the other screen's hidden
 * (nothing in it loads) until the window is known: by React once hydrated, else by app/behaviours/hero-media.
 */
function MixedHeroMedia({ desktop, phone, priority, sizes, isPhone }: HeroMediaProps & { isPhone: boolean }) {
  const altOf = useAltOf();
  const image = imageAttributes(priority, sizes);
  const screen = heroScreen(isPhone);
  const alternative = (which: HeroScreen) => {
    const asset = which === "phone" ? phone : desktop;
    if (isMp4(asset.filename)) {
      const label = altOf(asset).alt;
      return <HeroVideo desktop={asset} phone={asset} labels={{ desktop: label, phone: label }} priority={priority} />;
    }
    const renditions = which === "phone" ? IMAGE_SLOTS.homeHeroPhone : IMAGE_SLOTS.homeHero;
    // only the box the prerendered page shows may load at once: a hidden lazy image loads nothing
    const loading =
      which === "desktop" && priority ? image : { ...image, loading: "lazy" as const, fetchPriority: undefined };
    return (
      <ResponsiveImage
        {...loading}
        src={asset.filename}
        renditions={renditions}
        {...altOf(asset)}
        focus={asset.focus}
      />
    );
  };
  return (
    <span className={styles.screens} {...behaviour("hero-media")}>
      {(["desktop", "phone"] as const).map((which) => (
        <span key={which} data-hero-screen={which} hidden={which !== screen}>
          {alternative(which)}
        </span>
      ))}
    </span>
  );
}

/** Two images: one <picture> for the first slide; another slide's is a lazy image per kind of screen. */
function HeroPicture({ desktop, phone, priority, sizes }: HeroMediaProps) {
  const altOf = useAltOf();
  const phoneSources = imageSources(phone.filename, IMAGE_SLOTS.homeHeroPhone);
  const phoneSize = assetDimensions(phone.filename);
  const desktopSources = imageSources(desktop.filename, IMAGE_SLOTS.homeHero);
  const desktopSize = assetDimensions(desktop.filename);
  if (priority) {
    // in the head, so the largest paint starts with the first bytes of HTML on either kind of screen
    preloadPicture(phoneSources, sizes, PHONE_QUERY);
    preloadPicture(desktopSources, sizes, `not all and ${PHONE_QUERY}`);
  }
  const picture = <BothScreensPicture desktop={desktop} phone={phone} priority={priority} sizes={sizes} />;
  if (priority || !phoneSize || !desktopSize) return picture;
  // Another slide: one lazy image per kind of screen, the other one hidden by CSS (and so never near, never
  // fetched), each a <picture> of its formats; a <source media> would need a placeholder of its own in the srcset
  // the loader sets.
  const lazyImage = (
    asset: Asset,
    sources: typeof phoneSources,
    size: NonNullable<typeof phoneSize>,
    screenClass: string | undefined,
  ) => (
    <LazyImage
      decoding="async"
      className={`${styles.media} ${screenClass}`}
      src={sources.src}
      srcSet={sources.srcSet}
      sources={sources.sources}
      sizes={sources.srcSet ? sizes : undefined}
      width={size.width}
      height={size.height}
      {...altOf(asset)}
      style={{ objectPosition: focalObjectPosition(asset.filename, asset.focus) }}
      noscript={null}
    />
  );
  return (
    <>
      {lazyImage(phone, phoneSources, phoneSize, styles.phoneOnly)}
      {lazyImage(desktop, desktopSources, desktopSize, styles.desktopOnly)}
      <noscript>{picture}</noscript>
    </>
  );
}

/** One <picture> of both files: the phone file's sources, then the desktop file's, its <img> the desktop file. */
function BothScreensPicture({ desktop, phone, priority, sizes }: HeroMediaProps) {
  const altOf = useAltOf();
  const phoneSources = imageSources(phone.filename, IMAGE_SLOTS.homeHeroPhone);
  const phoneSize = assetDimensions(phone.filename);
  const desktopSources = imageSources(desktop.filename, IMAGE_SLOTS.homeHero);
  const desktopSize = assetDimensions(desktop.filename);
  // one <img> shows either file: each kind of screen crops around its own file's focal point (the CSS picks one)
  const focalPositions = {
    "--desktop-focus": focalObjectPosition(desktop.filename, desktop.focus),
    "--phone-focus": focalObjectPosition(phone.filename, phone.focus),
  } as CSSProperties;
  return (
    <picture className={styles.picture}>
      {/* the phone file: its avif, then its webp renditions (the img holds the desktop file's), or the file as it is */}
      {[
        ...phoneSources.sources,
        { type: phoneSources.srcSet ? "image/webp" : undefined, srcSet: phoneSources.srcSet ?? phone.filename },
      ].map((source) => (
        <source
          key={source.type ?? "file"}
          media={PHONE_QUERY}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes}
          width={phoneSize?.width}
          height={phoneSize?.height}
        />
      ))}
      <PictureSourceElements sources={desktopSources.sources} sizes={sizes} />
      <img
        {...imageAttributes(priority, sizes)}
        src={desktopSources.src}
        srcSet={desktopSources.srcSet}
        sizes={desktopSources.srcSet ? sizes : undefined}
        width={desktopSize?.width}
        height={desktopSize?.height}
        {...altOf(desktop)}
        style={focalPositions}
      />
    </picture>
  );
}

interface HeroVideoProps {
  desktop: Asset;
  phone: Asset;
  /** the frame's name on each kind of screen */
  labels: Record<HeroScreen, string>;
  /** the kind of screen the window is (desktop until known); the name follows it */
  screen?: HeroScreen;
  priority: boolean;
}

/**
 * A slide's video: one element for both kinds of screen, the browser picking
 * the phone file by its `<source media>`, and the box its file's shape on
 * each (no shift when the file arrives). A slide other than the first, of
 * which only an edge shows beside it, loads once a quarter of it is in view.
 * Files named differently name the frame after the one the window shows
 * (app/behaviours/hero-media on a page without React).
 */
function HeroVideo({ desktop, phone, labels, screen = "desktop", priority }: HeroVideoProps) {
  const size = assetDimensions(desktop.filename);
  const phoneSize = assetDimensions(phone.filename);
  const samePhone = phone.filename === desktop.filename;
  const shape =
    size && phoneSize && !samePhone
      ? ({
          "--desktop-ratio": `${size.width} / ${size.height}`,
          "--phone-ratio": `${phoneSize.width} / ${phoneSize.height}`,
        } as CSSProperties)
      : undefined;
  const named =
    labels.phone === labels.desktop
      ? {}
      : { ...behaviour("hero-media"), "data-phone-label": labels.phone, "data-desktop-label": labels.desktop };
  return (
    <span className={styles.videoFrame} role="img" aria-label={labels[screen]} style={shape} {...named}>
      <AutoplayVideo
        className={`${styles.media} ${shape ? styles.shapedVideo : ""}`}
        src={desktop.filename}
        phoneSrc={samePhone ? undefined : phone.filename}
        visibleFraction={priority ? undefined : OTHER_SLIDE_VISIBLE}
        width={size?.width}
        height={size?.height}
      />
    </span>
  );
}
