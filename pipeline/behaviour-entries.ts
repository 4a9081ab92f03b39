import path from "node:path";
import type { Plugin } from "vite";
import { BEHAVIOUR_MODULES, type BehaviourModule } from "../app/behaviours/markers";
import { BEHAVIOURS_FILE, type BehaviourFiles } from "./islands";

/**
 * The behaviour modules (app/behaviours/{name}.ts) as entries of the client
 * build of their own: each entry is a two-line virtual module that imports
 * the behaviour and starts it on the document, emitted with Rollup's
 * `emitFile` (the bundler's own way to add an entry), so it is hashed,
 * minified and served like every other asset but shares no chunk with React.
 * The behaviours import nothing the app's root imports (or `first-load`
 * would be one of their imports: pipeline/first-load-chunk.ts). The build
 * writes where each went, and the chunks each imports, to BEHAVIOURS_FILE in
 * the client folder (never served: it is a dotfile), which the islands step
 * reads (pipeline/islands.ts).
 */

const PREFIX = "virtual:studio-behaviour/";
const RESOLVED = `\0${PREFIX}`;

export function behaviourEntriesPlugin(behavioursDir: string): Plugin {
  let client = false;
  return {
    name: "studio:behaviour-entries",
    apply: "build",
    config(_config, { isSsrBuild }) {
      client = !isSsrBuild;
    },
    buildStart() {
      if (!client) return;
      for (const name of BEHAVIOUR_MODULES)
        this.emitFile({ type: "chunk", id: `${PREFIX}${name}`, name: `behaviour-${name}` });
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const file = path.join(behavioursDir, `${id.slice(RESOLVED.length)}.ts`);
      return `import { start } from ${JSON.stringify(file)};\nstart(document);\n`;
    },
    generateBundle(_options, bundle) {
      if (!client) return;
      const files: BehaviourFiles = { modules: {}, imports: {} };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.facadeModuleId?.startsWith(RESOLVED)) continue;
        files.modules[chunk.facadeModuleId.slice(RESOLVED.length) as BehaviourModule] = `/${chunk.fileName}`;
        // the chunks the modules share: a page preloads them with its modules (pipeline/islands.ts)
        if (chunk.imports.length > 0) files.imports[`/${chunk.fileName}`] = chunk.imports.map((file) => `/${file}`);
      }
      this.emitFile({ type: "asset", fileName: BEHAVIOURS_FILE, source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };
}
