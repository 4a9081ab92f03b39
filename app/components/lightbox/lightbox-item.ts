import type { CSSProperties } from "react";
import type { Language } from "~/language";
import {
  assetDimensions,
  imageServiceUrl,
  imageSrcSet,
  isTransformable,
  pictureSources,
} from "~/content/image-service";

/** One medium the lightbox can show full-screen: an image of a grid, or a video. */
export interface LightboxItem {
  kind: "image" | "video";
  src: string;
  /** the image's alt text, or the video's label (a video without one goes by its caption) */
  alt?: string;
  /** shown under the medium; the alt text stands in when it is empty */
  caption: string;
  /** the image's copyright, shown as its credit under the caption ("" or none: no credit) */
  copyright?: string;
  /** the languages the alt text and the caption are written in, where stated (none: the page's) */
  altLanguage?: Language;
  captionLanguage?: Language;
}

/**
 * Widths of the full-screen renditions: a phone at 3x needs about 1,200 px,
 * a 4K screen about 3,800. imageSrcSet drops those wider than the file and
 * adds the file's own width, so nothing is ever upscaled.
 */
const FULL_SCREEN_WIDTHS = [640, 960, 1280, 1600, 1920, 2560, 3200, 3840] as const;
const FULL_SCREEN_QUALITY = 80;
/**
 * As faithful as the WebP at 80 (SSIM over Y, Cb and Cr weighted 6:1:1, demo assets at 960 and 1280 px: WebP
 * 404 KB and 0.9879, AVIF 60 341 KB and 0.9890, AVIF 55 0.9877); see IMAGE_SLOTS for the measurement.
 */
const FULL_SCREEN_AVIF_QUALITY = 60;
const FALLBACK_WIDTH = 1600;

/**
 * The renditions of an image shown as large as the screen allows: its
 * `<picture>`'s `<source>` (avif; none for a file shown as it is) and its
 * `<img>`'s (webp). `sizes` is the smaller of the window's width, the width
 * the window's height leaves at the image's proportions, and the file's own
 * width (the CSS draws it no larger): the browser picks the rendition for
 * that width at its device pixel ratio.
 */
export function fullScreenSources(src: string) {
  if (!isTransformable(src)) return { src, srcSet: undefined, sizes: undefined, sources: [] };
  const size = assetDimensions(src);
  const fallbackWidth = Math.min(FALLBACK_WIDTH, size?.width ?? FALLBACK_WIDTH);
  const filters = { quality: FULL_SCREEN_QUALITY, format: "webp" } as const;
  const sizes = size ? `min(100vw, ${((size.width / size.height) * 100).toFixed(2)}vh, ${size.width}px)` : "100vw";
  return {
    src: imageServiceUrl(src, { width: fallbackWidth, filters }),
    srcSet: imageSrcSet(src, FULL_SCREEN_WIDTHS, FULL_SCREEN_QUALITY),
    sizes,
    sources: pictureSources(src, FULL_SCREEN_WIDTHS, FULL_SCREEN_AVIF_QUALITY),
  };
}

/**
 * Without JavaScript, where every <img> of a page loads at once, a prerendered figure draws its image as a
 * background instead, which no browser fetches while the figure is hidden: one rendition for windows up to
 * 768 px, one for wider ones and one for wider ones at twice the pixels or more (lightbox.module.css picks),
 * none wider than the file. Custom properties, as an inline style can hold no media query.
 */
const STILL_WIDTHS = { narrow: 1280, wide: 1920, sharp: 3840 } as const;

export function stillStyle(src: string, width: number): CSSProperties {
  const filters = { quality: FULL_SCREEN_QUALITY, format: "webp" } as const;
  const url = (wanted: number) => `url("${imageServiceUrl(src, { width: Math.min(wanted, width), filters })}")`;
  return {
    "--still-narrow": url(STILL_WIDTHS.narrow),
    "--still-wide": url(STILL_WIDTHS.wide),
    "--still-sharp": url(STILL_WIDTHS.sharp),
  } as CSSProperties;
}

/** The file's size for the stylesheet, which draws the medium as large as fits, but never past it. */
export function mediaSizeStyle(src: string): CSSProperties | undefined {
  const size = assetDimensions(src);
  if (!size) return undefined;
  return { "--media-width": `${size.width}px`, "--media-ratio": `${size.width} / ${size.height}` } as CSSProperties;
}
