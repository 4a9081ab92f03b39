import escapeHtml from "escape-html";
import { Parser } from "htmlparser2";

/**
 * The one way the machinery reads and changes HTML (the build's steps after
 * prerendering, the live update, the bench, the install check).
 *
 * A page is parsed once by htmlparser2 (the tokenizer beasties used too) into
 * a flat list of its elements with their offsets in the source. Changes are
 * edits at those offsets, spliced into the original text: the bytes around
 * them stay exactly as React Router wrote them (self-closing `<link/>`,
 * `async=""`, entity escapes), which a parse and serialise round trip would
 * not keep. Reading is one pass over the text; applying edits is another.
 *
 * The parser sees the page as a browser with scripting off would: the
 * content of `<noscript>` and `<template>` is markup. Their scripts and
 * styles count: the critical CSS step inserts its `<noscript>` as markup
 * once the page has painted (pipeline/critical-css.ts), and a template's
 * content runs once it is cloned into the document.
 */

export interface HtmlAttribute {
  /** Lower case. */
  readonly name: string;
  /** With character references decoded. */
  readonly value: string;
  /** Offsets of `name="value"` in the source. */
  readonly start: number;
  readonly end: number;
}

export interface HtmlElement {
  /** Lower case (SVG's camel-cased names as the parser adjusts them). */
  readonly name: string;
  /** In source order; a repeated name is kept only the first time, as the browser does. */
  readonly attributes: readonly HtmlAttribute[];
  readonly parent: HtmlElement | null;
  /** Offset of the start tag's `<`. */
  readonly start: number;
  /** Offset just after the start tag's `>`. */
  readonly contentStart: number;
  /** Offset of the end tag's `<`, or where the element ended without one. */
  readonly contentEnd: number;
  /** Offset just after the end tag (or `contentEnd` without one). */
  readonly end: number;
  /** Whether the source has an end tag for it (void elements have none). */
  readonly endTag: boolean;
}

/** An element while the parser is inside it: its end is filled in at its end tag. */
type OpenElement = { -readonly [Key in keyof HtmlElement]: HtmlElement[Key] };

/** A replacement of `source.slice(start, end)` by `text`; an insertion when start === end. */
export interface HtmlEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attributes.find((candidate) => candidate.name === name)?.value;
}

/** The ASCII-lower-cased tokens of a space-separated attribute (rel). */
export function attributeTokens(element: HtmlElement, name: string): string[] {
  return (attribute(element, name) ?? "")
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean);
}

/** Whether `element` is a `<link>` of this relation (`stylesheet`, `modulepreload`, ...). */
export function isLinkWithRel(element: HtmlElement, rel: string): boolean {
  return element.name === "link" && attributeTokens(element, "rel").includes(rel);
}

/** Whether `element` lies inside `container` (at any depth). */
export function isInside(element: HtmlElement, container: HtmlElement): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent === container) return true;
  return false;
}

export class HtmlPage {
  constructor(
    readonly source: string,
    /** Every element, in the order their start tags appear. */
    readonly elements: readonly HtmlElement[],
  ) {}

  elementsNamed(name: string): HtmlElement[] {
    return this.elements.filter((element) => element.name === name);
  }

  /** The elements that carry the attribute `name` (lower case), in source order. */
  elementsWithAttribute(name: string): HtmlElement[] {
    return this.elements.filter((element) => attribute(element, name) !== undefined);
  }

  /** The page's `<head>` element, when its start tag is in the source. */
  get head(): HtmlElement | undefined {
    return this.elements.find((element) => element.name === "head");
  }

  /** `<script>` elements with their code in the page (no `src`), of any type. */
  inlineScripts(): HtmlElement[] {
    return this.elements.filter((element) => element.name === "script" && attribute(element, "src") === undefined);
  }

  /** Inline scripts of `type="module"`. */
  moduleScripts(): HtmlElement[] {
    return this.inlineScripts().filter((script) => scriptType(script) === "module");
  }

  /** `<style>` elements. */
  inlineStyles(): HtmlElement[] {
    return this.elementsNamed("style");
  }

  /** `<link rel="stylesheet">` elements. */
  stylesheetLinks(): HtmlElement[] {
    return this.linksWithRel("stylesheet");
  }

  /** `<link rel="modulepreload">` elements that name a module. */
  modulePreloads(): HtmlElement[] {
    return this.linksWithRel("modulepreload").filter((link) => attribute(link, "href") !== undefined);
  }

  linksWithRel(rel: string): HtmlElement[] {
    return this.elements.filter((element) => isLinkWithRel(element, rel));
  }

  /** An element's content as it is in the source (a script's or style's text, raw). */
  contentOf(element: HtmlElement): string {
    return this.source.slice(element.contentStart, element.contentEnd);
  }

  /** An element with its tags, as it is in the source. */
  outerHtml(element: HtmlElement): string {
    return this.source.slice(element.start, element.end);
  }

  /** The text of an element without its tags, character references decoded (not that of its scripts and styles). */
  textContent(element: HtmlElement): string {
    let text = "";
    let skipped = 0;
    const parser = new Parser({
      onopentagname: (name) => {
        if (name === "script" || name === "style" || name === "template") skipped += 1;
      },
      onclosetag: (name) => {
        if (name === "script" || name === "style" || name === "template") skipped -= 1;
      },
      ontext: (data) => {
        if (skipped === 0) text += data;
      },
    });
    parser.end(this.contentOf(element));
    return text;
  }

