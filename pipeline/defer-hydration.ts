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
 * with their preloads, once the page has loaded and its first screen has
 * painted (or after HYDRATION_DEADLINE_MS, should an image never finish).
 * Links work without JavaScript meanwhile; the hydrated app then behaves as
 * before.
 *
 * The SPA fallback is left alone: its page is rendered by the script.
 */

/** Hydration starts at the latest this long after the document was parsed. */
export const HYDRATION_DEADLINE_MS = 3000;

export const SPA_FALLBACK = "__spa-fallback.html";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from "([^"]+)";$/;

export class DeferHydrationError extends Error {}

const DEFERRED_START = "await new Promise((start) => {";

export const NOT_HYDRATED_WARNING = "The page's code could not be loaded; the page stays as it was prerendered:";

/**
 * Waits for `load`, then for the first screen to be shown in full: the
 * first contentful paint reported (its time is when the frame was shown,
 * which frame callbacks can precede), every image in the first screen
 * decoded, and every entrance animation there (the hero's fade, /about's
 * staggered blocks) past its delay. Then two frames, so that those paints
 * have happened, before anything is fetched. The largest paint is among
 * them: hydration's scripts and long tasks come after it rather than
 * between the image's arrival and its first visible frame.
 */
function waitForLoadSource(): string {
  return [
    DEFERRED_START,
    `setTimeout(start, ${HYDRATION_DEADLINE_MS});`,
    "const inFirstScreen = (element) => { const box = element.getBoundingClientRect();",
    "return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0; };",
    "const firstPaint = new Promise((painted) => {",
    'if (typeof PerformanceObserver !== "function" || !(PerformanceObserver.supportedEntryTypes || []).includes("paint"))',
    "return painted();",
    "const observer = new PerformanceObserver((list) => {",
    'if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); painted(); } });',
    'observer.observe({ type: "paint", buffered: true }); });',
    "const afterLoad = () => {",
    "const decoded = [...document.images].filter((image) => image.decode && inFirstScreen(image))",
    ".map((image) => image.decode().catch(() => {}));",
    "const delays = (document.getAnimations ? document.getAnimations() : []).map((animation) => {",
    "const target = animation.effect && animation.effect.target;",
    "return target && inFirstScreen(target) ? Number(animation.effect.getTiming().delay) - Number(animation.currentTime) : 0; });",
    "const started = new Promise((resolve) => setTimeout(resolve, Math.max(0, ...delays)));",
    "Promise.all([firstPaint, ...decoded, started])",
    ".then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))); };",
    'if (document.readyState === "complete") afterLoad(); else addEventListener("load", afterLoad, { once: true });',
    "});",
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
 * the page's load. Throws when the script is not of the form React Router
 * writes (imports first, then plain statements), so that a framework
 * upgrade that changes it fails the build instead of shipping a broken page.
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
  // code that cannot load (a deploy removed it, the network dropped it) leaves the prerendered page as it
  // is, readable and with working links, rather than an uncaught error
  return [
    waitForLoadSource(),
    preloadSource(preloads),
    `const modules = await Promise.all([${imports}]).catch((error) => {` +
      ` console.warn("${NOT_HYDRATED_WARNING}", error); return null; });`,
    `if (modules) {`,
    `const [${bindings.join(", ")}] = modules;`,
    rest,
    `}`,
  ].join("\n");
}

/** One prerendered page; `null` when it has no module script to defer (nothing to do). */
export function deferHydration(html: string): string | null {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length === 0) return null;
  // run twice over a build (by hand), the second run finds nothing to do
  if (scripts.length === 1 && scripts[0]![1]!.startsWith(DEFERRED_START)) return null;
  if (scripts.length > 1) throw new DeferHydrationError(`expected one inline module script, found ${scripts.length}`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const script = scripts[0]!;
  const deferred = `<script type="module" async="">${deferModuleScript(script[1]!, preloads)}</script>`;
  return html.replace(script[0], () => deferred).replace(MODULE_PRELOAD, "");
}
