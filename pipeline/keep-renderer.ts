import { cp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { beforePrerender } from "./before-prerender";
import { RENDERER_DIR } from "../release/layout";

/**
 * With `ssr: false`, React Router prerenders with its server bundle and then
 * deletes it. This keeps a copy, `{build}/renderer/`, before that happens:
 * an update of the live site (live-update/render-pages.ts) renders the pages a
 * story change reaches with the very code the release was built with,
 * without a new Vite build.
 */
export function keepRenderer(): Plugin {
  return beforePrerender("studio:keep-renderer", async (outDir) => {
    const target = path.join(path.dirname(outDir), RENDERER_DIR);
    await rm(target, { recursive: true, force: true });
    await cp(outDir, target, { recursive: true });
    // ES modules wherever the release lives (a release folder outside the repository has no package.json above it)
    await writeFile(path.join(target, "package.json"), '{ "type": "module" }\n');
  });
}
