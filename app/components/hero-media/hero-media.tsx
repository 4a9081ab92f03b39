import { preload } from "react-dom";
import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import type { Asset } from "~/content/schema/fields";
import { assetDimensions, imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";
import { isMp4 } from "~/content/media-type";
import { PHONE_QUERY, useMediaQuery } from "~/hooks/use-media-query";
import styles from "./hero-media.module.css";

const DESKTOP_WIDTHS = [768, 1024, 1280, 1600, 1920, 2560] as const;
const PHONE_WIDTHS = [480, 640, 828, 1080] as const;

interface HeroMediaProps {
  desktop: Asset;
  phone: Asset;
  /** the LCP image: fetched first and never lazily */
  priority: boolean;
  /** the rendered width, for the browser's srcset choice */
  sizes: string;
}

function altText(asset: Asset): string {
  return asset.alt || asset.title || asset.name || "no information";
}

function fallbackSrc(filename: string): string {
  return isTransformable(filename)
    ? imageServiceUrl(filename, { width: 1600, filters: { quality: 75, format: "webp" } })
    : filename;
}

/**
 * One hero slide's media: the phone file at 768 px and narrower, the desktop
 * file above. Images use <picture> so the right file loads without
 * JavaScript; a video is chosen by a media query after hydration (the
 * prerendered HTML holds the desktop one).
 */
export function HeroMedia({ desktop, phone, priority, sizes }: HeroMediaProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const anyVideo = isMp4(desktop.filename) || isMp4(phone.filename);

  if (anyVideo) {
    const asset = isPhone ? phone : desktop;
    return isMp4(asset.filename) ? (
      <HeroVideo asset={asset} />
    ) : (
      <HeroImage asset={asset} priority={priority} sizes={sizes} widths={isPhone ? PHONE_WIDTHS : DESKTOP_WIDTHS} />
    );
  }

  const desktopSize = assetDimensions(desktop.filename);
  const phoneSize = assetDimensions(phone.filename);
  const phoneSrcSet = imageSrcSet(phone.filename, PHONE_WIDTHS);
  const desktopSrcSet = imageSrcSet(desktop.filename, DESKTOP_WIDTHS);
  if (priority) {
    // React does not preload an image inside <picture> by itself: one preload per source, in the
    // head, so the largest paint starts with the first bytes of HTML on either kind of screen
    preload(phoneSrcSet ? fallbackSrc(phone.filename) : phone.filename, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: phoneSrcSet,
      imageSizes: phoneSrcSet ? sizes : undefined,
      media: PHONE_QUERY,
    });
    preload(fallbackSrc(desktop.filename), {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: desktopSrcSet,
      imageSizes: desktopSrcSet ? sizes : undefined,
      media: `not all and ${PHONE_QUERY}`,
    });
  }
  return (
    <picture className={styles.picture}>
      <source
        media={PHONE_QUERY}
        srcSet={phoneSrcSet ?? phone.filename}
        sizes={sizes}
        width={phoneSize?.width}
        height={phoneSize?.height}
      />
      <img
        className={styles.media}
        src={fallbackSrc(desktop.filename)}
        srcSet={desktopSrcSet}
        sizes={sizes}
        width={desktopSize?.width}
        height={desktopSize?.height}
        alt={altText(desktop)}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "sync" : "async"}
      />
    </picture>
  );
}

function HeroImage({
  asset,
  priority,
  sizes,
  widths,
}: {
  asset: Asset;
  priority: boolean;
  sizes: string;
  widths: readonly number[];
}) {
  const size = assetDimensions(asset.filename);
  return (
    <img
      className={styles.media}
      src={fallbackSrc(asset.filename)}
      srcSet={imageSrcSet(asset.filename, widths)}
      sizes={sizes}
      width={size?.width}
      height={size?.height}
      alt={altText(asset)}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}

function HeroVideo({ asset }: { asset: Asset }) {
  const size = assetDimensions(asset.filename);
  return (
    <span className={styles.videoFrame} role="img" aria-label={altText(asset)}>
      <AutoplayVideo className={styles.media} src={asset.filename} width={size?.width} height={size?.height} />
    </span>
  );
}
