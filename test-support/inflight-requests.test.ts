import { EventEmitter } from "node:events";
import type { Page, Request } from "@playwright/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inflightTracker, mediaRequests, QUIET_MS } from "./inflight-requests";

/** A page as the tracker sees it: its request events. */
function fakePage() {
  const events = new EventEmitter();
  return { page: events as unknown as Page, emit: (name: string, request: Request) => events.emit(name, request) };
}

const request = (resourceType: string) => ({ resourceType: () => resourceType }) as unknown as Request;

/** What idle() resolved with, or "pending" when it has not yet. */
function outcomeOf(wait: Promise<boolean>) {
  let outcome: boolean | "pending" = "pending";
  void wait.then((value) => (outcome = value));
  return () => outcome;
}

describe("inflightTracker's wait for a quiet network", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "performance"] }));
  afterEach(() => vi.useRealTimers());

  it("waits QUIET_MS after the last request ends, and lists the open ones meanwhile", async () => {
    const { page, emit } = fakePage();
    const network = inflightTracker(page);
    const script = request("script");
    emit("request", script);
    expect([...network.open.keys()]).toEqual([script]);
    const outcome = outcomeOf(network.idle(5_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome()).toBe("pending");
    emit("requestfinished", script);
    expect(network.open.size).toBe(0);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(outcome()).toBe("pending");
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome()).toBe(true);
  });

  it("says false at its time limit while a request is in flight", async () => {
    const { page, emit } = fakePage();
    const network = inflightTracker(page);
    emit("request", request("image"));
    const outcome = outcomeOf(network.idle(2_000));
    await vi.advanceTimersByTimeAsync(2_100);
    expect(outcome()).toBe(false);
  });

  it("leaves out the requests a wait ignores, in flight or ending", async () => {
    const { page, emit } = fakePage();
    const network = inflightTracker(page);
    const video = request("media");
    const image = request("image");
    emit("request", video);
    emit("request", image);
    const outcome = outcomeOf(network.idle(5_000, mediaRequests));
    await vi.advanceTimersByTimeAsync(200);
    emit("requestfailed", image);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    // the video's request ends now: it does not start the quiet time again
    emit("requestfinished", video);
    expect(outcome()).toBe("pending");
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome()).toBe(true);
    // a wait that counts videos sees the quiet time from the video's end
    const counting = outcomeOf(network.idle(5_000));
    await vi.advanceTimersByTimeAsync(QUIET_MS - 300);
    expect(counting()).toBe("pending");
    await vi.advanceTimersByTimeAsync(200);
    expect(counting()).toBe(true);
  });
});
