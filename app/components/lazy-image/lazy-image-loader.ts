/**
 * How far below and above the viewport an image starts loading, in CSS px:
 * the smallest margin with no blank image at a reading scroll (1,000 px/s)
 * on Lighthouse's phone (1.6 Mbit/s, 150 ms RTT, 4x CPU); see
 * docs/decisions/0010-lazy-images-near-the-viewport.md for the measurement.
 */
export const LAZY_IMAGE_MARGIN_PX = 600;

/**
 * Loads each `img[data-lazy]` when it comes near the viewport, by copying its
 * `data-srcset` to `srcset`, and in a `<picture>` first those of its
 * `<source>`s (React renders `src`, and where `sizes` asks for one `srcset`,
 * as the placeholder; should React write the placeholder
 * back onto a shown image, the loader puts the real `srcset` back at once).
 * It runs as an inline script at the top of every page, before the body is
 * parsed, and stays the one mechanism for the page's whole life: the images
 * the parser adds are found by a query at the first paint and at the end of
 * the parse, and from then on (before the page's deferred and module scripts
 * run) a MutationObserver finds the images the hydrated app (client
 * navigations, live updates, the visual editor) or anything else adds, and
 * follows changes of their `data-srcset`.
 *
 * - Nothing loads before the first contentful paint: the page's text, its
 *   font and its eager (largest) image have the connection to themselves.
 * - Until the page has loaded (or the visitor scrolls, taps, types or
 *   wheels), only images in view load, so the first screen has the
 *   connection to itself and `load` (which starts hydration) is not held
 *   up. An image in a horizontal row that shows less
 *   than half its width (the carousel's next slide peeking in) waits too.
 * - From then on, images within `marginPx` above or below the viewport load,
 *   and in a scrolled row (the carousel) those within half the row's width
 *   of its visible part: the neighbouring slide is ready before its turn.
 * - Pressing or focusing a link to a fragment (a carousel dot) loads its
 *   target's images at once; printing loads every image.
 * - Without IntersectionObserver every image loads as it is found.
 *
 * It must stay self-contained (no imports, no outer variables): the dev
 * server's inline script is its source text (devLazyImageScript).
 */
