import { describe, expect, it } from "vitest";
import { RenderQueue } from "./render-queue";

/** The render queue: a bound on running tasks, FIFO, and cancelled waiting tasks that never start. */

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("RenderQueue", () => {
  it("runs at most `concurrency` tasks, the waiting ones in order", async () => {
    const queue = new RenderQueue(2);
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const never = new AbortController().signal;
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }, never),
    );
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.pending]).toEqual([2, 2]);
    gates[1]?.resolve();
    expect(await runs[1]).toBe(1);
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    gates[3]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([queue.running, queue.pending]).toEqual([0, 0]);
  });

  it("drops a waiting task whose signal aborts: it never starts and frees its place in the queue", async () => {
    const queue = new RenderQueue(1);
    const gate = deferred();
    const started: string[] = [];
    const first = queue.run(async () => {
      started.push("first");
      await gate.promise;
    }, new AbortController().signal);
    const cancel = new AbortController();
    const dropped = queue.run(async () => {
      started.push("dropped");
    }, cancel.signal);
    const third = queue.run(async () => {
      started.push("third");
    }, new AbortController().signal);
    expect(queue.pending).toBe(2);
    const reason = new Error("client gone");
    cancel.abort(reason);
    await expect(dropped).rejects.toBe(reason);
    expect(queue.pending).toBe(1);
    gate.resolve();
    await Promise.all([first, third]);
    expect(started).toEqual(["first", "third"]);
    // already aborted: never queued
    const aborted = AbortSignal.abort(reason);
    await expect(queue.run(async () => started.push("late"), aborted)).rejects.toBe(reason);
    expect(started).toEqual(["first", "third"]);
  });

  it("leaves a running task alone when its signal aborts, and frees its place when it ends", async () => {
    const queue = new RenderQueue(1);
    const gate = deferred();
    const cancel = new AbortController();
    const running = queue.run(async () => {
      await gate.promise;
      return cancel.signal.aborted;
    }, cancel.signal);
    cancel.abort();
    expect(queue.running).toBe(1);
    gate.resolve();
    expect(await running).toBe(true);
    expect(queue.running).toBe(0);
  });
});
