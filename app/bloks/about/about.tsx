import type { CSSProperties } from "react";
import { FirstBlockContext } from "~/components/about-media/about-media";
import type { AboutPage } from "~/content/about";
import { renderBlok } from "../registry";
import styles from "./about.module.css";

/** SPEC 9: blocks fade and slide in, 0.15 s apart, each for 0.6 s. */
const STAGGER_SECONDS = 0.15;
const FADE_SECONDS = 0.6;

/** The animation timing of the block at `index`, in seconds. */
export function aboutBlockTiming(index: number): { delay: number; duration: number } {
  return { delay: Math.round(index * STAGGER_SECONDS * 100) / 100, duration: FADE_SECONDS };
}

/** `about`: the page's body bloks through the registry, each fading in 0.15 s after the one before. */
export function AboutBody({ page }: { page: AboutPage }) {
  const blocks = page.body.flatMap((blok) => renderBlok(blok) ?? []);
  return (
    <>
      <h1 className="visually-hidden">{page.name}</h1>
      {blocks.map((block, index) => {
        const { delay, duration } = aboutBlockTiming(index);
        const style = { "--about-delay": `${delay}s`, "--about-duration": `${duration}s` } as CSSProperties;
        return (
          <div
            key={block.key ?? index}
            className={index === 0 ? `${styles.stagger} ${styles.first}` : styles.stagger}
            style={style}
          >
            <FirstBlockContext value={index === 0}>{block}</FirstBlockContext>
          </div>
        );
      })}
    </>
  );
}
