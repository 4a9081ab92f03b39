import { describe, expect, it, vi } from "vitest";
import type { StoryChange } from "../live-update/update-plan";
import { MAX_PENDING_CHANGES, Publisher, type Release, type ReleaseMaker, type ReleaseResult } from "./publisher";
import type { StoryblokEvent } from "./storyblok-webhook";

function event(storyId: number, action = "published"): StoryblokEvent {
  return { action, text: "", spaceId: 1, storyId, fullSlug: `articles/a-${storyId}` };
}

/**
 * A maker whose update (and, with `gatedBuilds`, build) resolves when the test says so; its `stop` ends
 * them as the real one does, by failing them.
 */
function fakeMaker({ gatedBuilds = false } = {}) {
  let made = 0;
  const calls: Array<{ kind: "update" | "build"; changes?: readonly StoryChange[]; live: Release }> = [];
  const gates: Array<{ open(): void; kill(): void }> = [];
  const next = (): Release => ({ dir: `/releases/${++made}` });
  const gate = () =>
    new Promise<void>((resolve, reject) =>
      gates.push({ open: resolve, kill: () => reject(new Error("the site is stopping")) }),
    );
  const maker: ReleaseMaker & { calls: typeof calls; open(): void; waiting(): number } = {
    calls,
    open() {
      for (const waiting of gates.splice(0)) waiting.open();
    },
    waiting: () => gates.length,
    update: vi.fn(async (live: Release, changes: readonly StoryChange[]): Promise<ReleaseResult | "build"> => {
      calls.push({ kind: "update", changes, live });
      await gate();
      return { kind: "update", release: next(), ms: 1, rendered: ["/"], removed: [], requests: 3 };
    }),
    build: vi.fn(async (live: Release): Promise<ReleaseResult> => {
      calls.push({ kind: "build", live });
      if (gatedBuilds) await gate();
      return { kind: "build", release: next(), ms: 1 };
    }),
    prune: vi.fn(async () => undefined),
    stop: vi.fn(async () => {
      for (const waiting of gates.splice(0)) waiting.kill();
    }),
    discard: vi.fn(async () => undefined),
  };
  return maker;
}

/** Resolves once the maker's update or build is running (it waits at its gate). */
async function untilRunning(maker: ReturnType<typeof fakeMaker>, count = 1): Promise<void> {
  await vi.waitFor(() => expect(maker.waiting()).toBe(count), { interval: 1, timeout: 4000 });
}

