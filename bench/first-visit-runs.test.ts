import { describe, expect, it } from "vitest";
import { byteKind, longTaskFigures, taskWork } from "./first-visit-runs";
import type { TraceTask } from "./trace";

const task = (
  start: number,
  duration: number,
  work: TraceTask["work"] = {},
  elementsRestyled = 0,
  cpu: number | null = null,
): TraceTask => ({ start, duration, work, elementsRestyled, cpu });

describe("longTaskFigures", () => {
  it("counts the long tasks from a moment on and what lies beyond 50 ms", () => {
    const tasks = [task(100, 400), task(1200, 80), task(2000, 130)];
    expect(longTaskFigures(tasks, 1000)).toEqual({ count: 2, longest: 130, beyond50: 30 + 80 });
  });
  it("counts a task spanning the moment with its part after it, as TBT does", () => {
    expect(longTaskFigures([task(900, 200)], 1000)).toEqual({ count: 1, longest: 100, beyond50: 50 });
    expect(longTaskFigures([task(980, 60)], 1000)).toEqual({ count: 0, longest: 0, beyond50: 0 });
  });
  it("is zero without long tasks", () => {
    expect(longTaskFigures([], 500)).toEqual({ count: 0, longest: 0, beyond50: 0 });
  });
});

describe("taskWork", () => {
  it("names the task's work, largest first, and the elements it restyled", () => {
    expect(taskWork(task(0, 90, { layout: 12.4, style: 40.6, script: 0.3 }, 187))).toBe(
      "style 41 ms, layout 12 ms (187 elements restyled)",
    );
    expect(taskWork(task(0, 60))).toBe("no known work");
  });
  it("adds the task's time on a CPU where the trace has it", () => {
    expect(taskWork(task(0, 90, { layout: 40.2 }, 12, 61.4))).toBe(
      "layout 40 ms (12 elements restyled; on a CPU 61 ms)",
    );
    expect(taskWork(task(0, 73, {}, 0, 5))).toBe("no known work (on a CPU 5 ms)");
    expect(taskWork(undefined)).toBe("–");
  });
});

describe("byteKind", () => {
  it("splits CDP's resource types into images, scripts and the rest", () => {
    expect(byteKind("Image")).toBe("images");
    expect(byteKind("Script")).toBe("scripts");
    expect(byteKind("Document")).toBe("rest");
    expect(byteKind("Media")).toBe("rest");
    expect(byteKind(undefined)).toBe("rest");
  });
});
