import { attribute, parseHtml, removeNode, replaceContent, type HtmlEdit, type HtmlPage } from "./html";

/**
 * Prerendered pages hydrate after they have loaded
 * (docs/decisions/0005-hydrate-after-load.md).
 *
 * React Router puts a `<link rel="modulepreload">` for every chunk of the
 * route into the head and starts the app from an inline module script with
 * static imports. On a phone's connection those ~120 KB of JavaScript share
 * the bandwidth with the hero image, the page's largest paint, although the
 * prerendered HTML needs no script to show. This build step moves them
 * behind the page's `load` event: the preloads leave the head and the inline
 * script's static imports become dynamic ones that start, all at once and
 * with their preloads, once its first screen has painted and the page has
 * loaded (or as long again as that screen took, FIRST_SCREEN_WAIT_MS after
 * load, or HYDRATION_DEADLINE_MS after parsing, whichever comes first).
 * Links work without JavaScript meanwhile; the hydrated app then behaves as
 * before.
 *
 * The SPA fallback is left alone: its page is rendered by the script.
 */

/** Hydration starts at the latest this long after the document was parsed, should `load` never come. */
export const HYDRATION_DEADLINE_MS = 3000;

/**
 * Once the page has loaded, hydration waits at most this long for its first
 * screen to be shown in full: an engine that reports no paint, or an image
 * that never decodes, must not hold it back (budget: hydration within 1 s of
 * load in every engine).
 */
export const FIRST_SCREEN_WAIT_MS = 700;

/**
 * Once the first screen is shown, hydration waits for `load` at most as
 * long again as that screen took since navigation, and at least this long:
 * what `load` still waits for then is below the first screen (or, in
 * WebKitGTK, a `<video preload="none">` that holds it for 3 s).
 */
export const LOAD_GRACE_MS = 500;

export const SPA_FALLBACK = "__spa-fallback.html";

const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from "([^"]+)";$/;

export class DeferHydrationError extends Error {}

const DEFERRED_START = "let hydrationStarted = false;";

export const NOT_HYDRATED_WARNING = "The page's code could not be loaded; the page stays as it was prerendered:";

/**
 * Schedules `hydrate()` from callbacks, so that the module script itself
 * finishes at once: WebKit holds the page's `load` event until an inline
 * module script has finished, so a top-level await on `load` waited for
 * itself until the deadline broke the tie.
 *
 * It waits for the first screen to be shown in full: the first paint
 * reported (`paint` or `largest-contentful-paint`, whichever the engine
 * supports; their time is when the frame was shown, which frame callbacks
 * can precede), then every image in the first screen decoded (lazy ones by
 * then have their real sources) and every entrance animation there (the
 * hero's fade, /about's staggered blocks) past its delay. Then for `load`, or LOAD_GRACE_MS, whichever comes first: an
 * engine whose `load` waits for more than the first screen (WebKitGTK holds
 * it for every `<video preload="none">`) must not hold hydration with it.
 * Then two frames, so that those paints have happened, before anything is
 * fetched. The largest paint is among them: hydration's scripts and long
 * tasks come after it rather than between the image's arrival and its first
 * visible frame. FIRST_SCREEN_WAIT_MS after `load` it starts regardless.
 */
function waitForFirstScreenSource(): string {
  return [
    DEFERRED_START,
    "const startHydration = () => { if (hydrationStarted) return; hydrationStarted = true; hydrate(); };",
    `setTimeout(startHydration, ${HYDRATION_DEADLINE_MS});`,
    'const loaded = new Promise((resolve) => { if (document.readyState === "complete") resolve();',
    'else addEventListener("load", () => resolve(), { once: true }); });',
    `loaded.then(() => setTimeout(startHydration, ${FIRST_SCREEN_WAIT_MS}));`,
    // the elements among them in the first screen, from an IntersectionObserver: it answers from the next
    // frame's layout, where measuring their boxes here would force a layout inside this task
    "const inFirstScreen = (elements) => new Promise((resolve) => {",
    'if (typeof IntersectionObserver !== "function" || elements.length === 0) return resolve(new Set());',
    "const observer = new IntersectionObserver((entries) => { observer.disconnect();",
    "resolve(new Set(entries.filter((entry) => entry.isIntersecting && entry.boundingClientRect.width > 0).map((entry) => entry.target))); });",
    "for (const element of elements) observer.observe(element); });",
    'const paintTypes = typeof PerformanceObserver === "function"',
    '? ["paint", "largest-contentful-paint"].filter((type) => (PerformanceObserver.supportedEntryTypes || []).includes(type)) : [];',
    "const firstPaint = new Promise((painted) => {",
    "if (paintTypes.length === 0) return painted();",
    "for (const type of paintTypes) { const observer = new PerformanceObserver((list) => {",
    'if (list.getEntries().some((entry) => entry.entryType === "largest-contentful-paint" || entry.name === "first-contentful-paint"))',
    "{ observer.disconnect(); painted(); } });",
    "observer.observe({ type, buffered: true }); } });",
    // the first screen's elements once it has painted: the lazy-image loader gives the images near the
    // viewport their real sources from the first paint on, and decode() then waits for those
    "const targetOf = (animation) => animation.effect && animation.effect.target;",
    "firstPaint.then(() => {",
    "const images = [...document.images].filter((image) => image.decode);",
    "const animations = document.getAnimations ? document.getAnimations() : [];",
    "return inFirstScreen([...images, ...animations.map(targetOf).filter(Boolean)]).then((shown) => {",
    "const decoded = images.filter((image) => shown.has(image)).map((image) => image.decode().catch(() => {}));",
    "const delays = animations.map((animation) => shown.has(targetOf(animation))",
    "? Number(animation.effect.getTiming().delay) - Number(animation.currentTime) : 0);",
    "const started = new Promise((resolve) => setTimeout(resolve, Math.max(0, ...delays)));",
    "return Promise.all([...decoded, started]); }); })",
    // as long again as the first screen took: a slow phone's `load` is as much later as its first screen
    `.then(() => Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, Math.max(${LOAD_GRACE_MS}, performance.now())))]))`,
    ".then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startHydration, 0))));",
  ].join(" ");
}