describe("Publisher", () => {
  it("coalesces a burst of webhooks into one release and swaps to it", async () => {
    const maker = fakeMaker();
    const swap = vi.fn(async () => undefined);
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap, debounceMs: 10, log: () => {} });
    publisher.notify(event(1));
    publisher.notify(event(2));
    publisher.notify(event(1, "moved"));
    await untilRunning(maker);
    maker.open();
    await publisher.whenIdle();
    expect(maker.calls).toHaveLength(1);
    expect(maker.calls[0]?.changes?.map((change) => change.storyId)).toEqual([1, 2, 1]);
    expect(swap).toHaveBeenCalledExactlyOnceWith({ dir: "/releases/1" });
    expect(publisher.liveRelease).toEqual({ dir: "/releases/1" });
    expect(maker.prune).toHaveBeenCalledWith([{ dir: "/releases/1" }, { dir: "/build" }]);
  });

  it("gathers events that arrive during a release into exactly one more, made from the new live release", async () => {
    const maker = fakeMaker();
    const publisher = new Publisher({
      live: { dir: "/build" },
      maker,
      swap: async () => undefined,
      debounceMs: 5,
      log: () => {},
    });
    publisher.notify(event(1));
    await untilRunning(maker);
    for (const id of [2, 3, 4]) publisher.notify(event(id));
    maker.open();
    await untilRunning(maker);
    maker.open();
    await publisher.whenIdle();
    expect(maker.calls.map((call) => call.changes?.map((change) => change.storyId))).toEqual([[1], [2, 3, 4]]);
    expect(maker.calls[1]?.live).toEqual({ dir: "/releases/1" });
    expect(publisher.liveRelease).toEqual({ dir: "/releases/2" });
  });

  it("builds the whole site when the changes need it or the update fails", async () => {
    const maker = fakeMaker();
    vi.mocked(maker.update).mockResolvedValueOnce("build").mockRejectedValueOnce(new Error("render failed"));
    const log = vi.fn();
    const publisher = new Publisher({
      live: { dir: "/build" },
      maker,
      swap: async () => undefined,
      debounceMs: 1,
      log,
    });
    publisher.notify(event(1));
    await publisher.whenIdle();
    publisher.notify(event(2));
    await publisher.whenIdle();
    expect(maker.build).toHaveBeenCalledTimes(2);
    expect(publisher.history.map((record) => ("kind" in record.result ? record.result.kind : "error"))).toEqual([
      "build",
      "build",
    ]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/render failed/));
  });

  it("keeps the live site when the release fails, and logs it", async () => {
    const maker = fakeMaker();
    vi.mocked(maker.update).mockResolvedValueOnce("build");
    vi.mocked(maker.build).mockRejectedValueOnce(new Error("react-router build failed (exit code 1)"));
    const swap = vi.fn(async () => undefined);
    const log = vi.fn();
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap, debounceMs: 1, log });
    publisher.notify(event(1));
    await publisher.whenIdle();
    expect(swap).not.toHaveBeenCalled();
    expect(publisher.liveRelease).toEqual({ dir: "/build" });
    expect(publisher.history[0]?.result).toEqual({ error: "react-router build failed (exit code 1)" });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/live site is unchanged.*exit code 1/));
  });

  it("keeps the live site when the server refuses the new release", async () => {
    const maker = fakeMaker();
    const publisher = new Publisher({
      live: { dir: "/build" },
      maker,
      swap: async () => {
        throw new Error("not a security headers manifest");
      },
      debounceMs: 1,
      log: () => {},
    });
    publisher.notify(event(1));
    await untilRunning(maker);
    maker.open();
    await publisher.whenIdle();
    expect(publisher.liveRelease).toEqual({ dir: "/build" });
    expect(maker.prune).not.toHaveBeenCalled();
  });

  it("takes no events once stopped", async () => {
    const maker = fakeMaker();
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap: async () => undefined, debounceMs: 1 });
    await publisher.stop();
    expect(publisher.notify(event(1))).toBe("stopping");
    await publisher.whenIdle();
    expect(maker.update).not.toHaveBeenCalled();
  });

  it("builds nothing when the site stops during an update: the ended update is not a failed one", async () => {
    const maker = fakeMaker();
    const log = vi.fn();
    const swap = vi.fn(async () => undefined);
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap, debounceMs: 1, log });
    publisher.notify(event(1));
    await untilRunning(maker);
    await publisher.stop();
    expect(maker.stop).toHaveBeenCalledOnce();
    expect(maker.build).not.toHaveBeenCalled();
    expect(swap).not.toHaveBeenCalled();
    expect(publisher.history.map((record) => record.result)).toEqual([{ error: "the site is stopping" }]);
    expect(log).not.toHaveBeenCalledWith(expect.stringMatching(/building the whole site instead/));
  });

  it("starts nothing after a stop, and discards a release finished meanwhile instead of swapping to it", async () => {
    const maker = fakeMaker();
    // a maker that cannot end its update: stop waits stopTimeoutMs, no longer
    delete maker.stop;
    const swap = vi.fn(async () => undefined);
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap, debounceMs: 1, stopTimeoutMs: 20 });
    publisher.notify(event(1));
    await untilRunning(maker);
    await publisher.stop();
    expect(publisher.notify(event(2))).toBe("stopping");
    maker.open();
    await vi.waitFor(() => expect(maker.discard).toHaveBeenCalledExactlyOnceWith({ dir: "/releases/1" }), {
      interval: 1,
    });
    expect(swap).not.toHaveBeenCalled();
    expect(maker.update).toHaveBeenCalledOnce();
    expect(maker.build).not.toHaveBeenCalled();
  });

  it("does not queue a change that already waits for the next release; one that arrives while its release runs waits once", async () => {
    const maker = fakeMaker();
    const publisher = new Publisher({
      live: { dir: "/build" },
      maker,
      swap: async () => undefined,
      debounceMs: 5,
      log: () => {},
    });
    expect(publisher.notify(event(1))).toBe("new");
    // a replay of the same payload, or the same change in other words: the waiting release covers it
    expect(publisher.triage(event(1))).toBe("duplicate");
    expect(publisher.notify(event(1))).toBe("duplicate");
    expect(publisher.notify(event(1, "moved"))).toBe("new");
    await untilRunning(maker);
    // that release may have read the story already: the same change waits for one more, once
    for (let replay = 0; replay < 100; replay += 1) publisher.notify(event(1));
    maker.open();
    await untilRunning(maker);
    maker.open();
    await publisher.whenIdle();
    expect(maker.calls.map((call) => call.changes?.map((change) => `${change.action} ${change.storyId}`))).toEqual([
      ["published 1", "moved 1"],
      ["published 1"],
    ]);
    expect(publisher.history.map((record) => record.events)).toEqual([2, 1]);
  });

  it("queues at most one whole build behind the running one, whatever the flood of distinct events", async () => {
    const maker = fakeMaker({ gatedBuilds: true });
    const publisher = new Publisher({
      live: { dir: "/build" },
      maker,
      swap: async () => undefined,
      debounceMs: 1,
      log: () => {},
    });
    publisher.notify({ action: "release_merged", text: "", spaceId: 1, storyId: null, fullSlug: null });
    await untilRunning(maker);
    const answers = new Map<string, number>();
    for (let id = 1; id <= 5000; id += 1) {
      const answer = publisher.notify(
        id % 100 === 0
          ? { action: "release_merged", text: `merge ${id}`, spaceId: 1, storyId: null, fullSlug: null }
          : event(id),
      );
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    maker.open();
    await untilRunning(maker);
    maker.open();
    await publisher.whenIdle();
    expect(maker.build).toHaveBeenCalledTimes(2);
    // a whole build covers every change: the site-wide event makes one without trying an update first
    expect(maker.update).not.toHaveBeenCalled();
    expect(answers.get("new")).toBeLessThan(5000);
    expect(publisher.history.map((record) => ("kind" in record.result ? record.result.kind : "error"))).toEqual([
      "build",
      "build",
    ]);
  });

  it(`makes the next release a whole build past ${MAX_PENDING_CHANGES} distinct changes`, async () => {
    const maker = fakeMaker();
    const log = vi.fn();
    const publisher = new Publisher({
      live: { dir: "/build" },
      maker,
      swap: async () => undefined,
      debounceMs: 1,
      log,
    });
    publisher.notify(event(1));
    await untilRunning(maker);
    for (let id = 2; id <= MAX_PENDING_CHANGES + 10; id += 1) publisher.notify(event(id));
    expect(publisher.notify(event(3))).toBe("duplicate");
    maker.open();
    await publisher.whenIdle();
    expect(maker.calls.map((call) => call.kind)).toEqual(["update", "build"]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/the next release is a whole build/));
  });
});
