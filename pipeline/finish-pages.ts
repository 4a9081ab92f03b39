import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type Beasties from "beasties";
import { listHtmlFiles } from "./build-files";
import { CriticalCssError, inlineCriticalCss } from "./critical-css";
import { DeferHydrationError, SPA_FALLBACK, deferHydrationEdits } from "./defer-hydration";
import { charactersOf } from "./font-subset";
import { parseHtml, type HtmlEdit } from "./html";
import { LazyImageScriptError, lazyImageScriptEdit } from "./lazy-image-script";
import { ARTICLES_NOT_FOUND_PAGE, EN_ARTICLES_NOT_FOUND_PAGE } from "./not-found-pages";

/**
 * What happens to a prerendered page's HTML after React Router wrote it,
 * page by page, for the whole build (pipeline/finish-build.ts) and for the
 * live update (live-update/render-pages.ts) alike.
 * The build goes over its pages twice, because the text face's subset
 * needs every page's characters before any page's inline style can declare
 * it: `preparePage` (the lazy image loader, hydration after load) in the
 * first pass, which collects the characters; `styledPage` (critical CSS
 * with the subset's @font-face) in the second, which also hashes the page
 * into its CSP. Compression runs after both passes (`precompress`).
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

interface Prepared {
  html: string;
  withLoader: boolean;
  deferred: boolean;
}

/** The page's edits on one parse of it: a build's pages are parsed once in this pass, not once an edit. */
function prepare(relative: string, html: string, lazyImageScript: string): Prepared {
  if (isAsset(relative)) return { html, withLoader: false, deferred: false };
  const page = parseHtml(html);
  let loader: HtmlEdit | null;
  try {
    loader = lazyImageScriptEdit(page, lazyImageScript);
  } catch (error) {
    throw failedOn(relative, error, LazyImageScriptError);
  }
  if (path.posix.basename(relative) === SPA_FALLBACK)
    return { html: loader ? page.edit([loader]) : html, withLoader: loader !== null, deferred: false };
  let deferral: HtmlEdit[] | null;
  try {
    deferral = deferHydrationEdits(page);
  } catch (error) {
    throw failedOn(relative, error, DeferHydrationError);
  }
  if (!loader && !deferral) return { html, withLoader: false, deferred: false };
  return { html: page.edit([loader, ...(deferral ?? [])]), withLoader: loader !== null, deferred: deferral !== null };
}

/**
 * First pass over one page (`relative` to the client folder, "/" separators):
 * the lazy image loader at the top of its head (the SPA fallback too: its
 * app renders lazy images), then its hydration put off until after load
 * (not the SPA fallback: its page is rendered by the script).
 */
export function preparePage(relative: string, html: string, lazyImageScript: string): string {
  return prepare(relative, html, lazyImageScript).html;
}

export interface PageStyles {
  /** One extractor for all pages (pipeline/critical-css.ts, `createBeasties`). */
  beasties: Beasties;
  clientDir: string;
  /** The subset's @font-face rules (pipeline/font-subset.ts), or null for a build without them. */
  fontFaces: string | null;
}

/** Second pass over one page: its critical CSS inline (not the SPA fallback pages). */
export async function styledPage(relative: string, html: string, styles: PageStyles): Promise<string> {
  if (SPA_FALLBACK_PAGES.has(relative)) return html;
  try {
    return await inlineCriticalCss(html, { clientDir: styles.clientDir, fontFaces: styles.fontFaces }, styles.beasties);
  } catch (error) {
    throw failedOn(relative, error, CriticalCssError);
  }
}

export interface PreparedBuild {
  /** Pages that got the loader. */
  withLoader: number;
  /** Pages whose hydration now waits for load. */
  deferred: number;
  /** Every character of every HTML file as it now is, in the order met (for `subsetFontForBuild`). */
  characters: Set<number>;
}

/** The first pass over every HTML file of a build, one page in memory at a time. */
export async function preparePagesInBuild(clientDir: string, lazyImageScript: string): Promise<PreparedBuild> {
  const prepared: PreparedBuild = { withLoader: 0, deferred: 0, characters: new Set() };
  for (const relative of await listHtmlFiles(clientDir)) {
    const file = path.join(clientDir, relative);
    const html = await readFile(file, "utf8");
    const page = prepare(relative, html, lazyImageScript);
    if (page.html !== html) await writeFile(file, page.html);
    if (page.withLoader) prepared.withLoader += 1;
    if (page.deferred) prepared.deferred += 1;
    for (const codePoint of charactersOf(page.html)) prepared.characters.add(codePoint);
  }
  return prepared;
}
