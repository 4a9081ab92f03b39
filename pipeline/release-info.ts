import { readFile } from "node:fs/promises";
import path from "node:path";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { CLIENT_DIR, dataFile, pageFile, pageRelative } from "../release/layout";
import { writeReleaseInfo, type ReleaseInfo, type ReleasePage } from "../release/release-info";
import { attribute } from "./html";
import { pageOf, type HtmlSource } from "./html-source";
import type { PrerenderListing } from "./prerender-paths";

/**
 * The release's record of its pages (release/release-info.ts), made from
 * each page's HTML and `.data`: after a whole build here, for the pages a
 * change reached by a live update (live-update/render-pages.ts).
 */

/**
 * Article paths a page refers to, each once, in order: the links of its
 * HTML, and the article paths its data carries (the other projects the
 * browser draws from on each visit are in the page's `.data`, not all in
 * its HTML). `data` is the page's `.data` file, read with React Router's own
 * decoder of its turbo-stream format.
 */
export async function linkedArticlePaths(
  html: string,
  self = "",
  data = "",
  hrefs = articleHrefs(html),
): Promise<string[]> {
  const links = new Set<string>();
  const found = [...hrefs, ...(await stringsInData(data)).filter((value) => ARTICLE_PATH.test(value))];
  for (let target of found) {
    try {
      target = decodeURI(target);
    } catch {
      // an href the browser would leave encoded
    }
    if (target !== self) links.add(target);
  }
  return [...links];
}

/**
 * The article paths among a page's hrefs, as written (`linkedArticlePaths` decodes them): the build's second
 * pass takes them from the parse it already has (pipeline/security-headers.ts), so the record parses no page.
 */
export function articleHrefs(html: HtmlSource): string[] {
  return pageOf(html).elements.flatMap((element) => articlePathOf(attribute(element, "href") ?? "") ?? []);
}

/** `/articles/{slug}`, nothing below it. */
const ARTICLE_PATH = /^\/articles\/[^/?#]+$/;

/** The article page an href leads to (a trailing slash, query and fragment aside); null for any other. */
function articlePathOf(href: string): string | null {
  const pathOnly = href.split(/[?#]/, 1)[0]!;
  const target = pathOnly.endsWith("/") ? pathOnly.slice(0, -1) : pathOnly;
  return ARTICLE_PATH.test(target) ? target : null;
}

/** Every string value in a `.data` file, in the order the decoder reaches them (breadth first). */
async function stringsInData(data: string): Promise<string[]> {
  if (data === "") return [];
  const decoded = await decodeViaTurboStream(new Blob([data]).stream(), globalThis);
  await decoded.done;
  const strings: string[] = [];
  const seen = new Set<object>();
  const queue: unknown[] = [decoded.value];
  for (let index = 0; index < queue.length; index += 1) {
    let value = queue[index];
    // a loader's deferred value, settled once the stream is done; a rejected one carries no links
    if (value instanceof Promise) value = await value.catch(() => undefined);
    if (typeof value === "string") strings.push(value);
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (value instanceof Map) queue.push(...value.keys(), ...value.values());
    else if (value instanceof Set) queue.push(...value);
    else queue.push(...Object.values(value));
  }
  return strings;
}

/** The release's record of one page, from its HTML. */
export async function describePage(
  clientDir: string,
  pagePath: string,
  listing: Pick<PrerenderListing, "storyIds" | "lastModified">,
  hrefs?: string[],
): Promise<ReleasePage> {
  const read = (file: string) => readFile(file, "utf8").catch(() => "");
  const [html, data] = await Promise.all([
    hrefs ? "" : read(pageFile(clientDir, pagePath)),
    read(dataFile(clientDir, pagePath)),
  ]);
  return {
    storyId: listing.storyIds.get(pagePath) ?? null,
    publishedAt: listing.lastModified.get(pagePath) ?? "",
    // without the hrefs, linkedArticlePaths finds them in the page it read
    links: await linkedArticlePaths(html, pagePath, data, hrefs),
  };
}

/** After a whole build (react-router.config.ts, buildEnd). */
export async function writeFullReleaseInfo(
  releaseDir: string,
  listing: PrerenderListing,
  options: {
    siteUrl: string;
    preview: boolean;
    /** Each page's `articleHrefs`, by its HTML file relative to the client folder ("/" separators), if known. */
    articleHrefs?: ReadonlyMap<string, string[]>;
  },
): Promise<ReleaseInfo> {
  const clientDir = path.join(releaseDir, CLIENT_DIR);
  const pages: Record<string, ReleasePage> = {};
  for (const pagePath of listing.paths) {
    const hrefs = options.articleHrefs?.get(pageRelative(pagePath));
    pages[pagePath] = await describePage(clientDir, pagePath, listing, hrefs);
  }
  const info: ReleaseInfo = {
    version: 1,
    builtAt: new Date().toISOString(),
    kind: "full",
    siteUrl: options.siteUrl,
    preview: options.preview,
    pages,
  };
  await writeReleaseInfo(releaseDir, info);
  return info;
}
