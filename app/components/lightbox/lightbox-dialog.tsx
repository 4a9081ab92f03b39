import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { useUiText } from "~/hooks/use-language";
import { FullScreenMedia, LightboxFrame, LightboxIcon } from "./lightbox-frame";
import { fullScreenSources, type LightboxItem } from "./lightbox-item";
import styles from "./lightbox.module.css";

/** How far a finger (or a dragged pointer) travels sideways to step to the next or previous medium. */
export const SWIPE_DISTANCE_PX = 40;

const SCROLLBAR_WIDTH_PROPERTY = "--lightbox-scrollbar-width";

/** The frame's parts around the medium and the controls: a tap there is a tap beside the medium. */
const BACKDROP_PARTS = ["bar", "stage", "foot"];

export interface LightboxProps {
  items: readonly LightboxItem[];
  /** the indices the view steps through, in order */
  order: readonly number[];
  index: number;
  onStep: (index: number) => void;
  onClose: () => void;
  /** the dialog is open: the prerendered figure may go */
  onShown: () => void;
}

/**
 * Starts fetching an image's rendition for this screen, the one the view will ask for, once per file while open:
 * a detached <picture> as the view has it, so the browser picks the same format (avif or webp) and width.
 */
function prefetch(item: LightboxItem | undefined, kept: Map<string, HTMLImageElement>): void {
  if (item?.kind !== "image" || kept.has(item.src)) return;
  const sources = fullScreenSources(item.src);
  const picture = document.createElement("picture");
  for (const { type, srcSet } of sources.sources) {
    const source = document.createElement("source");
    source.type = type;
    if (sources.sizes) source.sizes = sources.sizes;
    source.srcset = srcSet;
    picture.append(source);
  }
  // in the picture, after its sources, before it has a srcset of its own: it chooses once, among all of them
  const image = picture.appendChild(new Image());
  if (sources.sizes) image.sizes = sources.sizes;
  if (sources.srcSet) image.srcset = sources.srcSet;
  image.src = sources.src;
  kept.set(item.src, image);
}

/** A step through `sequence`, counted from the medium asked for last: keys pressed faster than the URL is rendered each take one step. */
function useStep(sequence: readonly number[], index: number, onStep: (index: number) => void) {
  const latest = useRef(index);
  useEffect(() => {
    latest.current = index;
  }, [index]);
  return (delta: 1 | -1) => {
    const count = sequence.length;
    const from = sequence.indexOf(latest.current);
    const target = sequence[(Math.max(from, 0) + delta + count) % count]!;
    latest.current = target;
    onStep(target);
  };
}

/** Fetches the renditions of the next and the previous medium ahead (none when there is one), once per file while open. */
function usePrefetch(items: readonly LightboxItem[], [next, previous]: readonly number[]) {
  const prefetched = useRef(new Map<string, HTMLImageElement>());
  useEffect(() => {
    if (next === undefined) return;
    prefetch(items[next], prefetched.current);
    if (previous !== undefined) prefetch(items[previous], prefetched.current);
  }, [items, next, previous]);
}

/** Opens the dialog as a modal, the page's scrollbar width kept while it is open. */
function useShowModal(dialog: RefObject<HTMLDialogElement | null>, onShown: () => void) {
  useLayoutEffect(() => {
    const element = dialog.current;
    const root = document.documentElement;
    if (element && !element.open) {
      // measured before the page loses it (lightbox.module.css keeps its width while the view is open)
      root.style.setProperty(SCROLLBAR_WIDTH_PROPERTY, `${window.innerWidth - root.clientWidth}px`);
      element.showModal();
    }
    onShown();
    return () => {
      root.style.removeProperty(SCROLLBAR_WIDTH_PROPERTY);
    };
  }, [dialog, onShown]);
}

/** Swipes (a finger, or a dragged pointer) step; `endsSwipe` tells whether a click is the end of one. */
function useSwipe(count: number, step: (delta: 1 | -1) => void) {
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    // a video's own controls take drags (its timeline)
    swipe.current =
      event.isPrimary && !(event.target instanceof HTMLVideoElement) ? { x: event.clientX, y: event.clientY } : null;
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent<HTMLDialogElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    swiped.current = true;
    step(dx < 0 ? 1 : -1);
  };
  const onPointerCancel = () => (swipe.current = null);
  const endsSwipe = () => {
    const ended = swiped.current;
    swiped.current = false;
    return ended;
  };
  return { handlers: { onPointerDown, onPointerUp, onPointerCancel }, endsSwipe };
}

function StepControl({ direction, step }: { direction: "previous" | "next"; step: (delta: 1 | -1) => void }) {
  const text = useUiText();
  return (
    <button
      type="button"
      data-part="control"
      data-direction={direction}
      aria-label={direction === "next" ? text.lightboxNext : text.lightboxPrevious}
      onClick={() => step(direction === "next" ? 1 : -1)}
    >
      <LightboxIcon name={direction} />
    </button>
  );
}

/**
 * The full-screen view once the page runs: a modal dialog (focus stays
 * inside, the page behind is inert and stands still) with the medium as
 * large as the screen allows, "3 / 9", its caption or alt text, and
 * previous / next by buttons, arrow keys and swipes. Escape, the close
 * button and a tap beside the medium close it. The neighbours' renditions
 * are fetched ahead. What is open is the URL's business (LightboxView):
 * the dialog asks for steps and for closing, and shows what it is given.
 */
export function Lightbox({ items, order, index, onStep, onClose, onShown }: LightboxProps) {
  const text = useUiText();
  // read once the page runs (the dialog never renders before): a video starts with sound unless motion is unwelcome
  const autoPlay = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const dialog = useRef<HTMLDialogElement>(null);
  const sequence = order.includes(index) ? order : items.map((_, position) => position);
  const position = sequence.indexOf(index);
  const count = sequence.length;
  const next = sequence[(position + 1) % count]!;
  const previous = sequence[(position + count - 1) % count]!;
  const item = items[index]!;
  const step = useStep(sequence, index, onStep);
  useShowModal(dialog, onShown);

  usePrefetch(items, count < 2 ? [] : [next, previous]);
  const swipe = useSwipe(count, step);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // a focused video seeks with the arrow keys
    if (count < 2 || event.target instanceof HTMLVideoElement) return;
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    step(event.key === "ArrowRight" ? 1 : -1);
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // the click that ends a mouse drag is no tap on the backdrop
    if (swipe.endsSwipe()) return;
    const target = event.target as Element;
    if (target === event.currentTarget || BACKDROP_PARTS.includes(target.getAttribute("data-part") ?? "")) onClose();
  };
  // Escape: the URL closes the view (Back when this page opened it), not the dialog on its own. A cancel the
  // page may not stop (Chromium's, without a user activation since the last) closes the dialog anyway: its
  // close event then closes the view, once; closing twice would go Back twice, off the page.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!event.nativeEvent.cancelable) return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={styles.lightbox}
      aria-label={text.lightboxLabel}
      onCancel={onCancel}
      // closed by the browser itself (an Escape it did not let the page cancel): the URL follows
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={onClick}
      {...swipe.handlers}
    >
      <LightboxFrame
        item={item}
        position={position + 1}
        count={count}
        media={<FullScreenMedia key={index} item={item} autoPlay={autoPlay} />}
        close={
          <button type="button" data-part="control" aria-label={text.lightboxClose} onClick={onClose}>
            <LightboxIcon name="close" />
          </button>
        }
        previous={count > 1 ? <StepControl direction="previous" step={step} /> : null}
        next={count > 1 ? <StepControl direction="next" step={step} /> : null}
      />
    </dialog>
  );
}
