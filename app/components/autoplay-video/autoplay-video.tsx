import { useEffect, useRef } from "react";
import { usePrefersReducedMotion } from "~/hooks/use-media-query";

interface AutoplayVideoProps {
  src: string;
  className?: string;
  width?: number;
  height?: number;
  /** "none" for videos far below the fold */
  preload?: "metadata" | "none";
}

/**
 * A silent, looping background video (SPEC 2: muted, looping, autoplaying,
 * inline). Under prefers-reduced-motion it stays on its first frame: the
 * prerendered HTML asks for autoplay, so it is paused once the page runs.
 */
export function AutoplayVideo({ src, className, width, height, preload = "metadata" }: AutoplayVideoProps) {
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);

  // paused here for reduced motion: resumed if the setting is switched off again
  const pausedForMotion = useRef(false);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (reducedMotion) {
      element.pause();
      pausedForMotion.current = true;
    } else if (pausedForMotion.current) {
      pausedForMotion.current = false;
      element.play()?.catch(() => {
        // playback refused (e.g. data saver): the first frame stays
      });
    }
  }, [reducedMotion]);

  return (
    <video
      ref={video}
      className={className}
      src={src}
      width={width}
      height={height}
      muted
      loop
      playsInline
      autoPlay={!reducedMotion}
      preload={preload}
      aria-hidden="true"
      disablePictureInPicture
    />
  );
}
