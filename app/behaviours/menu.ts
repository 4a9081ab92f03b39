/**
 * The menu overlay's focus handling, on a page without React and, by
 * followMenu, on a hydrated one (app/bloks/header/header.tsx). The overlay is a
 * native popover that opens and closes without script; this adds what the
 * platform does not: the close button takes focus when it opens, Tab stays
 * inside it, and Escape or the close button give focus back to the burger.
 * The burger's `aria-expanded` follows the overlay.
 *
 * The page behind the open menu does not scroll (header.module.css). From the
 * head script, `markMenuOnRoot` keeps the root's `data-menu` with the overlay
 * for that rule; without scripts a `:has()` on the root does it.
 */

const MENU_OVERLAY = '[data-behaviour~="menu"]';
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether the popover `overlay` shows; false where the platform knows no popovers (the selector throws there). */
export function isPopoverOpen(overlay: HTMLElement): boolean {
  try {
    return overlay.matches(":popover-open");
  } catch {
    return false;
  }
}

/**
 * Tab and Shift+Tab go round the focusable elements of `overlay` and never leave it (focus outside comes back to
 * its first).
 */
function keepFocusInside(overlay: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const items = Array.from(overlay.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = overlay.ownerDocument.activeElement;
  if (!overlay.contains(active)) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Follows one overlay (`[data-behaviour~="menu"]`); returns the function that stops it. */
export function followMenu(overlay: HTMLElement): () => void {
  const document = overlay.ownerDocument;
  const burger =
    [...document.querySelectorAll<HTMLElement>('[popovertargetaction="show"]')].find(
      (button) => overlay.id !== "" && button.getAttribute("popovertarget") === overlay.id,
    ) ?? null;
  const close = overlay.querySelector<HTMLElement>('[popovertargetaction="hide"]');

  const hide = (restoreFocus: boolean) => {
    if (isPopoverOpen(overlay)) overlay.hidePopover();
    if (restoreFocus) burger?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // open but not shown (the window grew past the tablet breakpoint, header.module.css): the keys are the page's
    if (getComputedStyle(overlay).display === "none") return;
    if (event.key === "Escape") {
      event.preventDefault();
      hide(true);
      return;
    }
    keepFocusInside(overlay, event);
  };

  const follow = (open: boolean) => {
    burger?.setAttribute("aria-expanded", String(open));
    if (open) {
      close?.focus();
      document.addEventListener("keydown", onKeyDown);
    } else {
      document.removeEventListener("keydown", onKeyDown);
      // closed with the focus left inside (a light dismiss the platform handled before this listener saw the key)
      if (overlay.contains(document.activeElement)) burger?.focus();
    }
  };
  const onToggle = (event: Event) => follow((event as ToggleEvent).newState === "open");
  const onClose = () => burger?.focus();

  overlay.addEventListener("toggle", onToggle);
  close?.addEventListener("click", onClose);
  // a menu opened before this module ran is followed from now on
  follow(isPopoverOpen(overlay));
  return () => {
    overlay.removeEventListener("toggle", onToggle);
    close?.removeEventListener("click", onClose);
    document.removeEventListener("keydown", onKeyDown);
    // an open popover taken out of the page closes without a `toggle` event: the root's mark must not stay "open"
    markMenuFromPage(document, overlay);
  };
}

export function start(document: Document): void {
  for (const overlay of document.querySelectorAll<HTMLElement>(MENU_OVERLAY)) followMenu(overlay);
}

/**
 * From the head script (pipeline/head-script.ts), before the page's first style: the root's `data-menu` says
 * whether a menu overlay shows ("open") or not ("closed"), by a `toggle` listener in the capture phase (the event
 * does not bubble), so it follows every overlay, even one the hydrated app puts in later. With the attribute
 * there from the start, Chromium never evaluates the scroll lock's `:has()` on the root, which it would re-check
 * after every node the parser adds below it (decision 0006).
 */
export function markMenuOnRoot(win: Window): void {
  win.document.documentElement.dataset.menu = "closed";
  win.document.addEventListener(
    "toggle",
    (event) => {
      // a popover's, a `<details>`'s or a `<dialog>`'s: an element, unless someone dispatched one elsewhere
      if ((event.target as Partial<Element> | null)?.matches?.(MENU_OVERLAY)) markMenuFromPage(win.document);
    },
    { capture: true },
  );
}

/**
 * The root's mark from the overlays that show, `leaving` left out (it is on its way out of the page); only where
 * the head script marks the root (the dev server's pages have no mark, and there the `:has()` holds the lock).
 */
function markMenuFromPage(document: Document, leaving?: HTMLElement): void {
  const root = document.documentElement;
  if (!root.hasAttribute("data-menu")) return;
  const overlays = [...document.querySelectorAll<HTMLElement>(MENU_OVERLAY)];
  root.dataset.menu = overlays.some((overlay) => overlay !== leaving && isPopoverOpen(overlay)) ? "open" : "closed";
}
