import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_CHUNK, SHARED_BEHAVIOURS_CHUNK, firstLoadChunks, staticImportGraph } from "./first-load-chunk";

const ROOT = "/site/app/root.tsx";

/** A module graph as Rollup describes it to `manualChunks`: static and dynamic imports, entries. */
function graph(modules: Record<string, { imports?: string[]; dynamic?: string[]; entry?: boolean }>) {
  const getModuleInfo = ((id: string) =>
    modules[id]
      ? {
          id,
          isEntry: Boolean(modules[id].entry),
          importedIds: modules[id].imports ?? [],
          dynamicallyImportedIds: modules[id].dynamic ?? [],
        }
      : null) as unknown as Rollup.GetModuleInfo;
  const meta = { getModuleIds: () => Object.keys(modules)[Symbol.iterator](), getModuleInfo } as Rollup.ManualChunkMeta;
  return { getModuleInfo, meta, ids: Object.keys(modules) };
}

const site = graph({
  [`${ROOT}?__react-router-build-client-route`]: { entry: true, imports: [ROOT] },
  [ROOT]: { imports: ["react", "/site/app/header.tsx"], dynamic: ["/site/app/editor.ts"] },
  "/site/app/header.tsx": { imports: ["react", "/site/app/lazy-image.tsx"] },
  "/site/app/lazy-image.tsx": { imports: ["react"] },
  react: {},
  "/site/app/editor.ts": { imports: ["/site/app/sdk.ts"] },
  "/site/app/sdk.ts": {},
  "/site/app/routes/home.tsx?route-chunk=main": {
    entry: true,
    imports: ["/site/app/lazy-image.tsx", "/site/app/gallery.tsx"],
  },
  "/site/app/gallery.tsx": { imports: ["react"] },
});

describe("staticImportGraph", () => {
  it("follows static imports however deep, not dynamic ones, each module once", () => {
    expect([...staticImportGraph(ROOT, site.getModuleInfo)].sort()).toEqual(
      [ROOT, "/site/app/header.tsx", "/site/app/lazy-image.tsx", "react"].sort(),
    );
  });
});

describe("firstLoadChunks", () => {
  it("puts what the root route imports statically in one chunk, shared modules included, and leaves the rest", () => {
    const chunkOf = firstLoadChunks(ROOT);
    const chunks = Object.fromEntries(site.ids.map((id) => [id, chunkOf(id, site.meta) ?? null]));
    expect(chunks).toEqual({
      [`${ROOT}?__react-router-build-client-route`]: FIRST_LOAD_CHUNK,
      [ROOT]: FIRST_LOAD_CHUNK,
      "/site/app/header.tsx": FIRST_LOAD_CHUNK,
      // also imported by a route: on every page all the same
      "/site/app/lazy-image.tsx": FIRST_LOAD_CHUNK,
      react: FIRST_LOAD_CHUNK,
      // loaded lazily, or by one route only
      "/site/app/editor.ts": null,
      "/site/app/sdk.ts": null,
      "/site/app/routes/home.tsx?route-chunk=main": null,
      "/site/app/gallery.tsx": null,
    });
  });

  it("puts every behaviour module in one chunk of its own, apart from the first-load chunk", () => {
    const withBehaviours = graph({
      [`${ROOT}?__react-router-build-client-route`]: { entry: true, imports: [ROOT] },
      [ROOT]: { imports: ["react", "/site/app/header.tsx"] },
      "/site/app/header.tsx": { imports: ["react", "/site/app/behaviours/focus-trap.ts"] },
      "/site/app/behaviours/focus-trap.ts": {},
      "/site/app/behaviours/menu.ts": { imports: ["/site/app/behaviours/focus-trap.ts"] },
      react: {},
    });
    const chunkOf = firstLoadChunks(ROOT, "/site/app/behaviours/");
    const chunks = Object.fromEntries(withBehaviours.ids.map((id) => [id, chunkOf(id, withBehaviours.meta) ?? null]));
    expect(chunks).toMatchObject({
      "/site/app/header.tsx": FIRST_LOAD_CHUNK,
      "/site/app/behaviours/focus-trap.ts": SHARED_BEHAVIOURS_CHUNK,
      // not imported by the root: in the same chunk, so that the behaviours' entry asks for one file
      "/site/app/behaviours/menu.ts": SHARED_BEHAVIOURS_CHUNK,
    });
    expect(SHARED_BEHAVIOURS_CHUNK).not.toBe(FIRST_LOAD_CHUNK);
  });

  it("fails the build when the root route is not among the entries", () => {
    const chunkOf = firstLoadChunks("/site/app/other-root.tsx");
    expect(() => chunkOf("react", site.meta)).toThrow(/other-root\.tsx is not an entry/);
  });
});
