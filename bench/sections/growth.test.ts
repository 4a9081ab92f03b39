import { describe, expect, it } from "vitest";
import { fmtMB, fmtMs } from "../format";
import { buildTimeRow, initialResult, type SizeResult } from "./growth";

/** A size's result: built in `buildMs`, or stopped or failed as `status` says. */
function sized(articles: number, fields: Partial<SizeResult>): SizeResult {
  return { ...initialResult(articles, 300_000), status: "ok", peakRssBytes: 300 * 1024 * 1024, ...fields };
}

describe("buildTimeRow", () => {
  const limit = 120_000;

  it("passes a build under the limit only, with the baseline's time beside it", () => {
    const baseline = sized(1000, { label: "baseline abc1234", buildMs: 150_000 });
    const under = buildTimeRow([sized(1000, { buildMs: 90_000 })], [baseline], 1000, limit);
    expect(under.verdict).toBe("pass");
    const rss = fmtMB(300 * 1024 * 1024);
    expect(under.value).toBe(
      `${fmtMs(90_000)} (peak RSS ${rss}); baseline abc1234: ${fmtMs(150_000)} (peak RSS ${rss})`,
    );
    expect(buildTimeRow([sized(1000, { buildMs: limit })], [], 1000, limit).verdict).toBe("fail");
  });

  it("fails a build that was stopped or failed, and says which", () => {
    const stopped = buildTimeRow([sized(1000, { status: "timeout", pagesPrerendered: 412 })], [], 1000, limit);
    expect(stopped).toMatchObject({
      verdict: "fail",
      value: `not met: stopped after ${fmtMs(300_000)} (412 pages done)`,
    });
    expect(buildTimeRow([sized(1000, { status: "failed" })], [], 1000, limit)).toMatchObject({
      verdict: "fail",
      value: "build failed",
    });
  });

  it("is only information for a size not measured", () => {
    expect(buildTimeRow([sized(100, { buildMs: 1000 })], [], 10_000, limit)).toMatchObject({
      figure: "Build time, 10,000 articles",
      value: "not in BENCH_SIZES",
      verdict: "info",
    });
  });
});
