import type { Language } from "../language";
/**
 * The article page's "Other Projects" (SPEC 2, 3, 9): two other articles,
 * chosen at random. The page carries a pool of candidates, and the browser
 * draws from it on every visit.
 */

/** SPEC 9: how many other articles the page shows. */
export const OTHER_PROJECTS_COUNT = 2;
/**
 * How many candidates a page carries for its run-time choice: enough that
 * visits differ, few enough that a page of a 1,000-article site stays small
 * (about 250 bytes each).
 */
export const OTHER_PROJECTS_POOL = 12;

/** SPEC 3, "Other-projects entry". */
export interface OtherProject {
  /** the article's story id: its card follows the visual editor's edits of it */
  storyId: number | null;
  slug: string;
  href: string;
  title: string;
  image: string;
  alt: string;
  /** the alt text's language where it is the asset's own (untranslated: ./text-language); the title's is the page's */
  altLanguage?: Language;
  /** the image's focal point ("" none) */
  focus?: string;
  width: number | null;
  height: number | null;
}

/**
 * `count` articles other than `currentSlug`, chosen at random (a partial
 * Fisher-Yates shuffle with the given random source).
 */
export function pickOtherProjects(
  projects: readonly OtherProject[],
  currentSlug: string,
  random: () => number = Math.random,
  count = OTHER_PROJECTS_COUNT,
): OtherProject[] {
  const seen = new Set<string>([currentSlug]);
  const pool = projects.filter((project) => {
    if (seen.has(project.slug)) return false;
    seen.add(project.slug);
    return true;
  });
  const picked: OtherProject[] = [];
  for (let index = 0; index < pool.length && picked.length < count; index += 1) {
    const swap = index + Math.floor(Math.min(random(), 0.999999) * (pool.length - index));
    [pool[index], pool[swap]] = [pool[swap]!, pool[index]!];
    picked.push(pool[index]!);
  }
  return picked;
}
