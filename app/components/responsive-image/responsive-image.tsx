import type { ImgHTMLAttributes } from "react";
import { LazyImage } from "~/components/lazy-image/lazy-image";
import { assetDimensions, imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";

/** What the image service renders for one place images have on the site. */
export interface ImageSlot {
  /** the srcset's widths (never wider than the file) */
  widths: readonly number[];
  /** the width of `src`, for a browser that takes no srcset */
  fallbackWidth: number;
  /** the webp quality of every rendition of the slot */
  quality: number;
}

/**
 * Every place images have on the site, each with one quality: 75 where an
 * image is seen large and looked at closely (the full-bleed heroes, an
 * article's media and the images in its text), 70 where it is seen small
 * among others (gallery tiles, the about page's media, project cards, the
 * index's hover preview), which keeps grids light.
 */
export const IMAGE_SLOTS = {
  /** the home hero above 768 px */
  homeHero: { widths: [768, 1024, 1280, 1600, 1920, 2560], fallbackWidth: 1600, quality: 75 },
  /** the home hero at 768 px and narrower */
  homeHeroPhone: { widths: [480, 640, 828, 1080], fallbackWidth: 1600, quality: 75 },
  /** 800 because the most common phones (390-412 px at 1.75-2x) need 720-780 */
  articleHero: { widths: [640, 800, 960, 1280, 1600, 1920, 2560], fallbackWidth: 1600, quality: 75 },
  articleMedia: { widths: [480, 720, 960, 1280, 1600, 1920], fallbackWidth: 1280, quality: 75 },
  richText: { widths: [480, 800, 1200, 1600], fallbackWidth: 1200, quality: 75 },
  galleryTile: { widths: [360, 480, 640, 800, 1200], fallbackWidth: 800, quality: 70 },
  aboutMedia: { widths: [320, 480, 640, 960, 1280], fallbackWidth: 960, quality: 70 },
  projectCard: { widths: [480, 720, 960, 1280], fallbackWidth: 960, quality: 70 },
  indexPreview: { widths: [600, 1200], fallbackWidth: 600, quality: 70 },
} as const satisfies Record<string, ImageSlot>;

/** `src` and `srcSet` of a file in a slot: webp renditions through the image service, or the file as it is. */
export function imageSources(filename: string, slot: ImageSlot): { src: string; srcSet: string | undefined } {
  if (!isTransformable(filename)) return { src: filename, srcSet: undefined };
  return {
    src: imageServiceUrl(filename, { width: slot.fallbackWidth, filters: { quality: slot.quality, format: "webp" } }),
    srcSet: imageSrcSet(filename, slot.widths, slot.quality),
  };
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
}

/**
 * An image in the renditions of its slot, sized from its asset URL so that
 * nothing shifts while it loads. Lazy unless told otherwise: fetched when it
 * comes near the viewport (LazyImage), or natively lazy when its size is
 * unknown (no placeholder could hold its place).
 */
export function ResponsiveImage({
  src,
  renditions,
  sizes,
  loading = "lazy",
  decoding = "async",
  ...img
}: ResponsiveImageProps) {
  const sources = imageSources(src, renditions);
  const size = assetDimensions(src);
  const sizesAttribute = sources.srcSet ? sizes : undefined;
  if (loading === "lazy" && size) {
    return (
      <LazyImage
        {...img}
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sizesAttribute}
        width={size.width}
        height={size.height}
        decoding={decoding}
      />
    );
  }
  return (
    <img
      {...img}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizesAttribute}
      width={size?.width}
      height={size?.height}
      loading={loading}
      decoding={decoding}
    />
  );
}
