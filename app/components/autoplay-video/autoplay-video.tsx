import { useCallback, useEffect, useRef, useState } from "react";
import { assetDimensions } from "~/content/image-service";
import { useInView } from "~/hooks/use-in-view";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "~/hooks/use-media-query";

/** How close to the viewport a video starts loading (and playing); out of it, it pauses. */
export const NEAR_VIEWPORT = "200px";

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
 * the page runs and the video is near the viewport, and pauses when it
 * leaves. Until then it loads nothing (preload="none").
 */
export function AutoplayVideo({
  src,
  className,
  width,
  height,
  preload = "metadata",
  standalone = false,
  label,
}: AutoplayVideoProps) {
  // until the page runs (prerendered HTML, hydration) autoplay assumes reduced motion ...
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, true);
  // ... and controls assume the opposite: both wait for the visitor's actual setting
  const knownReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, false);
  const video = useRef<HTMLVideoElement>(null);
  const { ref: observe, inView } = useInView<HTMLVideoElement>({ rootMargin: NEAR_VIEWPORT });
  const [noObserver, setNoObserver] = useState(false);
  useEffect(() => setNoObserver(typeof IntersectionObserver === "undefined"), []);
  // Nothing is downloaded before the video is near the viewport (nor in the prerendered HTML):
  // videos further down must not take bandwidth from the first paint.
  const near = inView === true || noObserver;
  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      observe(element);
    },
    [observe],
  );

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (reducedMotion || !near) {
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
  }, [reducedMotion, near]);

  const withControls = knownReducedMotion && standalone;
  return (
    <video
      ref={setVideo}
      className={className}
      src={src}
      width={width}
      height={height}
      muted
      loop
      playsInline
      autoPlay={near && !reducedMotion}
      controls={withControls || undefined}
      preload={near ? preload : "none"}
      aria-hidden={withControls ? undefined : true}
      aria-label={withControls ? label || undefined : undefined}
      disablePictureInPicture
    />
  );
}

/**
 * A video on its own in the page (not inside a link), loaded only when it
 * comes near: sized from its asset URL, with controls under reduced motion.
 */
export function StandaloneVideo({ src, className, label }: { src: string; className?: string; label: string }) {
  const size = assetDimensions(src);
  return (
    <AutoplayVideo
      className={className}
      src={src}
      width={size?.width}
      height={size?.height}
      preload="none"
      standalone
      label={label}
    />
  );
}
