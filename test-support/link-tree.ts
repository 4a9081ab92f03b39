import { cp, link, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/** A copy of the folder `from` at `to` in hard links (files copied where a link fails): the files' own bytes, no space. */
export async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else await link(source, target).catch(() => cp(source, target, { preserveTimestamps: true }));
  }
}
