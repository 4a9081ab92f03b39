import { mkdir, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pLimit from "p-limit";
import { handListingToLoaders } from "../app/content/build-listing.server";
import { createContentClient } from "../app/content/storyblok-client";
import { MANIFEST_FILE, readManifestEntries, type ManifestHeader } from "../release/headers-manifest";
import { buildSettingsFrom, type BuildSettings } from "../pipeline/build-settings";
import { resolveContentConfig, type ContentConfig } from "../pipeline/content-config";
import { contentServiceRequestCount, countContentRequests } from "../pipeline/content-requests";
import { languageAlternates } from "../pipeline/crawler-files";
import { createStylesheets } from "../pipeline/critical-css";
import { preparePage, type PageStyles } from "../pipeline/finish-pages";
import { finishPage, type ServedPage } from "../pipeline/security-headers";
import { headScript } from "../pipeline/head-script";
import { readBehaviourFiles } from "../pipeline/islands";
import { readBuildFontFaces } from "../pipeline/font-subset";
import { HeadersFilesWriter, comparePagePaths } from "../pipeline/headers-files";
import { nginxMapKeys } from "../pipeline/host-config";
import { linkTree } from "./link-tree";
import { precompressFiles } from "../pipeline/precompress";
import { PRERENDER_DIR, writeSiteListing, type PrerenderListing } from "../pipeline/prerender-paths";
import { CLIENT_DIR, RENDERER_DIR, dataFile, pageFile, pageRelative, replaceFile } from "../release/layout";
import { readReleaseInfo, writeReleaseInfo, type ReleaseInfo } from "../release/release-info";
import { describePage } from "../pipeline/release-info";
import { sitemapXml } from "../pipeline/site-url";
import { planUpdate, type StoryChange } from "./update-plan";

/**
 * An update of the live site by the pages a story change reaches, without a
 * new Vite build: `tsx live-update/render-pages.ts FROM TO CHANGES_JSON`.
 * Links the live release FROM into a new folder TO (hard links: instant),
 * renders the pages of the plan (live-update/update-plan.ts) with the release's
 * own server bundle the way React Router prerenders (a `.data` request, then
 * the page with that data), and brings the headers manifest, `_headers`, the
 * nginx site, sitemap.xml and release.json up to date. Every file it changes
 * is replaced, never written into: FROM stays live and untouched. What it
 * did is in `TO/update.json`.
 *
 * The environment is the build's (CONTENT_*, STORYBLOK_*, SITE_URL). The
 * last line of output is a JSON summary; exit code 3 means "this change
 * needs a whole build" (the reason on that line), 1 a failure.
 */

export const NEEDS_FULL_BUILD = 3;
/** Written into the new release: what the update did (RenderSummary). */
export const UPDATE_SUMMARY_FILE = "update.json";

/** As react-router.config.ts prerenders. */
const RENDER_CONCURRENCY = 4;

export interface RenderSummary {
  rendered: string[];
  removed: string[];
  /** Requests to the content API this update made. */
  requests: number;
  ms: number;
}

interface ServerBuild {
  prerender: string[];
}

type Handler = (request: Request) => Promise<Response>;

/** A new page or data file: its old .br/.gz are gone until precompressFiles writes new ones (nginx does not compare dates). */
async function replaceServedFile(file: string, data: string): Promise<void> {
  await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
  await mkdir(path.dirname(file), { recursive: true });
  await replaceFile(file, data);
}

/**
 * One page as the build writes it: `{path}.data`, then `{path}/index.html`
 * (`finishHtml`: the lazy image loader, hydration deferred, critical CSS inline: pipeline/finish-pages.ts).
 */
async function renderPage(handler: Handler, clientDir: string, pagePath: string, finishHtml: PageFinisher) {
  const dataPath = pagePath === "/" ? "/_root.data" : `${pagePath}.data`;
  const dataResponse = await handler(new Request(`http://localhost${dataPath}`));
  const data = await dataResponse.text();
  if (dataResponse.status !== 200 && dataResponse.status !== 202) {
    throw new Error(`${pagePath}: the data request answered ${dataResponse.status}`);
  }
  const headers = new Headers();
  const encoded = encodeURI(data);
  // React Router hands the data over in a header below 8 KB, else the page loads it again
  if (encoded.length < 8 * 1024) headers.set("X-React-Router-Prerender-Data", encoded);
  const pageResponse = await handler(
    new Request(`http://localhost${pagePath === "/" ? "/" : `${pagePath}/`}`, { headers }),
  );
  const html = await pageResponse.text();
  if (pageResponse.status !== 200) throw new Error(`${pagePath}: the page answered ${pageResponse.status}`);
  const files = [dataFile(clientDir, pagePath), pageFile(clientDir, pagePath)];
  await replaceServedFile(files[0]!, data);
  const served = await finishHtml(pageRelative(pagePath), html);
  await replaceServedFile(files[1]!, served.html);
  return { files, policy: served.policy };
}

async function removePage(clientDir: string, pagePath: string): Promise<void> {
  for (const file of [pageFile(clientDir, pagePath), dataFile(clientDir, pagePath)]) {
    for (const suffix of ["", ".br", ".gz"]) await rm(`${file}${suffix}`, { force: true });
  }
  await rmdir(path.dirname(pageFile(clientDir, pagePath))).catch(() => undefined);
}

interface ManifestScan {
  header: ManifestHeader;
  /** Map entries of the nginx site for the pages the update leaves alone. */
  untouchedNginxKeys: number;
}

/** The release's headers manifest, read one page at a time: its fields, and the size of what the update keeps. */
async function scanManifest(clientDir: string, affected: ReadonlySet<string>): Promise<ManifestScan> {
  let untouchedNginxKeys = 0;
  let previous: string | null = null;
  let sorted = true;
  const header = await readManifestEntries(path.join(clientDir, MANIFEST_FILE), (relative) => {
    if (previous !== null && comparePagePaths(previous, relative) >= 0) sorted = false;
    previous = relative;
    if (!affected.has(relative)) untouchedNginxKeys += nginxMapKeys(relative).length;
  });
  if (!header) throw new NeedsFullBuild(`the release has no ${MANIFEST_FILE}`);
  // written before the files listed their pages in order (or by hand): a whole build writes it anew
  if (!sorted) throw new NeedsFullBuild(`${MANIFEST_FILE} does not list its pages in order`);
  return { header, untouchedNginxKeys };
}

/**
 * Brings the headers files of the new release up to date (pipeline/headers-files.ts) without holding
 * them: the old manifest is read again, one page at a time, and each page's policy written as the
 * update leaves it (kept, replaced, removed, or new in its place in the order).
 */
async function updateHeaders(
  clientDir: string,
  scan: ManifestScan,
  removed: ReadonlySet<string>,
  rendered: ReadonlyMap<string, string>,
): Promise<void> {
  let nginxKeys = scan.untouchedNginxKeys;
  for (const relative of rendered.keys()) nginxKeys += nginxMapKeys(relative).length;
  const pending = [...rendered.keys()].sort(comparePagePaths);
  const writer = await HeadersFilesWriter.open(clientDir, scan.header, nginxKeys);
  try {
    const addRenderedUpTo = async (relative: string | null) => {
      while (pending.length && (relative === null || comparePagePaths(pending[0]!, relative) <= 0)) {
        const next = pending.shift()!;
        await writer.add(next, rendered.get(next)!);
      }
    };
    await readManifestEntries(path.join(clientDir, MANIFEST_FILE), async (relative, csp) => {
      await addRenderedUpTo(relative);
      if (!rendered.has(relative) && !removed.has(relative)) await writer.add(relative, csp);
    });
    await addRenderedUpTo(null);
  } catch (error) {
    await writer.abandon();
    throw error;
  }
  await writer.close();
}

/**
 * Reads the listing of all stories into `{to}/prerender/` for the plan and
 * the release's server bundle (handed to its loaders as the build hands
 * them to React Router's prerendering: handListingToLoaders), updates the release, and counts
 * the content requests it took (pipeline/content-requests.ts).
 */
export async function renderPages(
  from: string,
  to: string,
  changes: readonly StoryChange[],
  settings: BuildSettings,
): Promise<RenderSummary> {
  const started = performance.now();
  const previous = await readReleaseInfo(from);
  if (!previous) throw new NeedsFullBuild(`${from} has no release.json`);
  const config = resolveContentConfig(settings);
  const serviceCount = await contentServiceRequestCount(config);
  let listingRequests = 0;
  const client = createContentClient(config, {}, { keepAnswers: false, onRequest: () => (listingRequests += 1) });
  const listingDir = path.join(to, PRERENDER_DIR);
  await mkdir(listingDir, { recursive: true });
  let update: Pick<RenderSummary, "rendered" | "removed">;
  try {
    const listing = await writeSiteListing(listingDir, client, config.version);
    handListingToLoaders(listingDir);
    update = await updateRelease(from, to, changes, previous, listing, config.version);
  } finally {
    handListingToLoaders(undefined);
    await rm(listingDir, { recursive: true, force: true });
  }
  const { count: requests } = await countContentRequests(config, { serviceCount, listingRequests });
  return { ...update, requests, ms: performance.now() - started };
}

/** The update itself, from the story change's plan (live-update/update-plan.ts) over `listing`. */
async function updateRelease(
  from: string,
  to: string,
  changes: readonly StoryChange[],
  previous: ReleaseInfo,
  listing: PrerenderListing,
  version: ContentConfig["version"],
): Promise<Pick<RenderSummary, "rendered" | "removed">> {
  const plan = planUpdate(changes, previous, listing);
  if (plan.kind === "full") throw new NeedsFullBuild(plan.reason);

  await linkTree(path.join(from, CLIENT_DIR), path.join(to, CLIENT_DIR));
  await linkTree(path.join(from, RENDERER_DIR), path.join(to, RENDERER_DIR));
  const clientDir = path.join(to, CLIENT_DIR);
  const scan = await scanManifest(clientDir, new Set([...plan.render, ...plan.remove].map(pageRelative)));

  const handler = await releaseRequestHandler(to, plan.render);
  const finishHtml = await pageFinisher(clientDir, scan.header, version);
  const written: string[] = [];
  // each page's policy as the finisher hashed it into the page: the headers files carry the same
  const policies = new Map<string, string>();
  // pages wait on their loaders as much as on the CPU: a few at a time, as the build prerenders them
  const limit = pLimit(RENDER_CONCURRENCY);
  await Promise.all(
    plan.render.map((pagePath) =>
      limit(async () => {
        const { files, policy } = await renderPage(handler, clientDir, pagePath, finishHtml);
        written.push(...files);
        policies.set(pageRelative(pagePath), policy);
      }),
    ),
  );
  const removed = new Set<string>();
  for (const pagePath of plan.remove) {
    await removePage(clientDir, pagePath);
    removed.add(pageRelative(pagePath));
  }
  await updateHeaders(clientDir, scan, removed, policies);
  if (previous.siteUrl) written.push(await writeSitemap(clientDir, previous.siteUrl, listing));
  await precompressFiles(clientDir, written);

  const pages = await releasePages(clientDir, plan.render, previous, listing);
  await writeReleaseInfo(to, { ...previous, builtAt: new Date().toISOString(), kind: "incremental", pages });
  return { rendered: plan.render, removed: plan.remove };
}

/** React Router's handler over the release's server bundle, rendering as its prerendering does, `render` among its paths. */
async function releaseRequestHandler(releaseDir: string, render: readonly string[]): Promise<Handler> {
  // React Router's own switch (not ours): a request it renders from the data it is handed, as in a build
  process.env.IS_RR_BUILD_REQUEST = "yes";
  const build = (await import(pathToFileURL(path.join(releaseDir, RENDERER_DIR, "index.js")).href)) as ServerBuild;
  const { createRequestHandler } = await import("react-router");
  const handler = createRequestHandler(build as never, "production") as Handler;
  for (const pagePath of render) if (!build.prerender.includes(pagePath)) build.prerender.push(pagePath);
  return handler;
}

/** A rendered page as the build serves it (its HTML) and its policy. */
type PageFinisher = (relative: string, html: string) => Promise<ServedPage>;

/**
 * The build's two passes over a page (pipeline/finish-pages.ts), one after the other, and its policy in the
 * page, as the build's second pass puts it there (pipeline/security-headers.ts).
 */
async function pageFinisher(
  clientDir: string,
  header: ManifestHeader,
  version: ContentConfig["version"],
): Promise<PageFinisher> {
  // the build's subset of the text face: characters it lacks come from the full face (pipeline/font-subset.ts)
  const fontFaces = await readBuildFontFaces(clientDir);
  const styles: PageStyles = { stylesheets: createStylesheets({ clientDir }), clientDir, fontFaces };
  const pageHeadScript = await headScript();
  // a production release's pages without React where they can, as the build made them (pipeline/islands.ts)
  const behaviours = version === "published" ? await readBehaviourFiles(clientDir) : null;
  return (relative, html) =>
    finishPage(relative, preparePage(relative, html, pageHeadScript, behaviours), header.policy, styles);
}

/** sitemap.xml again, from the new listing; its path. */
async function writeSitemap(clientDir: string, siteUrl: string, listing: PrerenderListing): Promise<string> {
  const sitemap = path.join(clientDir, "sitemap.xml");
  const alternates = languageAlternates(listing.paths, listing.storyIds);
  await replaceServedFile(sitemap, sitemapXml(siteUrl, listing.paths, listing.lastModified, alternates));
  return sitemap;
}

/** The release record's pages: the rendered ones described anew, the others as they were, dated from the listing. */
async function releasePages(
  clientDir: string,
  rendered: readonly string[],
  previous: ReleaseInfo,
  listing: PrerenderListing,
): Promise<ReleaseInfo["pages"]> {
  const pages: ReleaseInfo["pages"] = {};
  for (const pagePath of listing.paths) {
    pages[pagePath] = rendered.includes(pagePath)
      ? await describePage(clientDir, pagePath, listing)
      : {
          ...(previous.pages[pagePath] ?? { links: [] }),
          storyId: listing.storyIds.get(pagePath) ?? null,
          publishedAt: listing.lastModified.get(pagePath) ?? "",
        };
  }
  return pages;
}

export class NeedsFullBuild extends Error {}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from, to, changesJson] = process.argv.slice(2);
  if (!from || !to || !changesJson) {
    console.error("usage: tsx live-update/render-pages.ts FROM_RELEASE TO_RELEASE CHANGES_JSON");
    process.exit(2);
  }
  // with V8's defaults, not the build's flags (pipeline/build-memory.ts): at 1,000 articles --optimize-for-size,
  // which the build once set, took the update's peak from 453-472 to 283-291 MB but the webhook-to-HTML time from 10.7-11.2 s to
  // 15.4-15.5 s, over its 15 s target (docs/benchmarks.md, "Two full collections")
  // the build's settings, from the build's environment the site server hands it (pipeline/build-settings.ts)
  const settings = buildSettingsFrom(process.env);
  renderPages(path.resolve(from), path.resolve(to), JSON.parse(changesJson) as StoryChange[], settings).then(
    async (summary) => {
      // the lists may be long (a popular article is in many pages' other projects): a file, and counts on stdout
      await writeFile(path.join(to, UPDATE_SUMMARY_FILE), `${JSON.stringify(summary)}\n`);
      console.info(
        JSON.stringify({
          rendered: summary.rendered.length,
          removed: summary.removed.length,
          requests: summary.requests,
        }),
      );
      process.exit(0);
    },
    (error: unknown) => {
      if (error instanceof NeedsFullBuild) {
        console.info(JSON.stringify({ needsFullBuild: error.message }));
        process.exit(NEEDS_FULL_BUILD);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
