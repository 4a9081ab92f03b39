import { describe, expect, it } from "vitest";
import { byteKind, longTasksAfter } from "./first-visit-runs";

describe("longTasksAfter", () => {
  it("counts the tasks after the first contentful paint and what lies beyond 50 ms", () => {
    const tasks = [
      { startTime: 100, duration: 400 }, // before FCP (1000): left out
      { startTime: 1200, duration: 80 },
      { startTime: 2000, duration: 130 },
    ];
    expect(longTasksAfter(tasks, 1000)).toEqual({ count: 2, longest: 130, beyond50: 30 + 80 });
  });
  it("counts a task spanning the paint with its part after it, as TBT does", () => {
    expect(longTasksAfter([{ startTime: 900, duration: 200 }], 1000)).toEqual({ count: 1, longest: 100, beyond50: 50 });
    expect(longTasksAfter([{ startTime: 980, duration: 60 }], 1000)).toEqual({ count: 0, longest: 0, beyond50: 0 });
  });
  it("is zero without long tasks", () => {
    expect(longTasksAfter([], 500)).toEqual({ count: 0, longest: 0, beyond50: 0 });
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
