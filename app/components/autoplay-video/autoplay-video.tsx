import { useEffect, useRef } from "react";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "~/hooks/use-media-query";

interface AutoplayVideoProps {
  src: string;
  className?: string;
  width?: number;
  height?: number;
  /** "none" for videos far below the fold */
  preload?: "metadata" | "none";
  /**
   * A video that is not inside a link: under reduced motion it shows the
   * browser's controls, so it can still be played on request. (Inside a
   * link, controls would be a control within a control: it stays still.)
   */
  standalone?: boolean;
  /** the accessible name of a standalone video with controls */
  label?: string;
}

function canPlayVideo(element: HTMLVideoElement): boolean {
  return element.canPlayType("video/mp4") !== "" || element.canPlayType("video/webm") !== "";
}

/**
 * A silent, looping background video (SPEC 2: muted, looping, autoplaying,
 * inline). Under prefers-reduced-motion it never starts: it shows its first
 * frame (standalone ones with controls). The prerendered HTML assumes
 * reduced motion (no autoplay attribute), so no frame moves before the
 * page knows the visitor's setting; everyone else's video starts as soon as
 * the page runs.
 */
export function AutoplayVideo({ src, className, width, height, preload = "metadata", standalone = false, label }: AutoplayVideoProps) {
  // until the page runs (prerendered HTML, hydration) autoplay assumes reduced motion ...
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, true);
  // ... and controls assume the opposite: both wait for the visitor's actual setting
  const knownReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (reducedMotion) {
      element.pause();
      return;
    }
    // The autoplay attribute arrives with hydration, after the browser has chosen not to play; a
    // browser that plays no video at all (or a test DOM) is left alone.
    if (element.paused && canPlayVideo(element)) {
      element.play()?.catch(() => {
        // playback refused (e.g. data saver): the first frame stays
      });
    }
  }, [reducedMotion]);

  const withControls = knownReducedMotion && standalone;
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
      controls={withControls || undefined}
      preload={preload}
      aria-hidden={withControls ? undefined : true}
      aria-label={withControls ? label || undefined : undefined}
      disablePictureInPicture
    />
  );
}
