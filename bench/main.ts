import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ArgsError, growthTimeoutMs, parseArgs, USAGE, type BenchArgs } from "./args";
import { chromiumVersion } from "./browser";
import { REPO } from "./build";
import { BenchContext } from "./context";
import { fmtMs } from "./format";
import {
  countVerdicts,
  failedSection,
  mergeReports,
  renderMarkdown,
  SECTION_TITLES,
  summaryTable,
  type Report,
  type SectionId,
  type SectionOutput,
  type SectionResult,
} from "./report";
import { bundleSection } from "./sections/bundle";
import { enginesSection } from "./sections/engines";
import { firstVisitSection } from "./sections/first-visit";
import { growthSection } from "./sections/growth";
import { isolationSection } from "./sections/isolation";
import { lighthouseSection } from "./sections/lighthouse";
import { navigationSection } from "./sections/navigation";
import { publishSection } from "./sections/publish";
import { requestsSection } from "./sections/requests";
import { serviceSection } from "./sections/service";
import { ensureChromium } from "../test-support/ensure-chromium";

/**
 * `npm run bench [-- --only lighthouse,growth]`: builds what it needs in temp
 * folders, starts its servers on 127.0.0.1 and free ports, measures, stops
 * them, and writes bench-report/report.md and report.json (docs/benchmarks.md
 * explains the figures). A failing section is reported as failed and the
 * others still run; missed targets are reported, not thrown. The exit code
 * is non-zero only when the harness itself breaks.
 */

const SECTIONS: Record<SectionId, (ctx: BenchContext) => Promise<SectionOutput>> = {
  lighthouse: lighthouseSection,
  "first-visit": firstVisitSection,
  navigation: navigationSection,
  engines: enginesSection,
  requests: requestsSection,
  growth: growthSection,
  bundle: bundleSection,
  service: serviceSection,
  isolation: isolationSection,
  publish: publishSection,
};

const reportDir = path.join(REPO, "bench-report");
const started = performance.now();

function log(message: string): void {
  const elapsed = ((performance.now() - started) / 1000).toFixed(0).padStart(5);
  console.info(`[bench ${elapsed} s] ${message}`);
}

async function gitCommit(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO });
    const { stdout: status } = await promisify(execFile)("git", ["status", "--porcelain"], { cwd: REPO });
    return `${stdout.trim()}${status.trim() ? " + uncommitted changes" : ""}`;
  } catch {
    return "unknown";
  }
}

function lighthouseVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require("lighthouse/package.json") as { version: string }).version;
  } catch {
    return "unknown";
  }
}

// module-level: the signal handlers clean up what the run has made so far
let context: BenchContext | undefined;
let tempDir: string | undefined;

async function cleanup(): Promise<void> {
  await context?.cleanup();
  if (tempDir) await rm(tempDir, { recursive: true, force: true }).catch(() => undefined);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

/** The report's facts about the run: when, which commit, the machine and the tools. */
async function reportMeta(args: BenchArgs, chromium: string): Promise<Report["meta"]> {
  return {
    generatedAt: new Date().toISOString(),
    commit: await gitCommit(),
    node: process.version,
    chromium,
    lighthouse: lighthouseVersion(),
    cpus: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    runs: args.runs,
    sections: args.sections,
  };
}

/** One section, timed, the machine's load average sampled while it runs; a section that throws is reported failed. */
async function runSection(id: SectionId, context: BenchContext): Promise<SectionResult> {
  const sectionStarted = new Date();
  const loadAtStart = os.loadavg()[0] ?? 0;
  let maxLoad = loadAtStart;
  const loadSampler = setInterval(() => (maxLoad = Math.max(maxLoad, os.loadavg()[0] ?? 0)), 5000);
  log(`== ${id}: ${SECTION_TITLES[id]}`);
  let result: SectionResult;
  try {
    const output = await SECTIONS[id](context);
    result = {
      id,
      title: SECTION_TITLES[id],
      status: "ok",
      startedAt: sectionStarted.toISOString(),
      durationMs: Date.now() - sectionStarted.getTime(),
      ...output,
    };
  } catch (error) {
    console.error(`bench: section ${id} failed:`, error);
    result = failedSection(id, sectionStarted, error);
  }
  clearInterval(loadSampler);
  result.loadAverage = [loadAtStart, os.loadavg()[0] ?? 0];
  result.maxLoadAverage = Math.max(maxLoad, ...result.loadAverage);
  return result;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof ArgsError) {
      console.error(`bench: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    console.info(USAGE);
    return 0;
  }

  const chromePath = await ensureChromium();
  const chromium = await chromiumVersion(chromePath);
  tempDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-"));
  await mkdir(reportDir, { recursive: true });
  const options = {
    ...args,
    growthTimeoutMs: (articles: number) => growthTimeoutMs(articles, args.growthTimeoutMinutes),
  };
  context = new BenchContext(options, chromePath, tempDir, reportDir, log);
  log(
    `sections: ${args.sections.join(", ")}; ${args.runs} Lighthouse run(s); sizes ${args.sizes.join(", ")}; ${chromium}; temp ${tempDir}`,
  );

  const report: Report = { meta: await reportMeta(args, chromium), sections: {} };

  for (const id of args.sections) {
    const result = await runSection(id, context);
    report.sections[id] = result;
    log(`== ${id}: ${result.status} in ${fmtMs(result.durationMs)}`);
    // written after every section: a later crash keeps what was measured
    await writeReport(report);
  }

  const merged = await writeReport(report);
  const counts = countVerdicts(merged);
  console.info(`\n${summaryTable(merged)}\n`);
  log(
    `targets: ${counts.pass} met, ${counts.fail} not met, ${counts.error} section error(s); report: ${path.relative(process.cwd(), path.join(reportDir, "report.md"))}`,
  );
  return 0;
}

async function writeReport(report: Report): Promise<Report> {
  const jsonFile = path.join(reportDir, "report.json");
  // none, or unreadable: nothing to keep
  const previous = await readFile(jsonFile, "utf8")
    .then((text) => JSON.parse(text) as Report)
    .catch(() => null);
  // the previous file may be this run's own earlier write: current sections win either way
  const merged = mergeReports(previous, report);
  await writeFile(jsonFile, `${JSON.stringify(merged, null, 2)}\n`);
  await writeFile(path.join(reportDir, "report.md"), renderMarkdown(merged));
  return merged;
}

const exitCode = await main().catch((error: unknown) => {
  console.error("bench: the harness failed:", error);
  return 1;
});
await cleanup();
process.exit(exitCode);
