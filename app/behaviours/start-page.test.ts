import { afterEach, describe, expect, it, vi } from "vitest";
import { BEHAVIOURS_STARTED_MARK, BEHAVIOUR_MODULES } from "./markers";
import { STARTS, startPage } from "./start-page";

afterEach(() => {
  document.body.innerHTML = "";
  performance.clearMarks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("startPage", () => {
  it("starts each behaviour the markers list with its own module's start", async () => {
    for (const name of BEHAVIOUR_MODULES) {
      const module = (await import(`./${name}.ts`)) as { start: unknown };
      expect(STARTS[name], name).toBe(module.start);
    }
  });

  it("starts nothing for a marker that names a property every object has", async () => {
    document.body.innerHTML = '<div data-behaviour="constructor __defineGetter__"></div>';
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    await startPage(document, {});
    // a page whose markers name no behaviour is done too
    expect(performance.getEntriesByName(BEHAVIOURS_STARTED_MARK, "mark")).toHaveLength(1);
    // Object.prototype.__defineGetter__(document) would throw, and be reported
    expect(reported).not.toHaveBeenCalled();
  });

  it("starts each behaviour the page marks, once, in the order its markers come, and no other", async () => {
    document.body.innerHTML =
      '<header data-behaviour="menu"></header><h1 data-behaviour="headline-weight video"></h1>' +
      '<div data-behaviour="menu other-projects"></div>';
    const started: string[] = [];
    const starts = Object.fromEntries(
      ["menu", "headline-weight", "video", "gallery"].map((name) => [name, () => void started.push(name)]),
    );
    await startPage(document, starts);
    expect(started).toEqual(["menu", "headline-weight", "video"]);
  });

  it("starts each behaviour in a task of its own, the first at once, and marks the end of the last", async () => {
    // the engine's scheduler, its tasks run here one by one
    const tasks: (() => void)[] = [];
    vi.stubGlobal("scheduler", { yield: () => new Promise<void>((resolve) => tasks.push(resolve)) });
    document.body.innerHTML = '<header data-behaviour="menu"></header><h1 data-behaviour="video gallery"></h1>';
    const started: string[] = [];
    const starts = Object.fromEntries(
      ["menu", "video", "gallery"].map((name) => [name, () => void started.push(name)]),
    );
    const done = startPage(document, starts);
    const marked = () => performance.getEntriesByName(BEHAVIOURS_STARTED_MARK, "mark").length;
    const nextTask = async () => {
      tasks.shift()!();
      // the continuation's microtasks
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    expect([started, marked(), tasks.length]).toEqual([["menu"], 0, 1]);
    await nextTask();
    expect([started, marked(), tasks.length]).toEqual([["menu", "video"], 0, 1]);
    await nextTask();
    await done;
    expect([started, marked(), tasks.length]).toEqual([["menu", "video", "gallery"], 1, 0]);
  });

  it("takes a timeout's task where the engine has no scheduler.yield (WebKit)", async () => {
    vi.stubGlobal("scheduler", undefined);
    const timeout = vi.spyOn(globalThis, "setTimeout");
    document.body.innerHTML = '<header data-behaviour="menu"></header><h1 data-behaviour="video"></h1>';
    const started: string[] = [];
    const done = startPage(document, {
      menu: () => void started.push("menu"),
      video: () => void started.push("video"),
    });
    expect(started).toEqual(["menu"]);
    await done;
    expect([started, timeout.mock.calls.map(([, ms]) => ms)]).toEqual([["menu", "video"], [0]]);
  });

  it("reports a behaviour that throws and starts the ones after it", async () => {
    document.body.innerHTML = '<div data-behaviour="menu"></div><div data-behaviour="video"></div>';
    const failure = new Error("menu broke");
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const video = vi.fn();
    await startPage(document, {
      menu: () => {
        throw failure;
      },
      video,
    });
    expect(reported).toHaveBeenCalledWith(failure);
    expect(video).toHaveBeenCalledWith(document);
    expect(performance.getEntriesByName(BEHAVIOURS_STARTED_MARK, "mark")).toHaveLength(1);
  });
});
