import path from "node:path";
import v8 from "node:v8";
import type { Config } from "@react-router/dev/config";
import { resolveContentConfig } from "./scripts/content-config";
import { NOT_FOUND_PATHS } from "./scripts/not-found-pages";
import { buildPrerenderPaths, currentBuildListing, reportContentRequests } from "./scripts/prerender-paths";
import { writeFullReleaseInfo } from "./scripts/release-info";
import { checkTokenOnce, finishBuild } from "./scripts/security-headers";
import { siteUrlFrom } from "./scripts/site-url";

/**
 * While prerendering, the build's live heap stays about 150 MB whatever the
 * number of pages (the stories wait on disk: app/content/build-listing.ts),
 * but V8 lets garbage pile up to about 4x the live heap before a full
 * collection when memory is plentiful, so the peak grew with the build's
 * length. `--optimize-for-size` (set as the build starts: the prerender
 * paths are read first) keeps the heap near what is live, Vite's bundling
 * included: at 1,000 articles a peak of 372-392 MB against 584-651 MB with
 * V8's defaults and 613-620 MB with a growing factor of 1.5, in about the
 * same time (docs/benchmarks.md, "Build memory"). It is no heap cap: the
 * heap still grows with what is live.
 */
function collectGarbageSooner(): void {
  v8.setFlagsFromString("--optimize-for-size");
}

/**
 * Static site: every content route is prerendered to HTML at build time
 * (docs/decisions/0001-prerender-with-ssr-false.md), and the not-found page
 * as `404.html`; any other path is a 404 with the nearest not-found page
 * (scripts/not-found-pages.ts). CONTENT_VERSION picks the build's mode
 * (README, "Preview and production"). SITE_BUILD_DIR builds elsewhere than
 * build/ (the site server's rebuilds write each release to its own folder).
 */
export default {
  ssr: false,
  buildDirectory: process.env.SITE_BUILD_DIR?.trim() || "build",
  prerender: {
    paths: async () => {
      collectGarbageSooner();
      const config = resolveContentConfig();
      // a production bundle must not carry a token that reads drafts
      await checkTokenOnce(config);
      return [...(await buildPrerenderPaths(config)), ...NOT_FOUND_PATHS];
    },
    // pages wait on the content service, not the CPU
    concurrency: 4,
  },
  future: {
    // clientLoader and friends get their own chunks, keeping content code out of first loads
    v8_splitRouteModules: true,
  },
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    await reportContentRequests(clientDir);
    const config = resolveContentConfig();
    // every build: 404 pages, per-page CSP (hashes of the inline scripts), _headers, nginx, .br/.gz, the mode banner
    await finishBuild(clientDir, config);
    // what the next update of the live site needs to know (site-server/publisher.ts)
    const listing = await currentBuildListing();
    if (listing) {
      await writeFullReleaseInfo(reactRouterConfig.buildDirectory, listing, {
        siteUrl: siteUrlFrom(),
        preview: config.version === "draft",
      });
    }
  },
} satisfies Config;
