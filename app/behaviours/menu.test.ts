import { JSDOM } from "jsdom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { followMenu, markMenuOnRoot, start } from "./menu";

/** jsdom has no popovers: the overlay's state and its toggle events are played here. */
function setOpen(overlay: HTMLElement, open: boolean) {
  overlay.toggleAttribute("data-test-open", open);
  const event = new Event("toggle");
  Object.assign(event, { newState: open ? "open" : "closed", oldState: open ? "closed" : "open" });
  overlay.dispatchEvent(event);
}

beforeEach(() => {
  document.body.innerHTML = [
    '<header><a href="/">Logo</a>',
    '<button id="burger" popovertarget="menu" popovertargetaction="show">menu</button>',
    '<div id="menu" popover="auto" data-behaviour="menu">',
    '<button id="close" popovertarget="menu" popovertargetaction="hide">close</button>',
    '<a id="first" href="/about">About</a><a id="last" href="/en">English</a>',
    "</div></header>",
  ].join("");
  const overlay = document.getElementById("menu")!;
  // the module asks the platform whether the popover is open
  overlay.matches = (selector: string) =>
    selector === ":popover-open"
      ? overlay.hasAttribute("data-test-open")
      : Element.prototype.matches.call(overlay, selector);
  overlay.hidePopover = () => setOpen(overlay, false);
  // drawn while open, as a browser's own style sheet has it below 768 px (jsdom's hides a popover it thinks closed)
  overlay.style.display = "block";
  start(document);
});

afterEach(() => {
  document.body.innerHTML = "";
});

const byId = (id: string) => document.getElementById(id)!;
const key = (init: KeyboardEventInit) =>
  document.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));

describe("the menu's focus", () => {
  it("gives the close button focus when the menu opens, and tells the burger", () => {
    expect(byId("burger").getAttribute("aria-expanded")).toBe("false");
    setOpen(byId("menu"), true);
    expect(document.activeElement).toBe(byId("close"));
    expect(byId("burger").getAttribute("aria-expanded")).toBe("true");
  });

  it("keeps Tab inside the open menu, both ways", () => {
    setOpen(byId("menu"), true);
    byId("last").focus();
    key({ key: "Tab" });
    expect(document.activeElement).toBe(byId("close"));
    key({ key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(byId("last"));
  });

  it("closes on Escape and gives focus back to the burger", () => {
    setOpen(byId("menu"), true);
    key({ key: "Escape" });
    expect(byId("menu").hasAttribute("data-test-open")).toBe(false);
    expect(document.activeElement).toBe(byId("burger"));
    expect(byId("burger").getAttribute("aria-expanded")).toBe("false");
    // closed, Tab is the page's again
    byId("last").focus();
    key({ key: "Tab" });
    expect(document.activeElement).toBe(byId("last"));
  });

  it("leaves Tab and Escape to the page while the open menu is not shown (the window grew past the breakpoint)", () => {
    setOpen(byId("menu"), true);
    // as header.module.css has it above 768 px
    byId("menu").style.display = "none";
    // the focused close button is no longer rendered: the browser's focus went back to the body
    byId("close").blur();
    expect([key({ key: "Tab" }), key({ key: "Escape" })]).toEqual([true, true]);
    expect(byId("menu").hasAttribute("data-test-open")).toBe(true);
    expect(document.activeElement).toBe(document.body);
  });

  it("gives focus back to the burger when the platform closes the menu with the focus inside it", () => {
    setOpen(byId("menu"), true);
    byId("first").focus();
    // a light dismiss: the popover closes before any listener of the page has seen the key
    setOpen(byId("menu"), false);
    expect(document.activeElement).toBe(byId("burger"));
  });

  it("leaves the focus where it went when the menu closes with the focus outside it", () => {
    setOpen(byId("menu"), true);
    byId("menu").ownerDocument.querySelector<HTMLElement>("header > a")!.focus();
    setOpen(byId("menu"), false);
    expect(document.activeElement?.textContent).toBe("Logo");
  });
});

describe("the root's mark of the open menu (the head script's part)", () => {
  const windows: Window[] = [];
  afterEach(() => windows.splice(0).forEach((window) => window.close()));

  /**
   * A page of its own, as the head script sees it (its listener stays with that window); jsdom has no popovers,
   * so `data-test-open` plays an overlay's state, and `toggle` its event, which comes after the state changed.
   */
  function pageWithMenu() {
    const { window } = new JSDOM(
      '<!DOCTYPE html><html><body><div id="menu" popover="auto" data-behaviour="menu"></div>' +
        '<div id="other" popover="auto"></div></body></html>',
    );
    windows.push(window as unknown as Window);
    const matches = window.Element.prototype.matches;
    window.Element.prototype.matches = function (this: Element, selector: string) {
      return selector === ":popover-open" ? this.hasAttribute("data-test-open") : matches.call(this, selector);
    };
    const byId = (id: string) => window.document.getElementById(id)!;
    const toggle = (id: string, open: boolean) => {
      byId(id).toggleAttribute("data-test-open", open);
      byId(id).dispatchEvent(new window.Event("toggle"));
    };
    return { window, byId, toggle, mark: () => window.document.documentElement.dataset.menu };
  }

  it("says closed at once, open while the menu shows and closed again after", () => {
    const page = pageWithMenu();
    expect(page.mark()).toBeUndefined();
    markMenuOnRoot(page.window as unknown as Window);
    expect(page.mark()).toBe("closed");
    page.toggle("menu", true);
    expect(page.mark()).toBe("open");
    page.toggle("menu", false);
    expect(page.mark()).toBe("closed");
  });

  it("leaves the mark alone when another popover opens, or a toggle event comes from the document", () => {
    const page = pageWithMenu();
    markMenuOnRoot(page.window as unknown as Window);
    page.toggle("other", true);
    expect(page.mark()).toBe("closed");
    // not an element: no `matches` to ask
    page.window.document.dispatchEvent(new page.window.Event("toggle"));
    expect(page.mark()).toBe("closed");
  });

  it("follows an overlay put in after it ran (the hydrated app renders its own)", () => {
    const page = pageWithMenu();
    markMenuOnRoot(page.window as unknown as Window);
    const later = page.window.document.createElement("div");
    later.id = "later";
    later.setAttribute("data-behaviour", "menu");
    page.window.document.body.append(later);
    page.toggle("later", true);
    expect(page.mark()).toBe("open");
  });

  it("lets go when an open overlay leaves the page (no toggle event then): its follower's stop marks it closed", () => {
    const page = pageWithMenu();
    markMenuOnRoot(page.window as unknown as Window);
    const stop = followMenu(page.byId("menu"));
    page.toggle("menu", true);
    expect(page.mark()).toBe("open");
    // React stops following in the ref's cleanup, while the overlay is still in the page and open
    stop();
    page.byId("menu").remove();
    expect(page.mark()).toBe("closed");
  });

  it("adds no mark where the head script did not run (the dev server: the :has() rule holds the lock there)", () => {
    const page = pageWithMenu();
    const stop = followMenu(page.byId("menu"));
    page.toggle("menu", true);
    stop();
    expect(page.mark()).toBeUndefined();
  });
});
