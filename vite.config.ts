import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { routeModuleFailurePlugin } from "./pipeline/route-module-failure";
import { sitePlugins } from "./pipeline/vite-plugins";

/** The build's machinery is in pipeline/ (its README lists every step in order); the site is app/. */
export default defineConfig({
  plugins: [
    routeModuleFailurePlugin(),
    reactRouter(),
    ...sitePlugins({
      rootRoute: fileURLToPath(new URL("./app/root.tsx", import.meta.url)),
      behavioursDir: fileURLToPath(new URL("./app/behaviours", import.meta.url)),
    }),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // evergreen browsers only: no legacy transforms in the shipped JS
    target: "es2022",
  },
});
