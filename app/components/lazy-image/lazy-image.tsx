import type { ImgHTMLAttributes, ReactNode } from "react";
import type { PictureSource } from "~/content/image-service";
import { devLazyImageScript } from "./lazy-image-loader";

/**
 * A transparent SVG without a size: the `src` of an image that has not
 * loaded yet. Having no natural size or ratio, its box takes the ratio of the
 * img's `width` and `height` (CLS 0), and it shows nothing (no alt text, no
 * broken-image icon) until its `srcset` is set. One URL for every lazy image:
 * Blink makes an SVG document per distinct image URL, 3-5 ms each at the
 * slow phone's 4x CPU, all in the parser's task (issue 42: with one per
 * image size, 7 on `/en`, that task was 57 ms there).
 */
// no raw spaces: a URL with them is invalid in `src` and would split a `srcset` candidate
export const LAZY_PLACEHOLDER_SRC = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * The `srcset` of a lazy image or source until the loader sets its real
 * one: the placeholder alone, with a width descriptor because `sizes` is
 * there already. It keeps the markup valid (`sizes`, and a `<source>` in a
 * `<picture>`, need a `srcset`) and fetches nothing.
 */
export const LAZY_PLACEHOLDER_SRCSET = `${LAZY_PLACEHOLDER_SRC} 1w`;

interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "loading"> {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** the `<source>`s of its `<picture>` (avif, ahead of the img's webp); none: a lone `<img>` */
  sources?: readonly PictureSource[];
  /**
   * What shows without JavaScript: by default the same image, natively lazy;
   * `null` when the caller puts one `<noscript>` around several images.
   */
  noscript?: ReactNode;
}

/**
 * A `<picture>`'s `<source>` elements, each with its `srcset`. Lazy: the
 * real one in `data-srcset`, for the loader to set, and the placeholder in
 * `srcset`, so a lazy `<picture>` shows the placeholder and fetches nothing
 * until the loader fills its sources.
 */
export function PictureSourceElements({
  sources,
  sizes,
  media,
  lazy = false,
}: {
  sources: readonly PictureSource[];
  sizes: string | undefined;
  media?: string;
  /** Not lazy: the sources load as the page does. */
  lazy?: boolean;
}) {
  return sources.map((source) => (
    <source
      key={source.type}
      type={source.type}
      media={media}
      srcSet={lazy ? LAZY_PLACEHOLDER_SRCSET : source.srcSet}
      data-srcset={lazy ? source.srcSet : undefined}
      sizes={sizes}
      // the loader adds srcset before hydration: React leaves it alone and need not say so
      suppressHydrationWarning={lazy || undefined}
    />
  ));
}

/**
 * An `<img>` (the child) in a `<picture>` behind its `<source>`s; the image
 * alone when there are none (a file the image service cannot transform).
 */
export function Picture({
  sources,
  sizes,
  lazy,
  children,
}: {
  sources: readonly PictureSource[];
  sizes: string | undefined;
  /** Lazy sources: see `PictureSourceElements`. */
  lazy?: boolean;
  children: ReactNode;
}) {
  if (sources.length === 0) return children;
  return (
    <picture>
      <PictureSourceElements sources={sources} sizes={sizes} lazy={lazy} />
      {children}
    </picture>
  );
}

/**
 * An image fetched only when it comes near the viewport, by the page's
 * loader (pipeline/head-script.ts): rendered with a placeholder `src` and its real
 * sources in `data-srcset` (on its `<source>`s too, when it has some: a
 * `<picture>`), with the image itself in a `<noscript>` beside it (app.css
 * hides the placeholder when scripting is off).
 */
export function LazyImage({ src, srcSet, sources = [], width, height, noscript, ...img }: LazyImageProps) {
  const placeholder = (
    <img
      {...img}
      src={LAZY_PLACEHOLDER_SRC}
      // `sizes` needs a srcset to be valid; without sizes, src alone is the placeholder
      srcSet={img.sizes === undefined ? undefined : LAZY_PLACEHOLDER_SRCSET}
      width={width}
      height={height}
      data-lazy=""
      data-srcset={srcSet ?? src}
      // the loader adds srcset before hydration: React leaves it alone and need not say so
      suppressHydrationWarning
    />
  );
  const shown = <img {...img} src={src} srcSet={srcSet} width={width} height={height} loading="lazy" />;
  return (
    <>
      <Picture sources={sources} sizes={img.sizes} lazy>
        {placeholder}
      </Picture>
      {noscript === undefined ? (
        <noscript>
          <Picture sources={sources} sizes={img.sizes}>
            {shown}
          </Picture>
        </noscript>
      ) : (
        noscript
      )}
    </>
  );
}

/**
 * The loader of every LazyImage on the dev server, an inline script at the
 * top of the head. A build writes it into each page itself
 * (pipeline/head-script.ts): the root renders this only in dev, so
 * the browser bundle carries none of the loader.
 */
export function DevLazyImageLoader() {
  return <script dangerouslySetInnerHTML={{ __html: devLazyImageScript() }} suppressHydrationWarning />;
}
