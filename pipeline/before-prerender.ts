import type { Plugin } from "vite";

/**
 * A Vite plugin that runs `action` once the server build is written and
 * before React Router prerenders with it: React Router prerenders (and then
 * deletes the server build, `ssr: false`) in its own `writeBundle` of the
 * server build, which runs after every "pre" one. `action` gets the server
 * build's folder.
 */
export function beforePrerender(name: string, action: (serverOutDir: string) => void | Promise<void>): Plugin {
  return serverWriteBundle(name, "pre", action);
}

/** `action` once React Router has prerendered: a "post" `writeBundle` of the server build (React Router's is unordered). */
export function afterPrerender(name: string, action: (serverOutDir: string) => void | Promise<void>): Plugin {
  return serverWriteBundle(name, "post", action);
}

function serverWriteBundle(
  name: string,
  order: "pre" | "post",
  action: (serverOutDir: string) => void | Promise<void>,
): Plugin {
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
      order,
      sequential: true,
      async handler() {
        if (ssr) await action(outDir);
      },
    },
  };
}
