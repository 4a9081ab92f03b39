import { describe, expect, it } from "vitest";
import { analyseTrace, workKind, type TraceEvent } from "./trace";

const PAGE = { pid: 7, tid: 1 };
const FRAME = "F1";
/** µs of navigation start */
const NAV = 1_000_000;
const us = (ms: number) => NAV + ms * 1000;

function navigationStart(ms = 0, url = "http://127.0.0.1:4000/"): TraceEvent {
  return {
    name: "navigationStart",
    ph: "R",
    ts: us(ms),
    ...PAGE,
    args: { frame: FRAME, data: { documentLoaderURL: url, isLoadingMainFrame: true } },
  };
}
const fcp = (ms: number): TraceEvent => ({
  name: "firstContentfulPaint",
  ph: "R",
  ts: us(ms),
  ...PAGE,
  args: { frame: FRAME },
});
const task = (start: number, dur: number, thread = PAGE): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ts: us(start),
  dur: dur * 1000,
  ...thread,
});
const recalc = (start: number, dur: number, elementCount: number): TraceEvent[] => [
  { name: "UpdateLayoutTree", ph: "B", ts: us(start), ...PAGE, args: {} },
  { name: "UpdateLayoutTree", ph: "E", ts: us(start + dur), ...PAGE, args: { elementCount } },
];
const complete = (name: string, start: number, dur: number): TraceEvent => ({
  name,
  ph: "X",
  ts: us(start),
  dur: dur * 1000,
  ...PAGE,
});

describe("analyseTrace", () => {
  it("gives a long task's time on a CPU from its thread time (after the paint, in proportion), none where the trace has none", () => {
    const figures = analyseTrace([
      navigationStart(),
      fcp(1000),
      { ...task(900, 200), tdur: 120_000 }, // spans the paint: 100 of its 200 ms after it
      { ...task(1200, 80), tdur: 61_000 },
      task(2000, 130),
      { name: "RunTask", ph: "B", ts: us(3000), tts: 500_000, ...PAGE },
      { name: "RunTask", ph: "E", ts: us(3090), tts: 505_000, ...PAGE },
    ]);
    expect(figures.longTasks.map((t) => [t.start, t.cpu])).toEqual([
      [1000, 60],
      [1200, 61],
      [2000, null],
      [3000, 5],
    ]);
  });
  it("finds the long tasks after the first paint on the page's main thread, clipped at the paint as TBT does", () => {
    const figures = analyseTrace([
      navigationStart(),
      fcp(1000),
      task(100, 400), // before the paint
      task(950, 100), // spans it: 50 ms after it, not long
      task(1200, 80),
      task(2000, 130),
      task(3000, 500, { pid: 9, tid: 1 }), // another process (the browser's, another renderer)
    ]);
    expect(figures.fcp).toBe(1000);
    expect(figures.longTasks.map((t) => [t.start, t.duration])).toEqual([
      [1200, 80],
      [2000, 130],
    ]);
  });

  it("counts times from the navigation that led to the paint, not from an earlier about:blank", () => {
    const figures = analyseTrace([
      navigationStart(-5000, "about:blank"),
      navigationStart(-3000),
      navigationStart(0),
      fcp(500),
      task(600, 60),
    ]);
    expect(figures.fcp).toBe(500);
    expect(figures.longTasks[0]?.start).toBe(600);
  });

  it("splits a task's time by the outermost kind of work and counts the elements it restyled", () => {
    const figures = analyseTrace([
      navigationStart(),
      fcp(100),
      task(1000, 90),
      complete("ParseAuthorStyleSheet", 1000, 10),
      ...recalc(1010, 50, 812),
      complete("Layout", 1060, 25),
      complete("UpdateLayerTree", 1070, 5), // nested in the layout: counted once
    ]);
    expect(figures.longTasks).toHaveLength(1);
    expect(figures.longTasks[0]!.work).toEqual({ style: 60, layout: 25 });
    expect(figures.longTasks[0]!.elementsRestyled).toBe(812);
    expect(figures.styleRecalcs).toEqual([{ start: 1010, duration: 50, elementCount: 812 }]);
    expect(figures.largestRecalc?.elementCount).toBe(812);
  });

  it("lists the Recalculate Style events after the paint only, the largest by elements", () => {
    const figures = analyseTrace([
      navigationStart(),
      fcp(100),
      ...recalc(50, 5, 900),
      ...recalc(200, 3, 12),
      ...recalc(300, 2, 40),
    ]);
    expect(figures.styleRecalcs.map((r) => r.elementCount)).toEqual([12, 40]);
    expect(figures.largestRecalc?.elementCount).toBe(40);
    expect(figures.longTasks).toEqual([]);
  });

  it("sums style, layout and paint of every task of the visit, wherever the first paint falls", () => {
    const visit = (paintAt: number) =>
      analyseTrace([
        navigationStart(),
        fcp(paintAt),
        task(-300, 20), // before the navigation
        complete("Layout", -300, 10),
        task(100, 60),
        ...recalc(100, 20, 30),
        complete("Layout", 120, 15),
        complete("Paint", 135, 10),
        complete("FunctionCall", 145, 15), // script: not rendering
        task(400, 40),
        complete("PrePaint", 400, 5),
        complete("Layerize", 405, 5),
        task(900, 30, { pid: 9, tid: 1 }), // another process
        complete("Layout", 800, 50), // in no task of the page
      ]).visitRendering;
    expect(visit(90)).toBe(20 + 15 + 10 + 5 + 5);
    expect(visit(300)).toBe(visit(90));
    expect(visit(500)).toBe(visit(90));
  });

  it("has no figures without the page's navigation", () => {
    expect(analyseTrace([task(0, 500)])).toMatchObject({ fcp: null, longTasks: [] });
  });
});

describe("workKind", () => {
  it("names style, layout, script, parsing and paint work, and nothing for wrappers", () => {
    expect(workKind("UpdateLayoutTree")).toBe("style");
    expect(workKind("Layout")).toBe("layout");
    expect(workKind("v8.compileModule")).toBe("script");
    expect(workKind("ParseHTML")).toBe("parse");
    expect(workKind("Paint")).toBe("paint");
    expect(workKind("RunTask")).toBeNull();
  });
});
