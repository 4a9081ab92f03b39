import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { collectGarbageBeforePrerender } from "./pipeline/build-memory";
import { browserContentConfig, resolveContentConfig, type ContentConfig } from "./pipeline/content-config";
import { firstLoadChunkPlugin } from "./pipeline/first-load-chunk";
import { keepRenderer } from "./pipeline/keep-renderer";
import { routeModuleFailurePlugin } from "./pipeline/route-module-failure";
import { siteUrlFrom } from "./pipeline/site-url";

/**
 * The content source is fixed at build time from the environment. Tools that
 * only read this config (typegen) must work without a content folder, so a
 * missing one is a warning here; the build itself fails on it when it lists
 * the paths to prerender (react-router.config.ts).
 */
function contentConfigOrWarn(): ContentConfig {
  try {
    return resolveContentConfig();
  } catch (error) {
    console.warn(`No content source: ${error instanceof Error ? error.message : String(error)}`);
    return { endpoint: "http://localhost:4100/v2", token: "", version: "draft", local: true };
  }
}

export default defineConfig(({ isSsrBuild }) => {
  const contentConfig = contentConfigOrWarn();
  return {
    plugins: [
      routeModuleFailurePlugin(),
      reactRouter(),
      keepRenderer(),
      collectGarbageBeforePrerender(),
      firstLoadChunkPlugin(fileURLToPath(new URL("./app/root.tsx", import.meta.url))),
    ],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    define: {
      // the browser may reach the content service another way than the build does (CONTENT_VIA_SITE)
      __CONTENT_CONFIG__: JSON.stringify(isSsrBuild ? contentConfig : browserContentConfig(contentConfig)),
      // canonical links (app/root.tsx); the build also writes sitemap.xml with it
      __SITE_URL__: JSON.stringify(siteUrlFrom()),
    },
    build: {
      // evergreen browsers only: no legacy transforms in the shipped JS
      target: "es2022",
    },
  };
});
