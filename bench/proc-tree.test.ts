import { describe, expect, it, vi } from "vitest";
import { descendants, matchingTops, parseProcStat, sampleRss } from "./proc-tree";

describe("parseProcStat", () => {
  it("reads pid, ppid, rss and CPU time, with spaces and parentheses in the command name", () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i));
    fields[1] = "7"; // ppid (field 4)
    fields[11] = "300"; // utime (field 14)
    fields[12] = "45"; // stime (field 15)
    fields[21] = "2560"; // rss (field 24)
    const line = `123 (node (worker) x) S ${fields.slice(1).join(" ")}`;
    expect(parseProcStat(line)).toEqual({ pid: 123, ppid: 7, rssPages: 2560, cpuTicks: 345 });
    expect(parseProcStat("garbage")).toBeNull();
  });
});

/** A root (1) with a chain below one child (10 > 11 > 12) and a sibling (20). */
const TREE = [
  { pid: 1, ppid: 0, rssPages: 1, cpuTicks: 0 },
  { pid: 10, ppid: 1, rssPages: 1, cpuTicks: 0 },
  { pid: 11, ppid: 10, rssPages: 1, cpuTicks: 0 },
  { pid: 12, ppid: 11, rssPages: 1, cpuTicks: 0 },
  { pid: 20, ppid: 1, rssPages: 1, cpuTicks: 0 },
];

describe("descendants", () => {
  it("collects the root and its children's children, not siblings", () => {
    expect([...descendants(10, TREE)].sort()).toEqual([10, 11, 12]);
  });
});

describe("matchingTops", () => {
  it("finds the top of each matching child's subtree below the root, not the root or the launched node", () => {
    // and a process outside the tree
    const table = [...TREE, { pid: 30, ppid: 99, rssPages: 1, cpuTicks: 0 }];
    const commandLines: Record<number, string> = {
      1: "node bench.ts live-update/render-pages.ts",
      10: "node tsx/dist/cli.mjs live-update/render-pages.ts a b",
      11: "node --import tsx live-update/render-pages.ts a b",
      12: "esbuild --service",
      20: "node --import tsx content-server/main.ts",
      30: "node tsx/dist/cli.mjs live-update/render-pages.ts elsewhere",
    };
    const tops = matchingTops(
      1,
      table,
      (pid) => commandLines[pid] ?? "",
      (line) => line.includes("render-pages.ts"),
    );
    expect(tops).toEqual([10]);
  });
});

describe("sampleRss", () => {
  it("keeps the peak of each phase apart from the overall peak, a reading counting for the phase it was asked in", async () => {
    const readings = [100, 300, 200, 250, 120];
    let taken = 0;
    let asked = 0;
    let answer: () => void = () => undefined;
    // each reading is answered when the test says, so that a phase can change while one is on its way
    const measure = () =>
      new Promise<number>((resolve) => {
        asked += 1;
        answer = () => resolve(readings[Math.min(taken++, readings.length - 1)] ?? 0);
      });
    const sampler = sampleRss(measure, 0, "bundle");
    // the sampler has taken the last answer and asked for reading number `count`
    const askedFor = (count: number) => vi.waitFor(() => expect(asked).toBe(count), { timeout: 4_000 });
    await askedFor(1);
    answer(); // 100
    await askedFor(2);
    sampler.enterPhase("pages");
    answer(); // 300: asked for before the phase changed
    for (let reading = 3; reading <= 5; reading++) {
      await askedFor(reading);
      answer(); // 200, 250, 120
    }
    await askedFor(6);
    const stopped = sampler.stop();
    answer();
    expect(await stopped).toBe(300);
    expect([...sampler.peakBytesByPhase]).toEqual([
      ["bundle", 300],
      ["pages", 250],
    ]);
  });

  it("names a phase no sample fell in with a peak of 0", async () => {
    const sampler = sampleRss(() => Promise.resolve(50), 50, "bundle");
    sampler.enterPhase("pages");
    await sampler.stop();
    expect(sampler.peakBytesByPhase.get("pages")).toBe(0);
  });
});
