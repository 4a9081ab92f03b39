import type { ReactNode } from "react";
import { useLangOf, useUiText } from "~/hooks/use-language";
import { mediaSizeStyle, type LightboxItem } from "./lightbox-item";

const ICON_PATHS = {
  close: "M6 6l12 12M18 6L6 18",
  previous: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
} as const;

export function LightboxIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

/**
 * A video of the view: with controls and sound allowed, drawn at its own
 * proportions, looping as every video of the site does (SPEC 2, 5). It loads
 * nothing while hidden; app/behaviours/lightbox.ts plays it once shown.
 */
export function LightboxVideo({ item }: { item: LightboxItem }) {
  return (
    <video
      data-part="media"
      style={mediaSizeStyle(item.src)}
      src={item.src}
      controls
      loop
      playsInline
      preload="none"
      aria-label={item.alt || item.caption || undefined}
    />
  );
}

interface LightboxFrameProps {
  item: LightboxItem;
  /** 1-based, as the counter shows it */
  position: number;
  count: number;
  media: ReactNode;
  close: ReactNode;
  /** null when there is only one medium */
  previous: ReactNode;
  next: ReactNode;
}

/** What a figure of the view shows: "3 / 9" and close, the medium, then previous, caption and next. */
export function LightboxFrame({ item, position, count, media, close, previous, next }: LightboxFrameProps) {
  const text = useUiText();
  const langOf = useLangOf();
  // the caption's words are the item's caption, else its alt text (in its own language); the credit is the page's
  const captionLang = langOf(item.caption ? item.captionLanguage : item.altLanguage);
  const caption = item.caption || item.alt;
  return (
    <>
      <div data-part="bar">
        <p data-part="counter" aria-live="polite">
          <span aria-hidden="true">
            {position} / {count}
          </span>
          <span className="visually-hidden">{text.carouselSlideLabel(position, count)}</span>
        </p>
        {close}
      </div>
      <div data-part="stage">{media}</div>
      <div data-part="foot">
        {previous}
        <p data-part="caption">
          {captionLang && caption ? <span lang={captionLang}>{caption}</span> : caption}
          {item.copyright ? <small data-part="credit">{text.imageCredit(item.copyright)}</small> : null}
        </p>
        {next}
      </div>
    </>
  );
}
