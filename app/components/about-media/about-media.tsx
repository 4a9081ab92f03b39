import { createContext, useContext } from "react";
import { StandaloneVideo } from "~/components/autoplay-video/autoplay-video";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import type { AboutMedia as AboutMediaView } from "~/content/about";

/**
 * True inside the about page's block that holds the page's first image
 * (app/bloks/about/about.tsx): that image is near the top, in the first
 * screen on a phone, and the page's largest paint.
 */
export const FirstImageBlockContext = createContext(false);

interface AboutMediaProps {
  media: AboutMediaView;
  sizes: string;
  className?: string;
  /** the block's first image: the page's first image when its block is, fetched with the page at high priority */
  first?: boolean;
}

/**
 * An image or a silent looping video of the about page. Images come as webp
 * renditions sized for `sizes`, fetched when they come near the viewport,
 * except the page's first image: its largest paint, found by the browser's
 * preload scanner with the page rather than after the first paint; videos
 * wait to load until they are needed.
 */
export function AboutMedia({ media, sizes, className, first = false }: AboutMediaProps) {
  const priority = useContext(FirstImageBlockContext) && first;
  if (media.kind === "video") return <StandaloneVideo className={className} src={media.src} label={media.label} />;
  return (
    <ResponsiveImage
      className={className}
      src={media.src}
      renditions={IMAGE_SLOTS.aboutMedia}
      sizes={sizes}
      alt={media.alt}
      {...(priority ? { loading: "eager", fetchPriority: "high" } : {})}
    />
  );
}
