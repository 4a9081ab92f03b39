import { readdir } from "node:fs/promises";
import path from "node:path";

/** The HTML files of a build's client folder, relative with "/" separators, sorted; dot folders and files left out. */
export async function listHtmlFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.html?$/i.test(entry.name))
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((relative) => !relative.split("/").some((segment) => segment.startsWith(".")))
    .sort();
}
