import { access, rename, rm } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_FILE } from "../release/headers-manifest";
import { CLIENT_DIR } from "../release/layout";
import { RELEASE_FILE } from "../release/release-info";

/**
 * A build made beside the last good one (`{buildDir}.next`) and switched in
 * only once complete, so that a build stopped or failed in the middle
 * leaves the last good build as it was. `react-router build` empties its
 * folder first and writes the headers manifest and `release.json` last:
 * without both, it did not finish.
 */

/** The files a build writes last (pipeline/preset.ts `finishSite`), relative to its folder. */
export const LAST_BUILD_FILES: readonly string[] = [path.join(CLIENT_DIR, MANIFEST_FILE), RELEASE_FILE];

export function nextBuildDir(buildDir: string): string {
  return `${buildDir}.next`;
}

/**
 * Runs `build` into `{buildDir}.next`; once it resolved and the folder holds
 * LAST_BUILD_FILES, the folder becomes `buildDir` and the previous build is
 * removed. Otherwise the half-made folder is removed and `buildDir` is left
 * alone. The two renames are not one step: a crash between them leaves the
 * previous build as `{buildDir}.old` and no `buildDir`, never an unfinished one.
 */
export async function buildBeside<T>(buildDir: string, build: (dir: string) => Promise<T>): Promise<T> {
  const next = nextBuildDir(buildDir);
  const old = `${buildDir}.old`;
  // what a stop that could not clean up left behind
  await rm(next, { recursive: true, force: true });
  let result: T;
  try {
    result = await build(next);
    for (const file of LAST_BUILD_FILES) {
      await access(path.join(next, file)).catch(() => {
        throw new Error(`the build ended without ${file}: it is not complete, and the previous build stays`);
      });
    }
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    throw error;
  }
  await rm(old, { recursive: true, force: true });
  await rename(buildDir, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(next, buildDir);
  await rm(old, { recursive: true, force: true });
  return result;
}
