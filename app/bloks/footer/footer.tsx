import type { CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import { LazyImage } from "~/components/lazy-image/lazy-image";
import { isAboutPath } from "~/content/about-variant";
import type { FooterView, SiteLink } from "~/content/layout";
import { useUiText } from "~/hooks/use-language";
import { behaviour } from "~/behaviours/markers";
import { observeWave } from "~/behaviours/footer-wave";
import styles from "./footer.module.css";

function FooterLink({ link }: { link: SiteLink }) {
  if (link.internal) {
    return (
      <Link className={styles.link} to={link.href}>
        {link.label}
      </Link>
    );
  }
  return (
    <a className={styles.link} href={link.href}>
      {link.label}
    </a>
  );
}

/** A longer text is shown still: one animated element per letter of a pasted paragraph would stall the page. */
const MAX_WAVE_LETTERS = 64;

/**
 * The very large logo word. Each letter animates its weight 300 -> 500 -> 300
 * (6 s), 150 ms after the one before (SPEC section 9). Screen readers read the
 * word once, from the wrapper's label.
 *
 * An animated font-weight costs a style and layout pass every frame, so the
 * wave runs only while the word is in or near the viewport (observeWave, the
 * footer-wave behaviour on a page without React); until a script runs, the
 * word stands still at weight 300.
 */
function WaveWord({ text }: { text: string }) {
  const letters = Array.from(text);
  const waves = letters.length <= MAX_WAVE_LETTERS;
  return (
    <div
      ref={waves ? observeWave : undefined}
      className={styles.logoBig}
      {...(waves ? behaviour("footer-wave") : {})}
      role="img"
      aria-label={text}
      style={{ "--letters": waves ? Math.max(letters.length, 4) : letters.length } as CSSProperties}
    >
      {waves
        ? letters.map((letter, index) => (
            <span
              // letters repeat; their position is their identity
              key={index}
              className={styles.letter}
              data-letter={letter}
              aria-hidden="true"
              style={{ "--i": index } as CSSProperties}
            >
              <span className={styles.glyph}>{letter}</span>
            </span>
          ))
        : text}
    </div>
  );
}

/** The site footer (SPEC section 2). */
export function Footer({ blok }: { blok: FooterView | null }) {
  const text = useUiText();
  const { pathname } = useLocation();
  const variant = isAboutPath(pathname) ? "pink" : "default";

  if (!blok) {
    return (
      <footer className={styles.footer} data-variant={variant}>
        <p className={styles.loading} role="status">
          {text.loadingFooter}
        </p>
      </footer>
    );
  }

  return (
    <footer className={styles.footer} data-variant={variant} {...blok.editable}>
      <div className={styles.columns}>
        {blok.text ? <p className={styles.text}>{blok.text}</p> : null}
        <ul className={styles.links} role="list">
          <li>
            <FooterLink link={blok.imprint} />
          </li>
          {blok.email ? (
            <li>
              <FooterLink link={blok.email} />
            </li>
          ) : null}
          {blok.social ? (
            <li>
              <a
                className={styles.social}
                href={blok.social.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${blok.social.label} (${text.opensInNewTab})`}
              >
                {blok.social.icon ? (
                  <LazyImage
                    className={styles.socialIcon}
                    src={blok.social.icon.src}
                    alt=""
                    width={blok.social.icon.width ?? 24}
                    height={blok.social.icon.height ?? 24}
                  />
                ) : (
                  <span aria-hidden="true">{blok.social.label}</span>
                )}
              </a>
            </li>
          ) : null}
        </ul>
        {blok.copyright ? <p className={styles.copyright}>{blok.copyright}</p> : null}
      </div>
      {blok.logoBig ? <WaveWord text={blok.logoBig} /> : null}
    </footer>
  );
}
