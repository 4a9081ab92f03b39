import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  UNSAFE_createClientRoutes,
  UNSAFE_getTurboStreamSingleFetchDataStrategy,
  createMemoryRouter,
  type DataStrategyFunction,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError, navigationTarget } from "./route-chunk-reload";
import { tempDirOfThisTest } from "../../../test-support/temp-dir";

/**
 * What route-chunk-reload.ts relies on inside React Router, checked against
 * the installed version (docs/react-router-couplings.md): the words it
 * uses for a client loader's chunk that failed to load, and where the
 * router keeps the location a navigation is going to.
 */

const DOC = "docs/react-router-couplings.md";

type ClientRoutesArguments = Parameters<typeof UNSAFE_createClientRoutes>;
type Manifest = ClientRoutesArguments[0];
type RouteModules = ClientRoutesArguments[1];

/** A route module the router can import (its own chunk loads; only the client loader's fails). */
function importableRouteModule(moduleDir: string): string {
  const file = path.join(moduleDir, "imprint-main.cjs");
  writeFileSync(file, "module.exports = { default: function Imprint() { return null; } };\n");
  return file;
}

/**
 * Runs `run` with Node's unhandled rejections collected instead of reported:
 * React Router starts a route's chunks in parallel and leaves the failure of
 * one it no longer awaits unhandled (installChunkErrorRecovery listens for it).
 */
async function collectingUnhandledRejections(run: (dropped: unknown[]) => Promise<void>): Promise<void> {
  const reporters = process.listeners("unhandledRejection");
  const dropped: unknown[] = [];
  const collect = (reason: unknown) => void dropped.push(reason);
  process.removeAllListeners("unhandledRejection");
  process.on("unhandledRejection", collect);
  try {
    await run(dropped);
  } finally {
    process.off("unhandledRejection", collect);
    for (const reporter of reporters) process.on("unhandledRejection", reporter);
  }
}

const route = {
  hasAction: false,
  hasClientAction: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
};

describe("React Router's framework data strategy", () => {
  it("reports a client loader chunk that failed to load in the words the site recognises", async () => {
    const moduleDir = await tempDirOfThisTest("route-chunk-reload-");
    const goneChunk = path.join(moduleDir, "imprint-client-loader-gone.js");
    const routes = {
      root: { ...route, id: "root", path: "", hasLoader: false, hasClientLoader: false, module: "/root.js" },
      "routes/imprint": {
        ...route,
        id: "routes/imprint",
        parentId: "root",
        path: "imprint",
        hasLoader: true,
        hasClientLoader: true,
        module: importableRouteModule(moduleDir),
        // a chunk of an old deploy, gone from the server
        clientLoaderModule: goneChunk,
      },
    } as unknown as Manifest;
    const routeModules: Record<string, unknown> = { root: { default: () => null, ErrorBoundary: () => null } };
    // as HydratedRouter sets it up for `ssr: false` (react-router/dom)
    const dataStrategy = UNSAFE_getTurboStreamSingleFetchDataStrategy(
      () => router,
      { routes } as unknown as Parameters<typeof UNSAFE_getTurboStreamSingleFetchDataStrategy>[1],
      routeModules as RouteModules,
      false,
      undefined,
      false,
    ) as DataStrategyFunction;
    const router = createMemoryRouter(
      UNSAFE_createClientRoutes(routes, routeModules as RouteModules, null, false, false),
      {
        dataStrategy,
      },
    );

    await collectingUnhandledRejections(async (dropped) => {
      await router.navigate("/imprint");
      // the route's own module loads on (it did not fail); its prefetch of the client loader fails unawaited
      await vi.waitFor(() => expect(routeModules["routes/imprint"]).toBeDefined());
      await vi.waitFor(() => expect(dropped).toHaveLength(1));
      expect(String(dropped[0]), `${DOC}#data-strategy-message: the import error itself is dropped`).toContain(
        goneChunk,
      );
    });

    const error = router.state.errors?.root;
    expect(error, `${DOC}#data-strategy-message`).toBeInstanceOf(Error);
    expect((error as Error).message, `${DOC}#data-strategy-message`).toBe(
      "No result returned from dataStrategy for route routes/imprint",
    );
    expect(isChunkLoadError(error), `${DOC}#data-strategy-message: isChunkLoadError`).toBe(true);
    router.dispose();
  });
});

describe("React Router's data router during a navigation", () => {
  it("still shows the page the navigation started from, and holds its target in state.navigation", async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter(
      [
        { path: "/index", Component: () => null },
        { path: "/imprint", Component: () => null, loader: () => arrived.then(() => null) },
      ],
      { initialEntries: ["/index"] },
    );
    const navigation = router.navigate("/imprint?x=1#top");

    // why React Router's own `location.reload()` loses the click (docs: route-module-reload)
    expect(router.state.location.pathname, `${DOC}#route-module-reload`).toBe("/index");
    const browserWindow = {
      location: new URL("http://site.test/index"),
      __reactRouterDataRouter: router,
    } as unknown as Window;
    expect(navigationTarget(browserWindow), `${DOC}#data-router-global`).toBe("/imprint?x=1#top");

    arrive();
    await navigation;
    expect(router.state.location.pathname).toBe("/imprint");
    router.dispose();
  });
});
