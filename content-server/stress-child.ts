import { startContentServer, type ContentServerOptions } from "./content-server";

/**
 * The content service in its own process for the stress test
 * (stress.test.ts), so that its memory can be measured apart from the test's
 * clients. Started with `node --expose-gc --import tsx` and an IPC channel;
 * options come as JSON in STRESS_CONTENT_OPTIONS. It answers the parent's
 * messages (StressRequest) with StressReply and stops when asked, on SIGTERM
 * or when the parent goes away; exit code 0 means the server closed cleanly.
 */

/** The options the parent sets; the others are fixed here. */
export type StressChildOptions = Required<Pick<ContentServerOptions, "contentDir" | "imageCacheDir" | "adminToken">>;

export interface MemorySample {
  rss: number;
  /** Highest RSS seen by the 20 ms sampler since the previous sample. */
  peakRss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export type StressRequest = { type: "memory"; gc: boolean } | { type: "close" };

export type StressReply =
  | { type: "ready"; url: string; apiUrl: string; cv: number; stories: number }
  | { type: "memory"; sample: MemorySample };

const SAMPLE_EVERY_MS = 20;

const options = JSON.parse(process.env.STRESS_CONTENT_OPTIONS ?? "{}") as StressChildOptions;
const server = await startContentServer({
  port: 0,
  host: "127.0.0.1",
  ...options,
  watch: false,
  rateLimit: "off",
});

// RSS can spike between two requests of the parent: sample it here, often
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, SAMPLE_EVERY_MS);
sampler.unref();

function reply(message: StressReply): void {
  if (process.connected) process.send?.(message);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function memorySample(collectGarbage: boolean): Promise<MemorySample> {
  if (collectGarbage && globalThis.gc) {
    // finalizers of native buffers (sharp's) run after the collection; the second one frees what they released
    globalThis.gc();
    await nextTurn();
    globalThis.gc();
    await nextTurn();
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const sample = { rss, peakRss: Math.max(peakRss, rss), heapUsed, external, arrayBuffers };
  peakRss = rss;
  return sample;
}

// module-level: a close message, SIGTERM and the parent's going can each ask; the process stops once
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // server.close() ends idle keep-alive connections at once and busy ones after 1 s
  setTimeout(() => process.exit(1), 5000).unref();
  await server.close();
  process.exit(0);
}

process.on("message", (message: StressRequest) => {
  if (message.type === "memory") void memorySample(message.gc).then((sample) => reply({ type: "memory", sample }));
  else if (message.type === "close") void stop();
});
process.on("SIGTERM", () => void stop());
// the parent went away (test killed or timed out): stop too
process.on("disconnect", () => void stop());

reply({ type: "ready", url: server.url, apiUrl: server.apiUrl, cv: server.cv(), stories: server.storyCount() });
