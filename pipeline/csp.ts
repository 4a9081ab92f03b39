import { createHash } from "node:crypto";
import { open, type FileHandle } from "node:fs/promises";
import { parser } from "stream-json";
import Assembler from "stream-json/assembler.js";
import path from "node:path";
import { attribute, parseHtml, replaceNode, scriptType, startTag, type HtmlElement } from "./html";

/**
 * The site's HTTP security headers, shared by the build step that writes
 * them down (pipeline/security-headers.ts: a manifest for this server and a
 * `_headers` file for static hosts) and by the site server that sends them.
 *
 * Two modes, fixed at build time by CONTENT_VERSION:
 * - production (published content, public token): framing by the site itself only;
 * - preview (drafts, preview token, visual editor): `X-Robots-Tag: noindex`,
 *   framing by the Storyblok editor, inline <style> for the editor bridge.
 * Scripts are strict in both: 'self' plus the sha256 of each inline script of
 * the very document served, never 'unsafe-inline' or 'unsafe-eval'.
 */

export type SiteMode = "production" | "preview";

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

/** What a document's policy depends on besides its own inline scripts. */
export interface PolicyInputs {
  mode: SiteMode;
  /** Origin of the Content Delivery API the browser calls, e.g. https://api.storyblok.com */
  apiOrigin: string;
  /** Origins of images and videos (Storyblok's asset CDN, or the local content service). */
  assetOrigins: readonly string[];
}

/** Written next to the build (build/client/.security-headers.json); the site server reads it. */
export interface HeadersManifest {
  version: 1;
  mode: SiteMode;
  policy: PolicyInputs;
  /** Path of each HTML file inside the client folder ("about/index.html") -> its CSP (without upgrade-insecure-requests). */
  documents: Record<string, string>;
}

export const MANIFEST_FILE = ".security-headers.json";

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
export function inlineScripts(html: string): string[] {
  const page = parseHtml(html);
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
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(cspHash))];
}

/**
 * The text of each `<style>` element of a document, as CSP hashes it: the
 * critical CSS the build inlines (pipeline/critical-css.ts). Style attributes
 * are not elements and are left out (style-src-attr covers them).
 */
export function inlineStyles(html: string): string[] {
  const page = parseHtml(html);
  return page.inlineStyles().map((style) => normaliseLineBreaks(page.contentOf(style)));
}

