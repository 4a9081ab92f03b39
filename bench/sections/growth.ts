import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { StepTime } from "../../pipeline/step-times";
import { createWorkspaceAt, productionEnv, runBuild, type BuildResult } from "../build";
import type { BenchContext } from "../context";
import { columnTable, countsText, fmtInt, fmtMB, fmtMs, markdownTable, MB } from "../format";
import { measureEachSize, type GeneratedSize } from "../generated-sizes";
import { countIndexReferences, specRequestsForAllPages } from "../spec-requests";
import { slope } from "../stats";
import type { SectionOutput, SummaryRow } from "../report";
import {
  atMost,
  below,
  memoryGrowthBySize,
  memoryGrowthVerdict,
  TARGETS,
  type MemoryGrowth,
  type Verdict,
} from "../targets";

/**
 * Build time, peak memory of the build's process tree and content API
 * requests for generated content sets of growing size (tools/generate-content.ts,
 * media shared from content/assets), each in a temp folder removed afterwards.
 */

export interface SizeResult {
  articles: number;
  /** What was built: "this tree", or the baseline's commit (BENCH_BASELINE). */
  label: string;
  status: "ok" | "timeout" | "failed";
  error?: string;
  generateMs: number;
  stories: number;
  contentBytes: number;
  indexReferences: number;
  buildMs: number | null;
  peakRssBytes: number | null;
  /** The peak while Vite bundles and the stories are listed, while the pages are prerendered, and in the last step. */
  peakRssBytesByPhase: { bundle: number | null; pages: number | null; lastStep: number | null };
  /** Wall time of the same phases. */
  phaseMs: BuildResult["phaseMs"];
  /** The steps' times from the build's events file (none from a commit before pipeline/build-events.ts). */
  stepTimes: StepTime[];
  apiRequests: number | null;
  reportedRequests: number | null;
  pagesPrerendered: number;
  specRequests: number;
  timeoutMs: number;
  /** API requests of the build by kind. */
  requestKinds: Record<string, number>;
}

async function jsonBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".json"))
      total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function measureSize(ctx: BenchContext, base: SizeResult, size: GeneratedSize): Promise<void> {
  const { workspace, articles, contentDir, content } = size;
  const { timeoutMs } = base;
  base.generateMs = size.generateMs;
  base.stories = size.stories;
  base.contentBytes = await jsonBytes(path.join(contentDir, "stories"));
  base.indexReferences = countIndexReferences(
    JSON.parse(await readFile(path.join(contentDir, "stories", "index.json"), "utf8")),
  );
  base.specRequests = specRequestsForAllPages(articles, base.indexReferences);

  const name = `growth ${fmtInt(articles)} (${base.label})`;
  ctx.log(`${name}: ${fmtMB(base.contentBytes)} JSON; building (timeout ${fmtMs(timeoutMs)}) ...`);
  const before = await content.checkpoint();
  const kindsBefore = content.apiRequestKinds();
  const build = await runBuild({
    workspace,
    contentPort: content.port,
    contentDir,
    timeoutMs,
    // no site runs on it; the origin only goes into canonical links and the sitemap
    env: productionEnv("http://127.0.0.1:3000"),
    progressEveryMs: 20_000,
    onProgress: (p) =>
      ctx.log(
        // pages as the build reports them when its prerender ends (each language's, the SPA fallback)
        `${name}: ${fmtMs(p.elapsedMs)}, ${fmtInt(p.pages)} pages prerendered, ` +
          `RSS ${fmtMB(p.rssBytes)}, ${fmtInt(content.apiRequests - before)} API requests`,
      ),
  });
  const apiRequests = (await content.checkpoint()) - before;
  base.requestKinds = content.apiRequestKinds(kindsBefore);
  base.buildMs = build.durationMs;
  base.peakRssBytes = build.peakRssBytes;
  base.peakRssBytesByPhase = build.peakRssBytesByPhase;
  base.phaseMs = build.phaseMs;
  base.stepTimes = build.stepTimes;
  base.apiRequests = apiRequests;
  base.reportedRequests = build.reportedRequests;
  base.pagesPrerendered = build.pagesPrerendered;
  if (build.ok) base.status = "ok";
  else if (build.timedOut) {
    base.status = "timeout";
    base.error = `stopped after ${fmtMs(timeoutMs)} with ${fmtInt(build.pagesPrerendered)} pages prerendered`;
  } else {
    base.error = `build failed with exit code ${build.exitCode}:\n${build.outputTail}`;
  }
  ctx.log(
    `${name}: ${base.status}, ${fmtMs(build.durationMs)}, peak RSS ${fmtMB(build.peakRssBytes)}, ` +
      `${fmtInt(apiRequests)} API requests`,
  );
}

