import { describe, expect, it, vi } from "vitest";
import {
  DeferHydrationError,
  FIRST_SCREEN_WAIT_MS,
  HYDRATION_DEADLINE_MS,
  LOAD_GRACE_MS,
  NOT_HYDRATED_WARNING,
  deferHydration,
  deferModuleScript,
} from "./defer-hydration";
import { parseHtml } from "./html";

// What React Router 7 writes into a prerendered page (split route modules), shortened.
const MODULE_SCRIPT = [
  'import "/assets/manifest-e45b4aee.js";',
  'import * as route0 from "/assets/root-Ch-I0L6m.js";',
  'import * as route1_clientLoader from "/assets/home-client-loader-I2HMzyfo.js";',
  'import * as route1_main from "/assets/home-main-BRCZlZSL.js";',
  "const route1 = {...route1_clientLoader,...route1_main};",
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-BCqgvc-G.js");',
].join("\n");

const PAGE = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/manifest-e45b4aee.js"/><link rel="modulepreload" href="/assets/entry.client-BCqgvc-G.js"/>',
  '<link rel="modulepreload" href="/assets/chunk-OB3PAWPO-Di6_CNMy.js"/><link rel="stylesheet" href="/assets/root-BHQkQMqS.css"/></head>',
  '<body><main><h1>Studio</h1></main><script>window.__reactRouterContext = {"basename":"/"};</script>',
  `<script type="module" async="">${MODULE_SCRIPT}</script></body></html>`,
].join("");

type Listener = () => void;

type Box = Record<"top" | "bottom" | "left" | "right" | "width", number>;

/** A phone's first screen, 412 × 823 (Lighthouse's), and boxes in and out of it. */
const VIEWPORT = { width: 412, height: 823 };
const IN_VIEW: Box = { top: 80, bottom: 400, left: 0, right: 412, width: 412 };
const BELOW_THE_FOLD: Box = { top: 1200, bottom: 1500, left: 0, right: 412, width: 412 };
const NEXT_SLIDE: Box = { top: 80, bottom: 400, left: 412, right: 824, width: 412 };
const HIDDEN: Box = { top: 0, bottom: 0, left: 0, right: 0, width: 0 };

type Image = { box: Box; decode: () => Promise<void> };
type Animation = { box: Box; delay: number; currentTime: number | null };

interface Page {
  readyState?: "loading" | "complete";
  failing?: string;
  images?: Image[];
  /** undefined: a browser without `document.getAnimations` */
  animations?: Animation[];
  /** the paint entry types the browser reports (the test then reports them) */
  paintTiming?: Array<"paint" | "largest-contentful-paint">;
  /** false: a browser without PerformanceObserver at all */
  performanceObserver?: boolean;
}

/**
 * Runs a deferred module script with stand-ins for the browser and for
 * `import()`, and reports what it did when.
 */
