import type { Plugin } from "vite";

/**
 * A Vite plugin that runs `action` once the server build is written and
 * before React Router prerenders with it: React Router prerenders (and then
 * deletes the server build, `ssr: false`) in its own `writeBundle` of the
 * server build, which runs after every "pre" one. `action` gets the server
 * build's folder.
 */
export function beforePrerender(name: string, action: (serverOutDir: string) => void | Promise<void>): Plugin {
  let outDir = "";
  let ssr = false;
  return {
    name,
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = config.build.outDir;
    },
    writeBundle: {
      order: "pre",
      sequential: true,
      async handler() {
        if (ssr) await action(outDir);
      },
    },
  };
}
