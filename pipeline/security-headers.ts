import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type PolicyInputs, type SiteMode } from "../release/headers-manifest";
import {
  blockedInlineCode,
  contentSecurityPolicy,
  inlineScriptHashes,
  inlineStyles,
  policyMetaEdit,
  styleHashes,
} from "./csp";
import type { BuildSettings } from "./build-settings";
import { contentOriginsOf, siteModeOf, type ContentConfig } from "./content-config";
import { listHtmlFiles } from "../release/layout";
import { pagesInOrder } from "./build-files";
import { isLinkWithRel, parseHtml } from "./html";
import { pageOf, type HtmlSource } from "./html-source";
import { pageStyling, type PageStyles } from "./finish-pages";
import type { PageWorkers } from "./page-workers";
import { HeadersFilesWriter, comparePagePaths } from "./headers-files";
import { nginxMapKeys } from "./host-config";
import { articleHrefs } from "./release-info";
import { worthCompressing, writeCompressedSiblings } from "./precompress";

/**
 * A step of the build's last one (pipeline/finish-build.ts):
 * hashes every inline script of every prerendered HTML file (React Router's
 * hydration context, module imports and streamed data; the SPA fallback has
 * its own) into a per-file Content-Security-Policy, puts it into the page as
 * a `<meta http-equiv>` (so that it travels with the page to any static
 * host), and writes
 * - build/client/.security-headers.json: mode, policy inputs and path -> CSP,
 *   which the site server reads (dotfiles are never served);
 * - build/client/_headers: for static hosts (Netlify, Cloudflare Pages), the
 *   headers a meta element cannot carry, in rules for every path;
 * - build/nginx/studio-site.conf: the same as an nginx map (pipeline/host-config.ts),
 * one page at a time (pipeline/headers-files.ts).
 */

export function policyInputsOf(
  config: ContentConfig,
  settings: Pick<BuildSettings, "STORYBLOK_REGION" | "CONTENT_ASSET_ORIGINS">,
): PolicyInputs {
  const origins = contentOriginsOf(config, settings);
  return { mode: siteModeOf(config), apiOrigin: origins.api, assetOrigins: origins.assets };
}

/** What the second pass does to each page besides hashing it (`finishBuild`); nothing for a build's pages as they are. */
export interface PageFinishing {
  /** Critical CSS inline before the page is hashed (pipeline/finish-pages.ts, `styledPage`). */
  styles?: PageStyles;
  /**
   * The pages finished on these worker threads (pipeline/page-workers.ts), each with its own extractor made from
   * `styles`; unset: on this thread. The files come out the same either way.
   */
  workers?: PageWorkers | null;
  /** Each page's `.br` and `.gz` siblings written as it is finished, from the text in hand (the build's last step finds them up to date). */
  compress?: boolean;
}

/** One page after the second pass: its policy, what it warns of, and its critical CSS's size (null: not styled). */
export interface FinishedPage {
  policy: string;
  warnings: string[];
  styledBytes: number | null;
  /** The article paths among its hrefs, for the release's record (pipeline/release-info.ts). */
  articleHrefs: string[];
}

/** One page as the build serves it: styled, its policy in its `<meta>`, and what the build records of it. */
export interface ServedPage extends FinishedPage {
  html: string;
}

/**
 * The second pass over one page's HTML, the build's and the live update's one way to finish a page: its one parse
 * gets its styles inline and its policy as edits on it, and every question below is asked of it (the styled page
 * differs from it only by the style and the links it replaces).
 */
export async function finishPage(
  relative: string,
  prerendered: string,
  inputs: PolicyInputs,
  styles?: PageStyles,
): Promise<ServedPage> {
  const page = parseHtml(prerendered);
  const styling = styles ? await pageStyling(relative, page, styles) : null;
  const servedStyles = styling ? [styling.style] : inlineStyles(page);
  const policy = contentSecurityPolicy(inputs, inlineScriptHashes(page), { styleHashes: styleHashes(servedStyles) });
  const warnings: string[] = [];
  const blocked = blockedInlineCode(page);
  if (blocked.length) warnings.push(`${relative}: the policy blocks its inline ${blocked.join(", ")}`);
  const foreign = mediaOrigins(page).filter((origin) => !inputs.assetOrigins.includes(origin));
  if (foreign.length)
    warnings.push(
      `${relative}: images or videos from ${foreign.join(", ")} are blocked (not a content origin; see CONTENT_ASSET_ORIGINS)`,
    );
  const html = page.edit([...(styling?.edits ?? []), policyMetaEdit(page, policy)]);
  return { html, policy, warnings, styledBytes: styling?.style.length ?? null, articleHrefs: articleHrefs(page) };
}

/**
 * `finishPage` on one HTML file (`relative` to `clientDir`), written back, and with `compress` its `.br` and `.gz`
 * siblings written from it (pipeline/precompress.ts).
 */
export async function finishPageFile(
  clientDir: string,
  relative: string,
  inputs: PolicyInputs,
  styles?: PageStyles,
  compress = false,
): Promise<FinishedPage> {
  const file = path.join(clientDir, relative);
  const prerendered = await readFile(file, "utf8");
  const { html: served, ...finished } = await finishPage(relative, prerendered, inputs, styles);
  if (served !== prerendered) await writeFile(file, served);
  if (compress) {
    const bytes = Buffer.from(served);
    if (worthCompressing(clientDir, file, bytes.length)) await writeCompressedSiblings(clientDir, file, bytes);
  }
  return finished;
}