const THIS_TREE = "this tree";

/** A size before it is measured: failed until it builds. */
export function initialResult(articles: number, timeoutMs: number, label = THIS_TREE): SizeResult {
  return {
    articles,
    label,
    status: "failed",
    generateMs: 0,
    stories: 0,
    contentBytes: 0,
    indexReferences: 0,
    buildMs: null,
    peakRssBytes: null,
    peakRssBytesByPhase: { bundle: null, pages: null, lastStep: null },
    phaseMs: { bundle: null, pages: null, lastStep: null },
    stepTimes: [],
    apiRequests: null,
    reportedRequests: null,
    pagesPrerendered: 0,
    specRequests: 0,
    timeoutMs,
    requestKinds: {},
  };
}

/**
 * The baseline's build of one size (BENCH_BASELINE), before the work
 * tree's on the same content and service; its build/ removed afterwards.
 */
async function measureBaseline(ctx: BenchContext, baseline: { dir: string; commit: string }, size: GeneratedSize) {
  const result = initialResult(
    size.articles,
    ctx.options.growthTimeoutMs(size.articles),
    `baseline ${baseline.commit.slice(0, 7)}`,
  );
  try {
    await measureSize(ctx, result, { ...size, workspace: baseline.dir });
  } catch (error) {
    result.status = "failed";
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await rm(path.join(baseline.dir, "build"), { recursive: true, force: true });
  }
  return result;
}

/** Each figure of the baseline's build beside the work tree's, size by size. */
function sideBySideTable(baselines: readonly SizeResult[], results: readonly SizeResult[]): string {
  const rows: string[][] = [];
  for (const current of results) {
    const before = baselines.find((r) => r.articles === current.articles);
    if (!before) continue;
    const row = (figure: string, value: (r: SizeResult) => number | null, format: (n: number | null) => string) => {
      const [a, b] = [value(before), value(current)];
      const change = a !== null && b !== null && a > 0 ? `${((b / a - 1) * 100).toFixed(0)} %` : "–";
      rows.push([fmtInt(current.articles), figure, format(a), format(b), change]);
    };
    const ok = (r: SizeResult) => r.status === "ok";
    row("whole build", (r) => (ok(r) ? r.buildMs : null), fmtMs);
    row("Vite's bundling and the listing (to prerendering)", (r) => r.phaseMs.bundle, fmtMs);
    row("the pages (to the content request count)", (r) => r.phaseMs.pages, fmtMs);
    row("after the pages (to the end)", (r) => r.phaseMs.lastStep, fmtMs);
    const steps = [...new Set([...current.stepTimes, ...before.stepTimes].map((time) => time.step))];
    for (const step of steps) {
      const timeOf = (r: SizeResult) => r.stepTimes.find((time) => time.step === step);
      row(`step: ${step}`, (r) => timeOf(r)?.ms ?? null, fmtMs);
      // CPU time, which a machine busy with other work does not stretch as it does the wall time
      const cpuOf = (r: SizeResult) => timeOf(r)?.cpuMs ?? null;
      if ([before, current].some((r) => cpuOf(r) !== null)) row(`step: ${step} (CPU)`, cpuOf, fmtMs);
    }
    row("peak RSS", (r) => r.peakRssBytes, fmtMB);
    row("API requests", (r) => r.apiRequests, fmtInt);
  }
  const label = baselines[0]?.label ?? "baseline";
  return markdownTable(["articles", "figure", label, THIS_TREE, "change"], rows);
}

