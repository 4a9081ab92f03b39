import { createHash } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { articlePath } from "./content";
import { followLink, waitForHydration } from "./page-helpers";
import { expect, test } from "./fixtures";

/**
 * The site's Content-Security-Policy (pipeline/csp.ts, written per page at
 * build time by pipeline/security-headers.ts) lets every page run: no
 * violation on any route, its scripts run (hydration or, on a page without
 * a framework, its behaviour modules) and a link opens the next page, and
 * each page's script-src names exactly the hashes of its own inline scripts,
 * with no 'unsafe-inline' or 'unsafe-eval'.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
});

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** sha256 source expressions of the inline scripts a browser runs (not JSON data blocks, not src scripts). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes) || /type="application\/(ld\+)?json"/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** sha256 source expressions of the page's `<style>` elements. */
function inlineStyleHashes(html: string): string[] {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  return [
    ...new Set(
      [...markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(
        ([, text = ""]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
      ),
    ),
  ];
}

async function expectPolicyFitsPage(response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  const policy = response!.headers()["content-security-policy"];
  expect(policy, `${path} has a Content-Security-Policy`).toBeTruthy();
  const csp = directives(policy!);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc.join(" "), path).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp.get("object-src"), path).toEqual(["'none'"]);
  expect(csp.get("base-uri"), path).toEqual(["'self'"]);
  expect(csp.has("frame-ancestors"), path).toBe(true);
  const hashes = scriptSrc.filter((source) => source.startsWith("'sha256-"));
  const html = await response!.text();
  expect(new Set(hashes), `${path}: script-src names exactly the page's inline scripts`).toEqual(
    new Set(inlineScriptHashes(html)),
  );
  // the page's critical CSS by hash, nothing inline besides (docs/decisions/0008-critical-css-and-font-subset.md)
  const styleSrc = csp.get("style-src") ?? [];
  expect(styleSrc, path).not.toContain("'unsafe-inline'");
  expect(new Set(styleSrc.filter((source) => source.startsWith("'sha256-"))), `${path}: style-src`).toEqual(
    new Set(inlineStyleHashes(html)),
  );
}

/** `settle`: what to wait for before reading the violations, so that late resources (lazy images, videos) report too. */
async function expectNoViolations(page: Page, path: string, settle: () => Promise<void>) {
  await settle();
  expect(await page.evaluate(() => window.__cspViolations ?? []), `CSP violations on ${path}`).toEqual([]);
}

/** Follows the header's link to `to`: the page it names is shown (by the browser or by the router). */
async function expectNavigation(page: Page, to: string) {
  await followLink(page, page.locator(`header a[href="${to}"]`).first(), to);
}

for (const path of ["/", "/index", "/about", "/imprint", "/no/such/page"]) {
  test(`no CSP violation on ${path}, where its scripts run and a link opens the next page`, async ({
    page,
    quietNetwork,
  }) => {
    const response = await page.goto(path);
    await expectPolicyFitsPage(response, path);
    await waitForHydration(page);
    await expectNoViolations(page, path, quietNetwork);
    await expectNavigation(page, path === "/index" ? "/" : "/index");
    await expectNoViolations(page, `${path} after navigating`, quietNetwork);
  });
}

test("no CSP violation on any article page", async ({ page, contentApi }) => {
  // every article's behaviour modules (or, in a preview build, hydration after its load event) run on it
  test.setTimeout(180_000);
  const stories = await contentApi.stories({ starts_with: "articles/" });
  // not the folder's start page (articles/)
  const articles = stories.filter((story) => story.full_slug.split("/").filter(Boolean).length > 1);
  const paths = [...new Set(articles.map((story) => articlePath(story.full_slug)))];
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) {
    const response = await page.goto(path);
    await expectPolicyFitsPage(response, path);
    await waitForHydration(page);
    // the load, not a quiet network: the article videos keep streaming
    await expectNoViolations(page, path, () => page.waitForLoadState("load"));
  }
});

test("the policy and the robots header are a production build's", async ({ page }) => {
  const response = await page.goto("/");
  const headers = response!.headers();
  const frameAncestors = directives(headers["content-security-policy"] ?? "").get("frame-ancestors");
  // these projects serve the production build: indexed, and framed by the site alone (a preview build's
  // policy lets the visual editor frame it: e2e/editor.ts checks it there)
  expect(headers["x-robots-tag"] ?? "").not.toMatch(/noindex/);
  expect(frameAncestors).toEqual(["'self'"]);
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
});
