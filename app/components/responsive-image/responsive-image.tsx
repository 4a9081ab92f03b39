import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { LazyImage, Picture } from "~/components/lazy-image/lazy-image";
import {
  assetDimensions,
  imageServiceUrl,
  imageSrcSet,
  isTransformable,
  pictureSources,
} from "~/content/image-service";
import { focalObjectPosition } from "~/content/focal-point";

/** What the image service renders for one place images have on the site. */
export interface ImageSlot {
  /** the srcset's widths (never wider than the file) */
  widths: readonly number[];
  /** the width of `src`, for a browser that takes no srcset */
  fallbackWidth: number;
  /** the webp quality of every webp rendition of the slot (and of `src`) */
  quality: number;
  /** the avif quality of every avif rendition of the slot: avif's scale is not webp's */
  avifQuality: number;
}

/**
 * Every place images have on the site, each with one quality: 75 where an
 * image is seen large and looked at closely (the full-bleed heroes, an
 * article's media and the images in its text), 70 where it is seen small
 * among others (gallery tiles, the about page's media, project cards, the
 * index's hover preview), which keeps grids light.
 *
 * AVIF qualities, 55 for the 75s and 50 for the 70s: the lowest at which
 * AVIF (as the image service encodes it, effort 1) is as faithful as the
 * slot's WebP, by SSIM over Y, Cb and Cr weighted 6:1:1 against the resized
 * file, measured with sharp on six demo assets at the slots' widths (70:
 * 480 and 800 px, WebP 408 KB and 0.9788, AVIF 50 282 KB and 0.9809;
 * 75: 640, 828 and 1280 px, WebP 661 KB and 0.9832, AVIF 55 525 KB and
 * 0.9842; one step lower fell below WebP).
 */
export const IMAGE_SLOTS = {
  /** the home hero above 768 px */
  homeHero: { widths: [768, 1024, 1280, 1600, 1920, 2560], fallbackWidth: 1600, quality: 75, avifQuality: 55 },
  /** the home hero at 768 px and narrower */
  homeHeroPhone: { widths: [480, 640, 828, 1080], fallbackWidth: 1600, quality: 75, avifQuality: 55 },
  /** 800 because the most common phones (390-412 px at 1.75-2x) need 720-780 */
  articleHero: { widths: [640, 800, 960, 1280, 1600, 1920, 2560], fallbackWidth: 1600, quality: 75, avifQuality: 55 },
  articleMedia: { widths: [480, 720, 960, 1280, 1600, 1920], fallbackWidth: 1280, quality: 75, avifQuality: 55 },
  richText: { widths: [480, 800, 1200, 1600], fallbackWidth: 1200, quality: 75, avifQuality: 55 },
  galleryTile: { widths: [360, 480, 640, 800, 1200], fallbackWidth: 800, quality: 70, avifQuality: 50 },
  aboutMedia: { widths: [320, 480, 640, 960, 1280], fallbackWidth: 960, quality: 70, avifQuality: 50 },
  projectCard: { widths: [480, 720, 960, 1280], fallbackWidth: 960, quality: 70, avifQuality: 50 },
  indexPreview: { widths: [600, 1200], fallbackWidth: 600, quality: 70, avifQuality: 50 },
} as const satisfies Record<string, ImageSlot>;

/**
 * The sources of a file in a slot: avif and webp renditions through the
 * image service, for a `<picture>` whose `<img>` has the webp ones (every
 * browser the site runs in decodes webp; the `<img>` is also what a script
 * reading `currentSrc` sees), or the file as it is (a file the service
 * cannot transform, SVG or GIF: no `<source>`).
 */
export function imageSources(filename: string, slot: ImageSlot) {
  if (!isTransformable(filename)) return { src: filename, srcSet: undefined, sources: [] };
  return {
    src: imageServiceUrl(filename, { width: slot.fallbackWidth, filters: { quality: slot.quality, format: "webp" } }),
    srcSet: imageSrcSet(filename, slot.widths, slot.quality),
    sources: pictureSources(filename, slot.widths, slot.avifQuality),
  };
}

/**
 * Preloads the image of a `<picture>` that is the page's largest paint, in
 * the head (React preloads a lone `<img>` by itself, never one in a
 * `<picture>`). Only its avif renditions, typed: a browser without avif
 * skips the preload and finds the `<picture>` in the body, and a browser
 * with it fetches the file its `<picture>` will ask for, never a second one.
 */
export function preloadPicture(sources: ReturnType<typeof imageSources>, sizes: string, media?: string): void {
  const avif = sources.sources.find((source) => source.type === "image/avif");
  if (!avif) {
    preload(sources.src, { as: "image", fetchPriority: "high", media });
    return;
  }
  // with imageSrcSet React writes no href: the first argument is only the preload's key
  preload(sources.src, {
    as: "image",
    type: avif.type,
    fetchPriority: "high",
    imageSrcSet: avif.srcSet,
    imageSizes: sizes,
    media,
  });
}

interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "width" | "height"
> {
  src: string;
  /** the renditions of the image's place on the site: one of IMAGE_SLOTS */
  renditions: ImageSlot;
  /** how wide the image is drawn, for the browser's choice from the srcset */
  sizes: string;
  alt: string;
  /** the asset's focal point: where CSS crops the image (object-fit: cover), it stays in view */
  focus?: string;
  /** a lazy image's fallback without JavaScript (LazyImage); `null` for an image that needs none */
  noscript?: null;
  /**
   * CSS keeps the image `display: none` until it is wanted (a hover
   * preview): the browser's own lazy loading fetches nothing until then, in
   * every engine, so it needs no loader, placeholder or `<noscript>` copy.
   */
  shownOnDemand?: boolean;
}

/**
 * An image in the renditions of its slot, a `<picture>` (an avif source, then the webp img),
 * sized from its asset URL so that nothing shifts while it loads. Lazy
 * unless told otherwise: fetched when it comes near the viewport
 * (LazyImage), or natively lazy when its size is unknown (no placeholder
 * could hold its place) or it is shown on demand. An eager image at high
 * priority is preloaded.
 */
export function ResponsiveImage({
  src,
  renditions,
  sizes,
  loading = "lazy",
  decoding = "async",
  focus = "",
  noscript,
  shownOnDemand = false,
  ...attributes
}: ResponsiveImageProps) {
  const sources = imageSources(src, renditions);
  const objectPosition = focalObjectPosition(src, focus);
  const img = objectPosition ? { ...attributes, style: { ...attributes.style, objectPosition } } : attributes;
  const size = assetDimensions(src);
  // the img's own attributes, the same in both forms
  const image = { ...img, src: sources.src, srcSet: sources.srcSet, sizes: sources.srcSet ? sizes : undefined };
  if (loading === "lazy" && size && !shownOnDemand) {
    return (
      <LazyImage
        {...image}
        sources={sources.sources}
        width={size.width}
        height={size.height}
        decoding={decoding}
        noscript={noscript}
      />
    );
  }
  if (loading === "eager" && img.fetchPriority === "high" && sources.sources.length > 0) preloadPicture(sources, sizes);
  return (
    <Picture sources={sources.sources} sizes={sizes}>
      <img {...image} width={size?.width} height={size?.height} loading={loading} decoding={decoding} />
    </Picture>
  );
}
