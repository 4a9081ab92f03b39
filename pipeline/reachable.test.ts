import { describe, expect, it } from "vitest";
import { reachable } from "./reachable";

describe("reachable", () => {
  it("collects the start and what it leads to, through cycles, and nothing else", () => {
    const edges: Record<string, string[]> = { a: ["b", "c"], b: ["d"], c: ["a"], d: ["b"], e: ["a"] };
    expect([...reachable("a", (node) => edges[node] ?? [])].sort()).toEqual(["a", "b", "c", "d"]);
    expect([...reachable("d", (node) => edges[node] ?? [])].sort()).toEqual(["b", "d"]);
  });
});
