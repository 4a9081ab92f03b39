import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { CarouselDots } from "~/components/carousel-dots/carousel-dots";
import { ContentLink } from "~/components/content-link/content-link";
import { HeroMedia } from "~/components/hero-media/hero-media";
import type { HeroSlide } from "~/content/home";
import { usePrefersReducedMotion } from "~/hooks/use-media-query";
import { useUiText } from "~/hooks/use-language";
import styles from "./hero-carousel.module.css";
import { behaviour } from "~/behaviours/markers";

/** SPEC 9: a horizontal wheel movement of more than 150 px changes the slide ... */
export const WHEEL_THRESHOLD_PX = 150;
/** ... and further wheel input is ignored for 300 ms after a change. */
export const WHEEL_PAUSE_MS = 300;

const LINE_HEIGHT_PX = 16;

// layout effects warn during prerendering; there is nothing to measure there anyway
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The slide whose centre is nearest the centre of the visible row. */
function slideNearestCentre(track: HTMLElement): number {
  const centre = track.scrollLeft + track.clientWidth / 2;
  let nearest = 0;
  let best = Infinity;
  Array.from(track.children).forEach((child, index) => {
    const slide = child as HTMLElement;
    const distance = Math.abs(slide.offsetLeft + slide.offsetWidth / 2 - centre);
    if (distance < best) {
      best = distance;
      nearest = index;
    }
  });
  return nearest;
}

function wheelPixels(event: WheelEvent, pageWidth: number): number {
  if (event.deltaMode === 1) return event.deltaX * LINE_HEIGHT_PX;
  if (event.deltaMode === 2) return event.deltaX * pageWidth;
  return event.deltaX;
}

/**
 * The hero carousel: a CSS scroll-snap row of 95%-wide slides with dots.
 * Touch and trackpad scroll it natively; horizontal mouse-wheel swipes move
 * one slide per 150 px with a 300 ms pause; arrow keys work when focused.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const text = useUiText();
  const trackId = useId();
  // one hero per page: stable fragment ids the dots link to
  const slideIds = slides.map((_, index) => `hero-slide-${index + 1}`);
  const track = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const reducedMotion = usePrefersReducedMotion();

  const goTo = useCallback(
    (index: number) => {
      const element = track.current;
      if (!element) return;
      const target = Math.min(Math.max(index, 0), slides.length - 1);
      const slide = element.children[target] as HTMLElement | undefined;
      if (!slide) return;
      element.scrollTo({
        left: Math.max(0, slide.offsetLeft + slide.offsetWidth / 2 - element.clientWidth / 2),
        behavior: reducedMotion ? "auto" : "smooth",
      });
      setSelected(target);
    },
    [slides.length, reducedMotion],
  );

  // the wheel listener is attached once; it reads the latest state through refs
  const latest = useRef({ selected, goTo });
  useIsomorphicLayoutEffect(() => {
    latest.current = { selected, goTo };
  });

  // the selected slide follows the scroll position (touch, trackpad, dots), from
  // the moment of hydration: a dot tapped or a swipe made before it has moved the row
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    setSelected(slideNearestCentre(element));
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setSelected(slideNearestCentre(element)));
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      element.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    let accumulated = 0;
    let paused = false;
    let pauseTimer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (event: WheelEvent) => {
      const dx = wheelPixels(event, element.clientWidth);
      // vertical wheel movement scrolls the page as usual
      if (Math.abs(dx) <= Math.abs(event.deltaY)) return;
      // horizontal movement is ours: no native scrolling on top of the slide change
      event.preventDefault();
      if (paused) return;
      if (accumulated !== 0 && Math.sign(dx) !== Math.sign(accumulated)) accumulated = 0;
      accumulated += dx;
      if (Math.abs(accumulated) <= WHEEL_THRESHOLD_PX) return;
      const { selected: current, goTo: go } = latest.current;
      go(current + Math.sign(accumulated));
      accumulated = 0;
      paused = true;
      pauseTimer = setTimeout(() => {
        paused = false;
      }, WHEEL_PAUSE_MS);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      element.removeEventListener("wheel", onWheel);
      clearTimeout(pauseTimer);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowRight: selected + 1,
      Home: 0,
      End: slides.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={text.carouselLabel}
      {...behaviour("carousel")}
    >
      <div
        id={trackId}
        ref={track}
        className={styles.track}
        tabIndex={0}
        role="group"
        aria-label={text.carouselTrackLabel}
        onKeyDown={onKeyDown}
      >
        {slides.map((slide, index) => (
          <div
            key={slide.key}
            id={slideIds[index]}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={text.carouselSlideLabel(index + 1, slides.length)}
            {...slide.editable}
          >
            <ContentLink link={slide.link} className={styles.link}>
              <HeroMedia desktop={slide.desktop} phone={slide.phone} priority={index === 0} sizes="95vw" />
            </ContentLink>
          </div>
        ))}
      </div>
      <CarouselDots slideIds={slideIds} selected={selected} onSelect={goTo} controls={trackId} />
    </section>
  );
}