async function run(
  source: string,
  { readyState = "loading", failing, images = [], animations, paintTiming = [], performanceObserver = true }: Page = {},
) {
  const log: string[] = [];
  /** the page's time since navigation (performance.now()) */
  const clock = { now: 300 };
  const loadListeners: Listener[] = [];
  const timers: Array<{ ms: number; fn: Listener }> = [];
  const frames: Listener[] = [];
  const appended: string[] = [];
  const window: Record<string, unknown> = {};
  const element = (box: Box) => ({ box });
  /** Answers once, a moment after the elements are observed, with each one's box against the viewport. */
  class IntersectionObserver {
    private readonly targets: Array<{ box: Box }> = [];
    constructor(
      callback: (entries: Array<{ target: unknown; isIntersecting: boolean; boundingClientRect: Box }>) => void,
    ) {
      void Promise.resolve().then(() =>
        callback(
          this.targets.map((target) => ({
            target,
            boundingClientRect: target.box,
            isIntersecting:
              target.box.bottom > 0 &&
              target.box.top < VIEWPORT.height &&
              target.box.right > 0 &&
              target.box.left < VIEWPORT.width,
          })),
        ),
      );
    }
    observe(target: { box: Box }) {
      this.targets.push(target);
    }
    disconnect() {}
  }
  const document = {
    readyState,
    head: { append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`) },
    createElement: () => ({ rel: "", href: "" }),
    images: images.map((image) => ({ ...element(image.box), decode: image.decode })),
    getAnimations:
      animations &&
      (() =>
        animations.map((animation) => ({
          currentTime: animation.currentTime,
          effect: { target: element(animation.box), getTiming: () => ({ delay: animation.delay }) },
        }))),
  };
  type Entry = Record<"entryType" | "name", string>;
  const paintObservers: Array<{ observed: unknown; disconnected: boolean; report: (entry: Entry) => void }> = [];
  class PerformanceObserver {
    static supportedEntryTypes = [...paintTiming, "resource"];
    private readonly state;
    constructor(callback: (list: { getEntries: () => Entry[] }) => void) {
      this.state = {
        observed: undefined as unknown,
        disconnected: false,
        report: (entry: Entry) => callback({ getEntries: () => [entry] }),
      };
      paintObservers.push(this.state);
    }
    observe(options: unknown) {
      this.state.observed = options;
    }
    disconnect() {
      this.state.disconnected = true;
    }
  }
  const importModule = (specifier: string) => {
    log.push(`import ${specifier}`);
    if (specifier === failing)
      return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${specifier}`));
    return Promise.resolve({ specifier });
  };
  const body = source.replace(/\bimport\(/g, "importModule(");
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const script = new AsyncFunction(
    "window",
    "document",
    "addEventListener",
    "requestAnimationFrame",
    "setTimeout",
    "IntersectionObserver",
    "PerformanceObserver",
    "performance",
    "importModule",
    body,
  );
  const done = script(
    window,
    document,
    (type: string, fn: Listener) => type === "load" && loadListeners.push(fn),
    (fn: Listener) => frames.push(fn),
    (fn: Listener, ms: number) => timers.push({ fn, ms }),
    IntersectionObserver,
    performanceObserver ? PerformanceObserver : undefined,
    { now: () => clock.now },
    importModule,
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  await settle();
  /** Runs the frames and timers the script has asked for since the last call. */
  const runFrame = async () => {
    for (const frame of frames.splice(0)) frame();
    await settle();
  };
  return { log, loadListeners, timers, frames, appended, window, done, settle, runFrame, paintObservers, clock };
}

/** Once the first screen is ready: two frames, the task after them, then the app's entry is imported. */
async function expectImportAfterTwoFrames(script: Awaited<ReturnType<typeof run>>) {
  await script.runFrame();
  await script.runFrame();
  expect(script.log).toEqual([]);
  script.timers.at(-1)!.fn();
  await script.settle();
  expect(script.log.at(-1)).toBe("import /assets/entry.client-BCqgvc-G.js");
}

/** A timer the script has set, by its delay: the last one with that delay. */
function timerOf(script: Awaited<ReturnType<typeof run>>, ms: number) {
  const timer = script.timers.findLast((candidate) => candidate.ms === ms);
  if (!timer) throw new Error(`no timer of ${ms} ms among ${script.timers.map((t) => t.ms).join(", ")}`);
  return timer;
}

/** An image that never decodes. */
const never = () => new Promise<void>(() => {});

/** A promise settled from outside. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("deferModuleScript", () => {
  it("fetches nothing before the page has loaded and painted, then every module at once with its preloads", async () => {
    const preloads = ["/assets/manifest-e45b4aee.js", "/assets/chunk-OB3PAWPO-Di6_CNMy.js"];
    const script = await run(deferModuleScript(MODULE_SCRIPT, preloads));
    // the module script itself has finished: WebKit holds `load` until it has
    await script.done;
    expect(script.log).toEqual([]);
    expect(script.appended).toEqual([]);
    expect(script.loadListeners).toHaveLength(1);
    // the deadline stands in for a load that never comes; the first screen's elements are known from the
    // observer's answer a moment later: nothing in it to wait for but the next turn
    expect(script.timers.map((timer) => timer.ms)).toEqual([HYDRATION_DEADLINE_MS, 0]);
    script.timers[1]!.fn();
    await script.settle();
    // the first screen is shown: now `load`, or the grace after that paint
    expect(script.timers.map((timer) => timer.ms)).toEqual([HYDRATION_DEADLINE_MS, 0, LOAD_GRACE_MS]);
    expect(script.frames).toHaveLength(0);
    script.loadListeners[0]!();
    await script.settle();
    expect(script.timers.at(-1)!.ms).toBe(FIRST_SCREEN_WAIT_MS);
    await script.runFrame();
    expect(script.frames).toHaveLength(1);
    await script.runFrame();
    expect(script.log).toEqual([]);
    timerOf(script, 0).fn();
    await script.settle();

    expect(script.appended).toEqual(preloads.map((href) => `modulepreload ${href}`));
    expect(script.log).toEqual([
      "import /assets/manifest-e45b4aee.js",
      "import /assets/root-Ch-I0L6m.js",
      "import /assets/home-client-loader-I2HMzyfo.js",
      "import /assets/home-main-BRCZlZSL.js",
      "import /assets/entry.client-BCqgvc-G.js",
    ]);
    // the route modules reach React Router as the static imports would have given them
    expect(script.window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-Ch-I0L6m.js" },
      "routes/home": { specifier: "/assets/home-main-BRCZlZSL.js" },
    });
  });

  it("waits for the first screen's images to decode and its entrance animations to become visible", async () => {
    const hero = deferred();
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), {
      images: [
        { box: IN_VIEW, decode: () => hero.promise },
        // the loader fetches these later; the page's largest paint does not wait for them
        { box: BELOW_THE_FOLD, decode: never },
        { box: NEXT_SLIDE, decode: never },
        { box: HIDDEN, decode: never },
      ],
      animations: [
        // /about's second block: 150 ms delay, 40 ms in
        { box: IN_VIEW, delay: 150, currentTime: 40 },
        { box: IN_VIEW, delay: 0, currentTime: 40 },
        { box: BELOW_THE_FOLD, delay: 900, currentTime: 40 },
      ],
    });
    script.loadListeners[0]!();
    await script.settle();
    expect(script.timers.map((timer) => timer.ms)).toEqual([HYDRATION_DEADLINE_MS, 110, FIRST_SCREEN_WAIT_MS]);
    timerOf(script, 110).fn();
    await script.settle();
    // the hero has not decoded yet
    expect(script.frames).toHaveLength(0);
    hero.resolve();
    await script.settle();
    await expectImportAfterTwoFrames(script);
  });

  it("does not wait for an image that fails to decode, nor without animation timing", async () => {
    const broken = deferred();
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), {
      images: [{ box: IN_VIEW, decode: () => broken.promise }],
    });
    script.loadListeners[0]!();
    await script.settle();
    timerOf(script, 0).fn();
    broken.reject(new Error("EncodingError"));
    await script.settle();
    await expectImportAfterTwoFrames(script);
  });

  it("waits for the first contentful paint to be reported, which can come after load", async () => {
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), { paintTiming: ["paint"] });
    expect(script.paintObservers).toHaveLength(1);
    expect(script.paintObservers[0]!.observed).toEqual({ type: "paint", buffered: true });
    script.loadListeners[0]!();
    await script.settle();
    script.paintObservers[0]!.report({ entryType: "paint", name: "first-paint" });
    await script.settle();
    // the first screen's images and animations are looked at only once it has painted
    expect(script.timers.map((timer) => timer.ms)).toEqual([HYDRATION_DEADLINE_MS, FIRST_SCREEN_WAIT_MS]);
    script.paintObservers[0]!.report({ entryType: "paint", name: "first-contentful-paint" });
    await script.settle();
    expect(script.paintObservers[0]!.disconnected).toBe(true);
    timerOf(script, 0).fn();
    await script.settle();
    await expectImportAfterTwoFrames(script);
  });

  it("takes the first largest-contentful-paint entry as the first paint where the engine reports only that", async () => {
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), { paintTiming: ["largest-contentful-paint"] });
    expect(script.paintObservers.map((observer) => observer.observed)).toEqual([
      { type: "largest-contentful-paint", buffered: true },
    ]);
    script.loadListeners[0]!();
    await script.settle();
    expect(script.frames).toHaveLength(0);
    script.paintObservers[0]!.report({ entryType: "largest-contentful-paint", name: "" });
    await script.settle();
    timerOf(script, 0).fn();
    await script.settle();
    await expectImportAfterTwoFrames(script);
  });

  it("does not wait for a `load` that lags the first screen: as long again as that screen took, it starts", async () => {
    // WebKitGTK holds `load` 3 s for a <video preload="none">, well after the page has painted
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), { paintTiming: ["paint"] });
    script.paintObservers[0]!.report({ entryType: "paint", name: "first-contentful-paint" });
    await script.settle();
    script.clock.now = 1240;
    timerOf(script, 0).fn();
    await script.settle();
    expect(script.frames).toHaveLength(0);
    timerOf(script, 1240).fn();
    await script.settle();
    await expectImportAfterTwoFrames(script);
    expect(script.loadListeners).toHaveLength(1);
  });

  it("starts FIRST_SCREEN_WAIT_MS after load when the first screen is never reported shown, and only once", async () => {
    const script = await run(deferModuleScript(MODULE_SCRIPT, ["/assets/chunk.js"]), {
      paintTiming: ["paint"],
      images: [{ box: IN_VIEW, decode: never }],
    });
    script.loadListeners[0]!();
    await script.settle();
    timerOf(script, FIRST_SCREEN_WAIT_MS).fn();
    await script.settle();
    expect(script.log.at(-1)).toBe("import /assets/entry.client-BCqgvc-G.js");
    // the deadline, and a first screen shown late, find hydration started
    script.timers[0]!.fn();
    script.paintObservers[0]!.report({ entryType: "paint", name: "first-contentful-paint" });
    await script.settle();
    expect(script.log.filter((entry) => entry.endsWith("entry.client-BCqgvc-G.js"))).toHaveLength(1);
    expect(script.appended).toEqual(["modulepreload /assets/chunk.js"]);
  });

  it("does not wait for a paint it cannot be told of in a browser without PerformanceObserver", async () => {
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), { performanceObserver: false, animations: [] });
    script.loadListeners[0]!();
    await script.settle();
    timerOf(script, 0).fn();
    await script.settle();
    await expectImportAfterTwoFrames(script);
  });

  it("starts after the first screen's paint when the page has loaded already", async () => {
    const script = await run(deferModuleScript(MODULE_SCRIPT, []), { readyState: "complete", animations: [] });
    expect(script.loadListeners).toHaveLength(0);
    expect(script.timers.map((timer) => timer.ms)).toEqual([HYDRATION_DEADLINE_MS, FIRST_SCREEN_WAIT_MS, 0]);
    script.timers[2]!.fn();
    await script.settle();
    await expectImportAfterTwoFrames(script);
  });

  it("starts at the deadline when the page never finishes loading", async () => {
    const script = await run(deferModuleScript(MODULE_SCRIPT, []));
    script.timers[0]!.fn();
    await script.settle();
    expect(script.log.at(-1)).toBe("import /assets/entry.client-BCqgvc-G.js");
  });

  it("leaves the prerendered page as it is, with a warning, when its code cannot be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const script = await run(deferModuleScript(MODULE_SCRIPT, []), { failing: "/assets/home-main-BRCZlZSL.js" });
      script.timers[0]!.fn();
      await expect(script.done).resolves.toBeUndefined();
      await script.settle();
      expect(script.window.__reactRouterRouteModules).toBeUndefined();
      expect(script.log).not.toContain("import /assets/entry.client-BCqgvc-G.js");
      expect(warn).toHaveBeenCalledWith(NOT_HYDRATED_WARNING, expect.any(TypeError));
    } finally {
      warn.mockRestore();
    }
  });

  it("refuses a script of another shape rather than break it", () => {
    expect(() => deferModuleScript('window.x = 1;\nimport "/a.js";', [])).toThrow(DeferHydrationError);
    expect(() => deferModuleScript('import "/a.js";\nconst a = 1;\nimport * as b from "/b.js";', [])).toThrow(
      "static imports or exports after its first statement",
    );
    expect(() => deferModuleScript('import { a } from "/a.js";\na();', [])).toThrow(DeferHydrationError);
    expect(() => deferModuleScript('import "/a.js";\nexport const a = 1;', [])).toThrow(DeferHydrationError);
  });
});

describe("deferHydration", () => {
  it("takes the module preloads out of the head and defers the module script", () => {
    const html = deferHydration(PAGE);
    expect(html).not.toBeNull();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-BHQkQMqS.css"/>');
    expect(html).toContain('<script>window.__reactRouterContext = {"basename":"/"};</script>');
    const parsed = parseHtml(html!);
    const script = parsed.contentOf(parsed.moduleScripts()[0]!);
    expect(script).toBe(
      deferModuleScript(MODULE_SCRIPT, [
        "/assets/manifest-e45b4aee.js",
        "/assets/entry.client-BCqgvc-G.js",
        "/assets/chunk-OB3PAWPO-Di6_CNMy.js",
      ]),
    );
    expect(script).not.toMatch(/^import /m);
  });

  it("reads the page's markup, not what comments or other scripts hold, and keeps every other byte", () => {
    const commented = PAGE.replace(
      "<body>",
      '<body><!-- <script type="module" async="">import "/old.js";</script> -->' +
        '<script>const tag = \'<link rel="modulepreload" href="/in-a-string.js"/>\';</script>',
    );
    const html = deferHydration(commented)!;
    expect(html).toContain('<link rel="modulepreload" href="/in-a-string.js"/>');
    expect(html).toContain('<!-- <script type="module" async="">import "/old.js";</script> -->');
    const preloads = [
      "/assets/manifest-e45b4aee.js",
      "/assets/entry.client-BCqgvc-G.js",
      "/assets/chunk-OB3PAWPO-Di6_CNMy.js",
    ];
    const deferred = deferModuleScript(MODULE_SCRIPT, preloads);
    const expected = preloads
      .reduce((page, href) => page.replace(`<link rel="modulepreload" href="${href}"/>`, ""), commented)
      .replace(MODULE_SCRIPT, () => deferred);
    expect(html).toBe(expected);
  });

  it("leaves a page without a module script, or deferred already, alone, and refuses two", () => {
    expect(deferHydration("<html><body><p>static</p></body></html>")).toBeNull();
    expect(deferHydration(deferHydration(PAGE)!)).toBeNull();
    const twice = PAGE.replace("</body>", `<script type="module" async="">${MODULE_SCRIPT}</script></body>`);
    expect(() => deferHydration(twice)).toThrow("expected one inline module script, found 2");
  });
});
