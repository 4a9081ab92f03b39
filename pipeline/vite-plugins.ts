import type { Plugin } from "vite";
import { behaviourEntriesPlugin } from "./behaviour-entries";
import { collectGarbageBeforePrerender } from "./build-memory";
import { browserContentConfig, resolveContentConfig, type ContentConfig } from "./content-config";
import { firstLoadChunkPlugin } from "./first-load-chunk";
import { keepRenderer } from "./keep-renderer";
import { DEFAULT_CONTENT_PORT } from "../settings/defaults";
import { buildSettingsFrom, type BuildSettings } from "./build-settings";
import { prerenderStepTime } from "./step-times";

/**
 * The content source is fixed at build time from the environment. Tools that
 * only read the Vite config (typegen) must work without a content folder, so
 * a missing one is a warning here; the build itself fails on it when it lists
 * the paths to prerender (pipeline/preset.ts).
 */
function contentConfigOrWarn(settings: BuildSettings): ContentConfig {
  try {
    return resolveContentConfig(settings);
  } catch (error) {
    console.warn(`No content source: ${error instanceof Error ? error.message : String(error)}`);
    return { endpoint: `http://localhost:${DEFAULT_CONTENT_PORT}/v2`, token: "", version: "draft", local: true };
  }
}

/** What the site's code reads of the build's environment (app/content/content-config.ts, app/root.tsx). */
function buildEnvironment(): Plugin {
  return {
    name: "studio:build-environment",
    config(_config, { isSsrBuild }) {
      const settings = buildSettingsFrom(process.env);
      const contentConfig = contentConfigOrWarn(settings);
      return {
        define: {
          // the browser may reach the content service another way than the build does (CONTENT_VIA_SITE)
          __CONTENT_CONFIG__: JSON.stringify(isSsrBuild ? contentConfig : browserContentConfig(contentConfig)),
          // canonical links (app/root.tsx); the build also writes sitemap.xml with it
          __SITE_URL__: JSON.stringify(settings.SITE_URL),
        },
      };
    },
  };
}

/**
 * The site's Vite plugins, after React Router's own (vite.config.ts); the
 * preset that goes with them is pipeline/preset.ts. `rootRoute` is the
 * root route's file (app/root.tsx), whose static imports make the one
 * chunk every page loads first; `behavioursDir` holds the behaviour modules
 * (app/behaviours/), whose start-page.ts is built as an entry of its own.
 */
export function sitePlugins({ rootRoute, behavioursDir }: { rootRoute: string; behavioursDir?: string }): Plugin[] {
  return [
    buildEnvironment(),
    keepRenderer(),
    collectGarbageBeforePrerender(),
    firstLoadChunkPlugin(rootRoute, behavioursDir),
    ...(behavioursDir ? [behaviourEntriesPlugin(behavioursDir)] : []),
    ...prerenderStepTime(),
  ];
}
