import { cp, link, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * A copy of a folder whose files are hard links to the originals: instant
 * and free of extra space. Whoever changes a file of the copy must replace
 * it (write a new file, rename it over the old name), never write into it,
 * or the original changes too. A file that cannot be linked there (another
 * file system, as the tests' temp folders, or one without hard links) is
 * copied, its times kept.
 */
export async function linkTree(from: string, to: string, concurrency = 32): Promise<number> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  await mkdir(to, { recursive: true });
  const folders = entries.filter((entry) => entry.isDirectory());
  // parents before children: recursive readdir lists a folder before its contents
  for (const folder of folders) {
    await mkdir(path.join(to, path.relative(from, path.join(folder.parentPath, folder.name))), { recursive: true });
  }
  const files = entries.filter((entry) => entry.isFile());
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const entry = files[next++]!;
      const source = path.join(entry.parentPath, entry.name);
      const target = path.join(to, path.relative(from, source));
      await link(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
        return cp(source, target, { preserveTimestamps: true });
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return files.length;
}
