import type { BrowserContext, Page, Request } from "@playwright/test";

/** Playwright's "networkidle": no request in flight for this long. */
export const QUIET_MS = 500;

/** Requests a wait leaves out. */
export type IgnoredRequests = (request: Request) => boolean;

/** A video's (and an audio's) requests: one may stream for as long as it plays. */
export const mediaRequests: IgnoredRequests = (request) => request.resourceType() === "media";

/**
 * The requests in flight on a page or in a browser context, from its own request events, to wait for
 * Playwright's "networkidle" at any later moment: its own fires once per navigation, and once never came after a
 * navigation that the speculation rules' prefetch served, though every request had finished (a fresh clone's
 * run of aa5e579, e2e/csp.spec.ts on /imprint). Every request is tracked (a failure's log lists them all); a
 * wait may leave some out.
 */
export function inflightTracker(source: Page | BrowserContext) {
  const tracked = performance.now();
  /** Each request in flight, with when it started (`performance.now()`). */
  const open = new Map<Request, number>();
  /** Each request that has ended, with when. */
  const ended = new Map<Request, number>();
  source.on("request", (request) => open.set(request, performance.now()));
  const end = (request: Request) => {
    if (open.delete(request)) ended.set(request, performance.now());
  };
  source.on("requestfinished", end);
  source.on("requestfailed", end);
  /** When the last request that counts ended (or tracking began), or undefined while one is in flight. */
  const lastChange = (counts: (request: Request) => boolean): number | undefined => {
    let last = tracked;
    for (const request of open.keys()) if (counts(request)) return undefined;
    for (const [request, at] of ended) if (at > last && counts(request)) last = at;
    return last;
  };
  return {
    open: open as ReadonlyMap<Request, number>,
    ended: ended as ReadonlyMap<Request, number>,
    /** Resolves true once no request but the ignored ones has been in flight for `quietMs`, false at the timeout. */
    async idle(timeoutMs: number, ignore?: IgnoredRequests, quietMs = QUIET_MS): Promise<boolean> {
      const counts = (request: Request) => !ignore?.(request);
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const last = lastChange(counts);
        if (last !== undefined && performance.now() - last >= quietMs) return true;
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
