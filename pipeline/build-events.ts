import { appendFileSync } from "node:fs";
import { open } from "node:fs/promises";
import * as v from "valibot";
import { unlessMissing } from "../release/layout";
import { parseJsonWith } from "../settings/parse-json";

/**
 * The build's machine-readable progress (issue 43: programs talk through
 * files with a schema, not each other's log lines). With BUILD_EVENTS_FILE
 * set, the build appends one JSON object a line to that file, each a
 * BuildEvent; its log stays what people read. The build writes them
 * (`buildEventWriter`); `npm start` (tools/build-progress.ts) and the bench
 * (bench/build.ts) follow the file as it grows (`followBuildEvents`).
 */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const duration = v.pipe(v.number(), v.minValue(0));

export const BuildEventSchema = v.variant("event", [
  /** React Router starts prerendering (pipeline/step-times.ts, prerenderStepTime). */
  v.strictObject({ event: v.literal("prerender-start") }),
  /** A page React Router prerendered: its HTML file, relative to the client folder (`en/about/index.html`). */
  v.strictObject({ event: v.literal("page"), file: v.pipe(v.string(), v.minLength(1)) }),
  /** The content requests the pages took (pipeline/content-requests.ts); the steps after the pages start. */
  v.strictObject({ event: v.literal("content-requests"), count }),
  /**
   * A step of the build has ended: its wall time, the process's CPU time over it, and the process's peak resident
   * memory so far (pipeline/step-times.ts).
   */
  v.strictObject({
    event: v.literal("step"),
    step: v.pipe(v.string(), v.minLength(1)),
    ms: duration,
    cpuMs: duration,
    peakRssBytes: count,
  }),
  /** Something a user can act on, as the log prints it (`WARNING (security headers): ...`). */
  v.strictObject({ event: v.literal("warning"), text: v.pipe(v.string(), v.minLength(1)) }),
]);

export type BuildEvent = v.InferOutput<typeof BuildEventSchema>;

/** Hands one event on: to the events file, or nowhere when the build has none. */
export type BuildEventWriter = (event: BuildEvent) => void;

/**
 * A writer appending to `file` (BUILD_EVENTS_FILE), or one that drops the events when unset. Each event is one
 * synchronous append of a whole line: the build's entries (preset, Vite plugins) write from one process, in order,
 * and a reader never sees half a line but at the file's end.
 */
export function buildEventWriter(
  file: string | undefined,
  warn: (line: string) => void = console.warn,
): BuildEventWriter {
  if (!file) return () => {};
  let failed = false;
  return (event) => {
    if (failed) return;
    try {
      appendFileSync(file, `${JSON.stringify(v.parse(BuildEventSchema, event))}\n`);
    } catch (error) {
      // the events are the build's report, never a reason for it to fail: said once, then no more are written
      failed = true;
      warn(`WARNING (build events): no more events go to ${file}: ${error instanceof Error ? error.message : error}`);
    }
  };
}

/** Prints a warning for people and hands it to the events file for programs. */
export function warnBuild(events: BuildEventWriter, text: string, log: (line: string) => void = console.warn): void {
  log(text);
  events({ event: "warning", text });
}

/** One line of an events file; throws an error naming the file, the line number and what is wrong with it. */
export function parseBuildEventLine(line: string, where: { file: string; line: number }): BuildEvent {
  return parseJsonWith(BuildEventSchema, line, `${where.file}, line ${where.line}`, "a build event");
}

/**
 * Follows `file` as the build appends to it (it may not exist yet): every `pollMs`, hands `onEvent` each event
 * on a complete new line, in order. A bad line stops the following; `stop()` rejects with its error.
 */
export function followBuildEvents(
  file: string,
  onEvent: (event: BuildEvent) => void,
  { pollMs = 200 }: { pollMs?: number } = {},
) {
  let offset = 0;
  // the bytes after the last complete line: a line, and a character, may be cut where a poll reads
  let pending = Buffer.alloc(0);
  let lineNumber = 0;
  let failure: Error | undefined;
  let reading: Promise<void> = Promise.resolve();

  const readNew = async () => {
    const handle = await unlessMissing(open(file, "r"));
    if (!handle) return;
    try {
      const { size } = await handle.stat();
      if (size <= offset) return;
      const chunk = Buffer.alloc(size - offset);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset);
      offset += bytesRead;
      const bytes = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
      const end = bytes.lastIndexOf(0x0a) + 1;
      pending = bytes.subarray(end);
      for (const line of bytes.subarray(0, end).toString("utf8").split("\n").slice(0, -1)) {
        lineNumber += 1;
        onEvent(parseBuildEventLine(line, { file, line: lineNumber }));
      }
    } finally {
      await handle.close();
    }
  };
  const poll = () => {
    reading = reading
      .then(() => (failure ? undefined : readNew()))
      .catch((error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
      });
  };
  // unref: a caller that fails before stop() must not be kept running by the poll
  const timer = setInterval(poll, pollMs).unref();
  poll();

  return {
    /** Reads the events written since the last poll, then stops; rejects with the first bad line's error. */
    async stop() {
      clearInterval(timer);
      poll();
      await reading;
      if (failure) throw failure;
    },
  };
}
