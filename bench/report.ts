import { fmtMs, markdownTable } from "./format";
import { verdictMark, type Verdict } from "./targets";

/** The bench report: one result per section, rendered to report.md and kept as report.json. */

/** The sections in the order they run and are reported, with their titles. */
export const SECTION_TITLES = {
  lighthouse: "Lighthouse: site, floor and client-only rendering",
  "first-visit": "First visit: long tasks, hydration start and bytes",
  navigation: "From a gallery tile to its article: tap to LCP",
  engines: "Hydration start in Firefox and WebKit",
  requests: "Content API requests",
  growth: "Growth with the number of articles",
  bundle: "First-load JS/CSS and bytes transferred",
  service: "Content service throughput and image service",
  isolation: "Pages while the content service works hard",
  publish: "Publish to live: webhook to prerendered HTML",
} as const;
export type SectionId = keyof typeof SECTION_TITLES;
export const SECTION_IDS = Object.keys(SECTION_TITLES) as readonly SectionId[];

export interface SummaryRow {
  figure: string;
  value: string;
  target: string;
  verdict: Verdict;
}

/** What a section hands back; the harness adds status, timing and the title. */
export type SectionOutput = Pick<SectionResult, "summary" | "markdown"> & { data: unknown };

export interface SectionResult {
  id: SectionId;
  title: string;
  status: "ok" | "failed";
  startedAt: string;
  durationMs: number;
  /** The machine's 1-minute load average when the section started and ended (other work skews every figure). */
  loadAverage?: [number, number];
  /** The highest 1-minute load average sampled (every 5 s) during the section. */
  maxLoadAverage?: number;
  error?: string;
  summary: SummaryRow[];
  /** The section's details, Markdown. */
  markdown: string;
  data?: unknown;
}

export interface ReportMeta {
  generatedAt: string;
  commit: string;
  node: string;
  chromium: string;
  lighthouse: string;
  cpus: number;
  memoryGB: number;
  runs: number;
  sections: SectionId[];
}

export interface Report {
  meta: ReportMeta;
  sections: Partial<Record<SectionId, SectionResult>>;
}

/** Keeps the sections of an earlier report that this run did not redo. */
export function mergeReports(previous: Report | null, current: Report): Report {
  if (!previous) return current;
  const sections: Partial<Record<SectionId, SectionResult>> = {};
  for (const id of SECTION_IDS) {
    const section = current.sections[id] ?? previous.sections[id];
    if (section) sections[id] = section;
  }
  return { meta: current.meta, sections };
}

export function failedSection(id: SectionId, startedAt: Date, error: unknown): SectionResult {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const firstLine = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
  return {
    id,
    title: SECTION_TITLES[id],
    status: "failed",
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    error: message,
    summary: [
      {
        figure: SECTION_TITLES[id],
        value: `section failed: ${firstLine.slice(0, 200)}`,
        target: "",
        verdict: "error",
      },
    ],
    markdown: "",
  };
}

/** Every section's summary rows, in the sections' order. */
export function summaryRows(report: Report): SummaryRow[] {
  return SECTION_IDS.flatMap((id) => report.sections[id]?.summary ?? []);
}

export function summaryTable(report: Report): string {
  return markdownTable(
    ["figure", "value", "target", ""],
    summaryRows(report).map((row) => [row.figure, row.value, row.target || "–", verdictMark(row.verdict)]),
  );
}

export function countVerdicts(report: Report): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { pass: 0, fail: 0, info: 0, error: 0 };
  for (const row of summaryRows(report)) counts[row.verdict] += 1;
  return counts;
}

export function renderMarkdown(report: Report): string {
  const { meta } = report;
  const counts = countVerdicts(report);
  const out: string[] = [];
  out.push("# Benchmark report", "");
  out.push(
    `Generated ${meta.generatedAt} from commit \`${meta.commit}\` on Node ${meta.node}, ${meta.chromium}, ` +
      `Lighthouse ${meta.lighthouse}, ${meta.cpus} cores, ${meta.memoryGB} GB; ${meta.runs} Lighthouse run(s) per figure (median). ` +
      `How to read it: docs/benchmarks.md.`,
    "",
  );
  out.push(`Targets: ${counts.pass} met, ${counts.fail} not met, ${counts.error} section error(s).`, "");
  out.push("## Summary", "", summaryTable(report), "");
  for (const id of SECTION_IDS) {
    const section = report.sections[id];
    if (!section) continue;
    out.push(`## ${section.title}`, "");
    const rerun = meta.sections.includes(id) ? "" : " (kept from an earlier run)";
    const load = section.loadAverage
      ? `, load average ${section.loadAverage[0].toFixed(1)} → ${section.loadAverage[1].toFixed(1)}` +
        (section.maxLoadAverage !== undefined ? ` (highest ${section.maxLoadAverage.toFixed(1)})` : "")
      : "";
    out.push(
      `_Section \`${id}\`: ${section.status}, started ${section.startedAt}, took ${fmtMs(section.durationMs)}${load}${rerun}._`,
      "",
    );
    if (section.loadAverage && Math.max(...section.loadAverage, section.maxLoadAverage ?? 0) > meta.cpus) {
      out.push(
        `> **The machine was busy** (load average above its ${meta.cpus} cores) during this section: other work competed ` +
          "for the CPU, so timings, TBT and Lighthouse performance scores are worse than on a quiet machine. Rerun it alone to confirm.",
        "",
      );
    }
    if (section.status === "failed") {
      out.push("**This section failed:**", "", "```", (section.error ?? "unknown error").slice(0, 4000), "```", "");
    }
    if (section.markdown.trim()) out.push(section.markdown.trim(), "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
