import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSED_HASH, SCROLLBAR_WIDTH_PROPERTY, SWIPE_DISTANCE_PX, followLightbox } from "./lightbox";

/** Three tiles and their prerendered figures, as LightboxTargets writes them (shortened). */
function figure(n: number): string {
  const previous = ((n + 1) % 3) + 1;
  const next = (n % 3) + 1;
  return [
    `<figure id="media-${n}">`,
    `<a href="${CLOSED_HASH}" data-part="backdrop" tabindex="-1" aria-hidden="true"></a>`,
    `<img alt="medium ${n}" data-lazy srcset="placeholder 1w" data-srcset="/m/${n}.webp 1200w">`,
    `<a href="${CLOSED_HASH}" data-part="control" aria-label="close">x</a>`,
    `<a href="#media-${previous}" data-part="control" data-direction="previous" aria-label="previous">&lt;</a>`,
    `<a href="#media-${next}" data-part="control" data-direction="next" aria-label="next">&gt;</a>`,
    "</figure>",
  ].join("");
}

let stop = () => {};

beforeEach(() => {
  history.replaceState(null, "", "/articles/atlas");
  document.body.innerHTML =
    '<ul data-behaviour="lightbox">' +
    [1, 2, 3].map((n) => `<li><a id="tile-${n}" href="#media-${n}">tile ${n}</a></li>`).join("") +
    "</ul>" +
    [1, 2, 3].map(figure).join("");
  stop = followLightbox(document);
});

afterEach(() => {
  stop();
  document.body.innerHTML = "";
});

/** The fragment changes and the module's answer to it (hashchange is a task of its own). */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const key = (name: string) =>
  document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));

