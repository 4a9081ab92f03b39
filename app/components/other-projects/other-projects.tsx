import { useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { OTHER_PROJECTS_COUNT, pickOtherProjects, type OtherProject } from "~/content/article";
import { imageServiceUrl, imageSrcSet, isTransformable } from "~/content/image-service";
import { REDUCED_MOTION_QUERY } from "~/hooks/use-media-query";
import styles from "./other-projects.module.css";

export const OTHER_PROJECTS_HEADING = "Other Projects";

const CARD_WIDTHS = [480, 720, 960, 1280] as const;

/** SPEC 2: following a card scrolls to the top; instantly when motion is reduced. */
export function scrollToTop(): void {
  const reduced = typeof window.matchMedia === "function" && window.matchMedia(REDUCED_MOTION_QUERY).matches;
  window.scrollTo({ top: 0, left: 0, behavior: reduced ? "instant" : "smooth" });
}

/**
 * SPEC 2: two randomly chosen other articles. The prerendered page shows the
 * first two candidates (themselves a random choice of the build); in the
 * browser two are drawn anew on every visit, unless the section is already
 * in view, where a swap would be a visible flash.
 */
function useVisitChoice(candidates: OtherProject[], section: RefObject<HTMLElement | null>): OtherProject[] {
  const [choice, setChoice] = useState<{ from: OtherProject[]; picked: OtherProject[] } | null>(null);
  useEffect(() => {
    const box = section.current?.getBoundingClientRect();
    if (box && box.top < window.innerHeight && box.bottom > 0) return;
    setChoice({ from: candidates, picked: pickOtherProjects(candidates, "", Math.random, OTHER_PROJECTS_COUNT) });
  }, [candidates, section]);
  return choice?.from === candidates ? choice.picked : candidates.slice(0, OTHER_PROJECTS_COUNT);
}

/** Two other articles, each with its header image and title, linking to /articles/{slug}. */
export function OtherProjects({ projects: candidates }: { projects: OtherProject[] }) {
  const section = useRef<HTMLElement>(null);
  const projects = useVisitChoice(candidates, section);
  if (projects.length === 0) return null;
  return (
    <section ref={section} className={styles.section} aria-labelledby="other-projects-heading">
      <h2 id="other-projects-heading" className={styles.heading}>
        {OTHER_PROJECTS_HEADING}
      </h2>
      <ul className={styles.list}>
        {projects.map((project) => {
          const transformable = isTransformable(project.image);
          return (
            <li key={project.slug} className={styles.item}>
              <Link to={project.href} prefetch="intent" className={styles.card} onClick={scrollToTop}>
                <span className={styles.frame}>
                  {project.image ? (
                    <img
                      className={styles.image}
                      src={
                        transformable
                          ? imageServiceUrl(project.image, { width: 960, filters: { quality: 70, format: "webp" } })
                          : project.image
                      }
                      srcSet={imageSrcSet(project.image, CARD_WIDTHS)}
                      sizes={transformable ? "(max-width: 768px) 100vw, 50vw" : undefined}
                      width={project.width ?? undefined}
                      height={project.height ?? undefined}
                      // the title beside it names the link; an alt text repeating it would be read twice
                      alt={project.alt === project.title ? "" : project.alt}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : null}
                </span>
                <span className={styles.title}>{project.title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
