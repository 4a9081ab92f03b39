/**
 * A bounded read load on a site, for what visitors see while the site
 * changes under them (publish to live: the bench's publish section and its
 * browser test): a few loops fetch the given paths in turn, each answer
 * read to its end; anything but a 200 with a body is a failure.
 */

export interface ReadLoadOptions {
  /** Loops running at once (default 4). */
  connections?: number;
  /** The loops end by themselves after this long (default 90 s): a test that never stops them holds nothing. */
  maxMs?: number;
  /** A request still unanswered after this long is a failure (default 10 s), so no answer holds a loop. */
  requestTimeoutMs?: number;
}

export function startReadLoad(base: string, paths: readonly string[], options: ReadLoadOptions = {}) {
  if (paths.length === 0) throw new Error("startReadLoad needs at least one path");
  // failed: `path: status` or `path: error message`, one entry per failed request
  const result = { requests: 0, failed: [] as string[], slowestMs: 0 };
  let running = true;
  const deadline = Date.now() + (options.maxMs ?? 90_000);
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const loop = async (offset: number) => {
    for (let i = offset; running && Date.now() < deadline; i += 1) {
      const target = paths[i % paths.length]!;
      const started = performance.now();
      try {
        const response = await fetch(`${base}${target}`, {
          headers: { "Accept-Encoding": "br, gzip" },
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        const body = await response.arrayBuffer();
        if (response.status !== 200 || body.byteLength === 0) result.failed.push(`${target}: ${response.status}`);
      } catch (error) {
        result.failed.push(`${target}: ${error instanceof Error ? error.message : String(error)}`);
      }
      result.requests += 1;
      result.slowestMs = Math.max(result.slowestMs, performance.now() - started);
    }
  };
  const loops = Promise.all(Array.from({ length: options.connections ?? 4 }, (_, index) => loop(index)));
  const ended = loops.then(() => result);
  return {
    /** Ends the loops (each finishes its request in flight) and resolves with what they saw. */
    stop() {
      running = false;
      return ended;
    },
    /** Resolves with what the loops saw once they have ended, by stop() or by themselves after `maxMs`. */
    ended,
  };
}
