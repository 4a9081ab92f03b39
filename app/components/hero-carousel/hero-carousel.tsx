import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { CarouselDots, slideTimeline } from "~/components/carousel-dots/carousel-dots";
import { ContentLink } from "~/components/content-link/content-link";
import { HeroMedia } from "~/components/hero-media/hero-media";
import type { HeroSlide } from "~/content/home";
import { usePrefersReducedMotion } from "~/hooks/use-media-query";
import { useUiText } from "~/hooks/use-language";
import styles from "./hero-carousel.module.css";
import { behaviour } from "~/behaviours/markers";
import { focusFollowsKey, followScrollPosition, followWheel, scrollToSlide, slideForKey } from "~/behaviours/carousel";

// layout effects warn during prerendering; there is nothing to measure there anyway
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The carousel's row and its selected slide: the slide scrolled to, by the dots, the wheel and the keys, or
 * by touch and trackpad.
 */
function useCarouselTrack() {
  const track = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const reducedMotion = usePrefersReducedMotion();

  const goTo = useCallback(
    (index: number) => {
      const element = track.current;
      if (!element) return;
      const target = scrollToSlide(element, index, reducedMotion);
      if (target !== null) setSelected(target);
    },
    [reducedMotion],
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
    return element ? followScrollPosition(element, setSelected) : undefined;
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    return followWheel(element, (direction) => latest.current.goTo(latest.current.selected + direction));
  }, []);
  return { track, selected, goTo };
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
  const { track, selected, goTo } = useCarouselTrack();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = slideForKey(event, selected, slides.length);
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
    focusFollowsKey(event.currentTarget, event.target, target);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={text.carouselLabel}
      {...behaviour("carousel")}
      // the slides' view timelines, which the dots follow before hydration, reach the dots (carousel-dots.module.css)
      style={{ timelineScope: slideIds.map(slideTimeline).join(", ") }}
    >
      <div
        id={trackId}
        ref={track}
        className={styles.track}
        data-carousel-track=""
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
            style={{ viewTimeline: `${slideTimeline(slideIds[index]!)} inline` }}
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
