import { describe, expect, it } from "vitest";
import { descendants, matchingTops, parseProcStat } from "./proc-tree";

describe("parseProcStat", () => {
  it("reads pid, ppid and rss, with spaces and parentheses in the command name", () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i));
    fields[1] = "7"; // ppid (field 4)
    fields[21] = "2560"; // rss (field 24)
    const line = `123 (node (worker) x) S ${fields.slice(1).join(" ")}`;
    expect(parseProcStat(line)).toEqual({ pid: 123, ppid: 7, rssPages: 2560 });
    expect(parseProcStat("garbage")).toBeNull();
  });
});

/** A root (1) with a chain below one child (10 > 11 > 12) and a sibling (20). */
const TREE = [
  { pid: 1, ppid: 0, rssPages: 1 },
  { pid: 10, ppid: 1, rssPages: 1 },
  { pid: 11, ppid: 10, rssPages: 1 },
  { pid: 12, ppid: 11, rssPages: 1 },
  { pid: 20, ppid: 1, rssPages: 1 },
];

describe("descendants", () => {
  it("collects the root and its children's children, not siblings", () => {
    expect([...descendants(10, TREE)].sort()).toEqual([10, 11, 12]);
  });
});

describe("matchingTops", () => {
  it("finds the top of each matching child's subtree below the root, not the root or the launched node", () => {
    // and a process outside the tree
    const table = [...TREE, { pid: 30, ppid: 99, rssPages: 1 }];
    const commandLines: Record<number, string> = {
      1: "node bench.ts scripts/render-pages.ts",
      10: "node tsx/dist/cli.mjs scripts/render-pages.ts a b",
      11: "node --import tsx scripts/render-pages.ts a b",
      12: "esbuild --service",
      20: "node content-service-child.ts",
      30: "node tsx/dist/cli.mjs scripts/render-pages.ts elsewhere",
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
