import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { noFrameworkIn } from "./behaviour-entries";
import { FIRST_LOAD_CHUNK, SHARED_BEHAVIOURS_CHUNK } from "./first-load-chunk";

/** A client bundle of chunks named `name`, each importing `imports` (file names). */
function bundleOf(chunks: Record<string, { name: string; imports?: string[] }>): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, { name, imports = [] }]) => [
      fileName,
      { type: "chunk", fileName, name, imports } as unknown as Rollup.OutputChunk,
    ]),
  );
}

describe("noFrameworkIn", () => {
  it("passes a behaviours' module whose chunks import nothing of React's", () => {
    const bundle = bundleOf({
      "assets/behaviours-E.js": { name: "behaviours", imports: ["assets/behaviours-shared-S.js"] },
      "assets/behaviours-shared-S.js": { name: SHARED_BEHAVIOURS_CHUNK },
      "assets/first-load-F.js": { name: FIRST_LOAD_CHUNK, imports: ["assets/behaviours-shared-S.js"] },
    });
    expect(() => noFrameworkIn(bundle["assets/behaviours-E.js"] as Rollup.OutputChunk, bundle)).not.toThrow();
  });

  it("fails the build when React's chunk is among its imports, however deep", () => {
    const bundle = bundleOf({
      "assets/behaviours-E.js": { name: "behaviours", imports: ["assets/behaviours-shared-S.js"] },
      "assets/behaviours-shared-S.js": { name: SHARED_BEHAVIOURS_CHUNK, imports: ["assets/first-load-F.js"] },
      "assets/first-load-F.js": { name: FIRST_LOAD_CHUNK, imports: ["assets/behaviours-shared-S.js"] },
    });
    expect(() => noFrameworkIn(bundle["assets/behaviours-E.js"] as Rollup.OutputChunk, bundle)).toThrow(
      /imports assets\/first-load-F\.js, React's chunk/,
    );
  });
});
