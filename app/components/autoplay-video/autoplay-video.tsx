import { useEffect, useRef } from "react";
import { assetDimensions } from "~/content/image-service";
import { fileExtension } from "~/content/media-type";
import { PHONE_QUERY } from "~/behaviours/media-queries";
import { useUiText } from "~/hooks/use-language";
import { behaviour } from "~/behaviours/markers";
import { followVideo } from "~/behaviours/video";

interface AutoplayVideoProps {
  src: string;
  /**
   * The file for phone-sized windows (PHONE_QUERY), if it has one of its own:
   * the browser picks between the two by a `<source media>` when the video
   * loads, so the prerendered element is already the right one.
   */
  phoneSrc?: string;
  /**
   * How much of the video must be visible before it loads and plays (0-1).
   * By default any part within app/behaviours/video.ts's NEAR_VIEWPORT; a carousel's next slide, of
   * which only an edge shows, asks for a quarter.
   */
  visibleFraction?: number;
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

/** The MIME type of a video file by its extension (SPEC 5's video extensions), for its `<source type>`. */
export function videoType(src: string): string | undefined {
  const types: Record<string, string> = {
    mp4: "video/mp4",
    webm: "video/webm",
    ogg: "video/ogg",
    mov: "video/quicktime",
  };
  return types[fileExtension(src)];
}

/** A video's files, the phone's first (by its media query): the last one failing means none could play. */
function VideoSources({ src, phoneSrc }: { src: string; phoneSrc?: string }) {
  // the first frame is where the video starts: browsers that load only metadata (Safari) paint it then
  return (
    <>
      {phoneSrc === undefined ? null : (
        <source src={`${phoneSrc}#t=0.001`} type={videoType(phoneSrc)} media={PHONE_QUERY} />
      )}
      <source src={`${src}#t=0.001`} type={videoType(src)} />
    </>
  );
}

/**
 * A silent, looping background video (SPEC 2: muted, looping, autoplaying,
 * inline). Under prefers-reduced-motion it never starts: it shows its first
 * frame (standalone ones with controls). The HTML assumes reduced motion (no
 * autoplay attribute) and loads nothing (preload="none"), so no frame moves
 * and no byte loads before the page knows the visitor's setting; then
 * app/behaviours/video.ts plays it while it is near the viewport and pauses
 * it when it leaves, or puts its label in its place where the browser plays
 * none of its files: the same module on a page without React (its marker)
 * and once hydrated (the effect below).
 */
export function AutoplayVideo({
  src,
  phoneSrc,
  visibleFraction,
  className,
  width,
  height,
  preload = "metadata",
  standalone = false,
  label,
}: AutoplayVideoProps) {
  const text = useUiText();
  const video = useRef<HTMLVideoElement>(null);
  const files = phoneSrc === undefined ? src : `${phoneSrc} ${src}`;
  const unplayableLabel = label || text.unknownFormat;
  // the behaviour module's own follower: one way to play a video, with React or without. It reads the element's
  // data attributes when it starts: a live edit of any of them starts it anew (a new file is a new element)
  useEffect(
    () => (video.current ? followVideo(video.current) : undefined),
    [files, standalone, label, visibleFraction, preload, unplayableLabel],
  );

  const sources = <VideoSources src={src} phoneSrc={phoneSrc} />;
  // SPEC 2: muted, looping, inline; the same in the <noscript> copy
  const shape = { className, width, height, muted: true, loop: true, playsInline: true };
  return (
    <>
      <video
        // a new file is a new element: a changed <source> alone does not make the video load it
        key={files}
        ref={video}
        {...shape}
        preload="none"
        aria-hidden
        // nothing loads it without scripts: app.css hides it then, and the <noscript> copy shows its first frame
        data-scripted-video=""
        {...behaviour("video")}
        data-preload={preload}
        data-visible-fraction={visibleFraction}
        data-standalone-label={standalone ? (label ?? "") : undefined}
        data-unplayable-label={unplayableLabel}
      >
        {sources}
      </video>
      <noscript>
        <video
          {...shape}
          preload="metadata"
          // a standalone video keeps the controls a browser gives it without scripts, to be played on request;
          // inside a link they would be a control within a control (app.css hides them)
          data-video-still={standalone ? undefined : ""}
          aria-hidden={standalone ? undefined : true}
          aria-label={standalone ? label || undefined : undefined}
        >
          {sources}
        </video>
      </noscript>
    </>
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
