import path from "node:path";
import { writeFile } from "node:fs/promises";
import type { FullResult, TestCase, TestResult } from "@playwright/test/reporter";
import { afterEach, describe, expect, it, vi } from "vitest";
import SummaryReporter from "../e2e/summary-reporter";
import {
  DETAIL_LINES,
  E2E_SUMMARY_FILE_VARIABLE,
  detailOf,
  firstLineOf,
  readStageSummary,
  recapLines,
} from "./stage-summary";
import { tempDirOfTests } from "./temp-dir";

/** A test as the reporter sees it: its outcome and its title path (root, project, file, titles). */
function testCase(outcome: ReturnType<TestCase["outcome"]>, ...titles: string[]): TestCase {
  return { outcome: () => outcome, titlePath: () => ["", "browser", "a.spec.ts", ...titles] } as unknown as TestCase;
}

function result(status: TestResult["status"], message?: string, line?: number): TestResult {
  const location =
    line === undefined ? undefined : { file: path.join(process.cwd(), "e2e/a.spec.ts"), line, column: 3 };
  return { status, error: message === undefined ? undefined : { message, location } } as unknown as TestResult;
}

describe("a stage's summary, from the reporter to run-e2e's recap", () => {
  const dir = tempDirOfTests("stage-summary-");
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("names each failed test with its error's first lines and the spec's line that threw, and errors outside any test", async () => {
    const file = path.join(dir(), "stage.json");
    vi.stubEnv(E2E_SUMMARY_FILE_VARIABLE, file);
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const reporter = new SummaryReporter();
    reporter.onTestEnd(testCase("expected", "passes"), result("passed"));
    reporter.onTestEnd(testCase("skipped", "is skipped"), result("skipped"));
    reporter.onTestEnd(
      testCase("unexpected", "a group", "fails"),
      result(
        "failed",
        "\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\nExpected: \u001b[32mtrue\u001b[39m\nReceived: false",
        12,
      ),
    );
    reporter.onTestEnd(testCase("unexpected", "runs out of time"), result("timedOut"));
    reporter.onError({ message: "\nError: Timed out waiting 120000ms from config.webServer." });
    reporter.onEnd({ status: "failed", duration: 12_345 } as FullResult);

    expect(recapLines("stage 1", await readStageSummary(file))).toEqual([
      "stage 1: failed, 1 passed, 2 failed, 0 flaky, 1 skipped in 12.3 s",
      "  failed: [browser] a.spec.ts > a group > fails: Error: expect(received).toBe(expected)",
      "    at e2e/a.spec.ts:12",
      "    | Expected: true",
      "    | Received: false",
      "  failed: [browser] a.spec.ts > runs out of time: timedOut",
      "  error: Error: Timed out waiting 120000ms from config.webServer.",
    ]);
  });

  it("writes no file when run-e2e did not ask for one", async () => {
    vi.stubEnv(E2E_SUMMARY_FILE_VARIABLE, "");
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    new SummaryReporter().onEnd({ status: "passed", duration: 1_000 } as FullResult);
    expect(info).toHaveBeenCalledWith("e2e summary: passed, 0 passed, 0 failed, 0 flaky, 0 skipped in 1.0 s");
    expect(await readStageSummary(path.join(dir(), "stage.json"))).toBeUndefined();
  });

  it("says when a stage wrote no summary, and refuses one of another shape", async () => {
    expect(recapLines("stage 2", undefined)).toEqual([
      "stage 2: no summary (Playwright ended before its reporters did)",
    ]);
    const file = path.join(dir(), "other.json");
    await writeFile(file, JSON.stringify({ status: "passed" }));
    await expect(readStageSummary(file)).rejects.toThrow(`${file} is not a Playwright run's summary`);
  });

  it("takes an error's first non-empty line without its colours, and at most DETAIL_LINES after it", () => {
    expect(firstLineOf("\n  \u001b[2mexpect(locator).toBeVisible()\u001b[22m failed\nLocator: x")).toBe(
      "expect(locator).toBeVisible() failed",
    );
    expect(firstLineOf("")).toBe("");
    const diff = ["Error: toEqual", "", "  Array [", ...Array.from({ length: 20 }, (_, i) => `-   ${i}`), "  ]"];
    expect(detailOf(diff.join("\n"))).toEqual(diff.slice(2, 2 + DETAIL_LINES));
  });
});
