/**
 * Checks on rendered DOM that hold for any content, however broken or
 * hostile: used by the fuzz tests (app/routes/pages-fuzz.test.tsx) and the
 * rich text corpus test. Each check returns a list of readable problems, so a
 * failing property prints what went wrong, not just "false".
 */

import { LAZY_PLACEHOLDER_SRC, LAZY_PLACEHOLDER_SRCSET } from "~/components/lazy-image/lazy-image";
import { effectiveScheme, LINK_SCHEMES, MEDIA_SCHEMES } from "./url-schemes";

/** Text that means a value was stringified by accident. */
export const LEAK_TOKENS = ["undefined", "[object Object]", "NaN"] as const;
export type LeakToken = (typeof LEAK_TOKENS)[number];

/** Elements that must never come out of content. */
const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "frame",
  "frameset",
  "applet",
  "base",
  "style",
  "form",
]);

/** Attributes that carry a URL. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "background",
  "data",
  "cite",
]);

/**
 * The leak tokens that the input itself contains in some string: a story
 * whose text is literally "NaN" may show it. Iterative (inputs may be nested
 * 10,000 deep) and bounded.
 */
export function tokensInInput(input: unknown, budget = 500_000): Set<LeakToken> {
  const found = new Set<LeakToken>();
  const seen = new Set<object>();
  const stack: unknown[] = [input];
  let visited = 0;
  while (stack.length > 0 && visited < budget && found.size < LEAK_TOKENS.length) {
    const value = stack.pop();
    visited += 1;
    if (typeof value === "string") {
      for (const token of LEAK_TOKENS) if (value.includes(token)) found.add(token);
    } else if (typeof value === "object" && value !== null && !seen.has(value)) {
      seen.add(value);
      for (const key of Object.keys(value)) {
        for (const token of LEAK_TOKENS) if (key.includes(token)) found.add(token);
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return found;
}

export interface DomCheckOptions {
  /** leak tokens the input contains (see tokensInInput): these may appear */
  allowedTokens?: ReadonlySet<string>;
  /** judges a style attribute; default: no url(), expression() or script */
  allowStyle?: (element: Element, value: string) => boolean;
  /** true: target=_blank needs rel="noopener noreferrer" on every link, else only on links that leave the site */
  relOnEveryNewTab?: boolean;
  /** true: <script type="application/ld+json"> data blocks may appear (escaped, valid JSON) */
  allowJsonLd?: boolean;
}

const DANGEROUS_STYLE = /url\s*\(|expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|\\/i;

/** A style that only sets colours or text alignment to plain values (what rich text marks may emit). */
export function isRichTextStyle(_element: Element, value: string): boolean {
  if (DANGEROUS_STYLE.test(value)) return false;
  return value
    .split(";")
    .map((declaration) => declaration.trim())
    .filter(Boolean)
    .every((declaration) => {
      const [property = "", ...rest] = declaration.split(":");
      const propertyValue = rest.join(":").trim();
      const name = property.trim().toLowerCase();
      if (name === "text-align") return /^(left|center|right|justify)$/.test(propertyValue);
      if (name === "color" || name === "background-color") {
        return /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9\s.,%/-]{1,60}\))$/i.test(propertyValue);
      }
      return false;
    });
}

function defaultAllowStyle(_element: Element, value: string): boolean {
  return !DANGEROUS_STYLE.test(value);
}

function urlsOf(name: string, value: string): string[] {
  if (name !== "srcset" && name !== "data-srcset") return [value];
  return value
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

function leaves(href: string): boolean {
  return effectiveScheme(href) !== null || /^\s*[/\\]{2}/.test(href);
}

const short = (value: string) => JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);

function jsonLdProblems(json: string): string[] {
  const problems = /[<>]/.test(json) ? [`JSON-LD holds unescaped markup: ${short(json)}`] : [];
  try {
    JSON.parse(json);
  } catch {
    problems.push(`JSON-LD is not JSON: ${short(json)}`);
  }
  return problems;
}

/**
 * Whether the attribute holds a lazy image's placeholder: in its src, and in its srcset and its
 * sources' where sizes asks for one (the loader copies data-srcset, checked like srcset, to srcset).
 */
function isLazyPlaceholder(element: Element, attribute: string, value: string): boolean {
  const tag = element.localName;
  const lazyImg =
    tag === "img" ? element : tag === "source" ? element.parentElement?.querySelector(":scope > img") : null;
  return (
    lazyImg?.hasAttribute("data-lazy") === true &&
    ((tag === "img" && attribute === "src" && value === LAZY_PLACEHOLDER_SRC) ||
      (attribute === "srcset" && value === LAZY_PLACEHOLDER_SRCSET))
  );
}

/** A link that opens a new tab (one that leaves the site, or any with `everyNewTab`) without rel="noopener noreferrer". */
function newTabLinkProblem(element: Element, everyNewTab: boolean): string | null {
  if (element.localName !== "a" || element.getAttribute("target") !== "_blank") return null;
  const href = element.getAttribute("href") ?? "";
  if (!everyNewTab && !leaves(href)) return null;
  const rel = new Set((element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/));
  if (rel.has("noopener") && rel.has("noreferrer")) return null;
  return `new-tab link ${short(href)} lacks rel="noopener noreferrer" (rel=${short(element.getAttribute("rel") ?? "")})`;
}

/** Every problem in `root`'s subtree; [] when it is clean. */
export function domProblems(root: Element, options: DomCheckOptions = {}): string[] {
  const allowedTokens = options.allowedTokens ?? new Set<string>();
  const allowStyle = options.allowStyle ?? defaultAllowStyle;
  const tokens = LEAK_TOKENS.filter((token) => !allowedTokens.has(token));
  const problems: string[] = [];
  const report = (problem: string) => {
    if (problems.length < 20) problems.push(problem);
  };
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.nodeValue ?? "";
    for (const token of tokens) if (value.includes(token)) report(`text node shows ${token}: ${short(value)}`);
  }

  for (const element of [root, ...root.querySelectorAll("*")]) {
    const tag = element.localName;
    if (tag === "script" && options.allowJsonLd && element.getAttribute("type") === "application/ld+json") {
      jsonLdProblems(element.textContent ?? "").forEach(report);
    } else if (FORBIDDEN_ELEMENTS.has(tag)) {
      report(`<${tag}> element rendered`);
    }
    for (const name of element.getAttributeNames()) {
      const value = element.getAttribute(name) ?? "";
      const lower = name.toLowerCase();
      if (lower.startsWith("on")) report(`<${tag}> has event handler attribute ${name}=${short(value)}`);
      if (lower === "srcdoc") report(`<${tag}> has srcdoc`);
      for (const token of tokens) {
        if (value.includes(token)) report(`<${tag} ${name}> shows ${token}: ${short(value)}`);
      }
      if (lower === "style" && !allowStyle(element, value)) report(`<${tag}> has style ${short(value)}`);
      if (
        !isLazyPlaceholder(element, lower, value) &&
        (URL_ATTRIBUTES.has(lower) || lower === "srcset" || lower === "data-srcset")
      ) {
        const allowed =
          lower === "href" || lower === "action" || lower === "formaction" || lower === "xlink:href"
            ? LINK_SCHEMES
            : MEDIA_SCHEMES;
        for (const url of urlsOf(lower, value)) {
          const scheme = effectiveScheme(url);
          if (scheme !== null && !allowed.has(scheme)) report(`<${tag} ${name}> has scheme ${scheme}: ${short(url)}`);
        }
      }
    }
    const newTab = newTabLinkProblem(element, options.relOnEveryNewTab ?? false);
    if (newTab) report(newTab);
    // a lazy image's placeholder has no size: its width and height alone give its box until its file loads
    if (tag === "img" && element.hasAttribute("data-lazy")) {
      for (const name of ["width", "height"])
        if (!/^[1-9]\d*$/.test(element.getAttribute(name) ?? ""))
          report(`<img data-lazy> has ${name}=${short(element.getAttribute(name) ?? "(none)")}`);
    }
  }
  return problems;
}

/** Console errors that are not the spec's own log lines: React warnings (duplicate keys, NaN props, ...). */
export function unexpectedConsoleErrors(calls: readonly unknown[][]): string[] {
  const expected = [
    /^Component .* doesn't exist\.?$/s,
    /^Artikel nicht gefunden:/,
    /^Fehler beim Laden der Kategorien:/,
  ];
  return calls
    .map((args) =>
      args.map((arg) => (typeof arg === "string" ? arg : arg instanceof Error ? arg.message : String(arg))).join(" "),
    )
    .filter((message) => !expected.some((pattern) => pattern.test(message)))
    .map((message) => (message.length > 300 ? `${message.slice(0, 300)}…` : message));
}