describe("the full-screen view without React", () => {
  it("leaves the layout and the root's style alone while the page loads, and measures the scrollbar at a tile's click", async () => {
    stop();
    const root = document.documentElement;
    root.removeAttribute("data-lightbox-scrollbar");
    root.style.removeProperty(SCROLLBAR_WIDTH_PROPERTY);
    const reads = vi.spyOn(root, "clientWidth", "get");
    stop = followLightbox(document);
    await settled();
    // a read would lay out, and the root's new style restyle, the whole page while it loads
    expect(reads).not.toHaveBeenCalled();
    expect(root.hasAttribute("data-lightbox-scrollbar")).toBe(false);
    dispatchEvent(new Event("resize"));
    expect(reads).not.toHaveBeenCalled();
    // the click reads before the fragment changes (the view hides the scrollbar at once)
    reads.mockImplementation(() => (location.hash === "" ? innerWidth - 15 : innerWidth));
    document.getElementById("tile-1")!.click();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(location.hash).toBe("#media-1");
    expect([
      root.style.getPropertyValue(SCROLLBAR_WIDTH_PROPERTY),
      root.hasAttribute("data-lightbox-scrollbar"),
    ]).toEqual(["15px", true]);
    reads.mockRestore();
  });

  it("measures the scrollbar's width for a page opened on a figure's address too", async () => {
    stop();
    document.documentElement.removeAttribute("data-lightbox-scrollbar");
    location.hash = "#media-2";
    stop = followLightbox(document);
    expect(document.getElementById("media-2")!.getAttribute("role")).toBe("dialog");
    await settled();
    expect(document.documentElement.hasAttribute("data-lightbox-scrollbar")).toBe(true);
  });

  it("focuses the close control of a figure shown, steps with the arrow keys in place, and closes on Escape back to the tile", async () => {
    location.hash = "#media-1";
    await settled();
    expect(document.activeElement?.getAttribute("aria-label")).toBe("close");
    const entries = history.length;
    key("ArrowRight");
    await settled();
    expect(location.hash).toBe("#media-2");
    key("ArrowLeft");
    key("ArrowLeft");
    await settled();
    expect(location.hash).toBe("#media-3");
    // steps replace the entry: Back leaves the view rather than stepping back through it
    expect(history.length).toBe(entries);
    key("Escape");
    await settled();
    expect(location.hash).toBe("");
    expect(location.pathname).toBe("/articles/atlas");
    expect(document.activeElement?.id).toBe("tile-3");
  });

  it("gives the focus to the tile of the figure it closed when Escape comes before the step's hashchange", async () => {
    location.hash = "#media-1";
    await settled();
    // a browser may deliver a key ahead of the task that tells the page of the step before it
    key("ArrowRight");
    key("Escape");
    await settled();
    expect(location.hash).toBe("");
    expect(document.activeElement?.id).toBe("tile-2");
  });

  it("opens a tile's figure at once, its entry marked: an Escape before the hashchange goes Back to the page", async () => {
    const back = vi.spyOn(history, "back").mockImplementation(() => {});
    const entries = history.length;
    document.getElementById("tile-1")!.click();
    expect([location.hash, history.length]).toEqual(["#media-1", entries + 1]);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("close");
    key("Escape");
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
    await settled();
  });

  it("leaves the focus where a Tab took it when the step's hashchange comes after it", async () => {
    location.hash = "#media-1";
    await settled();
    key("ArrowRight");
    const next = document.querySelector<HTMLElement>('#media-2 a[data-direction="next"]')!;
    next.focus();
    await settled();
    expect(document.activeElement).toBe(next);
  });

  it("loads the previous and the next media while one is shown, not the others", async () => {
    document.body.insertAdjacentHTML("beforeend", figure(4).replace(/media-4/, "media-9"));
    location.hash = "#media-1";
    await settled();
    const srcset = (n: number) => document.querySelector(`#media-${n} img`)!.getAttribute("srcset");
    expect([srcset(2), srcset(3)]).toEqual(["/m/2.webp 1200w", "/m/3.webp 1200w"]);
    expect(srcset(9)).toBe("placeholder 1w");
  });

  it("shows a figure as a modal dialog with buttons, the rest of the page inert, until it closes", async () => {
    const roles = () => [...document.querySelectorAll("figure [data-part]")].map((part) => part.getAttribute("role"));
    // three figures of a backdrop link (left a link, hidden from assistive technology) and three controls
    expect(roles()).toEqual([1, 2, 3].flatMap(() => [null, "button", "button", "button"]));
    const inert = () =>
      [...document.querySelectorAll("body > [inert]")].map((element) => element.id || element.localName);
    document.body.insertAdjacentHTML("afterbegin", '<header id="already" inert></header>');
    location.hash = "#media-2";
    await settled();
    const shown = document.getElementById("media-2")!;
    expect([shown.getAttribute("role"), shown.getAttribute("aria-modal"), shown.hasAttribute("inert")]).toEqual([
      "dialog",
      "true",
      false,
    ]);
    expect(inert()).toEqual(["already", "ul", "media-1", "media-3"]);
    key("ArrowRight");
    await settled();
    expect(shown.hasAttribute("role")).toBe(false);
    expect(document.getElementById("media-3")!.getAttribute("role")).toBe("dialog");
    expect(inert()).toEqual(["already", "ul", "media-1", "media-2"]);
    key("Escape");
    await settled();
    expect(document.querySelectorAll('[role="dialog"], [aria-modal]')).toHaveLength(0);
    expect(inert()).toEqual(["already"]);
    expect(document.activeElement?.id).toBe("tile-3");
  });

  it("follows the grids the page has when the fragment changes: React may render them after it started", async () => {
    stop();
    const grid = document.body.innerHTML;
    document.body.innerHTML = "";
    stop = followLightbox(document);
    document.body.innerHTML = grid;
    location.hash = "#media-2";
    await settled();
    const shown = document.getElementById("media-2")!;
    expect(shown.getAttribute("role")).toBe("dialog");
    expect([...shown.querySelectorAll('[data-part="control"]')].map((control) => control.getAttribute("role"))).toEqual(
      ["button", "button", "button"],
    );
    expect(document.activeElement?.getAttribute("aria-label")).toBe("close");
  });

  it("lets the page go when React removes the figure shown (a live edit), rather than leave it inert", async () => {
    location.hash = "#media-2";
    await settled();
    expect(document.querySelectorAll("body > [inert]").length).toBeGreaterThan(0);
    document.getElementById("media-2")!.remove();
    // a mutation observer's callback is a microtask
    await settled();
    expect(document.querySelectorAll("[inert]")).toHaveLength(0);
  });

  it("presses a control with Space, as a button", async () => {
    location.hash = "#media-1";
    await settled();
    document.querySelector<HTMLElement>('#media-1 [data-direction="next"]')!.focus();
    key(" ");
    await settled();
    expect(location.hash).toBe("#media-2");
    // a held key repeats its keydown: the control is pressed once, as a button is
    document.querySelector<HTMLElement>('#media-2 [data-direction="next"]')!.focus();
    document.activeElement!.dispatchEvent(
      new KeyboardEvent("keydown", { key: " ", repeat: true, bubbles: true, cancelable: true }),
    );
    await settled();
    expect(location.hash).toBe("#media-2");
  });

  it("keeps Tab inside the figure shown", async () => {
    location.hash = "#media-2";
    await settled();
    const next = document.querySelector<HTMLElement>('#media-2 [data-direction="next"]')!;
    next.focus();
    key("Tab");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("close");
    document.activeElement!.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, bubbles: true, cancelable: true }),
    );
    expect(document.activeElement).toBe(next);
  });

  it("steps on a sideways swipe, not on a short or a vertical one", async () => {
    location.hash = "#media-1";
    await settled();
    const image = document.querySelector("#media-1 img")!;
    // jsdom has no PointerEvent: a mouse event of the pointer's type, from the primary pointer
    const pointer = (type: string, x: number, y: number) =>
      Object.assign(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true }), { isPrimary: true });
    const drag = (dx: number, dy: number) => {
      image.dispatchEvent(pointer("pointerdown", 200, 300));
      image.dispatchEvent(pointer("pointerup", 200 + dx, 300 + dy));
    };
    drag(-(SWIPE_DISTANCE_PX - 1), 0);
    drag(-60, 120);
    await settled();
    expect(location.hash).toBe("#media-1");
    drag(-60, 5);
    await settled();
    expect(location.hash).toBe("#media-2");
  });

  it("cancels the click a mouse's swipe ends in, and no click after a touch's swipe, which ends in none, nor a key's", async () => {
    location.hash = "#media-1";
    await settled();
    const pointer = (type: string, x: number, pointerType = "mouse") =>
      Object.assign(new MouseEvent(type, { clientX: x, clientY: 300, bubbles: true }), {
        isPrimary: true,
        pointerType,
      });
    const swipe = (image: Element, pointerType?: string, dx = -60) => {
      image.dispatchEvent(pointer("pointerdown", 200, pointerType));
      image.dispatchEvent(pointer("pointerup", 200 + dx, pointerType));
    };
    const click = (target: Element) => {
      const event = new MouseEvent("click", { bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const tap = (target: Element) => {
      target.dispatchEvent(pointer("pointerdown", 10));
      target.dispatchEvent(pointer("pointerup", 10));
      return click(target);
    };
    const outside = document.body.appendChild(document.createElement("p"));
    swipe(document.querySelector("#media-1 img")!);
    await settled();
    expect([location.hash, click(outside), click(outside)]).toEqual(["#media-2", true, false]);
    swipe(document.querySelector("#media-2 img")!);
    await settled();
    expect([location.hash, tap(outside)]).toEqual(["#media-3", false]);
    // a screen reader's click comes with no press before it
    swipe(document.querySelector("#media-3 img")!, "touch", 60);
    await settled();
    expect([location.hash, click(outside)]).toEqual(["#media-2", false]);
    // Enter on a link, Space on a button: the key comes before its click
    swipe(document.querySelector("#media-2 img")!);
    outside.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(click(outside)).toBe(false);
  });

  it("closes on Escape while the figure's video has the focus, and leaves the arrow keys to the video", async () => {
    const video = document.getElementById("media-1")!.appendChild(document.createElement("video"));
    video.tabIndex = 0;
    // jsdom plays no media
    video.play = () => Promise.resolve();
    video.pause = () => {};
    location.hash = "#media-1";
    await settled();
    video.focus();
    key("ArrowRight");
    await settled();
    expect(location.hash).toBe("#media-1");
    key("Escape");
    await settled();
    expect([location.hash, document.activeElement?.id]).toEqual(["", "tile-1"]);
  });

  it("shows nothing for a fragment that is no percent-encoding, and keeps following the page", async () => {
    location.hash = "#100%";
    await settled();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    document.getElementById("tile-2")!.click();
    expect(document.getElementById("media-2")!.getAttribute("role")).toBe("dialog");
  });

  it("leaves the page as it was when it stops while a figure shows", async () => {
    location.hash = "#media-1";
    await settled();
    expect(document.querySelector("ul")!.hasAttribute("inert")).toBe(true);
    stop();
    expect([document.querySelectorAll("[inert]").length, document.querySelectorAll("[role=dialog]").length]).toEqual([
      0, 0,
    ]);
  });
});