export function installLazyImages(win: Window & typeof globalThis, marginPx: number): void {
  const doc = win.document;
  const selector = "img[data-lazy]";
  const shown = new WeakSet<Element>();
  const pending = new Set<Element>();
  let released = false;
  let painted = false;
  let observer: IntersectionObserver | null = null;

  const load = (img: Element) => {
    shown.add(img);
    pending.delete(img);
    observer?.unobserve(img);
    // In a <picture> its sources first (avif), the img (webp) last: the browser chooses among them once they
    // are all set (a source without srcset is skipped, so until now it showed the img's placeholder).
    const parent = img.parentElement;
    const sources =
      parent?.tagName === "PICTURE" ? Array.from(parent.children).filter((e) => e.tagName === "SOURCE") : [];
    for (const element of [...sources, img]) {
      const srcset = element.getAttribute("data-srcset");
      if (srcset !== null && element.getAttribute("srcset") !== srcset) element.setAttribute("srcset", srcset);
    }
  };

  const onEntries = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      // before release, a row's next item peeking in at the edge is not "in view"
      if (!released && entry.intersectionRect.width * 2 < entry.boundingClientRect.width) continue;
      load(entry.target);
    }
  };

  const createObserver = (): IntersectionObserver | null => {
    if (typeof win.IntersectionObserver !== "function") return null;
    // scrollMargin (nested scroll containers) is ignored where unsupported: a row's next item then loads in view
    const options = released ? { rootMargin: `${marginPx}px 0px`, scrollMargin: "0px 50%" } : {};
    return new win.IntersectionObserver(onEntries, options as IntersectionObserverInit);
  };
  const observing = typeof win.IntersectionObserver === "function";
  // (re)starts observing every waiting image; the observer reports each one's state at once
  const observePending = () => {
    observer?.disconnect();
    observer = createObserver();
    for (const img of pending) observer?.observe(img);
  };

  const track = (img: Element) => {
    if (shown.has(img) || pending.has(img)) return;
    pending.add(img);
    // before the first paint there is no observer yet: the image waits in `pending`
    if (!observing) load(img);
    else observer?.observe(img);
  };
  const imagesIn = (node: Node): Element[] => {
    if (node.nodeType !== 1) return [];
    const element = node as Element;
    const inside = Array.from(element.querySelectorAll(selector));
    return element.matches(selector) ? [element, ...inside] : inside;
  };
  const forget = (img: Element) => {
    // a removed image that comes back (React moves nodes) is tracked again when it is added
    if (!pending.delete(img)) return;
    observer?.unobserve(img);
  };

  const mutations = new win.MutationObserver((records) => {
    const added: Node[] = [];
    let removed = false;
    for (const record of records) {
      if (record.type === "attributes") {
        const target = record.target as Element;
        // a <picture>'s source stands for its img
        const img = target.tagName === "SOURCE" ? target.parentElement?.querySelector(selector) : target;
        if (!img) continue;
        // a new file for a shown image (live update, editor) loads at once, and its placeholder never comes back
        if (shown.has(img)) load(img);
        else if (img.matches(selector)) track(img);
        continue;
      }
      added.push(...record.addedNodes);
      removed ||= record.removedNodes.length > 0;
    }
    // an image that is moved (removed and added in one batch) stays tracked
    if (removed) [...pending].forEach((img) => img.isConnected || forget(img));
    // a few subtrees (a navigation, a filter, a live update) of a page that may be long: only those are searched
    added.forEach((node) => imagesIn(node).forEach(track));
  });
  const follow = () => {
    doc.querySelectorAll(selector).forEach(track);
    mutations.observe(doc.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      // srcset: a re-render that writes the placeholder back onto a shown image
      attributeFilter: ["data-lazy", "data-srcset", "srcset"],
    });
  };
  // Not while the parser adds the page: an observer of the whole tree gets a record of every node it inserts,
  // tasks of their own between the parser's (issue 42), and nothing loads before the first paint anyway. The
  // parse ends (readyState "interactive") before the page's deferred and module scripts run.
  if (doc.readyState === "loading") doc.addEventListener("readystatechange", follow, { once: true });
  else follow();

  const interactions = ["scroll", "pointerdown", "touchstart", "keydown", "wheel"];
  const release = () => {
    if (released) return;
    released = true;
    if (painted) observePending();
    for (const type of interactions) win.removeEventListener(type, release, true);
    win.removeEventListener("load", release);
  };
  // Nothing loads before the first contentful paint: the page's text, font and eager images have the
  // connection to themselves until then (at most 3 s: a page opened in a background tab does not paint).
  const afterFirstPaint = () => {
    if (painted) return;
    painted = true;
    // a first paint before the parse has ended: the images it has added so far
    if (doc.readyState === "loading") doc.querySelectorAll(selector).forEach(track);
    observePending();
  };
  const Paint = win.PerformanceObserver;
  if (observing && Paint?.supportedEntryTypes?.includes("paint")) {
    const paints = new Paint((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      paints.disconnect();
      afterFirstPaint();
    });
    paints.observe({ type: "paint", buffered: true });
    win.setTimeout(afterFirstPaint, 3000);
  } else afterFirstPaint();

  // capture: the first scroll of any row counts too (scroll events do not bubble)
  for (const type of interactions) win.addEventListener(type, release, { capture: true, passive: true });
  if (doc.readyState === "complete") release();
  else win.addEventListener("load", release);

  // the element a fragment names: the id as written, then percent-decoded (a browser decodes the valid escapes of
  // an id that is not valid percent-encoding as a whole; this finds none: its images load when they come in view)
  const fragmentTarget = (id: string) => {
    try {
      return doc.getElementById(id) ?? doc.getElementById(decodeURIComponent(id));
    } catch {
      return null;
    }
  };
  // a dot (a link to its slide) is pressed or focused before it is followed: its slide loads now
  const loadLinkTarget = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    const id = link?.getAttribute("href")?.slice(1);
    const target = id ? fragmentTarget(id) : null;
    // images not rendered (display: none, e.g. the other screen size's file) stay unloaded
    if (target) imagesIn(target).forEach((img) => img.getClientRects().length > 0 && !shown.has(img) && load(img));
  };
  win.addEventListener("pointerdown", loadLinkTarget, { capture: true, passive: true });
  win.addEventListener("focusin", loadLinkTarget, { capture: true, passive: true });
  win.addEventListener("beforeprint", () => [...pending].forEach(load));
}

/**
 * The loader's text as the dev server serves it (its own compiled source).
 * A build writes a minified copy into each page instead
 * (pipeline/head-script.ts), so the browser bundle carries none of it.
 */
export function devLazyImageScript(marginPx: number = LAZY_IMAGE_MARGIN_PX): string {
  return `(${installLazyImages.toString()})(window, ${marginPx});`;
}
