import { readFile } from "node:fs/promises";
import Beasties from "beasties";
import {
  attribute,
  insertAfter,
  insertBefore,
  isInside,
  parseHtml,
  prependContent,
  removeAttribute,
  startTag,
} from "./html";

/**
 * The page's styles inline: each prerendered page carries every rule of its
 * stylesheets (and of its own `<style>` elements) in one inline `<style>`
 * in its head (hashed into its CSP, pipeline/csp.ts), and nothing else
 * stands between its first byte and its first paint.
 *
 * Only the rules its markup used went inline until issue 42, and the
 * stylesheets followed after the first paint for the states reached later
 * (hover, an open menu, classes set by scripts): their arrival restyled
 * every element their rules' classes named (187 of `/`'s 566 elements, 124
 * of an article's 449) in one task of 36-60 ms on a slow phone, for rules
 * the page already had. The rest of the rules is small (0.5-0.7 KB brotli a
 * page), so the page now carries it too and is styled once, before its
 * first paint (decision 0016). `beasties` still merges the stylesheets and
 * the page's own `<style>` elements into the head's one inline style,
 * rewrites their `url()`s and keeps the font faces; it no longer leaves
 * rules out.
 *
 * React hydrates the head and expects each stylesheet link where it
 * rendered it (same rel and href), so the head keeps a copy marked
 * `disabled`: it matches for hydration, and the browser neither applies
 * nor fetches it.
 *
 * The SPA fallback is left alone: it has no markup to style.
 */

/** Beasties leaves links with this attribute alone. */
const SKIP_MARK = "data-beasties-skip";
/** Beasties marks the element it put the stylesheets in. */
const CONTAINER_MARK = "data-beasties-container";

export class CriticalCssError extends Error {}

export interface CriticalCssOptions {
  /** The build's client folder: the stylesheets' hrefs are paths in it. */
  clientDir: string;
  /**
   * @font-face rules that go first into the inline style (the text face's
   * subset: pipeline/font-subset.ts). Their first file is preloaded: without
   * it the font is requested only at the first layout and arrives after
   * the first paint, and the swap repaints the page's text, which Chromium
   * reports as a new, later LCP (measured: /about's went from its first
   * paint to after the hydration scripts had started).
   */
  fontFaces?: string | null;
}

/**
 * Beasties reading each stylesheet from disk once (its documented hook, `readFile`): it read them for every page,
 * 4,000 reads at 1,000 articles. A build's stylesheets are hashed assets that do not change while it runs.
 */
export class StylesheetsReadOnce extends Beasties {
  readonly #sheets = new Map<string, Promise<string>>();

  override readFile(filename: string): Promise<string> {
    let sheet = this.#sheets.get(filename);
    if (!sheet) {
      sheet = readFile(filename, "utf8");
      this.#sheets.set(filename, sheet);
    }
    return sheet;
  }
}

/** One extractor for many pages: it reads each stylesheet once. */
export function createBeasties(options: CriticalCssOptions): Beasties {
  return new StylesheetsReadOnce({
    path: options.clientDir,
    publicPath: "/",
    // every stylesheet inline whole (its link removed): applied later, they restyled the page after its first paint
    inlineThreshold: Number.MAX_SAFE_INTEGER,
    // the stylesheets are shared by many pages: each keeps all its rules
    pruneSource: false,
    mergeStylesheets: true,
    keyframes: "critical",
    // the font faces the page's own <style> rules use are kept
    inlineFonts: true,
    preloadFonts: false,
    compress: true,
    logLevel: "warn",
  });
}

/**
 * One page with all its styles inline. Throws when the page has
 * stylesheets in a shape this step does not know (a framework upgrade) or
 * one it cannot read, rather than leaving a page that either blocks, lacks
 * styles or fails to hydrate.
 */
export async function inlineCriticalCss(
  html: string,
  options: CriticalCssOptions,
  beasties = createBeasties(options),
): Promise<string> {
  const page = parseHtml(html);
  const head = page.head;
  if (!head?.endTag) throw new CriticalCssError("the page has no </head>");
  if (page.inlineStyles().some((style) => isInside(style, head))) {
    throw new CriticalCssError("the page already has an inline <style> in its head");
  }
  const links = page.stylesheetLinks().filter((link) => isInside(link, head));
  if (links.length === 0) return html;
  if (links.some((link) => link.attributes.map(({ name }) => name).join(" ") !== "rel href")) {
    throw new CriticalCssError("a stylesheet link is not of the form React Router writes (rel, then href)");
  }
  // the copy React hydrates against; beasties leaves marked links alone
  const marked = page.edit(
    links.map((link) =>
      insertAfter(
        link,
        startTag(
          "link",
          { rel: "stylesheet", href: attribute(link, "href")!, disabled: true, [SKIP_MARK]: true },
          { selfClosing: true },
        ),
      ),
    ),
  );
  const processed = parseHtml(await beasties.process(marked));
  const processedHead = processed.head;
  const inlined = processedHead ? processed.inlineStyles().filter((style) => isInside(style, processedHead)) : [];
  if (inlined.length !== 1)
    throw new CriticalCssError(`expected one inline <style> in the head, found ${inlined.length}`);
  const applied = processed.stylesheetLinks().filter((link) => attribute(link, "disabled") === undefined);
  if (applied.length > 0)
    throw new CriticalCssError(
      `a stylesheet was not inlined: ${applied.map((link) => attribute(link, "href")).join(", ")}`,
    );
  const font = options.fontFaces ? /url\((\/[^)\s]+\.woff2)\)/.exec(options.fontFaces)?.[1] : undefined;
  return processed.edit([
    // beasties' own markers, of no use to the browser
    ...processed.elements.flatMap((element) => [
      removeAttribute(processed, element, SKIP_MARK),
      removeAttribute(processed, element, CONTAINER_MARK),
    ]),
    ...(options.fontFaces
      ? [
          insertBefore(
            inlined[0]!,
            font
              ? startTag("link", { rel: "preload", href: font, as: "font", type: "font/woff2", crossorigin: true })
              : "",
          ),
          prependContent(inlined[0]!, `${options.fontFaces}\n`),
        ]
      : []),
  ]);
}
