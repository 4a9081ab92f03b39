import { useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import { OTHER_PROJECTS_COUNT, pickOtherProjects, type OtherProject } from "~/content/other-projects";
import { useUiText } from "~/hooks/use-language";
import styles from "./other-projects.module.css";

/**
 * SPEC 2: two randomly chosen other articles. The prerendered page shows the
 * first two candidates (themselves a random choice of the build); in the
 * browser two are drawn anew on every visit, unless the section is already
 * in view, where a swap would be a visible flash. The draw stands while the
 * candidates are the same articles: the visual editor's edit of one of them
 * shows on its card, it does not deal new cards.
 */
function useVisitChoice(candidates: OtherProject[], section: RefObject<HTMLElement | null>): OtherProject[] {
  const pool = candidates.map((project) => project.storyId ?? project.slug).join(" ");
  const [choice, setChoice] = useState<{ pool: string; picked: number[] } | null>(null);
  useEffect(() => {
    const box = section.current?.getBoundingClientRect();
    if (box && box.top < window.innerHeight && box.bottom > 0) return;
    const picked = pickOtherProjects(candidates, "", Math.random, OTHER_PROJECTS_COUNT);
    const drawn = { pool, picked: picked.map((project) => candidates.indexOf(project)) };
    setChoice((current) => (current?.pool === pool ? current : drawn));
  }, [candidates, pool, section]);
  return choice?.pool === pool
    ? choice.picked.map((index) => candidates[index]!)
    : candidates.slice(0, OTHER_PROJECTS_COUNT);
}

/** Two other articles, each with its header image and title, linking to /articles/{slug}. */
export function OtherProjects({ projects: candidates }: { projects: OtherProject[] }) {
  const text = useUiText();
  const section = useRef<HTMLElement>(null);
  const projects = useVisitChoice(candidates, section);
  if (projects.length === 0) return null;
  return (
    <section ref={section} className={styles.section} aria-labelledby="other-projects-heading">
      <h2 id="other-projects-heading" className={styles.heading}>
        {text.otherProjects}
      </h2>
      <ul className={styles.list}>
        {projects.map((project) => (
          <ProjectCard key={project.slug} project={project} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One card. SPEC 2, following it scrolls to the top: the router's scroll restoration (root.tsx) puts the next article
 * at the top once it has rendered, as on every new page. No smooth scroll of our own on the click: it would
 * still be running at that reset, and Chromium lets the cancelled animation write one more frame after it,
 * leaving the page a few pixels down.
 */
function ProjectCard({ project }: { project: OtherProject }) {
  return (
    <li className={styles.item}>
      <Link to={project.href} prefetch="intent" className={styles.card}>
        <span className={styles.frame}>
          {project.image ? (
            <ResponsiveImage
              className={styles.image}
              src={project.image}
              renditions={IMAGE_SLOTS.projectCard}
              sizes="(max-width: 768px) 100vw, 50vw"
              // the title beside it names the link; an alt text repeating it would be read twice
              alt={project.alt === project.title ? "" : project.alt}
            />
          ) : null}
        </span>
        <span className={styles.title}>{project.title}</span>
      </Link>
    </li>
  );
}
