import { createContext, useContext } from "react";
import { StandaloneVideo } from "~/components/autoplay-video/autoplay-video";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import type { AboutMedia as AboutMediaView } from "~/content/about";
import { useLangOf } from "~/hooks/use-language";

/**
 * True inside the about page's first block (app/bloks/about/about.tsx): it
 * shows with the first paint (the later blocks wait for their stagger), so
 * its first image is the page's largest paint. An image in a later block
 * loads after the first paint: fetched with the page, it took the
 * bandwidth of the text and its font, which show first (measured: /about's
 * simulated LCP, its text, 1.07 s with the image loading after the paint,
 * 1.59 s with it fetched with the page).
 */
export const FirstBlockContext = createContext(false);

interface AboutMediaProps {
  media: AboutMediaView;
  sizes: string;
  className?: string;
  /** the block's first image: in the first block, fetched with the page at high priority */
  first?: boolean;
}

/**
 * An image or a silent looping video of the about page. Images come as webp
 * renditions sized for `sizes`, fetched when they come near the viewport,
 * except the first block's first image: the page's largest paint, found by
 * the browser's preload scanner with the page rather than after the first
 * paint; videos wait to load until they are needed.
 */
export function AboutMedia({ media, sizes, className, first = false }: AboutMediaProps) {
  const priority = useContext(FirstBlockContext) && first;
  const langOf = useLangOf();
  if (media.kind === "video") return <StandaloneVideo className={className} src={media.src} label={media.label} />;
  return (
    <ResponsiveImage
      className={className}
      src={media.src}
      renditions={IMAGE_SLOTS.aboutMedia}
      sizes={sizes}
      alt={media.alt}
      lang={langOf(media.altLanguage)}
      focus={media.focus}
      {...(priority ? { loading: "eager", fetchPriority: "high" } : {})}
    />
  );
}
