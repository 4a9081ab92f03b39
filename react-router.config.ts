import type { Config } from "@react-router/dev/config";
import { buildSettingsFrom } from "./pipeline/build-settings";
import { sitePipeline } from "./pipeline/preset";

/**
 * Static site: every content route is prerendered to HTML at build time
 * (docs/decisions/0001-prerender-with-ssr-false.md), and the not-found page
 * as `404.html`; the paths and everything after prerendering come from the
 * pipeline's preset (pipeline/README.md lists its steps in order).
 * CONTENT_VERSION picks the build's mode (README, "Preview and production").
 * SITE_BUILD_DIR builds elsewhere than build/ (the site server's rebuilds
 * write each release to its own folder).
 */
export default {
  ssr: false,
  buildDirectory: buildSettingsFrom(process.env).SITE_BUILD_DIR,
  presets: [sitePipeline()],
  future: {
    // clientLoader and friends get their own chunks, keeping content code out of first loads
    v8_splitRouteModules: true,
    // Each of React Router 8's defaults is chosen here, which also keeps their notices out of the build's output.
    // The site has no middleware: the same bundles, each page's serialized `future` says true.
    v8_middleware: true,
    // Not yet, the three below: each would change what the build writes or how it runs.
    // Loaders read the page's language from request.url, which would then keep `.data` (`/en.data` is German).
    v8_passThroughRequests: false,
    // Renames `/_root.data` to `/_.data`, a file name the site server, nginx and live updates know.
    v8_trailingSlashAwareDataRequests: false,
    // One Vite builder for both bundles: the plugins that act between the server bundle and prerendering
    // (pipeline/before-prerender.ts) rely on React Router's separate server build.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
