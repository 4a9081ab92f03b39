import { createHash } from "node:crypto";
import type { PolicyInputs } from "../release/headers-manifest";
import { attribute, replaceNode, scriptType, startTag, type HtmlEdit, type HtmlElement, type HtmlPage } from "./html";
import { pageOf, type HtmlSource } from "./html-source";

/**
 * The Content-Security-Policy of each document, made by the build step that
 * writes it down (pipeline/security-headers.ts: into the page, the headers
 * manifest of release/headers-manifest.ts and the static hosts' files) and
 * by the site server for an HTML file the manifest does not list.
 * Scripts are strict in both modes (release/headers-manifest.ts): 'self' plus the sha256 of each inline script of
 * the very document served, never 'unsafe-inline' or 'unsafe-eval'.
 */

/**
 * Where the Storyblok visual editor runs (app-beta: `_storyblok_env=stage`),
 * one app per region. The bridge is a bundled chunk (served from 'self') that
 * only talks to the editor with postMessage, so these appear in
 * frame-ancestors and nowhere else.
 */
export const EDITOR_ORIGINS: readonly string[] = [
  "https://app.storyblok.com",
  "https://app-us.storyblok.com",
  "https://app-ca.storyblok.com",
  "https://app-ap.storyblok.com",
  "https://app.storyblokchina.cn",
  "https://app-beta.storyblok.com",
];