/** Each size of BENCH_SIZES built from the work tree, with BENCH_BASELINE the baseline's build of it first. */
async function measureGrowth(ctx: BenchContext) {
  const baseline = ctx.options.baseline
    ? await createWorkspaceAt(path.join(ctx.tempDir, "growth-baseline"), ctx.options.baseline)
    : null;
  const baselines: SizeResult[] = [];
  const results = await measureEachSize(ctx, {
    section: "growth",
    sizes: ctx.options.sizes,
    initial: (articles) => initialResult(articles, ctx.options.growthTimeoutMs(articles)),
    measure: async (result, size) => {
      if (baseline) baselines.push(await measureBaseline(ctx, baseline, size));
      await measureSize(ctx, result, size);
    },
  });
  return { baseline, baselines, results };
}

/** How the peak memory grows with the content, over the sizes that built. */
function memoryFigures(results: readonly SizeResult[]) {
  const ok = results.filter((r) => r.status === "ok" && r.peakRssBytes !== null);
  const rssSlope = slope(ok.map((r) => ({ x: r.articles / 1000, y: (r.peakRssBytes ?? 0) / MB })));
  const contentSlope = slope(
    results.filter((r) => r.contentBytes > 0).map((r) => ({ x: r.articles / 1000, y: r.contentBytes / MB })),
  );
  const memoryRatio = rssSlope !== null && contentSlope ? rssSlope / contentSlope : null;
  // the target holds at each size, measured from the smallest one
  const growthBySize = memoryGrowthBySize(
    ok.map((r) => ({ articles: r.articles, peakRssBytes: r.peakRssBytes ?? 0, contentBytes: r.contentBytes })),
  );
  // the same measure from the start of prerendering on: the whole peak also holds Vite's bundling (the same
  // work at every size) and the listing of all stories
  const pagesGrowthBySize = memoryGrowthBySize(
    ok
      .filter((r) => r.peakRssBytesByPhase.pages !== null)
      .map((r) => ({
        articles: r.articles,
        peakRssBytes: Math.max(r.peakRssBytesByPhase.pages ?? 0, r.peakRssBytesByPhase.lastStep ?? 0),
        contentBytes: r.contentBytes,
      })),
  );
  return { ok, rssSlope, contentSlope, memoryRatio, growthBySize, pagesGrowthBySize };
}

type MemoryFigures = ReturnType<typeof memoryFigures>;

const growthText = (growth: readonly MemoryGrowth[]) =>
  growth
    .map(
      (g) =>
        `${fmtInt(g.from)}→${fmtInt(g.articles)}: ${g.rssMBPer1000.toFixed(1)} MB ` +
        `(content JSON ${g.contentMBPer1000.toFixed(1)} MB; ${g.ratio.toFixed(2)}×)`,
    )
    .join(" · ");

/** The build's content requests at 1,000 articles (`r1000` undefined: not among the sizes). */
function requestsRow(r1000: SizeResult | undefined): SummaryRow {
  return {
    figure: "Build content requests, 1,000 articles",
    value: r1000
      ? r1000.apiRequests === null
        ? `not measured (${r1000.status})`
        : `${fmtInt(r1000.apiRequests)} (spec approach: ${fmtInt(r1000.specRequests)})${r1000.status === "ok" ? "" : ` (${r1000.status})`}`
      : "not in BENCH_SIZES",
    target: `≤ ${TARGETS.buildRequests1000Max}`,
    verdict: r1000
      ? r1000.status === "ok"
        ? atMost(r1000.apiRequests, TARGETS.buildRequests1000Max)
        : "fail"
      : "info",
  };
}

