import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import type { ConsoleMessage, Page, Request, TestInfo } from "@playwright/test";
import type { FaultConfig } from "../content-server/faults";
import { inflightTracker, type IgnoredRequests, QUIET_MS } from "../test-support/inflight-requests";
import { resendingResets } from "../test-support/resending-resets";

/**
 * The `test` every spec uses. For each test it
 * - fails the test on any uncaught page error, and on console errors the
 *   test did not announce with `expectConsoleError(pattern)`;
 * - records every request, aborts those to hosts other than the site and the
 *   content service, and fails the test if there were any;
 * - on failure attaches a screenshot, the console log and the request log.
 * Helpers: `contentApi` reads the content service (so expected values come
 * from the API, not from copies), `setFaults` drives its fault injection.
 */

/** A variable the browser tests' setup gives the specs (test-support/e2e-servers.ts); `howToRun` says how to get it when it is missing. */
export function requiredEnv(
  name: string,
  howToRun = "run the browser tests with `npm run test:e2e` (test-support/run-e2e.ts)",
): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: ${howToRun}`);
  return value;
}

export function e2eEnv() {
  return {
    baseURL: requiredEnv("E2E_BASE_URL").replace(/\/$/, ""),
    contentOrigin: requiredEnv("E2E_CONTENT_ORIGIN").replace(/\/$/, ""),
    contentDir: requiredEnv("E2E_CONTENT_DIR"),
    adminToken: requiredEnv("E2E_ADMIN_TOKEN"),
    previewToken: requiredEnv("E2E_PREVIEW_TOKEN"),
    publicToken: requiredEnv("E2E_PUBLIC_TOKEN"),
  };
}

type E2EEnv = ReturnType<typeof e2eEnv>;

export type ApiQuery = Record<string, string | number | boolean | undefined>;

/** The CDN story shape, loosely typed: specs pick the fields they assert on. */
export interface StoryJson {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  tag_list: string[];
  published_at: string | null;
  content: Record<string, unknown> & { component: string };
}

/** Which version of the content a build shows: a preview build the drafts, a production build the published stories. */
export type ContentVersion = "draft" | "published";

/**
 * For `test.use` in a spec of the `faults` project that needs the preview build (what only hydrated pages do:
 * the visual editor's preview, client navigations): its server, started for the `preview` and `faults`
 * projects (test-support/e2e-servers.ts), and its drafts.
 */
export function previewBuild(): { baseURL: string; contentVersion: ContentVersion } {
  return {
    baseURL: requiredEnv(
      "E2E_PREVIEW_URL",
      "test-support/run-e2e.ts makes the preview build when the `preview` or `faults` project runs",
    ),
    contentVersion: "draft",
  };
}

/**
 * The content the running test's project shows (its `contentVersion`, playwright.config.ts); outside a test the
 * drafts, the content service's own default.
 */
function projectContentVersion(): ContentVersion {
  let use: Partial<BuildOptions>;
  try {
    use = test.info().project.use as Partial<BuildOptions>;
  } catch {
    return "draft";
  }
  return use.contentVersion ?? "published";
}

/**
 * `version`: what `story` and `stories` read unless told otherwise; without it, what the running test's build
 * shows (expected values come from the content the page was built from).
 */
export function createContentApi(env: E2EEnv = e2eEnv(), version?: ContentVersion) {
  const defaultVersion = () => version ?? projectContentVersion();
  /** GET /v2/{path} with the preview token (draft) unless `token: "public"`; throws on a non-2xx answer. */
  async function get<T>(apiPath: string, query: ApiQuery = {}, options: { token?: "preview" | "public" } = {}) {
    const url = new URL(`${env.contentOrigin}/v2/${apiPath.replace(/^\/+/, "")}`);
    url.searchParams.set("token", options.token === "public" ? env.publicToken : env.previewToken);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const res = await fetch(url);
    const text = await res.text();
    if (!res.ok) throw new Error(`content API ${url.pathname}${url.search}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
  return {
    origin: env.contentOrigin,
    get,
    /** One story by full slug: the API's default version (the draft, or what it was made with) unless told otherwise. */
    async story(fullSlug: string, version = defaultVersion()) {
      const answer = await get<{ story: StoryJson }>(`cdn/stories/${fullSlug}`, { version });
      return answer.story;
    },
    /** A listing (one page of up to 100 stories), of the API's default version unless the query names one. */
    async stories(query: ApiQuery = {}) {
      const answer = await get<{ stories: StoryJson[] }>("cdn/stories", {
        version: defaultVersion(),
        per_page: 100,
        ...query,
      });
      return answer.stories;
    },
    /** The space's current cache version (`cv`), which changes when content changes. */
    async cacheVersion() {
      const answer = await get<{ space: { version: number } }>("cdn/spaces/me");
      return answer.space.version;
    },
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/** Sets (PUT) or clears (DELETE) the content service's faults. */
async function adminFaults(method: "PUT" | "DELETE", faults?: FaultConfig): Promise<void> {
  const env = e2eEnv();
  const res = await fetch(`${env.contentOrigin}/__admin/faults`, {
    method,
    headers: { Authorization: `Bearer ${env.adminToken}`, "Content-Type": "application/json" },
    body: faults === undefined ? undefined : JSON.stringify(faults),
  });
  if (!res.ok) throw new Error(`${method} /__admin/faults failed: ${res.status} ${await res.text()}`);
}

/** Origins (scheme://host:port) the pages may talk to. */
function allowedOrigins(env: E2EEnv, ...more: Array<string | undefined>): Set<string> {
  const origins = new Set<string>();
  for (const url of [env.baseURL, env.contentOrigin, ...more.filter((extra): extra is string => Boolean(extra))]) {
    const parsed = new URL(url);
    origins.add(parsed.origin);
    // the same loopback server may be addressed as localhost or 127.0.0.1
    if (parsed.hostname === "localhost" || parsed.hostname === "127.0.0.1") {
      for (const alias of ["localhost", "127.0.0.1"]) origins.add(`${parsed.protocol}//${alias}:${parsed.port}`);
    }
  }
  return origins;
}

export function isAllowedUrl(url: string, origins: Set<string>): boolean {
  if (/^(data|blob|about):/i.test(url)) return true;
  try {
    return origins.has(new URL(url).origin);
  } catch {
    return false;
  }
}

/** The longest a wait for a quiet network may take (Playwright's for "networkidle" in csp.spec.ts was 15 s). */
const QUIET_NETWORK_TIMEOUT_MS = 15_000;

interface Guard {
  consoleLog: string[];
  expectConsoleError(pattern: RegExp): void;
  /** A server the test started itself (a site with publish to live). */
  allowOrigin(url: string): void;
  foreignRequests: string[];
  requests: string[];
  /** The context's requests in flight, with when they started (for a failure's log and quietNetwork). */
  network: ReturnType<typeof inflightTracker>;
}

/** Set per project (playwright.config.ts): the build the project's server serves. */
export type BuildOptions = {
  /** The content the project's build shows: `published` for the production build, `draft` for a preview build. */
  contentVersion: ContentVersion;
};

type Fixtures = {
  guard: Guard;
  allowOrigin: Guard["allowOrigin"];
  /** Announces a console error the test provokes on purpose (e.g. a logged API failure). */
  expectConsoleError: (pattern: RegExp) => void;
  /** Every request URL the page made so far (allowed or not). */
  requestLog: string[];
  /** The requests of the test's browser context that are still in flight, as they go. */
  openRequests: () => Request[];
  /**
   * Waits until no request of the test's browser context, but those `ignore` leaves out, has been in flight for
   * QUIET_MS (inflightTracker).
   */
  quietNetwork: (ignore?: IgnoredRequests) => Promise<void>;
  /** What the page logged so far, one line a message: `[type] text (url:line)`, and `[pageerror] ...`. */
  consoleLog: string[];
  contentApi: ContentApi;
  /** Sets the content service's faults; they are cleared after the test. */
  setFaults: (faults: FaultConfig) => Promise<void>;
};

function describeConsole(message: ConsoleMessage): string {
  const location = message.location();
  const where = location.url ? ` (${location.url}:${location.lineNumber})` : "";
  return `[${message.type()}] ${message.text()}${where}`;
}

/**
 * On failure: a screenshot, what the page logged and what it fetched, as files
 * under test-results/. (Playwright's own `screenshot: "only-on-failure"` is
 * off: when the failure is raised here, in a fixture's teardown, its capture
 * trips over its own step bookkeeping and prints an internal error.)
 */
async function attachOnFailure(page: Page, testInfo: TestInfo, guard: Guard, ownFailure: boolean) {
  if (!ownFailure && testInfo.status === testInfo.expectedStatus) return;
  if (!page.isClosed()) {
    const file = testInfo.outputPath("test-failed.png");
    await page.screenshot({ path: file, timeout: 5_000 }).then(
      () => testInfo.attachments.push({ name: "screenshot", path: file, contentType: "image/png" }),
      () => undefined,
    );
  }
  // written as files and listed directly: testInfo.attach() from a fixture's teardown confuses Playwright's step bookkeeping
  for (const [name, lines] of [
    ["console.log", guard.consoleLog],
    ["requests.log", guard.requests],
    // what a wait for the network to be idle was waiting for
    [
      "open-requests.log",
      [...guard.network.open].map(
        ([request, started]) =>
          `${request.method()} ${request.url()} (open for ${Math.round(performance.now() - started)} ms)`,
      ),
    ],
  ] as const) {
    const file = testInfo.outputPath(name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, lines.length ? `${lines.join("\n")}\n` : "(none)\n");
    testInfo.attachments.push({ name, path: file, contentType: "text/plain" });
  }
}

export const test = base.extend<Fixtures & BuildOptions>({
  contentVersion: ["published", { option: true }],

  request: async ({ request }, provide) => {
    await provide(resendingResets(request));
  },

  guard: [
    async ({ page, context, baseURL }, provide, testInfo) => {
      // the project's server: the site server, or nginx serving the same build
      const origins = allowedOrigins(e2eEnv(), baseURL, process.env.E2E_NGINX_URL);
      const expected: RegExp[] = [];
      const pageErrors: string[] = [];
      const guard: Guard = {
        consoleLog: [],
        foreignRequests: [],
        requests: [],
        network: inflightTracker(context),
        expectConsoleError: (pattern) => expected.push(pattern),
        allowOrigin: (url) => origins.add(new URL(url).origin),
      };

      await context.route(
        (url) => !isAllowedUrl(url.href, origins),
        (route) => route.abort("blockedbyclient"),
      );
      context.on("request", (request) => {
        const url = request.url();
        guard.requests.push(`${request.method()} ${url}`);
        if (!isAllowedUrl(url, origins)) guard.foreignRequests.push(url);
      });
      page.on("websocket", (socket) => {
        if (!isAllowedUrl(socket.url().replace(/^ws/, "http"), origins)) guard.foreignRequests.push(socket.url());
      });
      // pages the site answers 404 (an unknown path, an article the build does not know): Chromium logs that status
      const notFoundDocuments = new Set<string>();
      page.on("response", (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest())
          notFoundDocuments.add(response.url());
      });
      const consoleErrors: Array<{ text: string; url: string }> = [];
      page.on("console", (message) => {
        const line = describeConsole(message);
        guard.consoleLog.push(line);
        if (message.type() !== "error") return;
        // a blocked foreign request is reported once, as a foreign request
        if (/net::ERR_BLOCKED_BY_CLIENT/.test(message.text())) return;
        // checked after the test, so a pattern announced later in the test still counts
        consoleErrors.push({ text: message.text(), url: message.location().url });
      });
      page.on("pageerror", (error) => {
        // a thrown non-Error (e.g. an unhandled rejection with a plain object) has no stack: say where it happened
        const where = page.isClosed() ? "" : ` (on ${page.url()})`;
        const text = `${error.stack || error.message || `${error.name}: (a thrown value without a message, e.g. an unhandled rejection of a plain object)`}${where}`;
        guard.consoleLog.push(`[pageerror] ${text}`);
        pageErrors.push(text);
      });

      await provide(guard);

      const problems: string[] = [];
      if (pageErrors.length) problems.push(`uncaught page errors:\n  ${pageErrors.join("\n  ")}`);
      const notAnnounced = consoleErrors
        // the honest status of a page that is not there is not an error of the page
        .filter(({ text, url }) => !(notFoundDocuments.has(url) && /status of 404/.test(text)))
        .map(({ text }) => text)
        .filter((text) => !expected.some((pattern) => pattern.test(text)));
      if (notAnnounced.length) problems.push(`unexpected console errors:\n  ${notAnnounced.join("\n  ")}`);
      if (guard.foreignRequests.length) {
        problems.push(
          `requests to hosts other than the site and the content service (blocked):\n  ${guard.foreignRequests.join("\n  ")}`,
        );
      }
      await attachOnFailure(page, testInfo, guard, problems.length > 0);
      if (problems.length) throw new Error(problems.join("\n"));
    },
    { auto: true },
  ],

  expectConsoleError: async ({ guard }, provide) => {
    await provide(guard.expectConsoleError);
  },

  allowOrigin: async ({ guard }, provide) => {
    await provide(guard.allowOrigin);
  },

  requestLog: async ({ guard }, provide) => {
    await provide(guard.requests);
  },

  consoleLog: async ({ guard }, provide) => {
    await provide(guard.consoleLog);
  },

  openRequests: async ({ guard }, provide) => {
    await provide(() => [...guard.network.open.keys()]);
  },

  quietNetwork: async ({ guard }, provide) => {
    await provide(async (ignore) =>
      expect(
        await guard.network.idle(QUIET_NETWORK_TIMEOUT_MS, ignore),
        `no request${ignore ? " that counts" : ""} in flight for ${QUIET_MS} ms within ${QUIET_NETWORK_TIMEOUT_MS} ms (open-requests.log lists those that were)`,
      ).toBe(true),
    );
  },

  contentApi: async ({ contentVersion }, provide) => {
    await provide(createContentApi(e2eEnv(), contentVersion));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  setFaults: async ({}, provide) => {
    await provide((faults) => adminFaults("PUT", faults));
    // never leave faults behind for the next test
    await adminFaults("DELETE");
  },
});

export { expect };
