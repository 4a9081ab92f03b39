import { readFile } from "node:fs/promises";
import { stripVTControlCharacters } from "node:util";
import * as v from "valibot";
import { parseJsonWith } from "../settings/parse-json";

/** Where e2e/summary-reporter.ts writes a Playwright run's summary (run-e2e sets it for each stage). */
export const E2E_SUMMARY_FILE_VARIABLE = "E2E_SUMMARY_FILE";

/** A Playwright run's outcome as the summary reporter writes it and run-e2e reads it. */
const StageSummarySchema = v.object({
  status: v.picklist(["passed", "failed", "timedout", "interrupted"]),
  seconds: v.number(),
  passed: v.number(),
  flaky: v.number(),
  skipped: v.number(),
  /**
   * Each failed test: its project and titles, its error's first line, where it was thrown (file:line, from the
   * repository's root) and the message's next lines (an assertion's expected and received values).
   */
  failed: v.array(
    v.object({ title: v.string(), error: v.string(), at: v.optional(v.string()), detail: v.array(v.string()) }),
  ),
  /** Errors outside any test (a web server, a global setup). */
  errors: v.array(v.string()),
});
export type StageSummary = v.InferOutput<typeof StageSummarySchema>;

/** How many of a failure's lines after the first the recap shows: a short diff whole, a long one's start. */
export const DETAIL_LINES = 12;

/** The non-empty lines of an error message, without their terminal colours. */
function linesOf(message: string): string[] {
  return stripVTControlCharacters(message)
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
}

/** The first non-empty line of an error message, without its terminal colours. */
export function firstLineOf(message: string): string {
  return linesOf(message)[0]?.trim() ?? "";
}

/** The lines of an error message after its first, at most DETAIL_LINES of them. */
export function detailOf(message: string): string[] {
  return linesOf(message).slice(1, 1 + DETAIL_LINES);
}

/** A stage's summary, or undefined when its Playwright run wrote none (it ended before its reporters did). */
export async function readStageSummary(file: string): Promise<StageSummary | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  return text === undefined ? undefined : parseJsonWith(StageSummarySchema, text, file, "a Playwright run's summary");
}

/** A run's outcome in one line: its status, counts and wall time (the reporter's line and the recap's). */
export function outcomeLine({ status, passed, failed, flaky, skipped, seconds }: StageSummary): string {
  return `${status}, ${passed} passed, ${failed.length} failed, ${flaky} flaky, ${skipped} skipped in ${seconds.toFixed(1)} s`;
}

/** The recap's lines for one stage. */
export function recapLines(name: string, summary: StageSummary | undefined): string[] {
  if (!summary) return [`${name}: no summary (Playwright ended before its reporters did)`];
  return [
    `${name}: ${outcomeLine(summary)}`,
    ...summary.failed.flatMap(({ title, error, at, detail }) => [
      `  failed: ${title}: ${error}`,
      ...(at === undefined ? [] : [`    at ${at}`]),
      ...detail.map((line) => `    | ${line}`),
    ]),
    ...summary.errors.map((error) => `  error: ${error}`),
  ];
}
