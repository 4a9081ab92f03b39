import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  MANIFEST_FILE,
  blockedInlineCode,
  documentSecurityPolicy,
  inlineStyles,
  type PolicyInputs,
  type SiteMode,
} from "./csp";
import { contentOriginsOf, resolveContentConfig, siteModeOf, type ContentConfig } from "./content-config";
import { listHtmlFiles } from "./build-files";
import { createBeasties } from "./critical-css";
import { preparePagesInBuild, styledPage, type PageStyles } from "./finish-pages";
import { lazyImageScript } from "./lazy-image-script";
import { subsetFontForBuild } from "./font-subset";
import { CLOUDFLARE_RULE_LIMIT, HEADERS_FILE, HeadersFilesWriter, comparePagePaths } from "./headers-files";
import { NGINX_CONFIG_FILE, nginxMapKeys, writeRedirects } from "./host-config";
import { placeArticlesNotFoundPage, placeNotFoundPage } from "./not-found-pages";
import { precompress } from "./precompress";

const HYDRATION_NOTE = "docs/decisions/0005-hydrate-after-load.md";

/**
 * The build step after prerendering (react-router.config.ts, buildEnd):
 * hashes every inline script of every prerendered HTML file (React Router's
 * hydration context, module imports and streamed data; the SPA fallback has
 * its own) into a per-file Content-Security-Policy, and writes
 * - build/client/.security-headers.json: mode, policy inputs and path -> CSP,
 *   which the site server reads (dotfiles are never served);
 * - build/client/_headers: the same as per-path rules for static hosts
 *   (Netlify, Cloudflare Pages);
 * - build/nginx/studio-site.conf: the same as an nginx map (pipeline/host-config.ts),
 * one page at a time (pipeline/headers-files.ts).
 * Then precompresses the build and prints the build's mode in a box.
 * By hand: `tsx pipeline/security-headers.ts [build/client]` (same environment as the build).
 */

export interface SecurityHeadersResult {
  mode: SiteMode;
  /** HTML files with a policy. */
  documents: number;
  /** Problems the policy will cause in a browser (blocked event handlers, media from origins it does not allow). */
  warnings: string[];
  headersFile: string;
  /** Pages given their critical CSS, and its size in all. */
  styled: { pages: number; bytes: number };
}

export function policyInputsOf(config: ContentConfig, env: NodeJS.ProcessEnv = process.env): PolicyInputs {
  const origins = contentOriginsOf(config, env);
  return { mode: siteModeOf(config), apiOrigin: origins.api, assetOrigins: origins.assets };
}

/** What the second pass does to each page besides hashing it (`finishBuild`); nothing for a build's pages as they are. */
export interface PageFinishing {
  /** Critical CSS inline before the page is hashed (pipeline/finish-pages.ts, `styledPage`). */
  styles?: PageStyles;
}

/**
 * Hashes each HTML file and writes its policy to the headers files (pipeline/headers-files.ts), one page at
 * a time; with `finishing`, each page is first given its critical CSS.
 */
export async function writeSecurityHeaders(
  clientDir: string,
  inputs: PolicyInputs,
  finishing: PageFinishing = {},
): Promise<SecurityHeadersResult> {
  const warnings: string[] = [];
  const styled = { pages: 0, bytes: 0 };
  const files = (await listHtmlFiles(clientDir)).sort(comparePagePaths);
  const nginxKeys = files.reduce((sum, relative) => sum + nginxMapKeys(relative), 0);
  const writer = await HeadersFilesWriter.open(clientDir, { version: 1, mode: inputs.mode, policy: inputs }, nginxKeys);
  try {
    for (const relative of files) {
      const file = path.join(clientDir, relative);
      const prerendered = await readFile(file, "utf8");
      const html = finishing.styles ? await styledPage(relative, prerendered, finishing.styles) : prerendered;
      if (html !== prerendered) {
        await writeFile(file, html);
        styled.pages += 1;
        styled.bytes += inlineStyles(html).reduce((sum, style) => sum + style.length, 0);
      }
      await writer.add(relative, documentSecurityPolicy(inputs, html));
      const blocked = blockedInlineCode(html);
      if (blocked.length) warnings.push(`${relative}: the policy blocks its inline ${blocked.join(", ")}`);
      const foreign = mediaOrigins(html).filter((origin) => !inputs.assetOrigins.includes(origin));
      if (foreign.length)
        warnings.push(
          `${relative}: images or videos from ${foreign.join(", ")} are blocked (not a content origin; see CONTENT_ASSET_ORIGINS)`,
        );
    }
  } catch (error) {
    await writer.abandon();
    throw error;
  }
  const { documents, rules } = await writer.close();
  if (rules > CLOUDFLARE_RULE_LIMIT) {
    warnings.push(`${HEADERS_FILE} has ${rules} rules; Cloudflare Pages reads only the first ${CLOUDFLARE_RULE_LIMIT}`);
  }
  return { mode: inputs.mode, documents, warnings, headersFile: path.join(clientDir, HEADERS_FILE), styled };
}

