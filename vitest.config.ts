import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

// Two projects: programs that run in Node (content service, scripts, loaders)
// and the site's components, which render in jsdom.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: [
            "*.test.ts",
            "content-server/**/*.test.ts",
            "release/**/*.test.ts",
            "pipeline/**/*.test.ts",
            "live-update/**/*.test.ts",
            "tools/**/*.test.ts",
            "test-support/**/*.test.ts",
            "bench/**/*.test.ts",
            "site-server/**/*.test.ts",
            "settings/**/*.test.ts",
            "app/**/*.node.test.ts",
          ],
          // loader tests (app/**/*.node.test.ts) read the demo content from a live content service
          globalSetup: ["./test-support/content-service-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: ["app/**/*.node.test.ts"],
          setupFiles: ["./app/test/setup.ts"],
          css: { modules: { classNameStrategy: "non-scoped" } },
        },
      },
    ],
  },
});
