import { afterEach, describe, expect, it, vi } from "vitest";
import { BEHAVIOUR_MODULES } from "./markers";
import { STARTS, startPage } from "./start-page";

afterEach(() => {
  document.body.innerHTML = "";
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

  it("starts nothing for a marker that names a property every object has", () => {
    document.body.innerHTML = '<div data-behaviour="constructor __defineGetter__"></div>';
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    startPage(document, {});
    // Object.prototype.__defineGetter__(document) would throw, and be reported
    expect(reported).not.toHaveBeenCalled();
  });

  it("starts each behaviour the page marks, once, in the order its markers come, and no other", () => {
    document.body.innerHTML =
      '<header data-behaviour="menu"></header><h1 data-behaviour="headline-weight video"></h1>' +
      '<div data-behaviour="menu other-projects"></div>';
    const started: string[] = [];
    const starts = Object.fromEntries(
      ["menu", "headline-weight", "video", "gallery"].map((name) => [name, () => void started.push(name)]),
    );
    startPage(document, starts);
    expect(started).toEqual(["menu", "headline-weight", "video"]);
  });

  it("reports a behaviour that throws and starts the ones after it", () => {
    document.body.innerHTML = '<div data-behaviour="menu"></div><div data-behaviour="video"></div>';
    const failure = new Error("menu broke");
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const video = vi.fn();
    startPage(document, {
      menu: () => {
        throw failure;
      },
      video,
    });
    expect(reported).toHaveBeenCalledWith(failure);
    expect(video).toHaveBeenCalledWith(document);
  });
});
