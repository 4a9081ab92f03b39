import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_NODE_FLAGS } from "./build-memory";
import { REACT_ROUTER_CLI, buildCommand } from "./build-command";

describe("buildCommand", () => {
  it("runs React Router's CLI under this Node with the build's V8 flags", () => {
    expect(buildCommand("/repo")).toEqual([
      process.execPath,
      "--heap-growing-percent=50",
      "--expose-gc",
      path.join("/repo", REACT_ROUTER_CLI),
      "build",
    ]);
  });

  it("is the line `npm run build` runs", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(manifest.scripts.build).toBe(`node ${BUILD_NODE_FLAGS.join(" ")} ${REACT_ROUTER_CLI} build`);
  });

  it("names the CLI React Router installs", () => {
    const manifest = JSON.parse(readFileSync("node_modules/@react-router/dev/package.json", "utf8")) as {
      bin: Record<string, string>;
    };
    expect(`node_modules/@react-router/dev/${manifest.bin["react-router"]}`).toBe(REACT_ROUTER_CLI);
  });
});
