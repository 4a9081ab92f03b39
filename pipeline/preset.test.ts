import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Preset } from "@react-router/dev/config";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { handedListingDir, handListingToLoaders, prerenderListing } from "../app/content/build-listing.server";
import { contentServiceRequestCount } from "./content-requests";
import { NOT_FOUND_PATHS } from "./not-found-pages";
import { sitePipeline } from "./preset";
import { PRERENDER_DIR, STATIC_PATHS } from "./prerender-paths";
import { tempDirOfThisTest } from "../test-support/temp-dir";

const service = inject("contentService");

type ResolvedConfig = Parameters<NonNullable<Preset["reactRouterConfigResolved"]>>[0]["reactRouterConfig"];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The preset as React Router resolves it for a build into `buildDirectory`: its prerender paths function. */
async function pathsOf(buildDirectory: string) {
  const preset = sitePipeline();
  const config = await preset.reactRouterConfig!({ reactRouterUserConfig: {} });
  await preset.reactRouterConfigResolved!({
    reactRouterConfig: { buildDirectory } as unknown as ResolvedConfig,
  });
  const prerender = config.prerender as { paths: () => Promise<string[]>; concurrency: number };
  return { prerender, buildEnd: config.buildEnd };
}

describe("sitePipeline", () => {
  it("lists the stories once however often the server build asks, and hands its loaders the listing", async () => {
    const build = await tempDirOfThisTest("preset-");
    vi.stubEnv("CONTENT_API_URL", service.endpoint);
    vi.stubEnv("CONTENT_VERSION", "draft");
    handListingToLoaders(undefined);
    vi.spyOn(console, "info").mockImplementation(() => {});
    const { prerender, buildEnd } = await pathsOf(build);
    expect(prerender.concurrency).toBe(4);
    expect(buildEnd).toEqual(expect.any(Function));
    const before = await contentServiceRequestCount({ endpoint: service.endpoint, local: true });
    const [paths, again] = await Promise.all([prerender.paths(), prerender.paths()]);
    expect(again).toBe(paths);
    expect(paths.slice(0, STATIC_PATHS.length)).toEqual([...STATIC_PATHS]);
    expect(paths.slice(-NOT_FOUND_PATHS.length)).toEqual([...NOT_FOUND_PATHS]);
    // one listing page per language for the demo's 38 stories
    const after = await contentServiceRequestCount({ endpoint: service.endpoint, local: true });
    expect(after! - before!).toBe(2);
    const dir = path.join(build, PRERENDER_DIR);
    expect(handedListingDir()).toBe(dir);
    expect((await readdir(dir)).sort()).toEqual([
      "content-requests.json",
      "draft-de.entries.json",
      "draft-de.stories",
      "draft-en.entries.json",
      "draft-en.stories",
    ]);
    expect(JSON.parse(await readFile(path.join(dir, "content-requests.json"), "utf8"))).toEqual({
      serviceCount: before,
      listingRequests: 2,
    });
    const listing = await prerenderListing("de", "draft");
    const article = paths.find((page) => page.startsWith("/articles/"))!;
    expect(listing?.hasArticle(article.slice("/articles/".length))).toBe(true);
    await listing?.close();
  });
});
