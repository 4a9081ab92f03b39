import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import Beasties from "beasties";
import { listHtmlFiles } from "./build-files";
import { SPA_FALLBACK } from "./defer-hydration";

/**
 * Critical CSS: each prerendered page carries the rules its own markup uses
 * in one inline `<style>` (hashed into its CSP, site-server/csp.ts), and
 * its stylesheets no longer block the first paint.
 *
 * `beasties` picks the rules (every rule whose selector matches an element
 * of the page, with the keyframes and font faces they use) and moves each
 * `<link rel="stylesheet">` to the end of the body. There it blocks nothing
 * before it and is still applied before the `load` event, so the rules for
 * states the page only reaches later (hover, an open menu, classes React
 * sets once hydrated, which waits for `load`: decision 0005) are there
 * before anyone can need them.
 *
 * React hydrates the head and expects each stylesheet link where it
 * rendered it (same rel and href), so the head keeps a copy with
 * `media="print"`: it matches for hydration, does not apply on screens and
 * does not block the paint, and the browser fetches the file once for both.
 *
 * The SPA fallback is left alone: it has no markup to pick rules for.
 */

/** React Router's stylesheet links, as it writes them into the head. */
const HEAD_STYLESHEET = /<link rel="stylesheet" href="([^"]+)"\/>/g;
const SKIP_MARK = " data-beasties-skip";

export class CriticalCssError extends Error {}

export interface CriticalCssOptions {
  /** The build's client folder: the stylesheets' hrefs are paths in it. */
  clientDir: string;
  /**
   * @font-face rules that go first into the inline style (the text face's
   * subset: scripts/font-subset.ts). Their first file is preloaded: without
   * it the font is requested only at the first layout and arrives after
   * the first paint, and the swap repaints the page's text.
   */
  fontFaces?: string | null;
}

/** One extractor for many pages: it reads each stylesheet once. */
export function createBeasties(options: CriticalCssOptions): Beasties {
  return new Beasties({
    path: options.clientDir,
    publicPath: "/",
    // a stylesheet at the end of the body: no script, so nothing for the CSP to allow
    preload: "body",
    // the stylesheets are shared by many pages: each keeps all its rules
    pruneSource: false,
    mergeStylesheets: true,
    keyframes: "critical",
    // the font faces the critical rules use are inlined (the font itself is preloaded by the page)
    inlineFonts: true,
    preloadFonts: false,
    compress: true,
    logLevel: "warn",
  });
}

/**
 * One page with its critical CSS inline. Throws when the page has
 * stylesheets in a shape this step does not know (a framework upgrade),
 * rather than leaving a page that either blocks or fails to hydrate.
 */
export async function inlineCriticalCss(
  html: string,
  options: CriticalCssOptions,
  beasties = createBeasties(options),
): Promise<string> {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) throw new CriticalCssError("the page has no </head>");
  const head = html.slice(0, headEnd);
  if (/<style\b/i.test(head)) throw new CriticalCssError("the page already has an inline <style> in its head");
  const links = [...head.matchAll(HEAD_STYLESHEET)];
  if (links.length === 0) return html;
  const stylesheetCount = (head.match(/<link\b[^>]*\brel="stylesheet"/g) ?? []).length;
  if (stylesheetCount !== links.length) {
    throw new CriticalCssError("a stylesheet link is not of the form React Router writes (rel, then href)");
  }
  // the copy React hydrates against; beasties leaves marked links alone
  const marked =
    head.replace(
      HEAD_STYLESHEET,
      (link, href: string) => `${link}<link rel="stylesheet" href="${href}" media="print"${SKIP_MARK}/>`,
    ) + html.slice(headEnd);
  const processed = await beasties.process(marked);
  const inlined = (processed.slice(0, processed.indexOf("</head>")).match(/<style\b/g) ?? []).length;
  if (inlined !== 1) throw new CriticalCssError(`expected one inline <style> in the head, found ${inlined}`);
  // beasties' own markers, of no use to the browser
  const cleaned = processed.replaceAll(SKIP_MARK, "").replace(/ data-beasties-container(?:="")?/, "");
  if (!options.fontFaces) return cleaned;
  const font = /url\((\/[^)\s]+\.woff2)\)/.exec(options.fontFaces)?.[1];
  const preload = font ? `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>` : "";
  return cleaned.replace("<style>", `${preload}<style>${options.fontFaces}\n`);
}

/** Every prerendered page of a build; returns how many pages and the inline CSS's total size. */
export async function inlineCriticalCssInBuild(
  clientDir: string,
  fontFaces: string | null = null,
): Promise<{ pages: number; bytes: number }> {
  const beasties = createBeasties({ clientDir });
  let pages = 0;
  let bytes = 0;
  for (const relative of await listHtmlFiles(clientDir)) {
    if (relative === SPA_FALLBACK) continue;
    const file = path.join(clientDir, relative);
    const html = await readFile(file, "utf8");
    let result: string;
    try {
      result = await inlineCriticalCss(html, { clientDir, fontFaces }, beasties);
    } catch (error) {
      throw new CriticalCssError(`${relative}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (result === html) continue;
    await writeFile(file, result);
    pages += 1;
    bytes += /<style>([\s\S]*?)<\/style>/.exec(result)?.[1]?.length ?? 0;
  }
  return { pages, bytes };
}
