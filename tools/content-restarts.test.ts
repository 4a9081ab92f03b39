import { describe, expect, it } from "vitest";
import type { ContentServiceProcess } from "../content-server/child-process";
import { FIRST_PAUSE_MS, keepContentServiceRunning, RESTARTS, STABLE_MS } from "./content-restarts";

/** A content service whose end the test decides. */
function fakeService(port: number) {
  let end!: (result: { code: number | null; signal: NodeJS.Signals | null }) => void;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => (end = resolve));
  let stopped = false;
  const service = {
    port,
    exited,
    stop: async () => {
      stopped = true;
      end({ code: 0, signal: null });
    },
  } as unknown as ContentServiceProcess;
  return { service, die: (signal: NodeJS.Signals = "SIGKILL") => end({ code: null, signal }), stopped: () => stopped };
}

function harness() {
  const lines: string[] = [];
  const pauses: number[] = [];
  let clock = 0;
  let stopping = false;
  const started: Array<ReturnType<typeof fakeService>> = [];
  let current: ContentServiceProcess | undefined;
  const options = {
    onRestart: (service: ContentServiceProcess) => (current = service),
    isStopping: () => stopping,
    log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) },
    pause: async (ms: number) => {
      pauses.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return {
    lines,
    pauses,
    started,
    options,
    current: () => current,
    advance: (ms: number) => (clock += ms),
    stop: () => (stopping = true),
    start: async () => {
      const next = fakeService(4100);
      started.push(next);
      return next.service;
    },
  };
}

/** Lets the watcher run until it waits again. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("keepContentServiceRunning", () => {
  it("starts a stopped service again after a pause that doubles, and logs each step", async () => {
    const h = harness();
    const first = fakeService(4100);
    void keepContentServiceRunning(first.service, h.start, h.options);
    first.die();
    await settle();
    expect(h.started).toHaveLength(1);
    expect(h.current()).toBe(h.started[0]!.service);
    h.started[0]!.die();
    await settle();
    expect(h.started).toHaveLength(2);
    expect(h.pauses).toEqual([FIRST_PAUSE_MS, 2 * FIRST_PAUSE_MS]);
    expect(h.lines[0]).toBe(
      "npm start: the content service stopped (SIGKILL); starting it again in 1 s (restart 1 of 5); the site keeps serving its prerendered pages",
    );
    expect(h.lines[1]).toBe("npm start: the content service runs again: http://localhost:4100/v2");
  });

  it("gives up after RESTARTS in a row and says the site goes on without it", async () => {
    const h = harness();
    const first = fakeService(4100);
    const watching = keepContentServiceRunning(first.service, h.start, h.options);
    first.die();
    for (let restart = 0; restart < RESTARTS; restart++) {
      await settle();
      h.started.at(-1)!.die();
    }
    await watching;
    expect(h.started).toHaveLength(RESTARTS);
    expect(h.pauses).toEqual([1, 2, 4, 8, 16].map((factor) => factor * FIRST_PAUSE_MS));
    expect(h.lines.at(-1)).toMatch(/after 5 restarts; the site keeps serving its prerendered pages, without/);
  });

  it("counts again from one after a service that ran STABLE_MS", async () => {
    const h = harness();
    const first = fakeService(4100);
    void keepContentServiceRunning(first.service, h.start, h.options);
    first.die();
    await settle();
    h.advance(STABLE_MS);
    h.started[0]!.die();
    await settle();
    expect(h.pauses).toEqual([FIRST_PAUSE_MS, FIRST_PAUSE_MS]);
  });

  it("takes a failed start as another stop", async () => {
    const h = harness();
    const first = fakeService(4100);
    let failures = 1;
    const start = () => (failures-- > 0 ? Promise.reject(new Error("port 4100 in use")) : h.start());
    void keepContentServiceRunning(first.service, start, h.options);
    first.die();
    await settle();
    await settle();
    expect(h.started).toHaveLength(1);
    expect(h.lines[1]).toMatch(/stopped \(port 4100 in use\); starting it again in 2 s \(restart 2 of 5\)/);
  });

  it("does nothing when npm start is stopping, and stops a service that started meanwhile", async () => {
    const h = harness();
    const first = fakeService(4100);
    h.stop();
    await Promise.all([keepContentServiceRunning(first.service, h.start, h.options), first.die()]);
    expect(h.started).toHaveLength(0);
    expect(h.lines).toEqual([]);

    const late = harness();
    const second = fakeService(4100);
    const start = async () => {
      const service = await late.start();
      late.stop();
      return service;
    };
    const watching = keepContentServiceRunning(second.service, start, late.options);
    second.die();
    await watching;
    expect(late.started[0]!.stopped()).toBe(true);
    expect(late.current()).toBeUndefined();
  });
});
