import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import type { AboutMedia as AboutMediaView } from "~/content/about";
import { imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";

const WIDTHS = [320, 480, 640, 960, 1280] as const;

/**
 * An image or a silent looping video of the about page. Images come as webp
 * renditions sized for `sizes`; videos wait to load until they are needed.
 */
export function AboutMedia({ media, sizes, className }: { media: AboutMediaView; sizes: string; className?: string }) {
  if (media.kind === "video") {
    return (
      <AutoplayVideo
        className={className}
        src={media.src}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        preload="none"
        standalone
        label={media.label}
      />
    );
  }
  const transformable = isTransformable(media.src);
  return (
    <img
      className={className}
      src={
        transformable ? imageServiceUrl(media.src, { width: 960, filters: { quality: 72, format: "webp" } }) : media.src
      }
      srcSet={imageSrcSet(media.src, WIDTHS, 72)}
      sizes={transformable ? sizes : undefined}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      alt={media.alt}
      loading="lazy"
      decoding="async"
    />
  );
}
