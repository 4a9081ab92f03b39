import type { BrowserContext, Page, Request } from "@playwright/test";

/** Playwright's "networkidle": no request in flight for this long. */
export const QUIET_MS = 500;

/**
 * The requests in flight on a page or in a browser context, from its own request events, to wait for
 * Playwright's "networkidle" at any later moment: its own fires once per navigation, and once never came after a
 * navigation that the speculation rules' prefetch served, though every request had finished (a fresh clone's
 * run of aa5e579, e2e/csp.spec.ts on /imprint). `ignore` leaves requests out, such as a video's, which may
 * stream for as long as the video plays.
 */
export function inflightTracker(
  source: Page | BrowserContext,
  { ignore }: { ignore?: (request: Request) => boolean } = {},
) {
  /** Each request in flight, with when it started (`performance.now()`). */
  const open = new Map<Request, number>();
  let lastChange = performance.now();
  const start = (request: Request) => {
    if (ignore?.(request)) return;
    open.set(request, performance.now());
    lastChange = performance.now();
  };
  const end = (request: Request) => {
    if (!open.delete(request)) return;
    lastChange = performance.now();
  };
  source.on("request", start);
  source.on("requestfinished", end);
  source.on("requestfailed", end);
  return {
    open: open as ReadonlyMap<Request, number>,
    /** Resolves true once no request has been in flight for QUIET_MS, false at the timeout. */
    async idle(timeoutMs: number): Promise<boolean> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        if (open.size === 0 && performance.now() - lastChange >= QUIET_MS) return true;
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
