import type { CDPSession } from "@playwright/test";

/**
 * A Chromium performance trace of one page load, recorded through CDP
 * (`Tracing.start` before the navigation, `Tracing.end` after it): the
 * page's main-thread tasks and what the style engine did in them, without
 * running anything in the page under test. A `PerformanceObserver` or a
 * polled `waitForFunction` is script in the page, and its own task is
 * measured with the page's (issue 42 saw a 51 ms one).
 *
 * `analyseTrace` is pure (trace.test.ts); `startTrace`/`stopTrace` talk CDP.
 */

/** The categories DevTools' performance panel records, less the screenshots. */
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "loading",
  "blink.user_timing",
  "v8.execute",
];

/** One event of Chrome's trace event format (the fields used here). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  /** microseconds */
  ts: number;
  /** microseconds, for complete ("X") events */
  dur?: number;
  /** microseconds of thread time at the event (begin and end events) */
  tts?: number;
  /** microseconds the thread ran on a CPU during a complete event (thread time, where the trace records it) */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & {
    frame?: string;
    data?: Record<string, unknown>;
    elementCount?: number;
    name?: string;
  };
}

/** A long task is one over this; what lies beyond it is blocking time (as in Lighthouse's TBT). */
export const LONG_TASK_MS = 50;

/** What a main-thread task spent its time on, in ms (top-level work kinds, nested time counted once). */
export type WorkKind = "style" | "layout" | "script" | "parse" | "paint" | "other";

export interface TraceTask {
  /** ms from navigation start (the first paint for a task spanning it) */
  start: number;
  /** ms (its part after the first paint) */
  duration: number;
  /** ms by kind of work inside it (the outermost known event decides) */
  work: Partial<Record<WorkKind, number>>;
  /** elements restyled by the task's Recalculate Style events */
  elementsRestyled: number;
  /**
   * ms the thread ran on a CPU in the task (its thread time, for a task spanning the paint its part after it in
   * proportion; null where the trace has none). Chromium's CPU throttling busy-waits in a signal handler on the
   * page's thread (Blink's ThreadCPUThrottler), so the slow phone's waits count here too: what the duration has
   * beyond this is time the thread did not run, given to the machine's other processes or waiting (on IPC, a
   * lock). The throttler times its turns on the wall clock, so it triples such a gap of up to 1 ms a turn as its
   * own wait
   */
  cpu: number | null;
}

export interface StyleRecalc {
  /** ms from navigation start */
  start: number;
  duration: number;
  elementCount: number;
}

export interface TraceFigures {
  /** ms from navigation start; null when the trace has none for the main frame */
  fcp: number | null;
  /** the main frame's tasks over LONG_TASK_MS, clipped at the first paint as TBT clips them */
  longTasks: TraceTask[];
  /** every Recalculate Style of the main frame's thread after the first paint */
  styleRecalcs: StyleRecalc[];
  /** the largest of those, by elements */
  largestRecalc: StyleRecalc | null;
  /**
   * ms of style, layout and paint in all the main frame's tasks from its navigation to the trace's end: unlike the
   * figures after the first paint, it does not move when the paint comes earlier or later in the parse
   */
  visitRendering: number;
}

const ms = (us: number) => us / 1000;

/** The renderer thread of the page's main frame: the one that reported its first contentful paint (or its navigation start). */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number; frame: string } | null {
  const marker =
    events.find((e) => e.name === "firstContentfulPaint" && e.args?.frame) ??
    events.find((e) => e.name === "navigationStart" && e.args?.frame && isMainFrameNavigation(e));
  return marker ? { pid: marker.pid, tid: marker.tid, frame: marker.args!.frame! } : null;
}

function isMainFrameNavigation(event: TraceEvent): boolean {
  const data = event.args?.data as { isLoadingMainFrame?: boolean; documentLoaderURL?: string } | undefined;
  return (
    data?.isLoadingMainFrame !== false &&
    typeof data?.documentLoaderURL === "string" &&
    data.documentLoaderURL.startsWith("http")
  );
}

/** The events that stand for a kind of work (and everything nested in them). */
const WORK_EVENTS: Record<WorkKind, readonly string[]> = {
  style: ["UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"],
  layout: ["Layout", "UpdateLayerTree", "IntersectionObserverController::computeIntersections"],
  script: [
    "EvaluateScript",
    "v8.compile",
    "v8.compileModule",
    "v8.evaluateModule",
    "FunctionCall",
    "TimerFire",
    "EventDispatch",
    "v8.run",
  ],
  parse: ["ParseHTML"],
  paint: ["Paint", "PrePaint", "Layerize", "CompositeLayers", "Commit", "UpdateLayer"],
  other: [],
};
const KIND_OF_EVENT = new Map(
  Object.entries(WORK_EVENTS).flatMap(([kind, names]) => names.map((name) => [name, kind as WorkKind] as const)),
);

/** The kind of work an event (and everything nested in it) stands for; null for a wrapper. */
export function workKind(name: string): WorkKind | null {
  return KIND_OF_EVENT.get(name) ?? null;
}

/** Begin/end pairs ("B"/"E") as complete events, per thread in order. */
function completeEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph === "X") out.push(event);
    else if (event.ph === "B") {
      const key = `${event.pid}:${event.tid}`;
      open.set(key, [...(open.get(key) ?? []), event]);
    } else if (event.ph === "E") {
      const stack = open.get(`${event.pid}:${event.tid}`);
      const begin = stack?.pop();
      if (begin && begin.name === event.name)
        out.push({
          ...begin,
          ph: "X",
          dur: event.ts - begin.ts,
          ...(begin.tts !== undefined && event.tts !== undefined ? { tdur: event.tts - begin.tts } : {}),
          args: { ...begin.args, ...event.args },
        });
    }
  }
  return out;
}

