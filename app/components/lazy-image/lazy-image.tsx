import type { ImgHTMLAttributes, ReactNode } from "react";
import { devLazyImageScript } from "./lazy-image-loader";

/**
 * A transparent SVG of the image's proportions: the `src` of an image that
 * has not loaded yet, so its box has its final size (CLS 0) and shows
 * nothing (no alt text, no broken-image icon) until its `srcset` is set.
 */
export function placeholderSrc(width: number, height: number): string {
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}'%3E%3C/svg%3E`;
}

interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "loading"> {
  src: string;
  width: number;
  height: number;
  alt: string;
  /**
   * What shows without JavaScript: by default the same image, natively lazy;
   * `null` when the caller puts one `<noscript>` around several images.
   */
  noscript?: ReactNode;
}

/**
 * An image fetched only when it comes near the viewport, by the page's
 * loader (pipeline/lazy-image-script.ts): rendered with a placeholder `src` and its real
 * sources in `data-srcset`, with the image itself in a `<noscript>` beside
 * it (app.css hides the placeholder when scripting is off).
 */
export function LazyImage({ src, srcSet, width, height, noscript, ...img }: LazyImageProps) {
  return (
    <>
      <img
        {...img}
        src={placeholderSrc(width, height)}
        width={width}
        height={height}
        data-lazy=""
        data-srcset={srcSet ?? src}
        // the loader adds srcset before hydration: React leaves it alone and need not say so
        suppressHydrationWarning
      />
      {noscript === undefined ? (
        <noscript>
          <img {...img} src={src} srcSet={srcSet} width={width} height={height} loading="lazy" />
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
 * (pipeline/lazy-image-script.ts): the root renders this only in dev, so
 * the browser bundle carries none of the loader.
 */
export function DevLazyImageLoader() {
  return <script dangerouslySetInnerHTML={{ __html: devLazyImageScript() }} suppressHydrationWarning />;
}
