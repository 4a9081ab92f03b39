import { readFile } from "node:fs/promises";
import Beasties from "beasties";
import {
  attribute,
  insertAfter,
  insertBefore,
  isInside,
  isLinkWithRel,
  parseHtml,
  prependContent,
  rawTextElement,
  removeAttribute,
  startTag,
  wrapNodes,
  type HtmlElement,
  type HtmlPage,
} from "./html";
import { HYDRATION_DEADLINE_MS } from "./defer-hydration";

/**
 * Critical CSS: each prerendered page carries the rules its own markup uses
 * in one inline `<style>` (hashed into its CSP, pipeline/csp.ts), and
 * nothing else stands between its first byte and its first paint.
 *
 * `beasties` picks the rules (every rule whose selector matches an element
 * of the page, with the keyframes and font faces they use), so the inline
 * style alone draws the whole page. The stylesheets are still loaded, for
 * the rules of states the page only reaches later (hover, an open menu,
 * classes React sets once hydrated), but only after the first paint: at
 * the end of the body inside `<noscript>`, which a small inline script
 * (`AFTER_FIRST_PAINT_SCRIPT`, hashed like the others) turns into links
 * once the browser reports the first contentful paint. That is still
 * before hydration, which waits for `load` and the frame after it
 * (decision 0005), and a stylesheet added before `load` delays it. Without
 * JavaScript the `<noscript>` links load as usual. Requested before the
 * paint, they shared a phone's bandwidth with the page on the way to it.
 *
 * React hydrates the head and expects each stylesheet link where it
 * rendered it (same rel and href), so the head keeps a copy marked
 * `disabled`: it matches for hydration, and the browser neither applies
 * nor fetches it.
 *
 * The SPA fallback is left alone: it has no markup to pick rules for.
 */

/** Beasties leaves links with this attribute alone. */
const SKIP_MARK = "data-beasties-skip";
/** Beasties marks the element it put the stylesheets in. */
const CONTAINER_MARK = "data-beasties-container";
const AFTER_FIRST_PAINT = "data-after-first-paint";

/**
 * Turns each `<noscript data-after-first-paint>` into its markup once the
 * first contentful paint is reported (its time is when the frame was
 * shown, which a timer after a frame callback can precede), at most
 * HYDRATION_DEADLINE_MS after the document was parsed (a page opened in a
 * background tab does not paint; `load` can come before the first paint on
 * a busy device); two frames where the browser reports no paint timing.
 */
export const AFTER_FIRST_PAINT_SCRIPT = [
  "(()=>{",
  `const insert=()=>{for(const n of document.querySelectorAll("noscript[${AFTER_FIRST_PAINT}]"))n.outerHTML=n.textContent};`,
  `setTimeout(insert,${HYDRATION_DEADLINE_MS});`,
  'if(!self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))return requestAnimationFrame(()=>requestAnimationFrame(insert));',
  'const o=new PerformanceObserver(l=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();insert()}});',
  'o.observe({type:"paint",buffered:true})',
  "})()",
].join("");

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
    // the stylesheets at the end of the body, where this step puts them off until after the first paint
    preload: "body",
    // the stylesheets are shared by many pages: each keeps all its rules
    pruneSource: false,
    mergeStylesheets: true,
    keyframes: "critical",
    // the font faces the critical rules use are inlined
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
  const bodyEnd = stylesheetsAtBodyEnd(processed);
  if (!bodyEnd) {
    throw new CriticalCssError("the stylesheets are not at the end of the body, where beasties puts them");
  }
  const font = options.fontFaces ? /url\((\/[^)\s]+\.woff2)\)/.exec(options.fontFaces)?.[1] : undefined;
  return processed.edit([
    // beasties' own markers, of no use to the browser
    ...processed.elements.flatMap((element) => [
      removeAttribute(processed, element, SKIP_MARK),
      removeAttribute(processed, element, CONTAINER_MARK),
    ]),
    ...wrapNodes(bodyEnd.first, bodyEnd.last, "noscript", { [AFTER_FIRST_PAINT]: true }),
    insertAfter(bodyEnd.last, rawTextElement("script", AFTER_FIRST_PAINT_SCRIPT)),
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

/** The run of stylesheet links that ends the body, where beasties puts them; null when it does not end with one. */
function stylesheetsAtBodyEnd(page: HtmlPage): { first: HtmlElement; last: HtmlElement } | null {
  const body = page.body;
  if (!body?.endTag) return null;
  const children = page.childElements(body);
  let at = body.contentEnd;
  let first: HtmlElement | undefined;
  for (let index = children.length - 1; index >= 0; index -= 1) {
    const child = children[index]!;
    if (child.end !== at || !isLinkWithRel(child, "stylesheet")) break;
    first = child;
    at = child.start;
  }
  return first ? { first, last: children.at(-1)! } : null;
}
