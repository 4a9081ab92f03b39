import type { Plugin, Rollup } from "vite";
import { reachable } from "./reachable";

/**
 * Every page runs the root route, so everything app/root.tsx imports
 * statically (React, React Router, the header, footer, shell, content
 * helpers...) is on every first load. Left to itself Rollup cuts that code
 * into a chunk per set of routes sharing a module: about twenty chunks on
 * every first load, many of a few hundred bytes, each with its own import
 * and export lists and its own line in React Router's manifest. Put into one
 * chunk, the same code is about 5 KB (gzip) smaller on every route
 * (docs/benchmarks.md, first-load JS). What the root does not import
 * statically (route code, lazy imports) is split as before.
 */
export const FIRST_LOAD_CHUNK = "first-load";
/**
 * All of app/behaviours/ (a component and its behaviour module share functions): a chunk of its own, which imports
 * nothing of React's, so that a page without a framework never loads FIRST_LOAD_CHUNK (Rollup would pull a manual
 * chunk's dependencies into it), and one chunk, so that its behaviours' module asks for one file, not one for each
 * set of routes that shares a behaviour's functions.
 */
export const SHARED_BEHAVIOURS_CHUNK = "behaviours-shared";

/** The modules `entry` imports statically, itself included, however deep. */
export function staticImportGraph(entry: string, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  return reachable(entry, (id) => getModuleInfo(id)?.importedIds ?? []);
}

/**
 * Rollup's `manualChunks` for one output: the modules in `behavioursDir` in SHARED_BEHAVIOURS_CHUNK, the rest of the
 * root route's static graph in FIRST_LOAD_CHUNK; the rest as Rollup decides.
 */
export function firstLoadChunks(rootFile: string, behavioursDir?: string): Rollup.GetManualChunk {
  const behaviourPrefix = behavioursDir === undefined ? null : behavioursDir.replace(/\/+$/, "") + "/";
  let graph: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (behaviourPrefix !== null && id.startsWith(behaviourPrefix)) return SHARED_BEHAVIOURS_CHUNK;
    if (!graph) {
      // React Router's client entry for the route is the file with a query (`?__react-router-build-client-route`)
      const root = [...getModuleIds()].find((moduleId) => {
        return moduleId.split("?")[0] === rootFile && getModuleInfo(moduleId)?.isEntry;
      });
      if (!root) throw new Error(`the root route ${rootFile} is not an entry of the client build`);
      graph = staticImportGraph(root, getModuleInfo);
    }
    return graph.has(id) ? FIRST_LOAD_CHUNK : null;
  };
}

/** The client build's chunking (React Router's own output options, such as its file names, stay). */
export function firstLoadChunkPlugin(rootFile: string, behavioursDir?: string): Plugin {
  return {
    name: "studio:first-load-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      return { ...options, manualChunks: firstLoadChunks(rootFile, behavioursDir) };
    },
  };
}