/** Distinct source expressions for the inline styles of one document, in document order. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set(inlineStyles(html).map(cspHash))];
}

/** Inline event handler attributes (onload="...") and javascript: URLs: the policy blocks them, so the build reports them. */
export function blockedInlineCode(html: string): string[] {
  const found = new Set<string>();
  let javascriptUrl = false;
  for (const element of parseHtml(html).elements) {
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
 * The Content-Security-Policy of one document. `https` adds
 * upgrade-insecure-requests (only meaningful, and only harmless, when the
 * page itself came over TLS). `styleHashes`: the document's inline `<style>`
 * elements (production only: in preview a hash would switch off the
 * 'unsafe-inline' the editor bridge needs).
 */
export function contentSecurityPolicy(
  inputs: PolicyInputs,
  scriptHashes: readonly string[],
  options: { https?: boolean; styleHashes?: readonly string[] } = {},
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
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** The policy of one HTML document as served: the hashes of its own inline scripts and styles. */
export function documentSecurityPolicy(inputs: PolicyInputs, html: string): string {
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
export function withPolicyMeta(html: string, policy: string): string {
  const page = parseHtml(html);
  const meta = startTag("meta", { "http-equiv": "Content-Security-Policy", content: metaPolicyOf(policy) });
  const existing = page.elementsNamed("meta").find(isPolicyMeta);
  if (existing) return page.edit([replaceNode(existing, meta)]);
  const edit = page.insertIntoHead(meta);
  return edit ? page.edit([edit]) : html;
}

function isPolicyMeta(element: HtmlElement): boolean {
  return attribute(element, "http-equiv")?.trim().toLowerCase() === "content-security-policy";
}

/** For everything that is not a document (scripts, styles, data, images, errors): nothing may run or load. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const HSTS = "max-age=63072000; includeSubDomains";

/** Only features Chromium knows: unknown ones (interest-cohort) are logged as console errors. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()";

/**
 * Headers every answer of the site carries, by mode. `https`: the request
 * came over TLS (HSTS is ignored over plain HTTP, and sending it there from
 * a server that is also reachable over HTTP would be wrong).
 */
export function commonSecurityHeaders(mode: SiteMode, options: { https?: boolean } = {}): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (mode === "preview") {
    // drafts must never be indexed; the editor frames the pages (frame-ancestors in the CSP)
    headers["X-Robots-Tag"] = "noindex, nofollow";
  } else {
    // for browsers without frame-ancestors; with it, they ignore this header
    headers["X-Frame-Options"] = "SAMEORIGIN";
  }
  if (options.https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/** A manifest's fields besides its documents. */
export type ManifestHeader = Omit<HeadersManifest, "documents">;

/** A manifest as the site server holds it: the policies in a Map (no prototype keys, no object of 20,000 properties). */
export interface LoadedHeadersManifest extends ManifestHeader {
  documents: Map<string, string>;
}

/**
 * Reads a headers manifest one document at a time (stream-json's tokenizer):
 * at 10,000 articles the file is 17 MB, and reading it whole held its text
 * and its parsed copy at once. Calls `onDocument` in the file's order and
 * returns the other fields, checked; null when the file does not exist.
 */
export async function readManifestEntries(
  file: string,
  onDocument: (relative: string, csp: string) => void | Promise<void>,
): Promise<ManifestHeader | null> {
  let handle: FileHandle;
  try {
    handle = await open(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const source = handle.createReadStream();
  const tokens = parser.asStream({ streamValues: false });
  source.on("error", (error) => tokens.destroy(error));
  source.pipe(tokens);
  const notAManifest = () => new Error(`${file} is not a security headers manifest (version 1)`);
  const fields: Record<string, unknown> = {};
  let depth = 0;
  let field: string | null = null;
  let documents: "before" | "inside" | "after" = "before";
  let documentKey: string | null = null;
  let nested: Assembler | null = null;
  try {
    for await (const token of tokens as AsyncIterable<parser.Token>) {
      if (nested) {
        nested.consume(token);
        if (nested.done) [fields[field!], nested] = [nested.current, null];
        continue;
      }
      if (documents === "inside") {
        if (token.name === "keyValue") documentKey = token.value;
        else if (token.name === "stringValue" && documentKey !== null) await onDocument(documentKey, token.value);
        else if (token.name === "endObject") documents = "after";
        else throw notAManifest();
        continue;
      }
      if (depth === 0) {
        if (token.name !== "startObject") throw notAManifest();
        depth = 1;
      } else if (token.name === "keyValue") {
        field = token.value;
      } else if (token.name === "endObject") {
        depth = 0;
      } else if (field === "documents" && token.name === "startObject" && documents === "before") {
        documents = "inside";
      } else if (token.name === "startObject" || token.name === "startArray") {
        nested = new Assembler().consume(token);
      } else if (token.name === "stringValue" || token.name === "numberValue") {
        fields[field!] = token.name === "numberValue" ? Number(token.value) : token.value;
      } else {
        fields[field!] = null;
      }
    }
  } catch (error) {
    // stream-json's errors on text that is not JSON
    if (error instanceof Error && error.message.startsWith("Parser ")) throw notAManifest();
    throw error;
  } finally {
    source.destroy();
    await handle.close().catch(() => undefined);
  }
  const policy = fields.policy as Partial<PolicyInputs> | undefined;
  if (
    fields.version !== 1 ||
    (fields.mode !== "production" && fields.mode !== "preview") ||
    !policy ||
    typeof policy !== "object" ||
    policy.mode !== fields.mode ||
    typeof policy.apiOrigin !== "string" ||
    !Array.isArray(policy.assetOrigins) ||
    documents !== "after"
  ) {
    throw notAManifest();
  }
  return { version: 1, mode: fields.mode, policy: policy as PolicyInputs };
}

/** The manifest of a build, or null when the build has none (made without the build step). */
export async function readHeadersManifest(root: string): Promise<LoadedHeadersManifest | null> {
  const documents = new Map<string, string>();
  const header = await readManifestEntries(path.join(root, MANIFEST_FILE), (relative, csp) => {
    documents.set(relative, csp);
  });
  return header && { ...header, documents };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ""))];
}
