import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, onTestFinished } from "vitest";

/** A new empty folder under the system's temporary folder, its name starting with `prefix`. */
const newTempDir = (prefix: string) => mkdtemp(path.join(tmpdir(), prefix));

const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

/**
 * A temporary folder for the tests of the file or describe block this is called in: a new one for each
 * test (`"each"`) or one for them all (`"all"`). Called before the block's own beforeEach or beforeAll, it
 * is there when they run; it is removed after every after-hook, so what the tests started in it (a server,
 * an open file) is closed first. Returns a getter, as the folder exists only once the tests run.
 */
export function tempDirOfTests(prefix: string, scope: "each" | "all" = "each"): () => string {
  let dir: string | undefined;
  const before = scope === "each" ? beforeEach : beforeAll;
  before(async () => {
    const made = await newTempDir(prefix);
    dir = made;
    return () => removeDir(made);
  });
  return () => {
    if (dir === undefined) throw new Error(`The temporary folder "${prefix}…" is made when the tests run.`);
    return dir;
  };
}

/** A temporary folder for the running test alone, removed when it has finished. */
export async function tempDirOfThisTest(prefix: string): Promise<string> {
  const dir = await newTempDir(prefix);
  onTestFinished(() => removeDir(dir));
  return dir;
}
