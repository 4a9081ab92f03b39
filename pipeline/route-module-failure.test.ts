import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_MODULE_FAILURE_HOOK } from "../app/components/route-chunk-reload/route-module-failure-hook";
import { handRouteModuleFailureToSite } from "./route-module-failure";

function installedRouterChunks(): string[] {
  const dir = path.resolve("node_modules/react-router/dist/production");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .filter((code) => code.includes("async function loadRouteModule("));
}

describe("handRouteModuleFailureToSite", () => {
  it("hands the installed react-router's route-module reload to the site", () => {
    const [code] = installedRouterChunks();
    expect(code, "react-router's production build defines loadRouteModule").toBeDefined();
    const rewritten = handRouteModuleFailureToSite(code!)!;
    const start = rewritten.indexOf("async function loadRouteModule(");
    const body = rewritten.slice(start, rewritten.indexOf("\n}\n", start));
    expect(body).toContain(`window.${ROUTE_MODULE_FAILURE_HOOK}(error)`);
    expect(body).toContain(": window.location.reload()");
    expect(body.match(/window\.location\.reload\(\)/g)).toHaveLength(1);
  });

  it("leaves a module without loadRouteModule alone", () => {
    expect(handRouteModuleFailureToSite("export const x = 1;")).toBeNull();
  });

  it("fails loudly when loadRouteModule has another shape", () => {
    expect(() =>
      handRouteModuleFailureToSite("async function loadRouteModule(route) { return import(route); }"),
    ).toThrow(/no longer has the shape/);
  });
});
