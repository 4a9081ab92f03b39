import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { NOT_FOUND_PAGE } from "../release/served-files";
import { SPA_FALLBACK } from "./defer-hydration";
import { RENDERER_DIR, replaceFile } from "../release/layout";
import { addHeadScript } from "./head-script";

/**
 * The bodies of the site's 404 answers, written into the client folder where
 * static hosts look for them (the nearest `404.html` above a path: Cloudflare
 * Pages by itself, Netlify for `/404.html` and through `_redirects`, nginx
 * through `error_page`, the site server like Cloudflare):
 *
 * - `404.html`: the not-found screen in the site's shell (header, footer),
 *   prerendered like any page from the path NOT_FOUND_PATH, which matches
 *   the route table's catch-all; its own folder and `.data` are removed.
 * - `articles/404.html`: the SPA fallback. An article slug the build does
 *   not know is answered 404 with it: the browser still renders an article
 *   published after the build through the route's client loader (and "Article
 *   not found" otherwise), while crawlers are told the truth, that this path
 *   has no page yet. The webhook's rebuild prerenders a published article
 *   within seconds, after which it answers 200.
 * - `en/articles/404.html`: the same for English slugs, rendered in English
 *   (React Router renders its SPA fallback at "/", in German).
 */

/** Prerendered as the not-found page; no route but the catch-all matches it. */
export const NOT_FOUND_PATH = "/404";
/** The English not-found page, `en/404.html`: the nearest one above every English path. */
export const EN_NOT_FOUND_PATH = "/en/404";
export const NOT_FOUND_PATHS = [NOT_FOUND_PATH, EN_NOT_FOUND_PATH] as const;

export const ARTICLES_NOT_FOUND_PAGE = `articles/${NOT_FOUND_PAGE}`;
export const EN_NOT_FOUND_PAGE = `en/${NOT_FOUND_PAGE}`;
export const EN_ARTICLES_NOT_FOUND_PAGE = `en/${ARTICLES_NOT_FOUND_PAGE}`;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Moves the prerendered not-found pages to `404.html` and `en/404.html`
 * (before hydration is deferred and the headers are hashed).
 */
export async function placeNotFoundPage(clientDir: string): Promise<void> {
  for (const pagePath of NOT_FOUND_PATHS) {
    const folder = path.join(clientDir, pagePath.slice(1));
    const prerendered = path.join(folder, "index.html");
    if (!(await exists(prerendered))) continue;
    await rename(prerendered, path.join(path.dirname(folder), NOT_FOUND_PAGE));
    await rm(folder, { recursive: true, force: true });
    await rm(`${folder}.data`, { force: true });
  }
}

/** A path no build prerenders: React Router answers it with its SPA fallback, in the path's language. */
const EN_FALLBACK_PATH = "/en/articles/__fallback";

/**
 * The SPA fallback as it is served (its scripts start at once) at
 * `articles/404.html`, and in English at `en/articles/404.html`: rendered
 * with the build's own server bundle (`renderer/`, pipeline/keep-renderer.ts)
 * for an English path, so that its shell, texts and root data are English
 * and it hydrates without a mismatch. The English copy is rendered after
 * the pages got their lazy image loader, so it gets it here: without it the
 * article it renders would keep its images' placeholders.
 */
export async function placeArticlesNotFoundPage(clientDir: string, headScript: string): Promise<void> {
  const fallback = path.join(clientDir, SPA_FALLBACK);
  if (!(await exists(fallback))) return;
  await writeAtomically(path.join(clientDir, ARTICLES_NOT_FOUND_PAGE), await readFile(fallback));
  const renderer = path.join(path.dirname(clientDir), RENDERER_DIR, "index.js");
  if (!(await exists(renderer))) throw new Error(`${renderer} is missing: the English article fallback needs it`);
  const build: unknown = await import(/* @vite-ignore */ pathToFileURL(renderer).href);
  const { createRequestHandler } = await import("react-router");
  const handle = createRequestHandler(build as never, "production");
  const response = await handle(new Request(`http://localhost${EN_FALLBACK_PATH}`));
  const html = await response.text();
  if (response.status !== 200 || !html.includes('lang="en"')) {
    throw new Error(`The English article fallback did not render (${response.status})`);
  }
  await writeAtomically(path.join(clientDir, EN_ARTICLES_NOT_FOUND_PAGE), addHeadScript(html, headScript));
}

async function writeAtomically(target: string, data: string | Buffer): Promise<void> {
  // a build without any article has no articles/ folder yet
  await mkdir(path.dirname(target), { recursive: true });
  await replaceFile(target, data);
}
