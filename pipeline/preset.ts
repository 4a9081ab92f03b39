import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Preset } from "@react-router/dev/config";
import { handListingToLoaders } from "../app/content/build-listing.server";
import { createContentClient } from "../app/content/storyblok-client";
import { collectGarbage } from "./build-memory";
import { resolveContentConfig } from "./content-config";
import {
  contentRequestsLine,
  contentServiceRequestCount,
  countContentRequests,
  describeContentSource,
  type RequestCountAtStart,
} from "./content-requests";
import { writeCrawlerFiles } from "./crawler-files";
import { finishBuild } from "./finish-build";
import { NOT_FOUND_PATHS } from "./not-found-pages";
import { PRERENDER_DIR, readSiteListing, writeSiteListing } from "./prerender-paths";
import { CLIENT_DIR } from "../release/layout";
import { writeFullReleaseInfo } from "./release-info";
import { checkTokenForMode } from "./security-headers";
import { buildSettingsFrom } from "./build-settings";
import { AFTER_PRERENDER_STEPS, cpuMsSoFar, stepRecorder, timedStep } from "./step-times";
import { buildEventWriter, warnBuild } from "./build-events";

/**
 * React Router evaluates its config, and so this preset, more than once per
 * build: it asks one evaluation (the server build's) for the paths and
 * another (its CLI's) to end the build. What the first step found out about
 * the content (the listing of all stories, the request count at the start)
 * reaches the last one on disk, in the build's PRERENDER_DIR, not in memory.
 */
const REQUEST_COUNT_FILE = "content-requests.json";

/**
 * Before prerendering: fails a production build whose token reads drafts,
 * reads the listing of all stories into `dir` (the paths to prerender, and
 * the stories the page loaders read from: app/content/build-listing.server.ts),
 * and notes the content requests so far.
 */
async function listPagesToPrerender(dir: string): Promise<string[]> {
  // parsed where each evaluation starts its part of the build: a bad setting (STATIC_HOST, say) fails now,
  // naming it, rather than after the pages
  const settings = buildSettingsFrom(process.env);
  const config = resolveContentConfig(settings);
  const events = buildEventWriter(settings.BUILD_EVENTS_FILE);
  // a production bundle must not carry a token that reads drafts
  const warning = await checkTokenForMode(config);
  if (warning) warnBuild(events, `WARNING: ${warning}`);
  console.info(`Prerendering from the ${describeContentSource(config)}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const serviceCount = await contentServiceRequestCount(config);
  let listingRequests = 0;
  // without the SDK's answer cache, which would keep every listed story for the whole build
  const client = createContentClient(config, {}, { keepAnswers: false, onRequest: () => (listingRequests += 1) });
  const listing = await timedStep(
    "listing of all stories",
    () => writeSiteListing(dir, client, config.version),
    stepRecorder(events),
  );
  const start: RequestCountAtStart = { serviceCount, listingRequests };
  await writeFile(path.join(dir, REQUEST_COUNT_FILE), JSON.stringify(start));
  // React Router prerenders in this process and hands its loaders nothing of the build
  handListingToLoaders(dir);
  // the listing's garbage (every story's JSON passed through) goes before Vite bundles the server build;
  // the bundles' goes before the pages (pipeline/build-memory.ts, collectGarbageBeforePrerender)
  collectGarbage();
  return [...listing.paths, ...NOT_FOUND_PATHS];
}

async function readRequestCountAtStart(dir: string): Promise<RequestCountAtStart> {
  const start = JSON.parse(await readFile(path.join(dir, REQUEST_COUNT_FILE), "utf8")) as Partial<RequestCountAtStart>;
  return {
    serviceCount: typeof start.serviceCount === "number" ? start.serviceCount : null,
    listingRequests: typeof start.listingRequests === "number" ? start.listingRequests : 0,
  };
}

/** After prerendering: the request count, robots.txt and the sitemap, the pages finished, the release's record. */
async function finishSite(buildDirectory: string): Promise<void> {
  const started = performance.now();
  const cpuStarted = cpuMsSoFar();
  const dir = path.join(buildDirectory, PRERENDER_DIR);
  const settings = buildSettingsFrom(process.env);
  const config = resolveContentConfig(settings);
  const clientDir = path.join(buildDirectory, CLIENT_DIR);
  const preview = config.version === "draft";
  const events = buildEventWriter(settings.BUILD_EVENTS_FILE);
  const record = stepRecorder(events);
  const listing = await readSiteListing(dir, config.version);
  if (listing) {
    const requests = await countContentRequests(config, await readRequestCountAtStart(dir));
    console.info(contentRequestsLine(config, requests, listing.paths.length));
    events({ event: "content-requests", count: requests.count });
  }
  await timedStep(
    "robots.txt and sitemap",
    () =>
      writeCrawlerFiles(clientDir, listing?.paths ?? [], settings.SITE_URL, {
        preview,
        lastModified: listing?.lastModified,
        storyIds: listing?.storyIds,
      }),
    record,
  );
  // every build: 404 pages, per-page CSP (hashes of the inline scripts), _headers, nginx, .br/.gz, the mode banner
  const finished = await finishBuild(clientDir, config, settings);
  // what the next update of the live site needs to know (site-server/publisher.ts)
  if (listing)
    await timedStep(
      "release record",
      () =>
        writeFullReleaseInfo(buildDirectory, listing, {
          siteUrl: settings.SITE_URL,
          preview,
          articleHrefs: finished.articleHrefs,
        }),
      record,
    );
  await rm(dir, { recursive: true, force: true });
  record({ step: AFTER_PRERENDER_STEPS, ms: performance.now() - started, cpuMs: cpuMsSoFar() - cpuStarted });
}

/**
 * The site's build as a React Router preset (react-router.config.ts): what
 * to prerender, and everything after. Its Vite plugins are in
 * pipeline/vite-plugins.ts; every step in order in pipeline/README.md.
 */
export function sitePipeline(): Preset {
  let buildDirectory = "";
  let paths: Promise<string[]> | undefined;
  return {
    name: "studio-portfolio-pipeline",
    reactRouterConfig: () => ({
      prerender: {
        // asked more than once by the server build: the stories are listed once
        paths: () => (paths ??= listPagesToPrerender(path.join(buildDirectory, PRERENDER_DIR))),
        // pages wait on the content service, not the CPU
        concurrency: 4,
      },
      buildEnd: ({ reactRouterConfig }) => finishSite(reactRouterConfig.buildDirectory),
    }),
    reactRouterConfigResolved({ reactRouterConfig }) {
      buildDirectory = reactRouterConfig.buildDirectory;
    },
  };
}
