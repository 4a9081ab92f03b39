import { useState } from "react";
import { Link } from "react-router";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import { OTHER_PROJECTS_COUNT, pickOtherProjects, type OtherProject } from "~/content/other-projects";
import { useLangOf, useUiText } from "~/hooks/use-language";
import { behaviour } from "~/behaviours/markers";
import styles from "./other-projects.module.css";

/** The list of every candidate; the draw marks the shown ones `data-picked`. */
const LIST_ID = "other-projects-list";

/** The places of the candidates first shown: what the page's draw picked, or a draw of our own. */
function firstDraw(candidates: readonly OtherProject[], pool: string): number[] {
  // the prerendered page, and the page without scripts, show the first two
  if (import.meta.env.SSR) return candidates.slice(0, OTHER_PROJECTS_COUNT).map((_, index) => index);
  const list = document.getElementById(LIST_ID);
  if (list?.dataset.pool === pool) {
    return [...list.children].flatMap((item, index) => (item.hasAttribute("data-picked") ? [index] : []));
  }
  // a page the router renders in the browser has no draw of the parser's: it draws here, before its first paint
  return pickOtherProjects(candidates, "", Math.random, OTHER_PROJECTS_COUNT).map((project) =>
    candidates.indexOf(project),
  );
}

/**
 * SPEC 2: two randomly chosen other articles, drawn before the first paint and kept. The prerendered page
 * carries the whole pool (themselves a random choice of the build); a production page draws two from it with a
 * plain script as it is parsed (app/behaviours/other-projects.ts), and hydration takes that draw over, so nothing a visitor has seen changes. The draw stands
 * while the candidates are the same articles: the visual editor's edit of one of them shows on its card, it
 * does not deal new cards.
 */
function useDraw(candidates: readonly OtherProject[]): { pool: string; picked: Set<number> } {
  const pool = candidates.map((project) => project.storyId ?? project.slug).join(" ");
  const [draw, setDraw] = useState(() => ({ pool, picked: firstDraw(candidates, pool) }));
  if (draw.pool !== pool) {
    const picked = pickOtherProjects(candidates, "", Math.random, OTHER_PROJECTS_COUNT);
    setDraw({ pool, picked: picked.map((project) => candidates.indexOf(project)) });
  }
  return { pool, picked: new Set(draw.picked) };
}

/** Two other articles, each with its header image and title, linking to /articles/{slug}. */
export function OtherProjects({ projects: candidates }: { projects: OtherProject[] }) {
  const text = useUiText();
  const { pool, picked } = useDraw(candidates);
  if (candidates.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="other-projects-heading">
      <h2 id="other-projects-heading" className={styles.heading}>
        {text.otherProjects}
      </h2>
      <ul id={LIST_ID} className={styles.list} data-pool={pool}>
        {candidates.map((project, index) => (
          <ProjectCard
            key={project.slug}
            project={project}
            picked={picked.has(index)}
            // without scripts the first two show: the others need no image of their own then
            noscript={index < OTHER_PROJECTS_COUNT}
          />
        ))}
      </ul>
      {/* where the build puts the draw before the first paint (app/behaviours/other-projects.ts): content React
          leaves as it finds it when it hydrates, and renders empty */}
      <div hidden {...behaviour("other-projects")} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
    </section>
  );
}

/**
 * One card. SPEC 2, following it scrolls to the top: the router's scroll restoration (root.tsx) puts the next article
 * at the top once it has rendered, as on every new page. No smooth scroll of our own on the click: it would
 * still be running at that reset, and Chromium lets the cancelled animation write one more frame after it,
 * leaving the page a few pixels down.
 */
function ProjectCard({ project, picked, noscript }: { project: OtherProject; picked: boolean; noscript: boolean }) {
  const langOf = useLangOf();
  return (
    <li className={styles.item} data-picked={picked ? "" : undefined}>
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
              lang={project.alt === project.title ? undefined : langOf(project.altLanguage)}
              focus={project.focus}
              {...(noscript ? {} : { noscript: null })}
            />
          ) : null}
        </span>
        <span className={styles.title}>{project.title}</span>
      </Link>
    </li>
  );
}
