import { describe, expect, it } from "vitest";
import { ArgsError, growthTimeoutMs, parseArgs, parseSizes, selectRoutes } from "./args";

describe("parseArgs", () => {
  it("runs every section with the defaults", () => {
    const args = parseArgs([], {});
    expect(args.sections).toEqual([
      "lighthouse",
      "first-visit",
      "navigation",
      "engines",
      "requests",
      "growth",
      "bundle",
      "service",
      "isolation",
      "publish",
    ]);
    expect(args.runs).toBe(3);
    expect(args.sizes).toEqual([30, 300, 1000, 10000]);
    expect(args.publishSizes).toEqual([30, 1000, 10000]);
    expect(args.loadSeconds).toBe(10);
    expect(args.loadConnections).toBe(50);
    expect(args.growthTimeoutMinutes).toBeNull();
    expect(args.baseline).toBeNull();
  });
  it("selects sections with --only, in report order, and accepts aliases", () => {
    expect(parseArgs(["--only", "growth,lighthouse"], {}).sections).toEqual(["lighthouse", "growth"]);
    expect(parseArgs(["--only=content-service"], {}).sections).toEqual(["service"]);
    expect(parseArgs(["--only", "first-visit,bundle"], {}).sections).toEqual(["first-visit", "bundle"]);
    expect(parseArgs(["--only", "long-tasks"], {}).sections).toEqual(["first-visit"]);
    expect(parseArgs(["--only", "webkit,first-visit,firefox"], {}).sections).toEqual(["first-visit", "engines"]);
  });
  it("refuses unknown sections and arguments", () => {
    expect(() => parseArgs(["--only", "speed"], {})).toThrow(ArgsError);
    expect(() => parseArgs(["--fast"], {})).toThrow(ArgsError);
    expect(() => parseArgs(["--only"], {})).toThrow(ArgsError);
  });
  it("reads the environment", () => {
    const args = parseArgs([], {
      BENCH_RUNS: "5",
      BENCH_SIZES: "1000, 30",
      BENCH_LOAD_SECONDS: "3",
      BENCH_GROWTH_TIMEOUT_MIN: "2",
      BENCH_PUBLISH_SIZES: "1000",
    });
    expect(args.publishSizes).toEqual([1000]);
    expect(args.runs).toBe(5);
    expect(args.sizes).toEqual([30, 1000]);
    expect(args.loadSeconds).toBe(3);
    expect(args.growthTimeoutMinutes).toBe(2);
    expect(() => parseArgs([], { BENCH_RUNS: "0" })).toThrow(ArgsError);
    expect(parseArgs([], { BENCH_BASELINE: " a9833ae " }).baseline).toBe("a9833ae");
    expect(parseArgs([], { BENCH_BASELINE: "main~3" }).baseline).toBe("main~3");
  });
  it("reads BENCH_ROUTES as route labels, and selects those routes in the bench's order", () => {
    expect(parseArgs([], {}).routes).toBeNull();
    expect(parseArgs([], { BENCH_ROUTES: " , " }).routes).toBeNull();
    const labels = parseArgs([], { BENCH_ROUTES: "en article, article" }).routes;
    expect(labels).toEqual(["en article", "article"]);
    const routes = ["/", "article", "/about", "en article"].map((label) => ({ path: `/${label}`, label }));
    expect(selectRoutes(routes, labels).map((route) => route.label)).toEqual(["article", "en article"]);
    expect(selectRoutes(routes, null)).toBe(routes);
    expect(() => selectRoutes(routes, ["article", "artikel"])).toThrow(
      'BENCH_ROUTES: no route "artikel"; the routes are "/", "article", "/about", "en article"',
    );
  });
  it("refuses a baseline git would read as an option or several words", () => {
    expect(() => parseArgs([], { BENCH_BASELINE: "--output=/tmp/x" })).toThrow(ArgsError);
    expect(() => parseArgs([], { BENCH_BASELINE: "a9833ae main" })).toThrow(ArgsError);
  });
});

describe("parseSizes", () => {
  it("needs at least 10 articles (the generator's minimum)", () => {
    expect(() => parseSizes("5")).toThrow(ArgsError);
    expect(parseSizes("10_000")).toEqual([10000]);
  });
});

describe("growthTimeoutMs", () => {
  it("gives 10,000 articles 15 minutes and small sets 5", () => {
    expect(growthTimeoutMs(10_000, null)).toBe(15 * 60_000);
    expect(growthTimeoutMs(30, null)).toBe(5 * 60_000);
    expect(growthTimeoutMs(30, 1)).toBe(60_000);
  });
});