/**
 * Hashes each HTML file and writes its policy to the headers files (pipeline/headers-files.ts), one page at
 * a time; with `finishing`, each page is first given its critical CSS. With `finishing.workers`, worker threads
 * finish the pages while this one writes their policies down in page order.
 */
export async function writeSecurityHeaders(clientDir: string, inputs: PolicyInputs, finishing: PageFinishing = {}) {
  // problems the policy will cause in a browser (blocked event handlers, media from origins it does not allow)
  const warnings: string[] = [];
  // pages given their critical CSS, and its size in all
  const styled = { pages: 0, bytes: 0 };
  // each HTML file's article hrefs (`articleHrefs`), by its path relative to the client folder
  const hrefs = new Map<string, string[]>();
  const files = (await listHtmlFiles(clientDir)).sort(comparePagePaths);
  const nginxKeys = files.reduce((sum, relative) => sum + nginxMapKeys(relative).length, 0);
  const writer = await HeadersFilesWriter.open(clientDir, { version: 1, mode: inputs.mode, policy: inputs }, nginxKeys);
  const workers = finishing.workers ?? null;
  workers?.setUp({
    pass: "second",
    clientDir,
    inputs,
    styles: finishing.styles ? { fontFaces: finishing.styles.fontFaces } : null,
    compress: finishing.compress ?? false,
  });
  try {
    const finish = (relative: string) =>
      finishPageFile(clientDir, relative, inputs, finishing.styles, finishing.compress);
    for await (const [relative, page] of pagesInOrder(clientDir, files, workers, finish)) {
      if (page.styledBytes !== null) {
        styled.pages += 1;
        styled.bytes += page.styledBytes;
      }
      warnings.push(...page.warnings);
      hrefs.set(relative, page.articleHrefs);
      await writer.add(relative, page.policy);
    }
  } catch (error) {
    await writer.abandon();
    throw error;
  }
  // the HTML files with a policy
  const { documents } = await writer.close();
  return { mode: inputs.mode, documents, warnings, styled, articleHrefs: hrefs };
}

/** Origins of the images and videos an HTML file loads (src, srcset, poster, image preloads). */
export function mediaOrigins(html: HtmlSource): string[] {
  const origins = new Set<string>();
  // an absolute http(s) URL: one that does not parse is none the browser would load either
  const add = (url: string) => {
    if (/^https?:\/\//i.test(url) && URL.canParse(url)) origins.add(new URL(url).origin);
  };
  for (const element of pageOf(html).elements) {
    if (!MEDIA_ELEMENTS.has(element.name)) continue;
    if (element.name === "link" && !isLinkWithRel(element, "preload")) continue;
    for (const { name, value } of element.attributes) {
      if (name === "srcset" || name === "imagesrcset") {
        for (const candidate of value.split(",")) add(candidate.trim().split(/\s+/)[0] ?? "");
      } else if (name === "src" || name === "poster" || name === "href") {
        add(value);
      }
    }
  }
  return [...origins];
}

const MEDIA_ELEMENTS = new Set(["img", "source", "video", "audio", "link"]);

/** The build's mode in a box, so that nobody mistakes a preview build for the public site. */
export function modeBanner(mode: SiteMode, config: Pick<ContentConfig, "endpoint" | "local">): string {
  const source = config.local ? `the local content service (${config.endpoint})` : `Storyblok (${config.endpoint})`;
  const lines =
    mode === "preview"
      ? [
          "PREVIEW BUILD: draft content from " + source,
          "The browser bundle carries a PREVIEW token: anyone can read unpublished",
          "content with it. Served with X-Robots-Tag: noindex; the Storyblok visual",
          "editor may frame it. Not for the public site: build that with",
          "CONTENT_VERSION=published and a public token.",
        ]
      : [
          "PRODUCTION BUILD: published content from " + source,
          "The browser bundle carries the public token; pages may be indexed and",
          "framed by the site itself only (no visual editor).",
        ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "═".repeat(width + 2);
  return [`╔${rule}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${rule}╝`].join("\n");
}

/**
 * A production build must not carry a token that reads drafts. Storyblok
 * answers a public token's `version=draft` request with 401 (so does the
 * local content service); a 200 means a preview token. Only a network
 * failure leaves it open, and that is said.
 */
export async function checkTokenForMode(
  config: ContentConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  if (siteModeOf(config) !== "production") return null;
  const url = new URL(`${config.endpoint}/cdn/stories`);
  url.searchParams.set("version", "draft");
  url.searchParams.set("per_page", "1");
  url.searchParams.set("token", config.token);
  let status: number;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    return `Could not check that the token is a public one (${error instanceof Error ? error.message : String(error)})`;
  }
  if (status === 200) {
    throw new Error(
      "CONTENT_VERSION=published, but the token reads drafts: it is a preview token. A production build puts its token " +
        "into the browser bundle, so it must be a public token (STORYBLOK_TOKEN; for the local service content/space.json publicToken).",
    );
  }
  return status === 401 ? null : `Could not check that the token is a public one (the API answered ${status})`;
}
