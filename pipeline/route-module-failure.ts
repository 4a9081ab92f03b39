import type { Plugin } from "vite";
import { ROUTE_MODULE_FAILURE_HOOK } from "../app/components/route-chunk-reload/route-module-failure-hook";

/**
 * React Router reloads the page when a route module fails to import
 * (`loadRouteModule`), and it does so during a client navigation, before the
 * URL has changed: the visitor gets the page they came from again and their
 * click is lost. This build step hands that moment to the site instead
 * (`window.__routeModuleLoadFailed`, app/components/route-chunk-reload),
 * which loads the navigation's target once, and falls back to React Router's
 * reload where the site has not installed its handler.
 *
 * It changes one statement of the installed react-router build and fails
 * the build when that statement is not where it is expected, so an upgrade
 * that changes it cannot ship silently.
 */

const FUNCTION_START = "async function loadRouteModule(";
const RELOAD = "window.location.reload();";
/** how far into loadRouteModule the reload statement is expected */
const SEARCH_WINDOW = 1_200;

/** The react-router module text with its route-module reload handed to the site; null when the text has none. */
export function handRouteModuleFailureToSite(code: string): string | null {
  const start = code.indexOf(FUNCTION_START);
  if (start === -1) return null;
  const reload = code.indexOf(RELOAD, start);
  const errorName = /catch \((\w+)\) \{/.exec(code.slice(start, start + SEARCH_WINDOW));
  if (reload === -1 || reload - start > SEARCH_WINDOW || !errorName) {
    throw new Error(
      "react-router's loadRouteModule no longer has the shape pipeline/route-module-failure.ts rewrites; " +
        "check how it recovers from a failed route module import before upgrading",
    );
  }
  const handOver = `(window.${ROUTE_MODULE_FAILURE_HOOK} ? window.${ROUTE_MODULE_FAILURE_HOOK}(${errorName[1]}) : window.location.reload());`;
  return code.slice(0, reload) + handOver + code.slice(reload + RELOAD.length);
}

export function routeModuleFailurePlugin(): Plugin {
  let rewritten = 0;
  return {
    name: "route-module-failure",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id) || !code.includes(FUNCTION_START)) return null;
      const result = handRouteModuleFailureToSite(code);
      if (result === null) return null;
      rewritten += 1;
      return { code: result, map: null };
    },
    buildEnd(error) {
      // the client build must have found React Router's loader; the server build need not
      if (!error && this.environment?.name === "client" && rewritten === 0) {
        this.error("react-router's loadRouteModule was not found to rewrite (pipeline/route-module-failure.ts)");
      }
    },
  };
}
