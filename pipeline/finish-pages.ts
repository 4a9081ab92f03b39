import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { listHtmlFiles } from "../release/layout";
import { pagesInOrder } from "./build-files";
import { CriticalCssError, criticalCssEdits, type InlineStyling, type Stylesheets } from "./critical-css";
import { DeferHydrationError, SPA_FALLBACK, deferHydrationEdits } from "./defer-hydration";
import { CharacterSet } from "./font-subset";
import { parseHtml, type HtmlPage } from "./html";
import { IslandsError, islandsEdits, type BehaviourFiles } from "./islands";
import type { PageWorkers } from "./page-workers";
import { HeadScriptError, headScriptEdit } from "./head-script";
import { ARTICLES_NOT_FOUND_PAGE, EN_ARTICLES_NOT_FOUND_PAGE } from "./not-found-pages";

/**
 * What happens to a prerendered page's HTML after React Router wrote it,
 * page by page, for the whole build (pipeline/finish-build.ts) and for the
 * live update (live-update/render-pages.ts) alike.
 * The build goes over its pages twice, because the text face's subset
 * needs every page's characters before any page's inline style can declare
 * it: `preparePage` (the head script of pipeline/head-script.ts, hydration after load) in the
 * first pass, which collects the characters; `styledPage` (critical CSS
 * with the subset's @font-face) in the second, which also hashes the page
 * into its CSP and writes its `.br` and `.gz`; the other files are compressed
 * after both passes (`precompress`).
 */

/** Files of the client folder that are not pages (none today; the steps have always left them alone). */
function isAsset(relative: string): boolean {
  return relative.startsWith("assets/");
}

/** The SPA fallback and its copies served for unknown article slugs: rendered by their script, no markup to style. */
const SPA_FALLBACK_PAGES = new Set([SPA_FALLBACK, ARTICLES_NOT_FOUND_PAGE, EN_ARTICLES_NOT_FOUND_PAGE]);

