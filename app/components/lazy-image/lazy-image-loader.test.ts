import { afterEach, describe, expect, it, vi } from "vitest";
import { devLazyImageScript, installLazyImages } from "./lazy-image-loader";

const MARGIN = 480;

/** A stand-in IntersectionObserver: the test says which targets intersect, and how much of their width shows. */
class FakeObserver {
  static all: FakeObserver[] = [];
  targets = new Set<Element>();
  disconnected = false;
  constructor(
    private callback: (entries: IntersectionObserverEntry[]) => void,
    public options: IntersectionObserverInit & { scrollMargin?: string },
  ) {
    FakeObserver.all.push(this);
  }
  /** Every call to unobserve, in order. */
  unobserved: Element[] = [];
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.unobserved.push(target);
    this.targets.delete(target);
  }
  disconnect() {
    this.disconnected = true;
    this.targets.clear();
  }
  /** Reports `target` as intersecting with `visibleWidth` of its 100 px. */
  intersect(target: Element, visibleWidth = 100) {
    if (!this.targets.has(target)) return;
    const entry = {
      target,
      isIntersecting: true,
      intersectionRect: { width: visibleWidth },
      boundingClientRect: { width: 100 },
    } as unknown as IntersectionObserverEntry;
    this.callback([entry]);
  }
}

const PAGE = `<main>
  <div id="hero-slide-1"><img id="first" data-lazy data-srcset="/a.webp 480w, /a-2.webp 960w" src="data:," /></div>
  <div id="hero-slide-3"><img id="far" data-lazy data-srcset="/c.webp 480w" src="data:," /></div>
  <picture id="tile"><source id="tile-avif" type="image/avif" data-srcset="/t.avif 480w" /><source id="tile-webp" type="image/webp" data-srcset="/t.webp 480w" /><img id="tile-img" data-lazy data-srcset="/t.webp 480w" src="data:," /></picture>
  <a id="dot" href="#hero-slide-3">3</a>
  <img id="eager" src="/eager.webp" />
</main>`;

