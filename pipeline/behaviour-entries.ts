import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { BEHAVIOUR_MODULES } from "../app/behaviours/markers";
import { FIRST_LOAD_CHUNK } from "./first-load-chunk";
import { BEHAVIOURS_FILE, type BehaviourFiles } from "./islands";
import { reachable } from "./reachable";

/**
 * The behaviours' module (app/behaviours/start-page.ts) as an entry of the
 * client build of its own: a two-line virtual module that starts what the
 * page marks, emitted with Rollup's `emitFile` (the bundler's own way to add
 * an entry), so it is hashed, minified and served like every other asset but
 * shares no chunk with React. The behaviours import nothing from outside
 * their folder: pipeline/first-load-chunk.ts puts all of app/behaviours/ in
 * one chunk (a page asks for two files), and Rollup would pull into it, or
 * import from `first-load`, what they import of the root's; the build fails
 * if its module reaches `first-load` (noFrameworkIn). The build writes where each
 * behaviour went (the same file for every one) and the chunks it imports to
 * BEHAVIOURS_FILE in the client folder (never served: it is a dotfile),
 * which the islands step reads (pipeline/islands.ts).
 */

const ENTRY = "virtual:studio-behaviours";
const RESOLVED = `\0${ENTRY}`;

export function behaviourEntriesPlugin(behavioursDir: string): Plugin {
  let client = false;
  return {
    name: "studio:behaviour-entries",
    apply: "build",
    config(_config, { isSsrBuild }) {
      client = !isSsrBuild;
    },
    buildStart() {
      if (client) this.emitFile({ type: "chunk", id: ENTRY, name: "behaviours" });
    },
    resolveId(id) {
      return id === ENTRY ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const file = path.join(behavioursDir, "start-page.ts");
      return `import { startPage } from ${JSON.stringify(file)};\nvoid startPage(document);\n`;
    },
    generateBundle(_options, bundle) {
      if (!client) return;
      const entry = Object.values(bundle).find((chunk) => chunk.type === "chunk" && chunk.facadeModuleId === RESOLVED);
      if (entry?.type !== "chunk") throw new Error("the client build has no behaviours entry");
      noFrameworkIn(entry, bundle);
      const file = `/${entry.fileName}`;
      const files: BehaviourFiles = {
        modules: Object.fromEntries(BEHAVIOUR_MODULES.map((name) => [name, file])),
        // the chunks it imports: a page preloads them with it (pipeline/islands.ts)
        imports: entry.imports.length > 0 ? { [file]: entry.imports.map((chunk) => `/${chunk}`) } : {},
      };
      this.emitFile({ type: "asset", fileName: BEHAVIOURS_FILE, source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };
}

/** Throws if `entry` imports, however deep, the chunk with React (FIRST_LOAD_CHUNK): a page without React would load it. */
export function noFrameworkIn(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): void {
  const chunks = reachable(entry.fileName, (file) => {
    const chunk = bundle[file];
    return chunk?.type === "chunk" ? chunk.imports : [];
  });
  const framework = [...chunks].filter((file) => bundle[file]?.name === FIRST_LOAD_CHUNK);
  if (framework.length > 0) {
    throw new Error(
      `the behaviours' module ${entry.fileName} imports ${framework.join(", ")}, React's chunk: ` +
        "a module in app/behaviours/ imports from outside the folder something the root route imports",
    );
  }
}
