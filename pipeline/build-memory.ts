import type { Plugin } from "vite";
import { beforePrerender } from "./before-prerender";

/**
 * While prerendering, the build's live heap stays about 150 MB whatever the
 * number of pages (the stories wait on disk: app/content/build-listing.server.ts),
 * but V8 lets garbage pile up to about 4x the live heap before a full
 * collection when memory is plentiful, so the peak grew with the build's
 * length. `--optimize-for-size` keeps the heap near what is live, Vite's
 * bundling included: at 1,000 articles a peak of 372-392 MB against 584-651
 * MB with V8's defaults and 613-620 MB with a growing factor of 1.5, in
 * about the same time (docs/benchmarks.md, "Build memory"). It is no heap
 * cap: the heap still grows with what is live. (A live update renders
 * without it: there it cost about 40% more time, live-update/render-pages.ts.)
 * V8 takes its flags on the command line (`BUILD_NODE_FLAGS`; Node 20 does
 * not allow `--optimize-for-size` in NODE_OPTIONS), so whatever starts the
 * build passes them: `buildCommand` (pipeline/build-command.ts).
 */
export const BUILD_NODE_FLAGS = ["--optimize-for-size", "--expose-gc"] as const;

/**
 * A full collection now, at the end of a phase whose objects are all
 * garbage, with the `gc` that `node --expose-gc` gives (BUILD_NODE_FLAGS).
 * No heap cap either: what is live stays. Without it (the build started
 * some other way) nothing is collected early and the peak is higher;
 * false says so.
 */
export function collectGarbage(runtime: { gc?: () => void } = globalThis): boolean {
  if (!runtime.gc) return false;
  runtime.gc();
  return true;
}

/**
 * One full collection between Vite's bundling and the first prerendered
 * page. The heap's next collection is due at a limit V8 set while the
 * bundles were live; once they are garbage, the pages allocated up to that
 * limit before anything was freed: the peak rose by about 190 MB over the
 * first 770 pages whatever the content, so a build long enough to reach it
 * (300 articles and up) peaked there (553-555 MB at 300 and 1,000 articles
 * against 418 MB at 30). Collected here and once the stories are listed
 * (pipeline/preset.ts), the limit follows what the pages keep: 357-374
 * MB from 30 to 1,000 articles (docs/benchmarks.md, "Two full
 * collections").
 */
export function collectGarbageBeforePrerender(collect: () => void = () => collectGarbage()): Plugin {
  return beforePrerender("studio:collect-garbage-before-prerender", () => collect());
}
