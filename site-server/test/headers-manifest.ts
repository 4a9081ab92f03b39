import { writeFile } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_FILE, type HeadersManifest, type SiteMode } from "../../release/headers-manifest";

/**
 * Writes the headers manifest a build ends with into `clientDir`, listing no
 * document (their policies are computed when served): what makes a test's
 * folder a complete build the site server serves.
 */
export async function writeHeadersManifest(clientDir: string, mode: SiteMode = "production"): Promise<void> {
  const manifest: HeadersManifest = {
    version: 1,
    mode,
    policy: { mode, apiOrigin: "http://localhost:4100", assetOrigins: ["http://localhost:4100"] },
    documents: {},
  };
  await writeFile(path.join(clientDir, MANIFEST_FILE), JSON.stringify(manifest));
}