function failedOn(relative: string, error: unknown, Kind: new (message: string, options?: ErrorOptions) => Error) {
  return new Kind(`${relative}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** `run` on the page `relative`, its error made a `Kind` that names the page. */
function onPage<T>(relative: string, Kind: new (message: string, options?: ErrorOptions) => Error, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw failedOn(relative, error, Kind);
  }
}

/** The page as the first pass leaves it, and what it learnt of it. */
type Prepared = Omit<PreparedPage, "newCharacters"> & { html: string };

/** The page's edits on one parse of it: a build's pages are parsed once in this pass, not once an edit. */
function prepare(relative: string, html: string, headScript: string, behaviours: BehaviourFiles | null): Prepared {
  const unchanged = { html, withHeadScript: false, deferred: false, withoutFramework: false, needsReact: [] };
  if (isAsset(relative)) return unchanged;
  const page = parseHtml(html);
  const headScriptAt = onPage(relative, HeadScriptError, () => headScriptEdit(page, headScript));
  if (path.posix.basename(relative) === SPA_FALLBACK)
    return {
      ...unchanged,
      html: headScriptAt ? page.edit([headScriptAt]) : html,
      withHeadScript: headScriptAt !== null,
    };
  const islands = onPage(relative, IslandsError, () => islandsEdits(page, behaviours));
  const deferral = islands.withoutFramework
    ? null
    : onPage(relative, DeferHydrationError, () => deferHydrationEdits(page));
  const edits = [headScriptAt, ...islands.edits, ...(deferral ?? [])];
  if (edits.every((edit) => edit === null)) return { ...unchanged, needsReact: islands.needsReact };
  return {
    html: page.edit(edits),
    withHeadScript: headScriptAt !== null,
    deferred: deferral !== null,
    withoutFramework: islands.withoutFramework,
    needsReact: islands.needsReact,
  };
}

/**
 * First pass over one page (`relative` to the client folder, "/" separators):
 * the head script (pipeline/head-script.ts) at the top of its head (the SPA fallback too: its
 * app renders lazy images); then, on a production build (`behaviours`, its
 * client build's behaviour modules), the page without React where its
 * behaviours allow (pipeline/islands.ts); else its hydration put off until
 * after load (not the SPA fallback: its page is rendered by the script).
 */
export function preparePage(
  relative: string,
  html: string,
  headScript: string,
  behaviours: BehaviourFiles | null = null,
): string {
  return prepare(relative, html, headScript, behaviours).html;
}

export interface PageStyles {
  /** The build's stylesheets, read once for all pages (pipeline/critical-css.ts). */
  stylesheets: Stylesheets;
  clientDir: string;
  /** The subset's @font-face rules (pipeline/font-subset.ts), or null for a build without them. */
  fontFaces: string | null;
}

/** Second pass over one page: its critical CSS inline (not the SPA fallback pages). */
export async function styledPage(relative: string, html: string, styles: PageStyles): Promise<string> {
  const page = parseHtml(html);
  const styling = await pageStyling(relative, page, styles);
  return styling ? page.edit(styling.edits) : html;
}

/** `styledPage` as edits on the page's parse (pipeline/security-headers.ts); null where the page stays as it is. */
export async function pageStyling(relative: string, page: HtmlPage, styles: PageStyles): Promise<InlineStyling | null> {
  if (SPA_FALLBACK_PAGES.has(relative)) return null;
  try {
    return await criticalCssEdits(page, styles, styles.stylesheets);
  } catch (error) {
    throw failedOn(relative, error, CriticalCssError);
  }
}

/** What the first pass learnt of one page. */
export interface PreparedPage {
  withHeadScript: boolean;
  deferred: boolean;
  /** Whether the page now runs no framework code (pipeline/islands.ts). */
  withoutFramework: boolean;
  /** The behaviours that kept a production page hydrated. */
  needsReact: string[];
  /** The page's characters that `characters` had not met yet (`preparePageFile`), in the order met. */
  newCharacters: number[];
}

/**
 * The first pass over one HTML file (`relative` to `clientDir`), written back when it changed. Its characters go
 * into `characters`; those new to it come back, so that the pages' characters can be merged in page order from
 * several threads, each going over its pages in page order (pipeline/page-workers.ts).
 */
export async function preparePageFile(
  clientDir: string,
  relative: string,
  headScript: string,
  behaviours: BehaviourFiles | null,
  characters: CharacterSet,
): Promise<PreparedPage> {
  const file = path.join(clientDir, relative);
  const html = await readFile(file, "utf8");
  const { html: prepared, ...learnt } = prepare(relative, html, headScript, behaviours);
  if (prepared !== html) await writeFile(file, prepared);
  const known = characters.codePoints.size;
  characters.addPage(prepared);
  return { ...learnt, newCharacters: [...characters.codePoints].slice(known) };
}

/**
 * The first pass over every HTML file of a build, one page in memory at a time (a page a worker with `workers`,
 * pipeline/page-workers.ts; the results are taken in page order either way).
 */
export async function preparePagesInBuild(
  clientDir: string,
  headScript: string,
  behaviours: BehaviourFiles | null = null,
  workers: PageWorkers | null = null,
) {
  // how many pages got the head script, have their hydration wait for load, run no framework code
  const prepared = {
    withHeadScript: 0,
    deferred: 0,
    withoutFramework: 0,
    // for each behaviour that kept production pages hydrated, how many
    needsReact: new Map<string, number>(),
    // every character of every HTML file as it now is, in the order met (for `subsetFontForBuild`)
    characters: new Set<number>(),
  };
  const characters = new CharacterSet();
  workers?.setUp({ pass: "first", clientDir, headScript, behaviours });
  const run = (relative: string) => preparePageFile(clientDir, relative, headScript, behaviours, characters);
  const files = await listHtmlFiles(clientDir);
  for await (const [, page] of pagesInOrder(clientDir, files, workers, run)) {
    if (page.withHeadScript) prepared.withHeadScript += 1;
    if (page.deferred) prepared.deferred += 1;
    if (page.withoutFramework) prepared.withoutFramework += 1;
    for (const name of page.needsReact) prepared.needsReact.set(name, (prepared.needsReact.get(name) ?? 0) + 1);
    for (const codePoint of page.newCharacters) prepared.characters.add(codePoint);
  }
  return prepared;
}
