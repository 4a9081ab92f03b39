import { Link } from "react-router";
import type { OtherProject } from "~/content/article";
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

/** Two other articles, each with its header image and title, linking to /articles/{slug}. */
export function OtherProjects({ projects }: { projects: OtherProject[] }) {
  if (projects.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="other-projects-heading">
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
