import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MANIFEST_FILE, type HeadersManifest } from "../../release/headers-manifest";
import { HEADERS_FILE, NGINX_CONFIG_FILE } from "../../release/host-files";
import { HeadersFilesWriter, comparePagePaths } from "../headers-files";
import { nginxMapKeys } from "../host-config";

/** For tests: the three headers files (pipeline/headers-files.ts) a manifest's pages are written to, as text. */
export async function headersFilesOf(manifest: HeadersManifest) {
  const root = await mkdtemp(path.join(tmpdir(), "headers-files-"));
  try {
    const clientDir = path.join(root, "client");
    await mkdir(clientDir);
    const pages = Object.keys(manifest.documents).sort(comparePagePaths);
    const { version, mode, policy } = manifest;
    const writer = await HeadersFilesWriter.open(
      clientDir,
      { version, mode, policy },
      pages.reduce((sum, relative) => sum + nginxMapKeys(relative).length, 0),
    );
    for (const relative of pages) await writer.add(relative, manifest.documents[relative]!);
    await writer.close();
    return {
      manifest: await readFile(path.join(clientDir, MANIFEST_FILE), "utf8"),
      headers: await readFile(path.join(clientDir, HEADERS_FILE), "utf8"),
      nginx: await readFile(path.join(root, NGINX_CONFIG_FILE), "utf8"),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
