import type { Plugin } from "vite";
import { beforePrerender } from "./before-prerender";

/**
 * While prerendering, the build's live heap stays about 150 MB whatever the
 * number of pages (the stories wait on disk: app/content/build-listing.server.ts),
 * but V8 lets garbage pile up to about 4x the live heap before a full
 * collection when memory is plentiful, so the peak grew with the build's
 * length. `--heap-growing-percent=50` lets the old generation grow to 1.5x
 * what is live before its next full collection; with the two collections
 * below (the bundles' and the listing's garbage gone before the pages) the
 * peak no longer grows with the articles (docs/benchmarks.md, "Build
 * memory" and "Build time"). It is no heap cap: the heap still grows with
 * what is live.
 *
 * Not `--optimize-for-size`, which kept the peak lower still: it also pins
 * each semi-space of the young generation to 1 MB (`--max-semi-space-size=1`,
 * which a later `--max-semi-space-size` does not undo), so every MB a page
 * allocates is a scavenge, and its objects are promoted to the old
 * generation before they die. At 1,000 articles a third of the build's CPU
 * was the collector's (docs/benchmarks.md, "Build time").
 *
 * V8 takes its flags on the command line (`BUILD_NODE_FLAGS`), so whatever
 * starts the build passes them: `buildCommand` (pipeline/build-command.ts).
 */
export const BUILD_NODE_FLAGS = ["--heap-growing-percent=50", "--expose-gc"] as const;

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
