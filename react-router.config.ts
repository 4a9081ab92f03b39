import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { resolveContentConfig } from "./scripts/content-config";
import { buildPrerenderPaths, reportContentRequests } from "./scripts/prerender-paths";
import { checkTokenOnce, finishBuild } from "./scripts/security-headers";

/**
 * Static site: every content route is prerendered to HTML at build time
 * (docs/decisions/0001-prerender-with-ssr-false.md); any other path is served
 * by build/client/__spa-fallback.html and rendered in the browser.
 * CONTENT_VERSION picks the build's mode (README, "Preview and production").
 */
export default {
  ssr: false,
  prerender: {
    paths: async () => {
      const config = resolveContentConfig();
      // a production bundle must not carry a token that reads drafts
      await checkTokenOnce(config);
      return buildPrerenderPaths(config);
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
    // every build: per-page CSP (hashes of the inline scripts), _headers, .br/.gz, the mode banner
    await finishBuild(clientDir, resolveContentConfig());
  },
} satisfies Config;