const JS_TYPES = new Set([
  "",
  "module",
  "importmap",
  "speculationrules",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/x-ecmascript",
  "text/ecmascript",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/**
 * The text of each inline script the browser would run (or parse as an
 * import map), exactly as CSP hashes it. Scripts with `src` and data blocks
 * (`application/ld+json`) are not inline code and are left out. A script's
 * text is raw text in HTML, so no entity decoding; line breaks are
 * normalised as the parser does.
 */
export function inlineScripts(html: HtmlSource): string[] {
  const page = pageOf(html);
  return page
    .inlineScripts()
    .filter((script) => JS_TYPES.has(scriptType(script)))
    .map((script) => normaliseLineBreaks(page.contentOf(script)));
}

/** CR LF and lone CR as the HTML parser turns them into LF before anything hashes the text. */
function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

export function cspHash(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/** Distinct source expressions for the inline scripts of one document, in document order. */
export function inlineScriptHashes(html: HtmlSource): string[] {
  return [...new Set(inlineScripts(html).map(cspHash))];
}

/**
 * The text of each `<style>` element of a document, as CSP hashes it: the
 * critical CSS the build inlines (pipeline/critical-css.ts). Style attributes
 * are not elements and are left out (style-src-attr covers them).
 */
export function inlineStyles(html: HtmlSource): string[] {
  const page = pageOf(html);
  return page.inlineStyles().map((style) => normaliseLineBreaks(page.contentOf(style)));
}

/** Distinct source expressions for the inline styles of one document, in document order. */
export function inlineStyleHashes(html: HtmlSource): string[] {
  return styleHashes(inlineStyles(html));
}

/** The hashes of style elements' texts (as `inlineStyles` gives them, or as a step will write them). */
export function styleHashes(styles: readonly string[]): string[] {
  return [...new Set(styles.map((style) => cspHash(normaliseLineBreaks(style))))];
}

/** Inline event handler attributes (onload="...") and javascript: URLs: the policy blocks them, so the build reports them. */
export function blockedInlineCode(html: HtmlSource): string[] {
  const found = new Set<string>();
  let javascriptUrl = false;
  for (const element of pageOf(html).elements) {
    for (const { name, value } of element.attributes) {
      if (/^on[a-z]+$/.test(name)) found.add(name);
      else if (URL_ATTRIBUTES.has(name) && isJavascriptUrl(value)) javascriptUrl = true;
    }
  }
  if (javascriptUrl) found.add("javascript: URL");
  return [...found];
}

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction"]);

/** As the URL parser reads it: tabs and line breaks anywhere and leading spaces or controls do not count. */
function isJavascriptUrl(value: string): boolean {
  const url = value.replace(/[\t\n\r]/g, "");
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start += 1;
  return url.slice(start, start + "javascript:".length).toLowerCase() === "javascript:";
}

/**
 * The Content-Security-Policy of one document, without upgrade-insecure-requests: each server adds that to a page
 * it serves over TLS, where alone it is meaningful and harmless (the site server, `_headers`, the nginx site).
 * `styleHashes`: the document's inline `<style>` elements (production only: in preview a hash would switch off the
 * 'unsafe-inline' the editor bridge needs).
 */
export function contentSecurityPolicy(
  inputs: PolicyInputs,
  scriptHashes: readonly string[],
  options: { styleHashes?: readonly string[] } = {},
): string {
  const preview = inputs.mode === "preview";
  const assets = unique(inputs.assetOrigins);
  const directives: Array<[string, string[]]> = [
    // everything not named below is off (workers, frames, manifests, ...)
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", ...scriptHashes]],
    // The prerendered HTML carries style="" attributes with per-item CSS
    // variables (--i, --tag-colour, ...), so style attributes are allowed;
    // style elements from 'self' and the page's own critical CSS (in preview
    // the editor bridge adds one).
    ["style-src", preview ? ["'self'", "'unsafe-inline'"] : ["'self'", ...(options.styleHashes ?? [])]],
    ...(preview ? [] : ([["style-src-attr", ["'unsafe-inline'"]]] as Array<[string, string[]]>)),
    ["img-src", ["'self'", "data:", ...assets]],
    ["media-src", ["'self'", ...assets]],
    ["font-src", ["'self'"]],
    // client loaders read the content API; React Router fetches .data from 'self'
    ["connect-src", unique(["'self'", inputs.apiOrigin])],
    ["manifest-src", ["'self'"]],
    ["frame-ancestors", preview ? ["'self'", ...EDITOR_ORIGINS] : ["'self'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** The policy of one HTML document as served: the hashes of its own inline scripts and styles. */
export function documentSecurityPolicy(inputs: PolicyInputs, html: HtmlSource): string {
  return contentSecurityPolicy(inputs, inlineScriptHashes(html), { styleHashes: inlineStyleHashes(html) });
}

/**
 * Directives a `<meta http-equiv>` policy cannot carry: the browser ignores
 * them there (CSP 3, "The meta element"). A page's own policy travels in
 * its `<meta>`; these stay with the host's header.
 */
const HEADER_ONLY_DIRECTIVES: ReadonlySet<string> = new Set(["frame-ancestors", "report-uri", "report-to", "sandbox"]);

function directivesOf(policy: string): string[] {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean);
}

function isHeaderOnly(directive: string): boolean {
  return HEADER_ONLY_DIRECTIVES.has(directive.split(/\s+/)[0]!.toLowerCase());
}

/** A document's policy as its `<meta http-equiv="Content-Security-Policy">` carries it. */
export function metaPolicyOf(policy: string): string {
  return directivesOf(policy)
    .filter((directive) => !isHeaderOnly(directive))
    .join("; ");
}

/** The part of a document's policy only a header can carry (frame-ancestors): one rule for every path of a static host. */
export function headerOnlyPolicyOf(policy: string): string {
  return directivesOf(policy).filter(isHeaderOnly).join("; ");
}

/**
 * The page with its policy in a `<meta http-equiv>` at the top of its head
 * (right after `<meta charset>`, before any script or style it governs), so
 * that any static host serves the page with its policy; an earlier one (a
 * page finished before) is replaced. A page without a head is returned as
 * it is.
 */
export function withPolicyMeta(html: HtmlSource, policy: string): string {
  const page = pageOf(html);
  const edit = policyMetaEdit(page, policy);
  return edit ? page.edit([edit]) : page.source;
}

/** `withPolicyMeta` as an edit on the page's parse, to be made with the page's other edits; null without a head. */
export function policyMetaEdit(page: HtmlPage, policy: string): HtmlEdit | null {
  const meta = startTag("meta", { "http-equiv": "Content-Security-Policy", content: metaPolicyOf(policy) });
  const existing = page.elementsNamed("meta").find(isPolicyMeta);
  return existing ? replaceNode(existing, meta) : page.insertIntoHead(meta);
}

function isPolicyMeta(element: HtmlElement): boolean {
  return attribute(element, "http-equiv")?.trim().toLowerCase() === "content-security-policy";
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ""))];
}