/** Recalculate Style's element count: in Chromium's end args, or in a complete event's args. */
function elementCount(event: TraceEvent): number {
  const count =
    event.args?.elementCount ?? (event.args as { endData?: { elementCount?: number } })?.endData?.elementCount;
  return typeof count === "number" ? count : 0;
}

/** A task's time by the outermost kind of work (nested time counted once), from its events that start at `first`. */
function workInside(task: TraceEvent, inside: readonly TraceEvent[], first: number) {
  const work: Partial<Record<WorkKind, number>> = {};
  let elementsRestyled = 0;
  let coveredUntil = task.ts;
  const taskEnd = task.ts + (task.dur ?? 0);
  for (let i = first; i < inside.length && inside[i]!.ts <= taskEnd; i++) {
    const event = inside[i]!;
    if (event.name === "UpdateLayoutTree") elementsRestyled += elementCount(event);
    const kind = workKind(event.name);
    if (!kind || event.ts + (event.dur ?? 0) <= coveredUntil) continue;
    const from = Math.max(event.ts, coveredUntil);
    const to = Math.min(event.ts + (event.dur ?? 0), taskEnd);
    if (to > from) work[kind] = (work[kind] ?? 0) + ms(to - from);
    coveredUntil = Math.max(coveredUntil, to);
  }
  return { work, elementsRestyled };
}

/**
 * The figures of one page load: its main frame's tasks (`RunTask` on the
 * renderer's main thread) and Recalculate Style events, in ms from the main
 * frame's navigation start. Tasks before the first contentful paint are left
 * out, a task spanning it counts with its part after it, as in Lighthouse's TBT;
 * only `visitRendering` counts every task.
 */
export function analyseTrace(events: readonly TraceEvent[]): TraceFigures {
  const figures: TraceFigures = {
    fcp: null,
    longTasks: [],
    styleRecalcs: [],
    largestRecalc: null,
    visitRendering: 0,
  };
  const main = mainThread(events);
  if (!main) return figures;
  const onMain = completeEvents(events.filter((e) => e.pid === main.pid && e.tid === main.tid)).sort(
    (a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0),
  );
  const navigation = events
    .filter((e) => e.name === "navigationStart" && e.args?.frame === main.frame && isMainFrameNavigation(e))
    .sort((a, b) => a.ts - b.ts);
  const fcpEvent = events.find((e) => e.name === "firstContentfulPaint" && e.args?.frame === main.frame);
  // the last navigation of the frame before its first paint (a redirect or about:blank precede it)
  const origin = navigation.filter((e) => !fcpEvent || e.ts <= fcpEvent.ts).at(-1)?.ts ?? navigation[0]?.ts;
  if (origin === undefined) return figures;
  const at = (us: number) => ms(us - origin);
  figures.fcp = fcpEvent ? at(fcpEvent.ts) : null;
  const paint = figures.fcp ?? 0;

  const tasks = onMain.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const inside = onMain.filter((e) => e.name !== "RunTask" && e.name !== "ThreadControllerImpl::RunTask");
  let next = 0;
  for (const task of tasks) {
    const start = at(task.ts);
    const end = at(task.ts + (task.dur ?? 0));
    // the events inside this task, outermost first (sorted by start, longer first)
    while (next < inside.length && inside[next]!.ts < task.ts) next += 1;
    const { work, elementsRestyled } = workInside(task, inside, next);
    // from the page's navigation on (the renderer may have drawn about:blank before it)
    if (end > 0) figures.visitRendering += (work.style ?? 0) + (work.layout ?? 0) + (work.paint ?? 0);
    if (end <= paint) continue;
    const duration = end - Math.max(start, paint);
    if (duration > LONG_TASK_MS) {
      // a task spanning the paint: its part after it, in proportion
      const cpu = task.tdur === undefined ? null : ms(task.tdur) * (duration / (end - start));
      figures.longTasks.push({ start: Math.max(start, paint), duration, work, elementsRestyled, cpu });
    }
  }
  for (const event of inside) {
    if (event.name !== "UpdateLayoutTree" || at(event.ts) < paint) continue;
    const recalc = { start: at(event.ts), duration: ms(event.dur ?? 0), elementCount: elementCount(event) };
    figures.styleRecalcs.push(recalc);
    if (!figures.largestRecalc || recalc.elementCount > figures.largestRecalc.elementCount)
      figures.largestRecalc = recalc;
  }
  return figures;
}

/** Starts a trace of the page behind `cdp`; call before the navigation. */
export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send("Tracing.start", {
    transferMode: "ReturnAsStream",
    traceConfig: {
      recordMode: "recordAsMuchAsPossible",
      includedCategories: TRACE_CATEGORIES,
    },
  });
}

/** Ends the trace and reads its events. */
export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve, reject) => {
    cdp.once("Tracing.tracingComplete", (event) =>
      event.stream ? resolve(event.stream) : reject(new Error("the trace came without a stream")),
    );
  });
  await cdp.send("Tracing.end");
  const handle = await complete;
  const chunks: string[] = [];
  for (;;) {
    const chunk = await cdp.send("IO.read", { handle });
    chunks.push(chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString("utf8") : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle });
  const parsed = JSON.parse(chunks.join("")) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}
