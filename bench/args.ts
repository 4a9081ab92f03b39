import type { Route } from "./context";
import { SECTION_IDS, type SectionId } from "./report";

/** Command line and environment of `npm run bench`; pure, tested in args.test.ts. */

export interface BenchArgs {
  sections: SectionId[];
  runs: number;
  sizes: number[];
  /** Article counts of the publish section. */
  publishSizes: number[];
  loadSeconds: number;
  loadConnections: number;
  /** Minutes; overrides the per-size default for every growth build. */
  growthTimeoutMinutes: number | null;
  /** A git revision built beside the work tree on the same content, for growth and the page-level sections; null: none. */
  baseline: string | null;
  /** The labels of the routes the page-level sections measure (BENCH_ROUTES); null: every route. */
  routes: string[] | null;
  help: boolean;
}

export const DEFAULT_SIZES = [30, 300, 1000, 10000];
export const DEFAULT_PUBLISH_SIZES = [30, 1000, 10000];

export const USAGE = `npm run bench [-- --only SECTION[,SECTION...]]

Sections: ${SECTION_IDS.join(", ")} (default: all). Writes bench-report/report.md and
bench-report/report.json; sections not run this time are kept from the previous report.

Environment:
  BENCH_RUNS=3                      Lighthouse runs per figure, page loads per route (median)
  BENCH_SIZES=30,300,1000,10000     article counts of the growth section
  BENCH_PUBLISH_SIZES=30,1000,10000 article counts of the publish section
  BENCH_GROWTH_TIMEOUT_MIN=         hard timeout per growth build (default: max(5 min, 90 ms per article))
  BENCH_BASELINE=                   a commit built beside the work tree, on the same content (growth, lighthouse, first-visit, navigation, bundle)
  BENCH_LOAD_SECONDS=10             duration of the content service load test
  BENCH_CONNECTIONS=50              its concurrent connections
  BENCH_CONTENT_VERSION=published   content version of the builds (draft = the preview build)
  BENCH_ROUTES=                     only these routes, by their labels in the tables ("article,en article"; default: all)
  CHROME_PATH=                      the Chromium to drive (default: Debian's, installed if missing)`;

const ALIASES: Record<string, SectionId> = {
  "content-service": "service",
  lh: "lighthouse",
  bytes: "bundle",
  "long-tasks": "first-visit",
  hydration: "first-visit",
  "cross-engine": "engines",
  firefox: "engines",
  webkit: "engines",
};

export class ArgsError extends Error {}

function positiveInt(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ArgsError(`${name} must be an integer of at least ${min}, not "${raw}"`);
  return value;
}

/** The items of a comma-separated list, trimmed, empty ones left out. */
const itemsOf = (list: string) =>
  list
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export function parseSections(list: string): SectionId[] {
  const ids = new Set<SectionId>();
  for (const raw of itemsOf(list.toLowerCase())) {
    const id = (SECTION_IDS as readonly string[]).includes(raw) ? (raw as SectionId) : ALIASES[raw];
    if (!id) throw new ArgsError(`unknown section "${raw}"; sections: ${SECTION_IDS.join(", ")}`);
    ids.add(id);
  }
  if (ids.size === 0) throw new ArgsError("--only needs at least one section");
  return SECTION_IDS.filter((id) => ids.has(id));
}

export function parseSizes(raw: string | undefined, defaults: readonly number[] = DEFAULT_SIZES): number[] {
  if (raw === undefined || raw.trim() === "") return [...defaults];
  const sizes = itemsOf(raw.replace(/_/g, "")).map(Number);
  for (const size of sizes) {
    // the generator needs at least 10 articles
    if (!Number.isInteger(size) || size < 10)
      throw new ArgsError(`BENCH_SIZES must list integers of at least 10, not "${raw}"`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** A git revision as the bench hands it to git: no option, no white space (`a9833ae`, `main~3`, `v1.2`). */
export function parseBaseline(raw: string | undefined): string | null {
  const revision = raw?.trim();
  if (!revision) return null;
  if (!/^[\w./~^-]+$/.test(revision) || revision.startsWith("-"))
    throw new ArgsError(`BENCH_BASELINE must be a git revision (a commit, branch or tag), not "${raw}"`);
  return revision;
}

/** BENCH_ROUTES: comma-separated route labels (checked against the routes once the content is listed). */
export function parseRoutes(raw: string | undefined): string[] | null {
  const labels = itemsOf(raw ?? "");
  return labels.length > 0 ? labels : null;
}

/** The routes of `labels` (all for null); a label no route has is an error that names the ones there are. */
export function selectRoutes(routes: Route[], labels: readonly string[] | null): Route[] {
  if (!labels) return routes;
  const unknown = labels.filter((label) => !routes.some((route) => route.label === label));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_ROUTES: no route "${unknown.join('", "')}"; the routes are ${routes.map((r) => `"${r.label}"`).join(", ")}`,
    );
  return routes.filter((route) => labels.includes(route.label));
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): BenchArgs {
  let sections: SectionId[] = [...SECTION_IDS];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") help = true;
    else if (arg === "--only") {
      const value = argv[++i];
      if (value === undefined) throw new ArgsError("--only needs a list of sections");
      sections = parseSections(value);
    } else if (arg.startsWith("--only=")) sections = parseSections(arg.slice("--only=".length));
    else throw new ArgsError(`unknown argument "${arg}"`);
  }
  const timeout = env.BENCH_GROWTH_TIMEOUT_MIN?.trim();
  return {
    sections,
    runs: positiveInt("BENCH_RUNS", env.BENCH_RUNS, 3),
    sizes: parseSizes(env.BENCH_SIZES),
    publishSizes: parseSizes(env.BENCH_PUBLISH_SIZES, DEFAULT_PUBLISH_SIZES),
    loadSeconds: positiveInt("BENCH_LOAD_SECONDS", env.BENCH_LOAD_SECONDS, 10),
    loadConnections: positiveInt("BENCH_CONNECTIONS", env.BENCH_CONNECTIONS, 50),
    growthTimeoutMinutes: timeout ? positiveInt("BENCH_GROWTH_TIMEOUT_MIN", timeout, 15) : null,
    baseline: parseBaseline(env.BENCH_BASELINE),
    routes: parseRoutes(env.BENCH_ROUTES),
    help,
  };
}

/** Hard timeout of one growth build: 90 ms per article (15 min for 10,000), at least 5 min. */
export function growthTimeoutMs(articles: number, overrideMinutes: number | null): number {
  if (overrideMinutes !== null) return overrideMinutes * 60_000;
  return Math.max(5 * 60_000, articles * 90);
}
