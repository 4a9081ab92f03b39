import path from "node:path";
import { BUILD_NODE_FLAGS } from "./build-memory";

/** React Router's CLI in a checkout (what node_modules/.bin/react-router runs). */
export const REACT_ROUTER_CLI = "node_modules/@react-router/dev/bin.js";

/**
 * The command line of a whole build of the site in `repo`: `react-router
 * build` under this Node, with the V8 flags the build's memory relies on
 * (pipeline/build-memory.ts). `npm run build` runs the same line.
 */
export function buildCommand(repo: string): string[] {
  return [process.execPath, ...BUILD_NODE_FLAGS, path.join(repo, REACT_ROUTER_CLI), "build"];
}
