import { headerFile } from "./media";
import { createRng, type Rng } from "./prng";
import { TAGS, type Project } from "./project";
import { ARTICLE_ID_BASE, BASE_TIME, DAY, slugify, type Ref } from "./story-shape";
import {
  GENERATED_CLIENT_NAME,
  GENERATED_CLIENT_PREFIX,
  GENERATED_FIRST,
  GENERATED_SECOND,
  GENERATED_SERVICES,
  PROCESS_PARAGRAPHS,
  PROJECTS,
} from "./texts";

/** What each article will be: its project, ids, dates and its own random stream. */

export interface ArticlePlan extends Ref, Omit<Project, "look"> {
  index: number;
  id: number;
  header: string;
  rng: Rng;
  groupId: string;
  createdAt: number;
}

/** Handcrafted projects first, then plausible generated ones for benchmark runs. */
export function planArticles(seed: string, count: number): ArticlePlan[] {
  const plans: ArticlePlan[] = [];
  const usedSlugs = new Set<string>();
  for (let index = 0; index < count; index++) {
    const project = PROJECTS[index];
    let base: Omit<ArticlePlan, "uuid" | "fullSlug" | "rng" | "groupId" | "id" | "index" | "createdAt">;
    if (project) {
      base = { ...project, header: headerFile(project.slug) };
    } else {
      const g = createRng(`${seed}:generated:${index}`);
      const first = g.pick(GENERATED_FIRST);
      const second = g.pick(GENERATED_SECOND);
      let name = `${first} ${second}`;
      if (usedSlugs.has(slugify(name))) name = `${name} No. ${index}`;
      const source = PROJECTS[index % PROJECTS.length] ?? PROJECTS[0];
      const tags = g.sample(TAGS, g.int(1, 3));
      base = {
        slug: slugify(name),
        name,
        client: `${g.pick(GENERATED_CLIENT_PREFIX)} ${g.pick(GENERATED_CLIENT_NAME)}`,
        services: g.pick(GENERATED_SERVICES),
        tags,
        headline: `${name} — ${g.pick(["ein System aus Punkten", "work in many formats", "notes from the studio", "gedruckt und bewegt", "a quiet identity"])}`,
        headline01: `${g.pick(["Ein Projekt", "A project", "Eine Zusammenarbeit"])} für ${g.pick(GENERATED_CLIENT_PREFIX)} ${g.pick(GENERATED_CLIENT_NAME)}: ${tags.join(", ")}.`,
        intro: [g.pick(PROCESS_PARAGRAPHS), g.pick(PROCESS_PARAGRAPHS)],
        header: headerFile(source?.slug ?? "tidewater-type"),
      };
    }
    usedSlugs.add(base.slug);
    const rng = createRng(`${seed}:article:${base.slug}`);
    const createdAt =
      index < PROJECTS.length
        ? BASE_TIME + index * 23 * DAY + rng.int(0, 480) * 60_000
        : BASE_TIME + PROJECTS.length * 23 * DAY + (index - PROJECTS.length) * 7 * 60_000;
    plans.push({
      ...base,
      index,
      id: ARTICLE_ID_BASE + index,
      fullSlug: `articles/${base.slug}`,
      uuid: rng.uuid(),
      groupId: rng.uuid(),
      rng,
      createdAt,
    });
  }
  return plans;
}

/** The same plan with its own random stream, so two versions of one article share their structure. */
export function createRngClone(a: ArticlePlan, label: string): ArticlePlan {
  return { ...a, rng: createRng(`${a.uuid}:${label}`) };
}