function preloadSource(hrefs: readonly string[]): string {
  return (
    `for (const href of ${JSON.stringify(hrefs)}) {` +
    ' const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link);' +
    " }"
  );
}

/**
 * The inline module script with its static imports made dynamic, behind
 * the page's load and first screen, without a top-level await. Throws when
 * the script is not of the form React Router writes (imports first, then
 * plain statements), so that a framework upgrade that changes it fails the
 * build instead of shipping a broken page.
 */
export function deferModuleScript(source: string, preloads: readonly string[]): string {
  const lines = source.split("\n");
  const bindings: string[] = [];
  const specifiers: string[] = [];
  let firstStatement = lines.length;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    if (sideEffect) {
      bindings.push("");
      specifiers.push(sideEffect[1]!);
    } else if (namespace) {
      bindings.push(namespace[1]!);
      specifiers.push(namespace[2]!);
    } else {
      firstStatement = index;
      break;
    }
  }
  const rest = lines.slice(firstStatement).join("\n");
  if (specifiers.length === 0) throw new DeferHydrationError("the module script has no imports to defer");
  if (/(^|[;\s])import[\s*{"']/m.test(rest) || /\bexport\b/.test(rest)) {
    throw new DeferHydrationError("the module script has static imports or exports after its first statement");
  }
  const imports = specifiers.map((specifier) => `import(${JSON.stringify(specifier)})`).join(", ");
  // route modules that cannot load (a deploy removed them, the network dropped them) leave the prerendered
  // page as it is, readable and with working links, with a warning; React Router's own statements (`rest`)
  // import the client entry themselves, whose failure stays theirs to report
  return [
    waitForFirstScreenSource(),
    "function hydrate() {",
    preloadSource(preloads),
    `Promise.all([${imports}]).then((modules) => {`,
    `const [${bindings.join(", ")}] = modules;`,
    rest,
    `}, (error) => { console.warn("${NOT_HYDRATED_WARNING}", error); });`,
    `}`,
  ].join("\n");
}

/**
 * The edits that defer one prerendered page's hydration; null when it has
 * no module script to defer (nothing to do). Edits, so that the build's
 * first pass makes them with its other edits on one parse of the page
 * (pipeline/finish-pages.ts).
 */
export function deferHydrationEdits(page: HtmlPage): HtmlEdit[] | null {
  const scripts = page.moduleScripts();
  if (scripts.length === 0) return null;
  // run twice over a build (by hand), the second run finds nothing to do
  if (scripts.length === 1 && page.contentOf(scripts[0]!).startsWith(DEFERRED_START)) return null;
  if (scripts.length > 1) throw new DeferHydrationError(`expected one inline module script, found ${scripts.length}`);
  const preloads = page.modulePreloads();
  const script = scripts[0]!;
  const deferred = deferModuleScript(
    page.contentOf(script),
    preloads.map((link) => attribute(link, "href")!),
  );
  return [replaceContent(script, deferred), ...preloads.map(removeNode)];
}

/** One prerendered page; `null` when it has no module script to defer (nothing to do). */
export function deferHydration(html: string): string | null {
  const page = parseHtml(html);
  const edits = deferHydrationEdits(page);
  return edits ? page.edit(edits) : null;
}
