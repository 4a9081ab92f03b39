import { readdir, readFile, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import pLimit from "p-limit";
import { replaceFile } from "../release/layout";
import { COMPRESSIBLE_EXTENSIONS } from "../release/served-files";

/**
 * Writes `.br` and `.gz` siblings for the text files of a client build, which
 * the site server sends to clients that accept them. Every `react-router build`
 * runs it (react-router.config.ts, buildEnd); by hand:
 * `tsx pipeline/precompress.ts [build/client]`. Files whose siblings are
 * already up to date are skipped, so a second run costs next to nothing.
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
  /** Files whose siblings were already newer than them (an earlier run on the same build). */
  upToDate: number;
}

/**
 * Brotli quality of pages and their .data files. Measured on 200 pages and
 * 200 .data files of a 1,000-article build (HTML 74 KB on average, one
 * thread): quality 8 takes 1.5 ms a page for 18.5% of the raw size, 10
 * takes 28 ms for 17.2% (11: 74 ms, 16.7%; 9: 12 ms, 18.5%); .data 0.5 ms
 * for 23.9% against 6.4 ms for 21.6%. At 10,000 articles (20,009 pages,
 * as many .data files) that is under 1 CPU minute instead of about 12,
 * for pages 8-9% larger (`/`: 17.8 KB instead of 16.4 KB). The live update
 * (live-update/render-pages.ts) compresses its pages the same way.
 */
const PAGE_QUALITY = 8;

/**
 * Brotli's best quality costs about 3x the time of the next one for 2% less:
 * worth it for the hashed scripts and styles every visitor loads first, which
 * change only with the code.
 */
function brotliQuality(relative: string): number {
  return relative.startsWith(`assets${path.sep}`) ? constants.BROTLI_MAX_QUALITY : PAGE_QUALITY;
}

export async function precompress(dir: string): Promise<PrecompressResult> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return precompressFiles(dir, files);
}

/**
 * The same for some files of the build (an incremental update's pages): one per core at a time (zlib runs on
 * libuv's thread pool), each read when its turn comes. A failure is thrown once every file has had its turn,
 * so that nothing is still writing when the caller hears of it.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytesIn: 0, bytesBrotli: 0, bytesGzip: 0, upToDate: 0 };
  const limit = pLimit(Math.max(1, availableParallelism()));
  const outcomes = await Promise.allSettled(
    files.filter((file) => isCandidate(dir, file)).map((file) => limit(() => compressFile(dir, file, result))),
  );
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return result;
}

function isCandidate(dir: string, file: string): boolean {
  if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) return false;
  // dotfiles (.security-headers.json) are build metadata, never served
  return !path
    .relative(dir, file)
    .split(path.sep)
    .some((segment) => segment.startsWith("."));
}

/** Whether a file of the client folder `dir` gets siblings: a text type the servers send, large enough. */
export function worthCompressing(dir: string, file: string, size: number): boolean {
  return size >= MIN_SIZE && isCandidate(dir, file);
}

async function compressFile(dir: string, file: string, result: PrecompressResult): Promise<void> {
  const info = await stat(file);
  if (!worthCompressing(dir, file, info.size)) return;
  if (await siblingsUpToDate(file, info.mtimeMs)) {
    result.upToDate += 1;
    return;
  }
  const written = await writeCompressedSiblings(dir, file, await readFile(file));
  result.files += 1;
  result.bytesIn += written.bytesIn;
  result.bytesBrotli += written.bytesBrotli;
  result.bytesGzip += written.bytesGzip;
}

/**
 * A file's `.br` and `.gz` siblings from its content, each where it is smaller than the file (the server then
 * sends the file itself). The build's second pass calls it for each page it has just written
 * (pipeline/security-headers.ts), so that the page is not read again; this step then finds its siblings up to date.
 */
export async function writeCompressedSiblings(dir: string, file: string, source: Buffer) {
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path.relative(dir, file)),
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_LGWIN]: windowBits(source.length),
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { bytesIn: source.length, bytesBrotli: 0, bytesGzip: 0 };
  if (br.length < source.length) {
    await replaceFile(`${file}.br`, br);
    written.bytesBrotli = br.length;
  }
  if (gz.length < source.length) {
    await replaceFile(`${file}.gz`, gz);
    written.bytesGzip = gz.length;
  }
  return written;
}

/**
 * Brotli's window fitted to the file, never above its default (4 MB): the
 * encoder's tables grow with the window, and a page of 80 KB needs no more
 * than 128 KB of it (measured: two quality-8 compressions at a time peaked
 * at 184 MB instead of 222 MB, for 0.03% more bytes).
 */
function windowBits(size: number): number {
  return Math.min(
    constants.BROTLI_DEFAULT_WINDOW,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(Math.max(1, size)))),
  );
}

/** Both siblings exist and are not older than the file (the site server's own test for a usable sibling). */
async function siblingsUpToDate(file: string, mtimeMs: number): Promise<boolean> {
  const siblings = await Promise.all([stat(`${file}.br`), stat(`${file}.gz`)].map((p) => p.catch(() => undefined)));
  return siblings.every((sibling) => sibling !== undefined && sibling.mtimeMs >= mtimeMs);
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
        )}, gzip ${kb(r.bytesGzip)}${r.upToDate ? `, ${r.upToDate} already up to date` : ""} (${Math.round(performance.now() - started)} ms)`,
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