/** Origins of the images and videos an HTML file loads (src, srcset, poster, image preloads). */
export function mediaOrigins(html: string): string[] {
  const origins = new Set<string>();
  const add = (url: string) => {
    if (!/^https?:\/\//i.test(url)) return;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL the browser would load either
    }
  };
  for (const tag of html.matchAll(/<(img|source|video|audio|link)\b[^>]*>/gi)) {
    const markup = tag[0];
    if (tag[1]!.toLowerCase() === "link" && !/\brel\s*=\s*["']?preload/i.test(markup)) continue;
    for (const attribute of markup.matchAll(/\s(src|poster|href|srcset|imagesrcset)\s*=\s*"([^"]*)"/gi)) {
      const value = attribute[2]!.replace(/&amp;/g, "&");
      const name = attribute[1]!.toLowerCase();
      if (name === "srcset" || name === "imagesrcset") {
        for (const candidate of value.split(",")) add(candidate.trim().split(/\s+/)[0] ?? "");
      } else {
        add(value);
      }
    }
  }
  return [...origins];
}

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

// `react-router build` may evaluate its config more than once; the check runs once.
const TOKEN_CHECK = Symbol.for("studio-portfolio.token-check");
type GlobalWithCheck = typeof globalThis & { [TOKEN_CHECK]?: Promise<void> };

/** Before prerendering (react-router.config.ts): fails a production build that would leak a preview token. */
export function checkTokenOnce(config: ContentConfig): Promise<void> {
  const global = globalThis as GlobalWithCheck;
  global[TOKEN_CHECK] ??= checkTokenForMode(config).then((warning) => {
    if (warning) console.warn(`WARNING: ${warning}`);
  });
  return global[TOKEN_CHECK];
}

/**
 * Everything after prerendering: the 404 pages, hydration after load,
 * the font's subset, critical CSS inline, headers, the nginx site and `_redirects`, precompression, the mode banner.
 */
export async function finishBuild(
  clientDir: string,
  config: ContentConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SecurityHeadersResult> {
  // the not-found page is a prerendered page like the others: it hydrates after load
  await placeNotFoundPage(clientDir);
  // two passes over the pages, one page in memory at a time: the font's subset needs every page's characters
  // before any page's inline style can declare it (pipeline/finish-pages.ts)
  const lazyImages = await lazyImageScript();
  // first: the CSP hashes the inline scripts as they are served
  const prepared = await preparePagesInBuild(clientDir, lazyImages);
  console.info(
    `Lazy images: ${prepared.withLoader} page(s) carry the loader inline (${(Buffer.byteLength(lazyImages) / 1024).toFixed(1)} KB)`,
  );
  console.info(
    `Hydration: ${prepared.deferred} prerendered page(s) load their scripts after the page (${HYDRATION_NOTE})`,
  );
  // the text face cut to the pages' characters, declared in each page's inline style
  const font = await subsetFontForBuild(clientDir, prepared.characters);
  console.info(
    `Font: ${font.file}, ${font.characters} characters, ${(font.bytes / 1024).toFixed(1)} KB (the full face: ${(font.sourceBytes / 1024).toFixed(1)} KB)`,
  );
  // the SPA fallback as served (its scripts start at once), for article slugs the build does not know
  await placeArticlesNotFoundPage(clientDir, lazyImages);
  // second: each page's critical CSS (before the CSP: it hashes the inline styles), then its policy
  const styles = { beasties: createBeasties({ clientDir }), clientDir, fontFaces: font.css };
  const result = await writeSecurityHeaders(clientDir, policyInputsOf(config, env), { styles });
  console.info(
    `Critical CSS: ${result.styled.pages} page(s) carry their rules inline (${(result.styled.bytes / result.styled.pages / 1024 || 0).toFixed(1)} KB on average); their stylesheets no longer block the first paint`,
  );
  for (const warning of result.warnings) console.warn(`WARNING (security headers): ${warning}`);
  await writeRedirects(clientDir);
  const nginx = path.join(path.dirname(clientDir), NGINX_CONFIG_FILE);
  console.info(`Host configuration: ${path.relative(process.cwd(), nginx)} (nginx) and _redirects (Netlify)`);
  // after the pages, not beside them: compression fills libuv's thread pool, which the pages' reads and writes wait for
  const compressed = await precompress(clientDir);
  console.info(
    `Security headers: a CSP for each of ${result.documents} HTML file(s) in ${MANIFEST_FILE} and ${HEADERS_FILE}; ` +
      `precompressed ${compressed.files} file(s)`,
  );
  const banner = modeBanner(result.mode, config);
  if (result.mode === "preview") console.warn(banner);
  else console.info(banner);
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "build/client");
  finishBuild(dir, resolveContentConfig()).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
