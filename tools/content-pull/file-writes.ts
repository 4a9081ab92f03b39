import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempPathFor } from "./http";

/** Writes through a temporary file in the same folder and a rename: readers see the old or the new file, never a part. */
export async function writeFileAtomic(file: string, data: string | Uint8Array, mode?: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = tempPathFor(file);
  try {
    await writeFile(tmp, data, mode === undefined ? undefined : { mode });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Writes `text` unless the file already holds exactly that; true when written. */
export async function writeIfChanged(file: string, text: string, mode?: number): Promise<boolean> {
  const old = await readFile(file, "utf8").catch(() => null);
  if (old === text) return false;
  await writeFileAtomic(file, text, mode);
  return true;
}
