/**
 * jsdom knows neither the `popover` attribute nor `popovertarget`. This
 * stand-in gives components under test what Chromium gives them (checked
 * there by the browser tests): `showPopover`/`hidePopover`, a button's
 * `popovertarget` opening or closing its popover on click, Escape closing
 * an open auto popover, `:popover-open` in `matches()`, a closed popover
 * out of sight as the browser's own style sheet has it (so that queries by
 * role skip it), and a `toggle` event with `newState` after each change.
 */
const open = new WeakSet<Element>();
const OPEN_MARK = "data-popover-stand-in-open";

function setOpen(element: HTMLElement, next: boolean): void {
  if (open.has(element) === next) return;
  if (next) open.add(element);
  else open.delete(element);
  element.toggleAttribute(OPEN_MARK, next);
  const event = new Event("toggle");
  Object.assign(event, { oldState: next ? "closed" : "open", newState: next ? "open" : "closed" });
  element.dispatchEvent(event);
}

export function installPopoverStandIn(): void {
  if ("showPopover" in HTMLElement.prototype) return;
  const sheet = document.createElement("style");
  sheet.textContent = `[popover]:not([${OPEN_MARK}]) { display: none; }`;
  document.head.append(sheet);
  const proto = HTMLElement.prototype as unknown as Record<string, (this: HTMLElement) => unknown>;
  proto.showPopover = function (this: HTMLElement) {
    setOpen(this, true);
  };
  proto.hidePopover = function (this: HTMLElement) {
    setOpen(this, false);
  };
  proto.togglePopover = function (this: HTMLElement) {
    setOpen(this, !open.has(this));
    return open.has(this);
  };
  const matches = Element.prototype.matches;
  Element.prototype.matches = function (this: Element, selectors: string) {
    if (selectors === ":popover-open") return open.has(this);
    return matches.call(this, selectors);
  };
  document.addEventListener("click", (event) => {
    const invoker = (event.target as Element | null)?.closest?.("button[popovertarget]");
    if (!invoker || event.defaultPrevented) return;
    const target = document.getElementById(invoker.getAttribute("popovertarget") ?? "");
    if (!target?.hasAttribute("popover")) return;
    const action = invoker.getAttribute("popovertargetaction") ?? "toggle";
    setOpen(target, action === "show" ? true : action === "hide" ? false : !open.has(target));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const element of document.querySelectorAll<HTMLElement>('[popover="auto"], [popover=""]')) {
      setOpen(element, false);
    }
  });
}