  /**
   * Where markup goes at the top of the head: after the `<meta charset>`
   * that starts it, which must stay in the document's first 1024 bytes.
   * Null for a page without a `<head>` start tag.
   */
  insertIntoHead(markup: string): HtmlEdit | null {
    const head = this.head;
    if (!head) return null;
    const first = this.elements.find((element) => element.parent === head);
    const charset =
      first?.name === "meta" && first.start === head.contentStart && attribute(first, "charset") !== undefined;
    return insertAt(charset ? first.end : head.contentStart, markup);
  }

  /** The source with the edits made; they must not overlap (insertions at one offset keep their order). */
  edit(edits: Iterable<HtmlEdit | null>): string {
    // at one offset, insertions go before a replacement that starts there
    const sorted = [...edits]
      .filter((edit) => edit !== null)
      .sort((a, b) => a.start - b.start || Number(a.end > a.start) - Number(b.end > b.start));
    const parts: string[] = [];
    let at = 0;
    for (const edit of sorted) {
      if (edit.start < at || edit.end < edit.start) throw new Error("HTML edits overlap");
      parts.push(this.source.slice(at, edit.start), edit.text);
      at = edit.end;
    }
    parts.push(this.source.slice(at));
    return parts.join("");
  }
}

/** The `type` of a script as the browser compares it: trimmed, lower case, without parameters. */
export function scriptType(script: HtmlElement): string {
  return (attribute(script, "type") ?? "").trim().toLowerCase().split(";")[0]!.trim();
}

function insertAt(offset: number, text: string): HtmlEdit {
  return { start: offset, end: offset, text };
}

/** Markup at the start of an element's content. */
export function prependContent(element: HtmlElement, markup: string): HtmlEdit {
  return insertAt(element.contentStart, markup);
}

/** Markup at the end of an element's content. */
export function appendContent(element: HtmlElement, markup: string): HtmlEdit {
  return insertAt(element.contentEnd, markup);
}

export function replaceNode(element: HtmlElement, markup: string): HtmlEdit {
  return { start: element.start, end: element.end, text: markup };
}

export function removeNode(element: HtmlElement): HtmlEdit {
  return replaceNode(element, "");
}

/** Everything between the element's tags replaced (a script's text, say); the tags stay as they are. */
export function replaceContent(element: HtmlElement, text: string): HtmlEdit {
  return { start: element.contentStart, end: element.contentEnd, text };
}

/** A start tag for new markup: `true` writes a bare attribute (`disabled`), values are escaped. */
export function startTag(name: string, attributes: Readonly<Record<string, string | true>> = {}): string {
  const written = Object.entries(attributes).map(([key, value]) =>
    value === true ? ` ${key}` : ` ${key}="${escapeHtml(value)}"`,
  );
  return `<${name}${written.join("")}>`;
}

/** A script or style element holding `text` as it is; throws when the text would end the element early. */
export function rawTextElement(name: "script" | "style", text: string): string {
  if (text.toLowerCase().includes(`</${name}`)) throw new Error(`the ${name}'s text would end its element: </${name}`);
  return `${startTag(name)}${text}</${name}>`;
}

/**
 * The last page parsed, kept for the callers that still ask several
 * questions of one page by its text (the live update, the site server's
 * policy, the tests); the build's second pass hands its one parse along
 * instead (html-source.ts). Module-level: it is a cache of the parser's.
 */
let lastParsed: HtmlPage | undefined;

/**
 * An attribute as the tokenizer found it, its value decoded when asked:
 * the tokenizer reads a value several times faster when it need not look
 * for character references, and few values have any.
 */
class SourceAttribute implements HtmlAttribute {
  #value: string | undefined;

  constructor(
    readonly name: string,
    private readonly raw: string,
    private readonly quote: string | null | undefined,
    readonly start: number,
    readonly end: number,
  ) {}

  get value(): string {
    this.#value ??= this.raw.includes("&") ? decodeAttributeValue(this.raw, this.quote ?? "") : this.raw;
    return this.#value;
  }
}

/** A value with its character references decoded by the same tokenizer, in its quotes, as attributes are. */
function decodeAttributeValue(raw: string, quote: string): string {
  let decoded = raw;
  new Parser({ onattribute: (_name, value) => (decoded = value) }, { decodeEntities: true }).end(
    `<i a=${quote}${raw}${quote}>`,
  );
  return decoded;
}

export function parseHtml(source: string): HtmlPage {
  if (lastParsed?.source === source) return lastParsed;
  const elements: OpenElement[] = [];
  const open: OpenElement[] = [];
  let attributes: HtmlAttribute[] = [];
  const parser: Parser = new Parser(
    {
      onopentagname: () => {
        attributes = [];
      },
      onattribute: (name, raw, quote) => {
        if (!attributes.some((known) => known.name === name))
          attributes.push(new SourceAttribute(name, raw, quote, parser.startIndex, parser.endIndex));
      },
      onopentag: (name) => {
        const element: OpenElement = {
          name,
          attributes,
          parent: open.at(-1) ?? null,
          start: parser.startIndex,
          contentStart: parser.endIndex + 1,
          contentEnd: source.length,
          end: source.length,
          endTag: false,
        };
        attributes = [];
        elements.push(element);
        open.push(element);
      },
      onclosetag: (_name, isImplied) => {
        const element = open.pop()!;
        if (parser.startIndex === element.start) {
          // a void element, or one closed by its own start tag (`<path/>` in SVG)
          element.contentEnd = element.end = element.contentStart;
        } else if (isImplied) {
          // closed by the next tag (`<p>` before a `<div>`) or by the end of the document
          element.contentEnd = element.end = Math.min(parser.startIndex, source.length);
        } else {
          element.contentEnd = parser.startIndex;
          element.end = parser.endIndex + 1;
          element.endTag = true;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.end(source);
  lastParsed = new HtmlPage(source, elements);
  return lastParsed;
}
