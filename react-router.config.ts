import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { collectGarbage, collectGarbageSooner } from "./pipeline/build-memory";
import { resolveContentConfig } from "./pipeline/content-config";
import { NOT_FOUND_PATHS } from "./pipeline/not-found-pages";
import { buildPrerenderPaths, currentBuildListing, reportContentRequests } from "./pipeline/prerender-paths";
import { writeFullReleaseInfo } from "./pipeline/release-info";
import { checkTokenOnce, finishBuild } from "./pipeline/security-headers";
import { siteUrlFrom } from "./pipeline/site-url";

/**
 * Static site: every content route is prerendered to HTML at build time
 * (docs/decisions/0001-prerender-with-ssr-false.md), and the not-found page
 * as `404.html`; any other path is a 404 with the nearest not-found page
 * (pipeline/not-found-pages.ts). CONTENT_VERSION picks the build's mode
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
      const paths = [...(await buildPrerenderPaths(config)), ...NOT_FOUND_PATHS];
      // the listing's garbage (every story's JSON passed through) goes before Vite bundles the server
      // build; the bundles' goes before the pages (vite.config.ts, collectGarbageBeforePrerender)
      collectGarbage();
      return paths;
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
