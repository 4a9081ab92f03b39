import path from "node:path";
import { expect, test } from "@playwright/test";
import { x } from "tinyexec";
import { CLIENT_DIR, listHtmlFiles } from "../release/layout";
import { hostsEnv } from "./hosts";

/**
 * Every HTML file of the production build is valid HTML by the Nu Html
 * Checker (the W3C's validator, npm `vnu-jar`, on Java): no error at all,
 * besides the CSS the checker does not know yet, named one by one below.
 */

const env = hostsEnv();

/**
 * Errors the checker reports on valid CSS it does not know yet (vnu-jar 26.9): each is a message the checker
 * prints for one property, at-rule or unit, and what it is.
 */
const UNKNOWN_CSS: ReadonlyArray<{ message: string; extract?: RegExp; why: string }> = [
  { message: "CSS: “container-type”: Property “container-type” doesn't exist.", why: "container queries" },
  { message: "CSS: “max-width”: Unknown dimension.", why: "container query units (cqw)" },
  { message: "CSS: “max-height”: Unknown dimension.", why: "container query units (cqh)" },
  { message: "CSS: Unrecognized at-rule “@view-transition”", why: "cross-document view transitions" },
  { message: "CSS: “font-size”: Parse Error.", why: "calc() nested in clamp() with var()" },
  { message: "CSS: “width”: Parse Error.", why: "calc() nested in min() with var()" },
  {
    message: "CSS: “animation-timeline”: Property “animation-timeline” doesn't exist.",
    why: "scroll-driven animations",
  },
  { message: "CSS: “animation-range”: Property “animation-range” doesn't exist.", why: "scroll-driven animations" },
  { message: "CSS: “view-timeline”: Property “view-timeline” doesn't exist.", why: "scroll-driven animations" },
  { message: "CSS: “timeline-scope”: Property “timeline-scope” doesn't exist.", why: "scroll-driven animations" },
  {
    message: "CSS: “view-transition-name”: Property “view-transition-name” doesn't exist.",
    why: "view transitions (the pages' whole style is inline: decision 0016)",
  },
  {
    // a parse error only where the checker's extract (about 30 characters) shows a view transition's pseudo-element
    message: "CSS: Parse Error.",
    extract: /::view-transi|ransition-(group|old|new)\(|\(article-hero\)[{,]/,
    why: "view transitions' pseudo-elements (::view-transition-group() and the others)",
  },
];

const isUnknownCss = (known: (typeof UNKNOWN_CSS)[number], message: NuMessage) =>
  known.message === message.message && (known.extract?.test(message.extract ?? "") ?? true);

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Runs the checker over the files; its report is JSON on stderr (`--format json`), whatever its exit code. */
async function checkFiles(files: string[]): Promise<NuMessage[]> {
  const { stderr: report } = await x(env.java, ["-jar", env.vnuJar, "--errors-only", "--format", "json", ...files], {
    nodePath: false,
    nodeOptions: { stdio: ["ignore", "ignore", "pipe"] },
  });
  try {
    return (JSON.parse(report) as { messages: NuMessage[] }).messages;
  } catch {
    throw new Error(`the Nu checker's report is not JSON:\n${report.slice(0, 2000)}`);
  }
}

test("every page of the production build is valid HTML (the Nu Html Checker)", async () => {
  test.setTimeout(300_000);
  const clientDir = path.join(env.buildDir, CLIENT_DIR);
  const files = (await listHtmlFiles(clientDir)).map((relative) => path.join(clientDir, relative));
  expect(files.length).toBeGreaterThan(70);
  const messages = await checkFiles(files);
  const errors = messages.filter((message) => !UNKNOWN_CSS.some((known) => isUnknownCss(known, message)));
  const described = errors.map(
    (error) =>
      `${path.relative(clientDir, decodeURIComponent(new URL(error.url ?? "file:///?").pathname))}:${error.lastLine ?? "?"}: ` +
      `${error.message} [${(error.extract ?? "").slice(0, 120)}]`,
  );
  expect(described.slice(0, 40), `${errors.length} error(s)`).toEqual([]);
  // the list names only what the checker still reports: a fixed checker or a dropped rule shortens it
  const stale = UNKNOWN_CSS.filter((known) => !messages.some((message) => isUnknownCss(known, message)));
  expect(stale.map((known) => known.message)).toEqual([]);
});
