import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { assetDimensions } from "~/content/image-service";
import { fileExtension } from "~/content/media-type";
import { useInView } from "~/hooks/use-in-view";
import { PHONE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from "~/hooks/use-media-query";
import { useUiText } from "~/hooks/use-language";
import { behaviour } from "~/behaviours/markers";

/** How close to the viewport a video starts loading (and playing); out of it, it pauses. */
export const NEAR_VIEWPORT = "200px";

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
   * By default any part within NEAR_VIEWPORT; a carousel's next slide, of
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

function canPlayVideo(element: HTMLVideoElement, type: string | undefined): boolean {
  return type ? element.canPlayType(type) !== "" : element.canPlayType("video/mp4") !== "";
}

/** The video element, observed: `near` once it comes within NEAR_VIEWPORT (or `visibleFraction` of it shows). */
function useNearViewport(visibleFraction: number | undefined) {
  const video = useRef<HTMLVideoElement>(null);
  const { ref: observe, inView } = useInView<HTMLVideoElement>({
    rootMargin: NEAR_VIEWPORT,
    threshold: visibleFraction,
  });
  const [noObserver, setNoObserver] = useState(false);
  useEffect(() => setNoObserver(typeof IntersectionObserver === "undefined"), []);
  // Nothing is downloaded before the video is near the viewport (nor in the prerendered HTML):
  // videos further down must not take bandwidth from the first paint.
  const near = inView === true || noObserver;
  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      // a decorative loop is no picture-in-picture video; the property, because HTML has no such attribute
      if (element) element.disablePictureInPicture = true;
      observe(element);
    },
    [observe],
  );
  return { video, setVideo, near };
}

/**
 * Whether the browser can play none of the video's files. A browser that cannot play the file shows an empty box
 * where the video would be: it gets the frame's still instead (the label on the frame's own background). Kept per
 * file: a live edit's new file is tried anew.
 */
function useUnplayableFiles(video: RefObject<HTMLVideoElement | null>, src: string, phoneSrc: string | undefined) {
  const type = videoType(src);
  const phoneType = phoneSrc === undefined ? undefined : videoType(phoneSrc);
  const files = phoneSrc === undefined ? src : `${phoneSrc} ${src}`;
  const [unplayableFiles, setUnplayableFiles] = useState<string | null>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || !type) return;
    // a DOM that plays no video at all (a test DOM) is left alone
    const playsSomeVideo = ["video/mp4", "video/webm"].some((other) => element.canPlayType(other) !== "");
    const playable = [type, phoneType].some((each) => each !== undefined && element.canPlayType(each) !== "");
    if (playsSomeVideo && !playable) setUnplayableFiles(files);
  }, [video, type, phoneType, files]);
  return {
    type,
    files,
    unplayable: unplayableFiles === files,
    markUnplayable: () => setUnplayableFiles(files),
  };
}

/** A video's files, the phone's first (by its media query): the last one failing means none could play. */
function VideoSources({ src, phoneSrc, onUnplayable }: { src: string; phoneSrc?: string; onUnplayable: () => void }) {
  // the first frame is where the video starts: browsers that load only metadata (Safari) paint it then
  return (
    <>
      {phoneSrc === undefined ? null : (
        <source src={`${phoneSrc}#t=0.001`} type={videoType(phoneSrc)} media={PHONE_QUERY} />
      )}
      <source src={`${src}#t=0.001`} type={videoType(src)} onError={onUnplayable} />
    </>
  );
}

/** Plays the video while it is near and motion is welcome; pauses it otherwise. */
function usePlayWhileNear(
  video: RefObject<HTMLVideoElement | null>,
  { near, reducedMotion, type }: { near: boolean; reducedMotion: boolean; type: string | undefined },
) {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (reducedMotion || !near) {
      element.pause();
      return;
    }
    // The autoplay attribute arrives with hydration, after the browser has chosen not to play; a
    // browser that plays no video at all (or a test DOM) is left alone.
    if (element.paused && canPlayVideo(element, type)) {
      element.play()?.catch(() => {
        // playback refused (e.g. data saver): the first frame stays
      });
    }
  }, [video, reducedMotion, near, type]);
}

/** The frame's still where no file can play: the label on the frame's own background, in the video's shape. */
function UnplayableVideo({
  className,
  width,
  height,
  label,
}: Pick<AutoplayVideoProps, "className" | "width" | "height" | "label">) {
  const text = useUiText();
  return (
    <span
      className={className}
      data-unplayable-video=""
      style={{
        display: "grid",
        placeItems: "center",
        aspectRatio: width && height ? `${width} / ${height}` : undefined,
      }}
    >
      {label || text.unknownFormat}
    </span>
  );
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
  phoneSrc,
  visibleFraction,
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
  const { video, setVideo, near } = useNearViewport(visibleFraction);
  const { type, files, unplayable, markUnplayable } = useUnplayableFiles(video, src, phoneSrc);
  usePlayWhileNear(video, { near, reducedMotion, type });

  const withControls = knownReducedMotion && standalone;
  const text = useUiText();
  if (unplayable) return <UnplayableVideo className={className} width={width} height={height} label={label} />;
  const sources = <VideoSources src={src} phoneSrc={phoneSrc} onUnplayable={markUnplayable} />;
  // SPEC 2: muted, looping, inline; the same in the <noscript> copy
  const shape = { className, width, height, muted: true, loop: true, playsInline: true };
  return (
    <>
      <video
        // a new file is a new element: a changed <source> alone does not make the video load it
        key={files}
        ref={setVideo}
        {...shape}
        autoPlay={near && !reducedMotion}
        controls={withControls || undefined}
        preload={near ? preload : "none"}
        aria-hidden={withControls ? undefined : true}
        aria-label={withControls ? label || undefined : undefined}
        // nothing loads it without scripts: app.css hides it then, and the <noscript> copy shows its first frame
        data-scripted-video=""
        // what a page without React plays it by (app/behaviours/video.ts)
        {...behaviour("video")}
        data-preload={preload}
        data-visible-fraction={visibleFraction}
        data-standalone-label={standalone ? (label ?? "") : undefined}
        data-unplayable-label={label || text.unknownFormat}
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
