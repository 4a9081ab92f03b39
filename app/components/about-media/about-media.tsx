import { StandaloneVideo } from "~/components/autoplay-video/autoplay-video";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import type { AboutMedia as AboutMediaView } from "~/content/about";

/**
 * An image or a silent looping video of the about page. Images come as webp
 * renditions sized for `sizes`; videos wait to load until they are needed.
 */
export function AboutMedia({ media, sizes, className }: { media: AboutMediaView; sizes: string; className?: string }) {
  if (media.kind === "video") return <StandaloneVideo className={className} src={media.src} label={media.label} />;
  return (
    <ResponsiveImage
      className={className}
      src={media.src}
      renditions={IMAGE_SLOTS.aboutMedia}
      sizes={sizes}
      alt={media.alt}
    />
  );
}
