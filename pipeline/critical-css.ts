import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  attribute,
  isInside,
  parseHtml,
  rawTextElement,
  removeNode,
  replaceNode,
  startTag,
  type HtmlEdit,
  type HtmlPage,
} from "./html";

/**
 * The page's styles inline: each prerendered page carries every rule of its
 * stylesheets (and of its own `<style>` elements) in one inline `<style>`
 * in its head (hashed into its CSP, pipeline/csp.ts), and nothing else
 * stands between its first byte and its first paint (decision 0016).
 *
 * Only the rules its markup used went inline until issue 42 (beasties'
 * critical CSS), and the stylesheets followed after the first paint; their
 * arrival restyled the page. Since every rule goes inline, nothing is left
 * to extract: this step puts the stylesheets' text in the page as it is, on
 * the page's one parse, where beasties parsed and serialized each page again
 * (issue 44: 4 parses of a 100 KB page in the second pass became 1).
 *
 * React hydrates the head and expects each stylesheet link where it
 * rendered it (same rel and href), so the head keeps a copy marked
 * `disabled`: it matches for hydration, and the browser neither applies
 * nor fetches it.
 *
 * The SPA fallback is left alone: it has no markup to style.
 */

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

/** An origin no page is served from: hrefs are resolved against it to find their path in the build. */
const PAGE_ORIGIN = "http://page.invalid";

/**
 * A `url()` in a stylesheet resolves against the stylesheet's address, in the page against the page's: only
 * addresses that mean the same in both may move (a path from the root, a data: URL, a fragment, another origin).
 * Vite writes every `url()` from the root and bundles `@import`s; a sheet with an `@import` left is refused whole
 * (`image-set()`'s bare strings are not looked at: Vite rewrites those too).
 */
const RELATIVE_URL = /url\(\s*(["']?)(?!\/|data:|#|[a-z][a-z0-9+.-]*:)[^"')]/i;

/**
 * The build's stylesheets, each read and checked once: they are hashed assets that do not change while a
 * build runs (4,000 reads at 1,000 articles otherwise). The next build or live update makes new ones.
 */
export class Stylesheets {
  readonly #sheets = new Map<string, Promise<string>>();

  constructor(readonly clientDir: string) {}

  /** The text of the stylesheet a link's href names. */
  text(href: string): Promise<string> {
    const sheet = this.#sheets.get(href) ?? readStylesheet(this.clientDir, href);
    this.#sheets.set(href, sheet);
    return sheet;
  }
}

async function readStylesheet(clientDir: string, href: string): Promise<string> {
  const url = new URL(href, `${PAGE_ORIGIN}/`);
  const file = path.join(clientDir, decodeURIComponent(url.pathname));
  if (url.origin !== PAGE_ORIGIN || !file.startsWith(`${path.resolve(clientDir)}${path.sep}`))
    throw new CriticalCssError(`a stylesheet outside the build: ${href}`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CriticalCssError(`cannot read the stylesheet ${href}`, { cause: error });
  }
  if (RELATIVE_URL.test(text))
    throw new CriticalCssError(`${href} has a relative url(), which would change meaning inline`);
  if (/@import\b/i.test(text))
    throw new CriticalCssError(`${href} has an @import, which the build should have bundled`);
  return text.trimEnd();
}

/** One set of stylesheets for many pages: it reads each once. */
export function createStylesheets(options: CriticalCssOptions): Stylesheets {
  return new Stylesheets(path.resolve(options.clientDir));
}

/** The edits that put a page's styles inline, and the text of the one inline style the page then has. */
export interface InlineStyling {
  edits: HtmlEdit[];
  /** The `<style>`'s text as the page will carry it (what its CSP hashes). */
  style: string;
}

/**
 * One page with all its styles inline, from its text (the step as its tests
 * drive it; the build's second pass makes `criticalCssEdits` on its own
 * parse). Throws when the page has
 * stylesheets in a shape this step does not know (a framework upgrade) or
 * one it cannot read, rather than leaving a page that either blocks, lacks
 * styles or fails to hydrate.
 */
export async function inlineCriticalCss(
  html: string,
  options: CriticalCssOptions,
  stylesheets = createStylesheets(options),
): Promise<string> {
  const page = parseHtml(html);
  const styling = await criticalCssEdits(page, options, stylesheets);
  return styling ? page.edit(styling.edits) : html;
}

/**
 * `inlineCriticalCss` as edits on a page already parsed, so that the second pass makes them with its other
 * edits on the page's one parse (pipeline/security-headers.ts); null when the page links no stylesheet.
 */
export async function criticalCssEdits(
  page: HtmlPage,
  options: CriticalCssOptions,
  stylesheets = createStylesheets(options),
): Promise<InlineStyling | null> {
  const head = page.head;
  if (!head?.endTag) throw new CriticalCssError("the page has no </head>");
  const ownStyles = page.inlineStyles();
  if (ownStyles.some((style) => isInside(style, head))) {
    throw new CriticalCssError("the page already has an inline <style> in its head");
  }
  const links = page.stylesheetLinks();
  if (links.length === 0) return null;
  if (links.some((link) => !isInside(link, head))) throw new CriticalCssError("a stylesheet link outside the head");
  if (links.some((link) => link.attributes.map(({ name }) => name).join(" ") !== "rel href")) {
    throw new CriticalCssError("a stylesheet link is not of the form React Router writes (rel, then href)");
  }
  const hrefs = links.map((link) => attribute(link, "href")!);
  // in cascade order: the font faces, the stylesheets as the head linked them, the page's own rules after them
  const css = [
    ...(options.fontFaces ? [options.fontFaces] : []),
    ...(await Promise.all(hrefs.map((href) => stylesheets.text(href)))),
    ...ownStyles.map((style) => page.contentOf(style)),
  ].join("\n");
  let style: string;
  try {
    style = rawTextElement("style", css);
  } catch (error) {
    throw new CriticalCssError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const font = options.fontFaces ? /url\((\/[^)\s]+\.woff2)\)/.exec(options.fontFaces)?.[1] : undefined;
  const preload = font
    ? startTag("link", { rel: "preload", href: font, as: "font", type: "font/woff2", crossorigin: true })
    : "";
  const disabledCopy = (href: string) => startTag("link", { rel: "stylesheet", href, disabled: true });
  const edits: HtmlEdit[] = [
    // the inline style where the first stylesheet was, each link's disabled copy where it was
    ...links.map((link, index) =>
      replaceNode(link, `${index === 0 ? `${preload}${style}` : ""}${disabledCopy(hrefs[index]!)}`),
    ),
    ...ownStyles.map((own) => removeNode(own)),
  ];
  return { edits, style: css };
}
