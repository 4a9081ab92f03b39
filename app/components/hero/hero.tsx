import { ContentLink } from "~/components/content-link/content-link";
import { HeroCarousel } from "~/components/hero-carousel/hero-carousel";
import { HeroMedia } from "~/components/hero-media/hero-media";
import type { HeroContent } from "~/content/home";
import { useUiText } from "~/hooks/use-language";
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
    <section className={styles.hero} aria-label={text.heroLabel} {...first.editable}>
      <ContentLink link={first.link} className={styles.link}>
        <HeroMedia desktop={first.desktop} phone={first.phone} priority sizes="100vw" />
      </ContentLink>
    </section>
  );
}
