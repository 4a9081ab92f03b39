import { ContentLink } from "~/components/content-link/content-link";
import { HeroCarousel } from "~/components/hero-carousel/hero-carousel";
import { HeroMedia } from "~/components/hero-media/hero-media";
import type { HeroContent } from "~/content/home";
import { useUiText } from "~/hooks/use-language";
import { isMp4 } from "~/content/media-type";
import { behaviour } from "~/behaviours/markers";
import styles from "./hero.module.css";

/** The home hero: one full-bleed slide, or the carousel when CaruselYN is on. */
export function Hero({ hero }: { hero: HeroContent }) {
  const text = useUiText();
  const first = hero.slides[0];
  if (!first) {
    return (
      <p className={styles.loading} role="status">
        {text.loading}
      </p>
    );
  }
  if (hero.carousel) return <HeroCarousel slides={hero.slides} />;
  return (
    <section
      className={styles.hero}
      aria-label={text.heroLabel}
      {...first.editable}
      // a video picks its file, or a video and an image their element, by the window's width once the page runs
      {...(isMp4(first.desktop.filename) || isMp4(first.phone.filename) ? behaviour("hero-media") : {})}
    >
      <ContentLink link={first.link} className={styles.link}>
        <HeroMedia desktop={first.desktop} phone={first.phone} priority sizes="100vw" />
      </ContentLink>
    </section>
  );
}
