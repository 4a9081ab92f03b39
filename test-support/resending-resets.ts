import type { APIRequestContext } from "@playwright/test";

/**
 * `request` whose GETs and HEADs are sent once more after a connection reset (Playwright's `maxRetries`, which
 * retries ECONNRESET only). Playwright's API requests share one keep-alive agent per worker, and a request sent on
 * a connection the server closes as idle in that moment (its keepAliveTimeout, 5 s) ends in `socket hang up`
 * (two fresh-clone runs met it at a test's first request). A browser sends such a GET again, as RFC 9110 (9.2.2)
 * lets a client do with an idempotent request; so does this.
 */
export function resendingResets(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== "get" && property !== "head") return typeof value === "function" ? value.bind(target) : value;
      const send = value as APIRequestContext["get"];
      return (url: string, options?: Parameters<APIRequestContext["get"]>[1]) =>
        send.call(target, url, { maxRetries: RESENDS_AFTER_RESET, ...options });
    },
  });
}

/** How often a GET or HEAD whose connection was reset is sent again (resendingResets). */
export const RESENDS_AFTER_RESET = 1;
