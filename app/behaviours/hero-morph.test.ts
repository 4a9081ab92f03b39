import { beforeEach, describe, expect, it } from "vitest";
import { AFTER_MAIN_ID, ARRIVED_ATTRIBUTE, NAMED_ATTRIBUTE, morphPartner, revealMorph, start } from "./hero-morph";

/** Two tiles of one article, one of another, and a hidden one (filtered away); jsdom lays nothing out. */
function gallery(): void {
  document.body.innerHTML = `
    <a href="/articles/a" id="first"><span data-morph-with="/articles/a"></span></a>
    <a href="/articles/b" id="other"><span data-morph-with="/articles/b"></span></a>
    <a href="/articles/a" id="second"><span data-morph-with="/articles/a"></span></a>
    <a href="/articles/c" id="hidden"><span data-morph-with="/articles/c" data-hidden></span></a>`;
  for (const element of document.querySelectorAll("[data-morph-with]:not([data-hidden])")) {
    Object.defineProperty(element, "getClientRects", { value: () => [{}] });
  }
}

const named = () =>
  [...document.querySelectorAll(`[${NAMED_ATTRIBUTE}]`)].map((element) => element.parentElement?.id ?? "");

/** A view transition whose `finished` the test settles. */
function transition() {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return { viewTransition: { finished } as unknown as ViewTransition, finish };
}

/** A window as the head script sees it: with or without cross-document view transitions, reached from `from`. */
function headScriptWindow(options: { reveal: boolean; from: string | null; reducedMotion?: boolean }) {
  const win = Object.assign(new EventTarget(), {
    document,
    matchMedia: (query: string) => ({ matches: Boolean(options.reducedMotion) && query.includes("reduce") }),
    navigation: { activation: { from: options.from === null ? null : { url: options.from } } },
  });
  if (options.reveal) Object.assign(win, { PageRevealEvent: class {} });
  return win as unknown as Window;
}

const expectLinks = () => [...document.head.querySelectorAll('link[rel="expect"]')];

beforeEach(() => {
  document.head.innerHTML = "";
  gallery();
});

describe("the element that morphs with another page", () => {
  it("is the first shown one that carries the page's path, or the one inside the link the visitor chose", () => {
    expect(morphPartner(document, "http://localhost/articles/a")?.parentElement?.id).toBe("first");
    expect(morphPartner(document, "/articles/a/", document.getElementById("second"))?.parentElement?.id).toBe("second");
    expect(morphPartner(document, "/articles/b", document.getElementById("second"))?.parentElement?.id).toBe("other");
    expect(morphPartner(document, "/articles/c")).toBeNull();
    expect(morphPartner(document, "/articles/d")).toBeNull();
  });
});

describe("the outgoing page", () => {
  function swap(to: string | null, withTransition = true) {
    const event = Object.assign(new Event("pageswap"), {
      viewTransition: withTransition ? transition().viewTransition : null,
      activation: to === null ? null : { entry: { url: to } },
    });
    window.dispatchEvent(event);
  }

  it("names the clicked tile's medium alone for the page it goes to", () => {
    start(document);
    // the click alone: jsdom does not navigate
    document.addEventListener("click", (event) => event.preventDefault(), { once: true });
    document.querySelector<HTMLElement>("#second span")!.click();
    swap("http://localhost/articles/a");
    expect(named()).toEqual(["second"]);
    swap("http://localhost/articles/b");
    expect(named()).toEqual(["other"]);
  });

  it("names nothing without a transition (reduced motion) or for a page it does not morph with", () => {
    start(document);
    swap("http://localhost/articles/a", false);
    expect(named()).toEqual([]);
    swap("http://localhost/about");
    expect(named()).toEqual([]);
    swap(null);
    expect(named()).toEqual([]);
  });
});

describe("the incoming page (the head script)", () => {
  function reveal(win: Window, viewTransition: ViewTransition | null) {
    win.dispatchEvent(Object.assign(new Event("pagereveal"), { viewTransition }));
  }

  it("names the element for the page it came from while the transition runs, and keeps its fade away", async () => {
    const win = headScriptWindow({ reveal: true, from: "http://localhost/articles/b" });
    revealMorph(win);
    // the first rendering waits for the element after <main> (so for all of <main>, where the element is)
    expect(expectLinks().map((link) => [link.getAttribute("href"), link.getAttribute("blocking")])).toEqual([
      [`#${AFTER_MAIN_ID}`, "render"],
    ]);
    // a tile that left with the name (the page back from the back/forward cache) loses it
    document.querySelector("#first span")!.setAttribute(NAMED_ATTRIBUTE, "");
    const { viewTransition, finish } = transition();
    reveal(win, viewTransition);
    expect(named()).toEqual(["other"]);
    expect(document.querySelector("#other span")!.hasAttribute(ARRIVED_ATTRIBUTE)).toBe(true);
    finish();
    await viewTransition.finished;
    await Promise.resolve();
    expect(named()).toEqual([]);
  });

  it("keeps the name the outgoing side gave when the page is left during the transition (Back mid-morph)", async () => {
    const win = headScriptWindow({ reveal: true, from: "http://localhost/articles/b" });
    revealMorph(win);
    const { viewTransition, finish } = transition();
    reveal(win, viewTransition);
    // leaving cuts the transition short: it settles after the outgoing side (start) has named its element
    win.dispatchEvent(new Event("pageswap"));
    finish();
    await viewTransition.finished;
    await Promise.resolve();
    expect(named()).toEqual(["other"]);
    // back from the back/forward cache, without a transition: nothing named
    reveal(win, null);
    expect(named()).toEqual([]);
  });

  it("names nothing when no transition reveals the page", () => {
    const win = headScriptWindow({ reveal: true, from: "http://localhost/articles/b", reducedMotion: true });
    revealMorph(win);
    expect(expectLinks()).toEqual([]);
    reveal(win, null);
    expect(named()).toEqual([]);
  });

  it("holds no rendering on a first visit, and does nothing where the engine has no cross-document transitions", () => {
    revealMorph(headScriptWindow({ reveal: true, from: null }));
    expect(expectLinks()).toEqual([]);
    const win = headScriptWindow({ reveal: false, from: "http://localhost/articles/b" });
    revealMorph(win);
    expect(expectLinks()).toEqual([]);
    reveal(win, transition().viewTransition);
    expect(named()).toEqual([]);
  });
});
