import { writeFileSync } from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestError, TestResult } from "@playwright/test/reporter";
import {
  E2E_SUMMARY_FILE_VARIABLE,
  type StageSummary,
  detailOf,
  firstLineOf,
  outcomeLine,
} from "../test-support/stage-summary";

/**
 * One line at the end: counts, wall time and the titles of failed tests. With E2E_SUMMARY_FILE set (run-e2e sets
 * it per stage), the same as JSON, with each failure's first lines and the spec's line that threw, for run-e2e's
 * recap at the end of a whole run: a log's tail then names what failed in every stage, not only in the last.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult>();
  /** Errors outside any test: a web server that did not start, a global setup that threw. */
  private readonly runErrors: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result);
  }

  onError(error: TestError): void {
    this.runErrors.push(firstLineOf(error.message ?? error.value ?? "unknown error"));
  }

  onEnd(result: FullResult): void {
    const summary: StageSummary = {
      status: result.status,
      seconds: result.duration / 1000,
      passed: 0,
      flaky: 0,
      skipped: 0,
      failed: [],
      errors: this.runErrors,
    };
    for (const [test, last] of this.outcomes) {
      const outcome = test.outcome();
      if (outcome === "expected") summary.passed++;
      else if (outcome === "flaky") summary.flaky++;
      else if (outcome === "skipped") summary.skipped++;
      else {
        // the project too: the engines' projects run the same tests in Firefox and in WebKit
        const [project, ...titles] = test.titlePath().filter(Boolean);
        const message = last.error?.message ?? last.status;
        const location = last.error?.location;
        summary.failed.push({
          title: `[${project}] ${titles.join(" > ")}`,
          error: firstLineOf(message),
          ...(location && { at: `${path.relative(process.cwd(), location.file)}:${location.line}` }),
          detail: detailOf(message),
        });
      }
    }
    console.info(`e2e summary: ${outcomeLine(summary)}`);
    for (const { title } of summary.failed) console.info(`  failed: ${title}`);
    const file = process.env[E2E_SUMMARY_FILE_VARIABLE];
    if (file) writeFileSync(file, JSON.stringify(summary));
  }

  printsToStdio(): boolean {
    return false;
  }
}