/** A stand-in paint-timing PerformanceObserver: the test reports the paints. */
class FakePaintObserver {
  static supportedEntryTypes = ["paint", "resource"];
  static all: FakePaintObserver[] = [];
  observed: unknown;
  disconnected = false;
  constructor(private callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.all.push(this);
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

interface PageOptions {
  observer?: boolean;
  readyState?: DocumentReadyState;
  /** a browser with paint timing: the loader waits for the first contentful paint (timers go to `timers`) */
  paintTiming?: { timers: Array<{ fn: () => void; ms: number }> };
}

/** A window of its own for each test: a fresh document, its own event target and observers. */
function pageWindow(options: PageOptions = {}) {
  const doc = document.implementation.createHTMLDocument("page");
  doc.body.innerHTML = PAGE;
  // configurable: a test ends the parse
  Object.defineProperty(doc, "readyState", { value: options.readyState ?? "interactive", configurable: true });
  // the window's events are the document's: a press on a link reaches the window's listeners through it
  return {
    document: doc,
    MutationObserver,
    IntersectionObserver: options.observer === false ? undefined : FakeObserver,
    addEventListener: doc.addEventListener.bind(doc),
    removeEventListener: doc.removeEventListener.bind(doc),
    dispatchEvent: doc.dispatchEvent.bind(doc),
    ...(options.paintTiming && {
      PerformanceObserver: FakePaintObserver,
      setTimeout: (fn: () => void, ms: number) => options.paintTiming!.timers.push({ fn, ms }),
    }),
  } as unknown as Window & typeof globalThis;
}

/** A page (still loading) with the loader installed, as the inline script does before the body. */
function setup(options: PageOptions = {}) {
  FakeObserver.all = [];
  FakePaintObserver.all = [];
  const win = pageWindow(options);
  installLazyImages(win, MARGIN);
  const byId = (id: string) => win.document.getElementById(id)!;
  const observer = () => FakeObserver.all.at(-1)!;
  const mutations = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { win, byId, observer, mutations };
}

// the test DOM lays nothing out: every element counts as rendered
vi.spyOn(Element.prototype, "getClientRects").mockReturnValue([{}] as unknown as DOMRectList);
afterEach(() => {
  FakeObserver.all = [];
  FakePaintObserver.all = [];
});

describe("installLazyImages", () => {
  it("loads only what is in view until the page has loaded: a row's item peeking in waits", () => {
    const { byId, observer } = setup();
    expect(observer().options.rootMargin).toBeUndefined();
    expect([...observer().targets].map((img) => img.id)).toEqual(["first", "far", "tile-img"]);
    observer().intersect(byId("far"), 30);
    expect(byId("far").hasAttribute("srcset")).toBe(false);
    observer().intersect(byId("first"));
    expect(byId("first").getAttribute("srcset")).toBe("/a.webp 480w, /a-2.webp 960w");
    expect(observer().targets.has(byId("first"))).toBe(false);
    expect(byId("eager").hasAttribute("srcset")).toBe(false);
  });

  for (const event of ["load", "scroll", "pointerdown", "keydown"]) {
    it(`applies the margin from the page's ${event} on, to the images still waiting`, () => {
      const { win, byId, observer } = setup();
      const before = observer();
      observer().intersect(byId("first"));
      win.dispatchEvent(new Event(event));
      expect(before.disconnected).toBe(true);
      expect(observer()).not.toBe(before);
      expect(observer().options).toMatchObject({ rootMargin: `${MARGIN}px 0px`, scrollMargin: "0px 50%" });
      expect([...observer().targets].map((img) => img.id)).toEqual(["far", "tile-img"]);
      // now a peeking neighbour is near enough
      observer().intersect(byId("far"), 30);
      expect(byId("far").getAttribute("srcset")).toBe("/c.webp 480w");
    });
  }

  it("applies the margin at once when installed into a page that has loaded", () => {
    const { observer } = setup({ readyState: "complete" });
    expect(observer().options.rootMargin).toBe(`${MARGIN}px 0px`);
  });

  it("finds images added later (client navigation), forgets removed ones, follows a new data-srcset", async () => {
    const { win, byId, observer, mutations } = setup();
    const added = win.document.createElement("section");
    added.innerHTML = '<img id="added" data-lazy data-srcset="/d.webp 480w" src="data:," />';
    win.document.querySelector("main")!.append(added);
    await mutations();
    expect(observer().targets.has(byId("added"))).toBe(true);

    observer().intersect(byId("first"));
    byId("first").setAttribute("data-srcset", "/new.webp 480w");
    byId("far").setAttribute("data-srcset", "/c-new.webp 480w");
    byId("far").remove();
    await mutations();
    // a shown image takes its new file at once; a waiting one reads it when it comes near
    expect(byId("first").getAttribute("srcset")).toBe("/new.webp 480w");
    expect([...observer().targets].map((img) => img.id)).toEqual(["tile-img", "added"]);
  });

  it("keeps tracking an image that is moved, and tracks a removed one again when it comes back", async () => {
    const { win, byId, observer, mutations } = setup();
    const far = byId("far");
    // React moves a node by removing and inserting it: one batch of records
    win.document.querySelector("main")!.prepend(far);
    await mutations();
    expect(observer().targets.has(far)).toBe(true);
    // kept, not forgotten and found again
    expect(observer().unobserved).not.toContain(far);

    far.remove();
    await mutations();
    expect(observer().targets.has(far)).toBe(false);
    win.document.body.append(far);
    await mutations();
    expect(observer().targets.has(far)).toBe(true);
  });

  it("follows no mutation while the parser adds the page: one query at the parse's end, then only what is added", async () => {
    const { win, observer, mutations } = setup({ readyState: "loading" });
    const wholePage = vi.spyOn(win.document, "querySelectorAll");
    const main = win.document.querySelector("main")!;
    const addFigure = (id: string) => {
      const figure = win.document.createElement("figure");
      figure.innerHTML = `<img id="${id}" data-lazy data-srcset="/${id}.webp 480w" src="data:," />`;
      main.append(figure);
    };
    const tracked = () => [...observer().targets].map((img) => img.id);
    // the parser's nodes: no record of them is made
    for (const id of ["new-1", "new-2"]) addFigure(id);
    await mutations();
    expect(tracked()).toEqual(["first", "far", "tile-img"]);
    // the parse has ended (before the deferred and module scripts run)
    Object.defineProperty(win.document, "readyState", { value: "interactive" });
    win.document.dispatchEvent(new Event("readystatechange"));
    expect(tracked()).toEqual(["first", "far", "tile-img", "new-1", "new-2"]);
    expect(wholePage).toHaveBeenCalledTimes(1);
    // from then on only what is added is searched
    addFigure("new-3");
    await mutations();
    expect(tracked()).toEqual(["first", "far", "tile-img", "new-1", "new-2", "new-3"]);
    expect(wholePage).toHaveBeenCalledTimes(1);
  });

  it("loads nothing before the first contentful paint", () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const { byId, observer } = setup({ paintTiming: { timers } });
    const paints = FakePaintObserver.all[0]!;
    expect(paints.observed).toEqual({ type: "paint", buffered: true });
    // no observer yet, so nothing in view can load
    expect(FakeObserver.all).toHaveLength(0);
    paints.report("first-paint");
    expect(FakeObserver.all).toHaveLength(0);

    paints.report("first-contentful-paint");
    expect(paints.disconnected).toBe(true);
    expect([...observer().targets].map((img) => img.id)).toEqual(["first", "far", "tile-img"]);
    observer().intersect(byId("first"));
    expect(byId("first").getAttribute("srcset")).toBe("/a.webp 480w, /a-2.webp 960w");
    // the deadline finds the work done
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    timers[0]!.fn();
    expect(FakeObserver.all).toHaveLength(1);
  });

  it("starts at the deadline when the page does not paint (a background tab), with the margin after load", () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const { win, observer } = setup({ paintTiming: { timers } });
    win.dispatchEvent(new Event("load"));
    expect(FakeObserver.all).toHaveLength(0);
    timers[0]!.fn();
    expect(observer().options.rootMargin).toBe(`${MARGIN}px 0px`);
    expect(observer().targets.size).toBe(3);
  });

  it("fills a <picture>'s sources, in order and before its img, only when the img comes near", () => {
    const { byId, observer } = setup();
    const sources = [byId("tile-avif"), byId("tile-webp")];
    // the sources are not observed themselves, and nothing has a srcset before the img is near
    expect([...observer().targets]).not.toContain(sources[0]);
    expect([byId("tile-img"), ...sources].map((element) => element.hasAttribute("srcset"))).toEqual([
      false,
      false,
      false,
    ]);
    const order: string[] = [];
    const setAttribute = Element.prototype.setAttribute;
    const spy = vi.spyOn(Element.prototype, "setAttribute").mockImplementation(function (
      this: Element,
      name: string,
      value: string,
    ) {
      if (name === "srcset") order.push(this.id);
      setAttribute.call(this, name, value);
    });
    try {
      observer().intersect(byId("tile-img"));
    } finally {
      spy.mockRestore();
    }
    // the browser chooses once every source has its srcset: the img, whose change starts the choice, comes last
    expect(order).toEqual(["tile-avif", "tile-webp", "tile-img"]);
    expect(sources.map((source) => source.getAttribute("srcset"))).toEqual(["/t.avif 480w", "/t.webp 480w"]);
    expect(byId("tile-img").getAttribute("srcset")).toBe("/t.webp 480w");
  });

  it("follows a new data-srcset of a shown picture's source; a waiting picture's source waits", async () => {
    const { byId, observer, mutations } = setup();
    observer().intersect(byId("tile-img"));
    byId("tile-avif").setAttribute("data-srcset", "/t-new.avif 480w");
    await mutations();
    expect(byId("tile-avif").getAttribute("srcset")).toBe("/t-new.avif 480w");

    const fresh = setup();
    fresh.byId("tile-avif").setAttribute("data-srcset", "/t-new.avif 480w");
    await fresh.mutations();
    expect(fresh.byId("tile-avif").hasAttribute("srcset")).toBe(false);
    expect(fresh.observer().targets.has(fresh.byId("tile-img"))).toBe(true);
  });

  it("tracks an image that becomes lazy later", async () => {
    const { byId, observer, mutations } = setup();
    byId("eager").setAttribute("data-srcset", "/e.webp 480w");
    byId("eager").setAttribute("data-lazy", "");
    await mutations();
    expect(observer().targets.has(byId("eager"))).toBe(true);
  });

  it("loads a fragment link's target when the link is pressed or focused, before it is followed", () => {
    for (const type of ["pointerdown", "focusin"]) {
      const { byId } = setup();
      byId("dot").dispatchEvent(new Event(type, { bubbles: true }));
      expect(byId("far").getAttribute("srcset"), type).toBe("/c.webp 480w");
      expect(byId("first").hasAttribute("srcset"), type).toBe(false);
    }
  });

  it("finds a fragment link's target by its id as written, then percent-decoded, and by none where that fails", () => {
    FakeObserver.all = [];
    const win = pageWindow();
    // the listeners themselves (the press's and the release's): a document without a window swallows what its
    // listeners throw
    const pressed: ((event: Event) => void)[] = [];
    const listen = win.addEventListener;
    win.addEventListener = ((type: string, listener: (event: Event) => void, options?: AddEventListenerOptions) => {
      if (type === "pointerdown") pressed.push(listener);
      listen(type, listener, options);
    }) as typeof win.addEventListener;
    installLazyImages(win, MARGIN);
    const doc = win.document;
    doc.body.insertAdjacentHTML(
      "beforeend",
      `<div id="100%"><img id="literal" data-lazy data-srcset="/l.webp 480w" src="data:," /></div>
      <div id="café"><img id="encoded" data-lazy data-srcset="/e.webp 480w" src="data:," /></div>
      <a id="to-literal" href="#100%">a</a><a id="to-encoded" href="#caf%C3%A9">b</a><a id="to-none" href="#%E0%A4%A">c</a>`,
    );
    const press = (id: string) => () => {
      for (const listener of pressed) listener({ target: doc.getElementById(id) } as unknown as Event);
    };
    expect(press("to-none")).not.toThrow();
    press("to-literal")();
    press("to-encoded")();
    expect([
      doc.getElementById("literal")!.getAttribute("srcset"),
      doc.getElementById("encoded")!.getAttribute("srcset"),
    ]).toEqual(["/l.webp 480w", "/e.webp 480w"]);
  });

  it("loads every image before printing", () => {
    const { win, byId } = setup();
    win.dispatchEvent(new Event("beforeprint"));
    expect(byId("first").hasAttribute("srcset")).toBe(true);
    expect(byId("far").hasAttribute("srcset")).toBe(true);
  });

  it("without IntersectionObserver, loads every image as it is found", () => {
    const { byId } = setup({ observer: false });
    expect(byId("first").hasAttribute("srcset")).toBe(true);
    expect(byId("far").hasAttribute("srcset")).toBe(true);
  });
});

describe("devLazyImageScript", () => {
  it("is self-contained: its text alone installs the loader with the margin", () => {
    const win = pageWindow({ observer: false });
    // the inline script's text, run as the page runs it
    new Function("window", devLazyImageScript(123))(win);
    expect(win.document.getElementById("far")!.getAttribute("srcset")).toBe("/c.webp 480w");
    expect(devLazyImageScript(123)).toMatch(/\(window, 123\);$/);
  });
});
