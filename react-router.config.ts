import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { resolveContentConfig } from "./scripts/content-config";
import { buildPrerenderPaths, reportContentRequests } from "./scripts/prerender-paths";

/**
 * Static site: every content route is prerendered to HTML at build time
 * (docs/decisions/0001-prerender-with-ssr-false.md); any other path is served
 * by build/client/__spa-fallback.html and rendered in the browser.
 */
export default {
  ssr: false,
  prerender: {
    paths: () => buildPrerenderPaths(resolveContentConfig()),
    // pages wait on the content service, not the CPU
    concurrency: 4,
  },
  future: {
    // clientLoader and friends get their own chunks, keeping content code out of first loads
    v8_splitRouteModules: true,
  },
  async buildEnd({ reactRouterConfig }) {
    await reportContentRequests(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