/** The build time of size `n` against its limit, the baseline's beside it (exported for its test). */
export function buildTimeRow(
  results: readonly SizeResult[],
  baselines: readonly SizeResult[],
  n: number,
  limit: number,
): SummaryRow {
  const r = results.find((x) => x.articles === n);
  let verdict: Verdict = "info";
  let value = "not in BENCH_SIZES";
  if (r) {
    if (r.status === "ok") {
      verdict = below(r.buildMs, limit);
      value = `${fmtMs(r.buildMs)} (peak RSS ${fmtMB(r.peakRssBytes)})`;
      const before = baselines.find((b) => b.articles === n);
      if (before)
        value += `; ${before.label}: ${before.status === "ok" ? `${fmtMs(before.buildMs)} (peak RSS ${fmtMB(before.peakRssBytes)})` : before.status}`;
    } else {
      verdict = "fail";
      value =
        r.status === "timeout"
          ? `not met: stopped after ${fmtMs(r.timeoutMs)} (${fmtInt(r.pagesPrerendered)} pages done)`
          : `build failed`;
    }
  }
  return { figure: `Build time, ${fmtInt(n)} articles`, value, target: `< ${fmtMs(limit)}`, verdict };
}

function growthSummary(
  results: readonly SizeResult[],
  baselines: readonly SizeResult[],
  { growthBySize, pagesGrowthBySize }: MemoryFigures,
): SummaryRow[] {
  const summary: SummaryRow[] = [
    requestsRow(results.find((r) => r.articles === 1000)),
    buildTimeRow(results, baselines, 1000, TARGETS.build1000MaxMs),
    buildTimeRow(results, baselines, 10000, TARGETS.build10000MaxMs),
    {
      figure: "Build memory growth per 1,000 articles",
      value:
        growthBySize.length > 0
          ? growthText(growthBySize) +
            (pagesGrowthBySize.length > 0
              ? `; from the start of prerendering on: ${growthText(pagesGrowthBySize)}`
              : "")
          : "needs two sizes that built",
      target: `≤ ${TARGETS.memoryPerContentMax}× the content's JSON at each size, no heap cap`,
      verdict: memoryGrowthVerdict(growthBySize),
    },
  ];
  const others = results.filter((r) => r.articles !== 1000 && r.articles !== 10000);
  if (others.length) {
    summary.push({
      figure: "Builds of other sizes",
      value: others
        .map(
          (r) =>
            `${fmtInt(r.articles)}: ${r.status === "ok" ? `${fmtMs(r.buildMs)}, ${fmtMB(r.peakRssBytes)}, ${fmtInt(r.apiRequests)} req` : r.status}`,
        )
        .join(" · "),
      target: "–",
      verdict: others.some((r) => r.status === "failed") ? "error" : "info",
    });
  }
  return summary;
}

/** How each size was built and measured, and its figures. */
function sizesMarkdown(results: readonly SizeResult[]): string[] {
  return [
    "Each size: `generateContent({ articles: N, media: { from: content/assets } })` into a temp folder, a content service " +
      "on it (requests counted from its answers), and `react-router build` of a snapshot of the project against it " +
      "(wall time of the build command; peak RSS = the largest sum of resident memory over the build process and all its " +
      "descendants, sampled from /proc every 100 ms; split at the build's `prerender-start` event into Vite's " +
      "bundling with the listing of all stories, then at its `content-requests` event into the pages and the last step: " +
      "the build's events file, pipeline/build-events.ts). The build's own count is that event's (pipeline/preset.ts). " +
      "Hard timeout per build: " +
      results.map((r) => `${fmtInt(r.articles)}: ${fmtMs(r.timeoutMs)}`).join(", ") +
      ".",
    "",
    columnTable(results, [
      ["articles", (r) => fmtInt(r.articles)],
      ["status", (r) => r.status],
      ["stories", (r) => fmtInt(r.stories)],
      ["content JSON", (r) => fmtMB(r.contentBytes)],
      ["generate", (r) => fmtMs(r.generateMs)],
      ["build", (r) => fmtMs(r.buildMs)],
      ["peak RSS", (r) => fmtMB(r.peakRssBytes)],
      [
        "bundling and listing / pages / last step",
        ({ peakRssBytesByPhase: { bundle, pages, lastStep } }) => [bundle, pages, lastStep].map(fmtMB).join(" / "),
      ],
      ["API requests (service)", (r) => fmtInt(r.apiRequests)],
      ["build's count", (r) => fmtInt(r.reportedRequests)],
      ["spec approach", (r) => fmtInt(r.specRequests)],
      ["pages", (r) => fmtInt(r.pagesPrerendered)],
    ]),
    "",
  ];
}

