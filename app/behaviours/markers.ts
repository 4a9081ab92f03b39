/**
 * The behaviours a production page may need a script for, and how a
 * component says it has one: `data-behaviour="{name}"` on the element the
 * behaviour acts on (space-separated names where one element has several).
 *
 * The build's islands step (pipeline/islands.ts) reads these markers: a
 * production page whose every marker has a module in this folder ships
 * start-page.ts, which starts them, and no framework runtime; a page with a
 * marker that has none yet keeps React's hydration. So a component that
 * does anything in the browser carries its marker, or the page would lose
 * that behaviour silently.
 */

/** Behaviours with a module of their own here (`{name}.ts`, exporting `start(document)`, which start-page.ts calls). */
export const BEHAVIOUR_MODULES = [
  "menu",
  "headline-weight",
  "video",
  "lightbox",
  "gallery",
  "carousel",
  "masonry",
  "about",
  "hero-media",
  "footer-wave",
  "hero-morph",
] as const;

/** Behaviours the build writes as a plain inline script where the marker is (drawn before the first paint). */
export const INLINE_BEHAVIOURS = ["other-projects"] as const;

/**
 * Behaviours that still need React's hydration on a production page: none today. A name here keeps its pages
 * hydrated (pipeline/islands.ts) until it has a module.
 */
export const HYDRATED_BEHAVIOURS = [] as const;

/**
 * The User Timing mark start-page.ts sets once it has started every behaviour the page marks (each in a task of its
 * own): what a test or a trace waits for, where DOMContentLoaded comes after the first one only.
 */
export const BEHAVIOURS_STARTED_MARK = "behaviours-started";

export type BehaviourModule = (typeof BEHAVIOUR_MODULES)[number];
export type Behaviour = BehaviourModule | (typeof INLINE_BEHAVIOURS)[number] | (typeof HYDRATED_BEHAVIOURS)[number];

export const BEHAVIOUR_ATTRIBUTE = "data-behaviour";

/** The attribute that marks an element as having `names`, for JSX: `<div {...behaviour("menu")}>`. */
export function behaviour(...names: Behaviour[]): { "data-behaviour": string } {
  return { [BEHAVIOUR_ATTRIBUTE]: names.join(" ") } as { "data-behaviour": string };
}
