import { parentPort, workerData } from "node:worker_threads";
import subsetFont from "subset-font";

/**
 * The font's subset, made in a thread of its own (pipeline/font-subset.ts, `subsetInThread`): harfbuzz's and
 * woff2's WebAssembly memory, about 100 MB, stays with `subset-font` once loaded, and the thread's end frees it
 * before the second pass over the pages.
 */
const { font, text } = workerData as { font: Uint8Array; text: string };
const subset = await subsetFont(Buffer.from(font.buffer, font.byteOffset, font.byteLength), text, {
  targetFormat: "woff2",
});
parentPort!.postMessage(subset);
