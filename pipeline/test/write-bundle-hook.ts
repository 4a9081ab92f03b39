import type { Plugin, ResolvedConfig } from "vite";

type WriteBundleHook = { order: string; sequential: boolean; handler: () => Promise<void> };

/** For tests: a plugin as Vite sets it up for one build (server or client), and its writeBundle hook. */
export function writeBundleHook(plugin: Plugin, ssr: boolean, outDir = "build/server"): WriteBundleHook {
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ build: { ssr, outDir } } as ResolvedConfig);
  return plugin.writeBundle as unknown as WriteBundleHook;
}
