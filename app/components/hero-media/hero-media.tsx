import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import type { Asset } from "~/content/schema/values";
import { LazyImage, PictureSourceElements } from "~/components/lazy-image/lazy-image";
import {
  IMAGE_SLOTS,
  ResponsiveImage,
  imageSources,
  preloadPicture,
} from "~/components/responsive-image/responsive-image";
import { assetDimensions } from "~/content/image-service";
import { isMp4 } from "~/content/media-type";
import { PHONE_QUERY, useMediaQuery } from "~/hooks/use-media-query";
import { useUiText } from "~/hooks/use-language";
import type { UiText } from "~/ui-text";
import styles from "./hero-media.module.css";

interface HeroMediaProps {
  desktop: Asset;
  phone: Asset;
  /** the LCP image: fetched first and never lazily */
  priority: boolean;
  /** the rendered width, for the browser's srcset choice */
  sizes: string;
}

function altText(asset: Asset, text: UiText): string {
  return asset.alt || asset.title || asset.name || text.altFallback;
}

/**
 * One hero slide's media: the phone file at 768 px and narrower, the desktop
 * file above. Images use <picture> so the right file loads without
 * JavaScript, avif where the browser decodes it, webp otherwise; a video is chosen by a media query after hydration (the
 * prerendered HTML holds the desktop one).
 */
export function HeroMedia({ desktop, phone, priority, sizes }: HeroMediaProps) {
  const text = useUiText();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const image = {
    className: styles.media,
    sizes,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : undefined,
    decoding: priority ? "sync" : "async",
  } as const;

  if (isMp4(desktop.filename) || isMp4(phone.filename)) {
    const asset = isPhone ? phone : desktop;
    if (isMp4(asset.filename)) return <HeroVideo asset={asset} />;
    const renditions = isPhone ? IMAGE_SLOTS.homeHeroPhone : IMAGE_SLOTS.homeHero;
    return <ResponsiveImage {...image} src={asset.filename} renditions={renditions} alt={altText(asset, text)} />;
  }

  const phoneSources = imageSources(phone.filename, IMAGE_SLOTS.homeHeroPhone);
  const phoneSize = assetDimensions(phone.filename);
  const desktopSources = imageSources(desktop.filename, IMAGE_SLOTS.homeHero);
  const desktopSize = assetDimensions(desktop.filename);
  if (priority) {
    // in the head, so the largest paint starts with the first bytes of HTML on either kind of screen
    preloadPicture(phoneSources, sizes, PHONE_QUERY);
    preloadPicture(desktopSources, sizes, `not all and ${PHONE_QUERY}`);
  }
  const picture = (
    <picture className={styles.picture}>
      {phoneSources.sources.length > 0 ? (
        phoneSources.sources.map((source) => (
          <source
            key={source.type}
            media={PHONE_QUERY}
            type={source.type}
            srcSet={source.srcSet}
            sizes={sizes}
            width={phoneSize?.width}
            height={phoneSize?.height}
          />
        ))
      ) : (
        <source
          media={PHONE_QUERY}
          srcSet={phone.filename}
          sizes={sizes}
          width={phoneSize?.width}
          height={phoneSize?.height}
        />
      )}
      <PictureSourceElements sources={desktopSources.sources} sizes={sizes} />
      <img
        {...image}
        src={desktopSources.src}
        srcSet={desktopSources.srcSet}
        sizes={desktopSources.srcSet ? sizes : undefined}
        width={desktopSize?.width}
        height={desktopSize?.height}
        alt={altText(desktop, text)}
      />
    </picture>
  );
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
      alt={altText(asset, text)}
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

function HeroVideo({ asset }: { asset: Asset }) {
  const text = useUiText();
  const size = assetDimensions(asset.filename);
  return (
    <span className={styles.videoFrame} role="img" aria-label={altText(asset, text)}>
      <AutoplayVideo className={styles.media} src={asset.filename} width={size?.width} height={size?.height} />
    </span>
  );
}
