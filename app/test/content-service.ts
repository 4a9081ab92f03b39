import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, vi } from "vitest";
import { writeBuildListing, type BuildListing } from "~/content/build-listing.server";
import { createContentClient } from "~/content/storyblok-client";
import { DEFAULT_LANGUAGE, type Language } from "~/language";

/**
 * The live local content service of the loader tests (*.node.test.ts): the
 * demo content on a free port, started by test-support/content-service-setup.ts.
 */
export const contentService = inject("contentService");

/** A content client of the demo space that reads drafts, as the site's own is configured by default. */
export function demoContentClient(token = contentService.previewToken) {
  return createContentClient({ endpoint: contentService.endpoint, token, version: "draft", local: true });
}

/** GET a path of the content service with the preview token: its JSON answer (which must be a 200). */
export async function contentApi(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const search = new URLSearchParams({ ...query, token: contentService.previewToken });
  const response = await fetch(`${contentService.endpoint}/${path}?${search}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Records the URL of every request to the content service until `stop()` (or vi.restoreAllMocks). */
export function recordContentRequests(): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(contentService.endpoint)) urls.push(url);
    return original(input, init);
  });
  return { urls, stop: () => spy.mockRestore() };
}

/**
 * The listing of all stories a build reads before it prerenders
 * (pipeline/preset.ts), from the demo content, in a folder of its own that
 * `dispose` removes.
 */
export async function demoBuildListing(
  version: "draft" | "published",
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ listing: BuildListing; dispose(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "demo-build-listing-"));
  const client = createContentClient(
    { endpoint: contentService.endpoint, token: contentService.previewToken, version, local: true },
    {},
    { keepAnswers: false },
  );
  const listing = await writeBuildListing(dir, client, version, language);
  return {
    listing,
    async dispose() {
      await listing.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
