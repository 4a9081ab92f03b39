import { readFile } from "node:fs/promises";
import path from "node:path";
import { BEHAVIOUR_ATTRIBUTE, INLINE_BEHAVIOURS, type BehaviourModule } from "../app/behaviours/markers";
import { OTHER_PROJECTS_DRAW_SCRIPT } from "../app/behaviours/other-projects";
import {
  appendContent,
  attribute,
  attributeTokens,
  prependContent,
  removeNode,
  scriptType,
  type HtmlEdit,
  type HtmlElement,
  type HtmlPage,
} from "./html";

/**
 * Production pages without a framework runtime (docs/decisions/0014-pages-without-a-framework-runtime.md).
 *
 * React renders every page at build time; what a production page then does
 * in the browser is one small module that starts the behaviours the page
 * marks, and its chunk (app/behaviours/start-page.ts, built by Vite as an
 * entry of its own: `behaviourEntriesPlugin`). Each component that does anything in the
 * browser marks its element `data-behaviour="{name}"`. A production page
 * whose every marker has a module (or an inline script) loses React
 * Router's module script, its modulepreloads and its hydration context
 * (`window.__reactRouterContext` and its stream, the scroll restoration
 * script) and gets, last in its head, a `<script type="module">` of the
 * module that starts its behaviours and a modulepreload of its chunk; a
 * page with a marker that has no module yet keeps React's hydration, after
 * load (pipeline/defer-hydration.ts), as before. Preview builds (the visual
 * editor) and the SPA fallback keep React everywhere.
 *
 * Every prerendered page, of either mode, gets the "Other Projects" draw
 * as a plain inline script in the empty holder right after their list, so
 * that the random choice is made before the first paint (the page's CSP
 * hashes it); a hydrating page keeps it (React leaves the holder's content
 * as it finds it).
 */

/** The behaviour modules' files in the client folder, by name: written by the client build, read by the pages' steps. */
export const BEHAVIOURS_FILE = ".behaviours.json";

export interface BehaviourFiles {
  /** each behaviour's module (`/assets/...`), by name: the same file for every one (pipeline/behaviour-entries.ts) */
  modules: Partial<Record<BehaviourModule, string>>;
  /** the chunks a module imports statically (what the modules share), preloaded beside it */
  imports: Record<string, string[]>;
}

export class IslandsError extends Error {}

/** The client build's behaviour files (`/assets/...`); null when the build wrote none (a build before this step). */
export async function readBehaviourFiles(clientDir: string): Promise<BehaviourFiles | null> {
  const text = await readFile(path.join(clientDir, BEHAVIOURS_FILE), "utf8").catch(() => null);
  return text === null ? null : (JSON.parse(text) as BehaviourFiles);
}

/** The behaviours the page's markup has, in the order met. */
export function behavioursOf(page: HtmlPage): string[] {
  const names = new Set<string>();
  for (const element of page.elementsWithAttribute(BEHAVIOUR_ATTRIBUTE)) {
    for (const name of attributeTokens(element, BEHAVIOUR_ATTRIBUTE)) names.add(name);
  }
  return [...names];
}

/** React Router's inline scripts that exist for hydration: its context, the data stream, its scroll restoration. */
function isHydrationScript(page: HtmlPage, script: HtmlElement): boolean {
  if (scriptType(script) !== "") return false;
  const text = page.contentOf(script).trimStart();
  return text.startsWith("window.__reactRouterContext") || text.includes('"react-router-scroll-positions"');
}

const INLINE = new Set<string>(INLINE_BEHAVIOURS);

/**
 * Where the engine has speculation rules (Chromium), a link to one of the site's pages is prefetched once the
 * visitor shows intent (a pointer resting on it, `moderate`): what React Router's `prefetch="intent"` did on a
 * hydrated page. The page's CSP hashes the rules as it hashes scripts (pipeline/csp.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: "document", where: { href_matches: "/*" }, eagerness: "moderate" }],
});

/** The draw of the "Other Projects" into each holder after their list, unless the page has it already (a second run). */
function drawEdits(page: HtmlPage): HtmlEdit[] {
  if (page.inlineScripts().some((script) => page.contentOf(script) === OTHER_PROJECTS_DRAW_SCRIPT)) return [];
  return page
    .elementsWithAttribute(BEHAVIOUR_ATTRIBUTE)
    .filter((element) => attributeTokens(element, BEHAVIOUR_ATTRIBUTE).includes("other-projects"))
    .map((holder) => prependContent(holder, `<script>${OTHER_PROJECTS_DRAW_SCRIPT}</script>`));
}

/**
 * The edits that make one prerendered page of a production build (`files`
 * from its client build) run without React where its behaviours allow;
 * `files` null for a preview build, whose pages keep React (they get the
 * inline draws only). With them, whether the page leaves React out (it then
 * ships the behaviours' module instead) and the behaviours that keep it
 * hydrated, if any.
 */
export function islandsEdits(page: HtmlPage, files: BehaviourFiles | null) {
  const draws = drawEdits(page);
  const names = behavioursOf(page);
  if (files === null) return { edits: draws, withoutFramework: false, needsReact: [] };
  const needsReact = names.filter((name) => !INLINE.has(name) && !files.modules[name as BehaviourModule]);
  const moduleScripts = page.moduleScripts();
  // nothing to take out (a page that never had React's scripts, or a second run), or a behaviour without a module
  if (needsReact.length > 0 || moduleScripts.length === 0) {
    return { edits: draws, withoutFramework: false, needsReact };
  }
  // every behaviour is in one module today (app/behaviours/start-page.ts): asked for once
  const modules = [...new Set(names.flatMap((name) => files.modules[name as BehaviourModule] ?? []))];
  // what the modules import, asked for with them rather than a round trip after them
  const imports = [...new Set(modules.flatMap((file) => files.imports[file] ?? []))];
  if (!page.head) throw new IslandsError("the page has no <head> for its behaviour modules");
  // last in the head: deferred, they wait for the parser anyway, and asked for before the font's preload they took
  // the six connections an HTTP/1.1 server gives, so the font came a round trip later and relaid the page out
  const head = appendContent(
    page.head,
    modules.map((file) => `<script type="module" src="${file}"></script>`).join("") +
      imports.map((file) => `<link rel="modulepreload" href="${file}">`).join("") +
      `<script type="speculationrules">${SPECULATION_RULES}</script>`,
  );
  const hydration = page.inlineScripts().filter((script) => isHydrationScript(page, script));
  return {
    edits: [
      ...draws,
      head,
      ...moduleScripts.map(removeNode),
      ...page.modulePreloads().map(removeNode),
      ...hydration.map(removeNode),
    ],
    withoutFramework: true,
    needsReact: [],
  };
}

/** The behaviour modules a page's markup loads (for the tests). */
export function behaviourModuleSources(page: HtmlPage): string[] {
  return page
    .elementsNamed("script")
    .filter((script) => scriptType(script) === "module")
    .flatMap((script) => attribute(script, "src") ?? []);
}