/** The slopes of memory and build time over the sizes, with two or more that built. */
function memoryMarkdown({ ok, rssSlope, contentSlope, memoryRatio, growthBySize }: MemoryFigures): string[] {
  if (ok.length < 2) return [];
  return [
    `Memory: least-squares slope of peak RSS over article count ${rssSlope?.toFixed(1)} MB per 1,000 articles; ` +
      `the content's JSON grows ${contentSlope?.toFixed(1)} MB per 1,000 articles (${memoryRatio?.toFixed(1)}×). ` +
      `From the smallest size to each larger one (the target's measure): ` +
      growthBySize
        .map((g) => `${fmtInt(g.articles)}: ${g.rssMBPer1000.toFixed(1)} MB per 1,000 (${g.ratio.toFixed(2)}×)`)
        .join(", ") +
      ". " +
      `Build time per 1,000 articles: ${fmtMs(slope(ok.map((r) => ({ x: r.articles / 1000, y: r.buildMs ?? 0 }))) ?? NaN)}.`,
    "",
  ];
}

function requestKindsMarkdown(results: readonly SizeResult[]): string[] {
  return [
    "API requests of each build by kind: " +
      results.map((r) => `${fmtInt(r.articles)}: ${countsText(r.requestKinds) || "–"}`).join("; ") +
      ".",
    "",
  ];
}

/** The baseline's builds beside the work tree's, where BENCH_BASELINE names a commit. */
function baselineMarkdown(
  ctx: BenchContext,
  baseline: { commit: string } | null,
  baselines: readonly SizeResult[],
  results: readonly SizeResult[],
): string[] {
  if (!baseline) return [];
  return [
    `Side by side: each size built first at ${baseline.commit} (BENCH_BASELINE=${ctx.options.baseline}, ` +
      "the work tree's node_modules), then from the work tree, on the same content and content service. " +
      "The phases are wall time split at the build's `prerender-start` and `content-requests` events; " +
      "the steps are the build's own `step` events (pipeline/step-times.ts), with the process's CPU time " +
      "(all its threads): a commit from before the build's events file (pipeline/build-events.ts) has neither.",
    "",
    sideBySideTable(baselines, results),
    "",
  ];
}

export async function growthSection(ctx: BenchContext): Promise<SectionOutput> {
  const { baseline, baselines, results } = await measureGrowth(ctx);
  const memory = memoryFigures(results);
  const md = [
    ...sizesMarkdown(results),
    ...memoryMarkdown(memory),
    ...requestKindsMarkdown(results),
    ...baselineMarkdown(ctx, baseline, baselines, results),
  ];
  for (const r of [...baselines, ...results].filter((x) => x.error))
    md.push(`- ${fmtInt(r.articles)} articles (${r.label}): ${r.status}: \`${(r.error ?? "").split("\n")[0]}\``);
  return {
    summary: growthSummary(results, baselines, memory),
    markdown: md.join("\n"),
    data: {
      results,
      baselines,
      rssSlopeMBPer1000: memory.rssSlope,
      contentSlopeMBPer1000: memory.contentSlope,
      memoryRatio: memory.memoryRatio,
      growthBySize: memory.growthBySize,
    },
  };
}
