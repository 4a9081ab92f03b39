import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** One line at the end: counts, wall time and the titles of failed tests. */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result);
  }

  onEnd(result: FullResult): void {
    const counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
    const failed: string[] = [];
    for (const test of this.outcomes.keys()) {
      const outcome = test.outcome();
      if (outcome === "expected") counts.passed++;
      else if (outcome === "flaky") counts.flaky++;
      else if (outcome === "skipped") counts.skipped++;
      else {
        counts.failed++;
        // the project too: the engines' projects run the same tests in Firefox and in WebKit
        const [project, ...titles] = test.titlePath().filter(Boolean);
        failed.push(`[${project}] ${titles.join(" > ")}`);
      }
    }
    const seconds = (result.duration / 1000).toFixed(1);
    console.info(
      `e2e summary: ${result.status}, ${counts.passed} passed, ${counts.failed} failed, ${counts.flaky} flaky, ${counts.skipped} skipped in ${seconds} s`,
    );
    for (const title of failed) console.info(`  failed: ${title}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
