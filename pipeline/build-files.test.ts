import { describe, expect, it, vi } from "vitest";
import { inOrder } from "./build-files";

describe("inOrder", () => {
  /** A run whose items settle when the test says so, in any order. */
  function controlledRun() {
    const settle = new Map<string, { resolve: (value: string) => void; reject: (error: Error) => void }>();
    const started: string[] = [];
    const run = (item: string) =>
      new Promise<string>((resolve, reject) => {
        started.push(item);
        settle.set(item, { resolve, reject });
      });
    return { run, started, settle: (item: string) => settle.get(item)! };
  }

  it("gives the results in the items' order whatever order they end in, with at most `ahead` running", async () => {
    const { run, started, settle } = controlledRun();
    const results = inOrder(["a", "b", "c", "d"], run, 2);
    const first = results.next();
    await vi.waitFor(() => expect(started).toEqual(["a", "b"]));
    settle("b").resolve("B");
    settle("a").resolve("A");
    expect((await first).value).toEqual(["a", "A"]);
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c"]));
    const second = results.next();
    expect((await second).value).toEqual(["b", "B"]);
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c", "d"]));
    settle("d").resolve("D");
    settle("c").resolve("C");
    expect((await results.next()).value).toEqual(["c", "C"]);
    expect((await results.next()).value).toEqual(["d", "D"]);
    expect((await results.next()).done).toBe(true);
  });

  it("starts no item beyond the budget while others run, and one bigger than the budget alone", async () => {
    const { run, started, settle } = controlledRun();
    const weights: Record<string, number> = { a: 3, b: 4, c: 2, d: 9, e: 1 };
    const results = inOrder(["a", "b", "c", "d", "e"], run, 4, { weigh: (item) => weights[item]!, budget: 8 });
    const first = results.next();
    // a and b fit (7), c would make 9
    await vi.waitFor(() => expect(started).toEqual(["a", "b"]));
    settle("a").resolve("A");
    expect((await first).value).toEqual(["a", "A"]);
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c"]));
    settle("b").resolve("B");
    settle("c").resolve("C");
    expect((await results.next()).value).toEqual(["b", "B"]);
    expect((await results.next()).value).toEqual(["c", "C"]);
    // d, over the budget on its own, runs once nothing else does, and e waits for it
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c", "d"]));
    const fourth = results.next();
    await new Promise(setImmediate);
    expect(started).toEqual(["a", "b", "c", "d"]);
    settle("d").resolve("D");
    expect((await fourth).value).toEqual(["d", "D"]);
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c", "d", "e"]));
    settle("e").resolve("E");
    expect((await results.next()).value).toEqual(["e", "E"]);
  });

  it("throws an item's failure once every item started has settled", async () => {
    const { run, started, settle } = controlledRun();
    const results = inOrder(["a", "b", "c"], run, 2);
    const first = results.next();
    await vi.waitFor(() => expect(started).toEqual(["a", "b"]));
    let outcome = "pending";
    first.then(
      () => (outcome = "done"),
      () => (outcome = "failed"),
    );
    settle("a").reject(new Error("a failed"));
    // every callback the rejection set off has run: b, still running, keeps the failure back
    await new Promise(setImmediate);
    expect(outcome).toBe("pending");
    settle("b").resolve("B");
    await expect(first).rejects.toThrow("a failed");
    // c was never started
    expect(started).toEqual(["a", "b"]);
  });
});
