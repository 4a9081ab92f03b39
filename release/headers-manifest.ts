import { open } from "node:fs/promises";
import path from "node:path";
import { parser } from "stream-json";
import Assembler from "stream-json/assembler.js";
import { unlessMissing } from "./layout";

/**
 * The security headers of a build as every server of it sends them: the
 * headers manifest the build writes (pipeline/security-headers.ts: each
 * page's policy, made by pipeline/csp.ts) and the site server reads
 * (site-server/static-files.ts), and the headers every answer carries, which
 * the site server sends and the build writes into the static hosts' and
 * nginx's files (pipeline/headers-files.ts, pipeline/host-config.ts).
 *
 * Two modes, fixed at build time by CONTENT_VERSION:
 * - production (published content, public token): framing by the site itself only;
 * - preview (drafts, preview token, visual editor): `X-Robots-Tag: noindex`,
 *   framing by the Storyblok editor, inline <style> for the editor bridge.
 */

export type SiteMode = "production" | "preview";

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
  const handle = await unlessMissing(open(file));
  if (!handle) return null;
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
  if (documents !== "after") throw notAManifest();
  return checkedHeader(fields, notAManifest);
}

/** A manifest's fields besides its documents, checked. */
function checkedHeader(fields: Record<string, unknown>, notAManifest: () => Error): ManifestHeader {
  const policy = fields.policy as Partial<PolicyInputs> | undefined;
  if (
    fields.version !== 1 ||
    (fields.mode !== "production" && fields.mode !== "preview") ||
    !policy ||
    typeof policy !== "object" ||
    policy.mode !== fields.mode ||
    typeof policy.apiOrigin !== "string" ||
    !Array.isArray(policy.assetOrigins)
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
