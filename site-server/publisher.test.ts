import { describe, expect, it, vi } from "vitest";
import type { StoryChange } from "../live-update/update-plan";
import { Publisher, type Release, type ReleaseMaker, type ReleaseResult } from "./publisher";
import type { StoryblokEvent } from "./storyblok-webhook";

function event(storyId: number, action = "published"): StoryblokEvent {
  return { action, text: "", spaceId: 1, storyId, fullSlug: `articles/a-${storyId}` };
}

/** A maker whose update and build resolve when the test says so. */
function fakeMaker() {
  let made = 0;
  const calls: Array<{ kind: "update" | "build"; changes?: readonly StoryChange[]; live: Release }> = [];
  const gates: Array<() => void> = [];
  const next = (): Release => ({ dir: `/releases/${++made}` });
  const maker: ReleaseMaker & { calls: typeof calls; open(): void } = {
    calls,
    open() {
      for (const release of gates.splice(0)) release();
    },
    update: vi.fn(async (live: Release, changes: readonly StoryChange[]): Promise<ReleaseResult | "build"> => {
      calls.push({ kind: "update", changes, live });
      await new Promise<void>((resolve) => gates.push(resolve));
      return { kind: "update", release: next(), ms: 1, rendered: ["/"], removed: [], requests: 3 };
    }),
    build: vi.fn(async (live: Release): Promise<ReleaseResult> => {
      calls.push({ kind: "build", live });
      return { kind: "build", release: next(), ms: 1 };
    }),
    prune: vi.fn(async () => undefined),
  };
  return maker;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("Publisher", () => {
  it("coalesces a burst of webhooks into one release and swaps to it", async () => {
    const maker = fakeMaker();
    const swap = vi.fn(async () => undefined);
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap, debounceMs: 10, log: () => {} });
    publisher.notify(event(1));
    publisher.notify(event(2));
    publisher.notify(event(1, "moved"));
    await settle();
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
    await settle();
    for (const id of [2, 3, 4]) publisher.notify(event(id));
    maker.open();
    await settle();
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
    await settle();
    maker.open();
    await publisher.whenIdle();
    expect(publisher.liveRelease).toEqual({ dir: "/build" });
    expect(maker.prune).not.toHaveBeenCalled();
  });

  it("takes no events once stopped", async () => {
    const maker = fakeMaker();
    const publisher = new Publisher({ live: { dir: "/build" }, maker, swap: async () => undefined, debounceMs: 1 });
    await publisher.stop();
    publisher.notify(event(1));
    await settle();
    expect(maker.update).not.toHaveBeenCalled();
  });
});
