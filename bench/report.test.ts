import { describe, expect, it } from "vitest";
import { countVerdicts, failedSection, mergeReports, renderMarkdown, type Report } from "./report";

function report(sections: Report["sections"], ran: Report["meta"]["sections"]): Report {
  return {
    meta: {
      generatedAt: "2025-01-01T00:00:00.000Z",
      commit: "abc1234",
      node: "v20.20.0",
      chromium: "Chromium 1",
      lighthouse: "12.8.2",
      cpus: 2,
      memoryGB: 24,
      runs: 3,
      sections: ran,
    },
    sections,
  };
}

const bundle = {
  id: "bundle" as const,
  title: "First-load JS/CSS",
  status: "ok" as const,
  startedAt: "2025-01-01T00:00:00.000Z",
  durationMs: 1200,
  summary: [{ figure: "First-load JS of /", value: "120.0 KB", target: "≤ 140 KB", verdict: "pass" as const }],
  markdown: "details of bundle",
};

describe("report", () => {
  it("renders the summary table, each section and a failed section's error", () => {
    const failed = failedSection("growth", new Date(), new Error("boom\nstack"));
    const md = renderMarkdown(report({ bundle, growth: failed }, ["bundle", "growth"]));
    expect(md).toContain("| First-load JS of / | 120.0 KB | ≤ 140 KB | ✅ pass |");
    expect(md).toContain("section failed: boom");
    expect(md).toContain("**This section failed:**");
    expect(md).toContain("details of bundle");
    expect(md).toContain("Targets: 1 met, 0 not met, 1 section error(s).");
  });
  it("keeps sections of an earlier report that were not rerun, and marks them", () => {
    const previous = report({ bundle }, ["bundle"]);
    const current = report({ growth: failedSection("growth", new Date(), "x") }, ["growth"]);
    const merged = mergeReports(previous, current);
    expect(Object.keys(merged.sections).sort()).toEqual(["bundle", "growth"]);
    expect(renderMarkdown(merged)).toContain("(kept from an earlier run)");
    expect(countVerdicts(merged)).toEqual({ pass: 1, fail: 0, info: 0, error: 1 });
    expect(mergeReports(null, current)).toBe(current);
  });
});

describe("busy machine", () => {
  it("warns when the load average exceeded the cores during a section", () => {
    const md = renderMarkdown(report({ bundle: { ...bundle, loadAverage: [0.5, 5.2] } }, ["bundle"]));
    expect(md).toContain("load average 0.5 → 5.2");
    expect(md).toContain("The machine was busy");
    expect(renderMarkdown(report({ bundle: { ...bundle, loadAverage: [0.5, 1] } }, ["bundle"]))).not.toContain(
      "The machine was busy",
    );
    const spiked = renderMarkdown(
      report({ bundle: { ...bundle, loadAverage: [0.5, 1], maxLoadAverage: 9 } }, ["bundle"]),
    );
    expect(spiked).toContain("(highest 9.0)");
    expect(spiked).toContain("The machine was busy");
  });
});
