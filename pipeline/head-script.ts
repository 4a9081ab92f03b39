import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { parseHtml, rawTextElement, type HtmlEdit, type HtmlPage } from "./html";

/**
 * What must run before a page's first rendering, as one inline script at the
 * top of every page's head: the lazy image loader
 * (app/components/lazy-image/lazy-image-loader.ts,
 * docs/decisions/0010-lazy-images-near-the-viewport.md), the listener that
 * quiets the view transitions Chromium skips itself
 * (app/behaviours/skipped-view-transitions.ts) and the incoming side of the
 * tile-to-hero morph across documents (app/behaviours/hero-morph.ts: a
 * `pagereveal` listener must be there before the first rendering) and the
 * root's mark of the open menu (app/behaviours/menu.ts: there before the
 * first style, so the scroll lock's `:has()` is never evaluated). It is written by the build
 * (and by the live update, live-update/render-pages.ts) rather than rendered
 * by React: the browser bundle then carries none of it. React 19 hydrates the head past
 * an element it did not render, as it does the critical CSS's style.
 *
 * The script is bundled from their sources and minified by esbuild, so its
 * text does not depend on how the running process compiled them. Its hash
 * goes into each page's CSP with the other inline scripts.
 */

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app");

export class HeadScriptError extends Error {}

// module-level: bundled once per process, for every page of the build or the live update
let scriptText: Promise<string> | undefined;

/** The loader with the site's margin, the skipped transitions' listener, the morph's reveal and the menu's mark, minified; made once per process. */
export function headScript(): Promise<string> {
  scriptText ??= build({
    stdin: {
      contents:
        'import { installLazyImages, LAZY_IMAGE_MARGIN_PX } from "./components/lazy-image/lazy-image-loader";\n' +
        'import { quietSkippedViewTransitions } from "./behaviours/skipped-view-transitions";\n' +
        'import { revealMorph } from "./behaviours/hero-morph";\n' +
        'import { markMenuOnRoot } from "./behaviours/menu";\n' +
        // the images first: the rest is polish, and nothing it could throw may keep a page's images from loading
        "installLazyImages(window, LAZY_IMAGE_MARGIN_PX);\n" +
        "quietSkippedViewTransitions(window);\n" +
        "revealMorph(window);\n" +
        "markMenuOnRoot(window);",
      resolveDir: APP_DIR,
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    write: false,
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]!.text.trim());
  return scriptText;
}

/**
 * The edit that puts the script at the top of a page's head, after the
 * charset; null when the page already has it. An edit, not a new page, so
 * that the build's first pass makes it with its other edits on one parse
 * of the page (pipeline/finish-pages.ts).
 */
export function headScriptEdit(page: HtmlPage, script: string): HtmlEdit | null {
  if (page.inlineScripts().some((element) => page.contentOf(element) === script)) return null;
  const top = page.insertIntoHead(rawTextElement("script", script));
  if (!top) throw new HeadScriptError("the page has no <head>");
  return top;
}

/** One page with the head script at the top of its head, after the charset; unchanged when it already has it. */
export function addHeadScript(html: string, script: string): string {
  const page = parseHtml(html);
  const edit = headScriptEdit(page, script);
  return edit ? page.edit([edit]) : html;
}
