import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { HeadScriptError, addHeadScript, headScript } from "./head-script";

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '</head><body><img id="tile" data-lazy="" data-srcset="/tile.webp 480w" src="data:,">' +
  '<picture><source id="card-avif" type="image/avif" data-srcset="/card.avif 480w">' +
  '<img id="card" data-lazy="" data-srcset="/card.webp 480w" src="data:,"></picture></body></html>';

describe("headScript", () => {
  it("is the loader, the skipped transitions' listener, the morph's reveal and the menu's mark, minified, with nothing from the process that made it", async () => {
    const script = await headScript();
    expect(script.length).toBeGreaterThan(500);
    // 2.7 KB for the loader and the listener, 1 KB for the morph's reveal (app/behaviours/hero-morph.ts), 0.4 KB for
    // the menu's mark (app/behaviours/menu.ts)
    expect(script.length).toBeLessThan(4600);
    expect(script).toContain("pagereveal");
    expect(script).toContain('"toggle"');
    expect(script).not.toMatch(/__name|\bexport\b|\bimport\b|\n/);
  });

  it("quiets a view transition Chromium skipped itself, on the page it runs in", async () => {
    const dom = new JSDOM(addHeadScript(PAGE, await headScript()), { runScripts: "dangerously" });
    try {
      const { window } = dom;
      const rejection = (reason: unknown) =>
        Object.assign(new window.Event("unhandledrejection", { cancelable: true }), { reason });
      const skipped = rejection(
        new window.DOMException(
          "Transition was aborted because of invalid state. Page already revealed",
          "InvalidStateError",
        ),
      );
      window.dispatchEvent(skipped);
      expect(skipped.defaultPrevented).toBe(true);
      const other = rejection(new window.Error("not ours to quiet"));
      window.dispatchEvent(other);
      expect(other.defaultPrevented).toBe(false);
    } finally {
      dom.window.close();
    }
  });

  it("marks the root before the body is parsed, and the mark follows the page's menu", async () => {
    const menuMarkup = '<div id="menu" popover="auto" data-behaviour="menu"></div>';
    const html = addHeadScript(
      PAGE.replace(
        "<body>",
        `<body><script>window.markAtBody = document.documentElement.dataset.menu</script>${menuMarkup}`,
      ),
      await headScript(),
    );
    const dom = new JSDOM(html, { runScripts: "dangerously" });
    try {
      const { window } = dom;
      // what the scroll lock's `:has()` asks before the first style (app/bloks/header/header.module.css)
      expect((window as unknown as { markAtBody: unknown }).markAtBody).toBe("closed");
      // jsdom has no popovers: the menu says it shows, then its toggle event comes
      const menu = window.document.getElementById("menu")!;
      menu.matches = (selector: string) =>
        selector === ":popover-open" || window.Element.prototype.matches.call(menu, selector);
      menu.dispatchEvent(new window.Event("toggle"));
      expect(window.document.documentElement.dataset.menu).toBe("open");
    } finally {
      dom.window.close();
    }
  });

  it("runs as the page's inline script: the loader finds the page's images", async () => {
    // jsdom has no IntersectionObserver: the loader then loads every image it finds
    const html = addHeadScript(PAGE, await headScript());
    const dom = new JSDOM(html, { runScripts: "dangerously" });
    try {
      // the image is parsed after the script ran: the loader's MutationObserver reports it
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(dom.window.document.getElementById("tile")!.getAttribute("srcset")).toBe("/tile.webp 480w");
      // a <picture>'s sources too: the inline script is the loader as it is now
      expect(dom.window.document.getElementById("card-avif")!.getAttribute("srcset")).toBe("/card.avif 480w");
    } finally {
      dom.window.close();
    }
  });
});

describe("addHeadScript", () => {
  it("puts the script right after the charset, once", () => {
    const html = addHeadScript(PAGE, "run()");
    expect(html).toContain('<head><meta charset="utf-8"><script>run()</script><meta name="viewport"');
    expect(addHeadScript(html, "run()")).toBe(html);
  });

  it("puts it after React's charset, as React writes it", () => {
    expect(addHeadScript('<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>t</title>', "run()")).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script>run()</script><title>t</title>',
    );
  });

  it("puts it first in a head without a charset, and refuses a page without a head", () => {
    expect(addHeadScript("<html><head><title>t</title></head></html>", "run()")).toBe(
      "<html><head><script>run()</script><title>t</title></head></html>",
    );
    expect(() => addHeadScript("<p>fragment</p>", "run()")).toThrow(HeadScriptError);
  });
});
