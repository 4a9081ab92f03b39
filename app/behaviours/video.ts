/**
 * Background videos play while near the viewport, on a page without React
 * and, by followVideo, on a hydrated one (app/components/autoplay-video). The
 * prerendered `<video data-behaviour="video">` loads nothing
 * (`preload="none"`, no autoplay) and assumes reduced motion; this starts it
 * within NEAR_VIEWPORT of the viewport (with `data-visible-fraction`, once
 * that much of it shows) and pauses it out of it. Under reduced motion it
 * stays still, a standalone one (`data-standalone-label`) with the
 * browser's controls. A video no source of which this browser plays gives
 * its place to its label (`data-unplayable-label`): it stays in the page,
 * hidden (`data-unplayable`), the element React rendered.
 */

import { reducedMotionList } from "./media-queries";

export const NEAR_VIEWPORT = "200px";

function playable(video: HTMLVideoElement): boolean {
  const types = [...video.querySelectorAll("source")].map((source) => source.type).filter(Boolean);
  // a DOM that plays no video at all (a test DOM) is left alone
  if (!["video/mp4", "video/webm"].some((type) => video.canPlayType(type) !== "")) return true;
  return types.length === 0 || types.some((type) => video.canPlayType(type) !== "");
}

/** The video's stand-in where it cannot play: its label in a box of its size; returns the function that removes it. */
function showLabel(video: HTMLVideoElement): () => void {
  const box = video.ownerDocument.createElement("span");
  box.className = video.className;
  box.setAttribute("data-unplayable-video", "");
  box.style.display = "grid";
  box.style.placeItems = "center";
  const width = video.getAttribute("width");
  const height = video.getAttribute("height");
  if (width && height) box.style.aspectRatio = `${width} / ${height}`;
  box.textContent = video.getAttribute("data-unplayable-label") ?? "";
  // hidden, not removed: React removes the element it rendered when the component goes
  video.setAttribute("data-unplayable", "");
  video.style.display = "none";
  video.after(box);
  return () => {
    box.remove();
    video.removeAttribute("data-unplayable");
    video.style.removeProperty("display");
  };
}

/** Follows one video; returns the function that stops it. */
export function followVideo(video: HTMLVideoElement): () => void {
  if (!playable(video)) return showLabel(video);
  // a decorative loop is no picture-in-picture video; the property, because HTML has no such attribute
  video.disablePictureInPicture = true;
  const motion = reducedMotionList();
  const standaloneLabel = video.getAttribute("data-standalone-label");
  const fraction = Number(video.getAttribute("data-visible-fraction") ?? 0);
  let near = typeof IntersectionObserver !== "function";

  const update = () => {
    const reduced = motion?.matches ?? false;
    if (standaloneLabel !== null) {
      video.controls = reduced;
      if (reduced) {
        video.removeAttribute("aria-hidden");
        if (standaloneLabel) video.setAttribute("aria-label", standaloneLabel);
      } else {
        video.setAttribute("aria-hidden", "true");
        video.removeAttribute("aria-label");
      }
    }
    if (reduced || !near) {
      video.pause();
      return;
    }
    video.preload = video.getAttribute("data-preload") === "none" ? "none" : "metadata";
    video.autoplay = true;
    if (video.paused) video.play()?.catch(() => {});
  };

  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            const entry = entries[entries.length - 1];
            if (!entry) return;
            near = entry.isIntersecting && entry.intersectionRatio >= fraction;
            update();
          },
          { rootMargin: NEAR_VIEWPORT, threshold: fraction },
        )
      : null;
  observer?.observe(video);
  motion?.addEventListener?.("change", update);
  // the last source failing means none could play
  const last = [...video.querySelectorAll("source")].at(-1);
  let label: (() => void) | null = null;
  const onError = () => {
    label ??= showLabel(video);
  };
  last?.addEventListener("error", onError);
  update();
  return () => {
    observer?.disconnect();
    motion?.removeEventListener?.("change", update);
    last?.removeEventListener("error", onError);
    label?.();
  };
}

export function start(document: Document): void {
  for (const video of document.querySelectorAll<HTMLVideoElement>('video[data-behaviour~="video"]')) followVideo(video);
}
