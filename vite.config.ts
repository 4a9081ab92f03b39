import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { resolveContentConfig, type ContentConfig } from "./scripts/content-config";
import { routeModuleFailurePlugin } from "./scripts/route-module-failure";
import { siteUrlFrom } from "./scripts/site-url";

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

export default defineConfig(() => {
  const contentConfig = contentConfigOrWarn();
  return {
    plugins: [routeModuleFailurePlugin(), reactRouter()],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    define: {
      __CONTENT_CONFIG__: JSON.stringify(contentConfig),
      // canonical links (app/root.tsx); the build also writes sitemap.xml with it
      __SITE_URL__: JSON.stringify(siteUrlFrom()),
    },
    build: {
      // evergreen browsers only: no legacy transforms in the shipped JS
      target: "es2022",
    },
  };
});
