import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { COMPRESSIBLE_EXTENSIONS } from "../site-server/site-server";

/**
 * Writes `.br` and `.gz` siblings for the text files of a client build, which
 * the site server sends to clients that accept them. Run after
 * `react-router build`: `tsx scripts/precompress.ts [build/client]`.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression saves less than the extra request headers cost. */
const MIN_SIZE = 1024;

export interface PrecompressResult {
  files: number;
  bytesIn: number;
  bytesBrotli: number;
  bytesGzip: number;
}

export async function precompress(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytesIn: 0, bytesBrotli: 0, bytesGzip: 0 };
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    const info = await stat(file);
    if (info.size < MIN_SIZE) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    result.files += 1;
    result.bytesIn += source.length;
    // a sibling that is not smaller is useless; the server then sends the file itself
    if (br.length < source.length) {
      await writeFile(`${file}.br`, br);
      result.bytesBrotli += br.length;
    }
    if (gz.length < source.length) {
      await writeFile(`${file}.gz`, gz);
      result.bytesGzip += gz.length;
    }
  }
  return result;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "build/client");
  const started = performance.now();
  precompress(dir).then(
    (r) => {
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      console.info(
        `precompress: ${r.files} files in ${path.relative(process.cwd(), dir) || "."}, ${kb(r.bytesIn)} -> br ${kb(
          r.bytesBrotli,
        )}, gzip ${kb(r.bytesGzip)} (${Math.round(performance.now() - started)} ms)`,
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
