import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoryblokClient } from "@storyblok/react";
import { describeContentError } from "../app/content/content-error";
import { lastSlugSegment } from "../app/content/fields";
import { createContentClient } from "../app/content/storyblok-client";
import type { ContentConfig } from "./content-config";
import { robotsTxt, siteUrlFrom, sitemapXml } from "./site-url";

/**
 * What the build prerenders (react-router.config.ts): the fixed pages and
 * one page per article, found with ONE paged listing (100 stories a page),
 * never one request per story. Anything else is served by the SPA fallback.
 */

export const STATIC_PATHS = ["/", "/index", "/imprint", "/about"] as const;

export async function listArticlePaths(client: StoryblokClient, version: ContentConfig["version"]): Promise<string[]> {
  let stories: unknown[];
  try {
    stories = (await client.getAll("cdn/stories", { starts_with: "articles/", per_page: 100, version })) as unknown[];
  } catch (error) {
    throw new Error(`Listing the articles failed: ${describeContentError(error)}`, { cause: error });
  }
  const paths = new Set<string>();
  for (const story of Array.isArray(stories) ? stories : []) {
    if (typeof story !== "object" || story === null) continue;
    const { full_slug: fullSlug, is_startpage: isStartpage } = story as { full_slug?: unknown; is_startpage?: unknown };
    // the folder's start page (articles/) is not an article
    if (typeof fullSlug !== "string" || isStartpage === true || !fullSlug.startsWith("articles/")) continue;
    const slug = lastSlugSegment(fullSlug);
    if (slug) paths.add(`/articles/${slug}`);
  }
  return [...paths].sort();
}

export async function prerenderPaths(client: StoryblokClient, version: ContentConfig["version"]): Promise<string[]> {
  return [...STATIC_PATHS, ...(await listArticlePaths(client, version))];
}

export interface ContentRequestCounter {
  readonly count: number;
  stop(): void;
}

/**
 * Counts the requests to the content API made in this process (the path
 * listing here and every loader during prerendering), by wrapping fetch.
 */
export function countContentRequests(endpoint: string): ContentRequestCounter {
  const original = globalThis.fetch;
  const base = endpoint.replace(/\/+$/, "");
  let count = 0;
  const counting: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(`${base}/`) || url === base) count += 1;
    return original(input, init);
  };
  globalThis.fetch = counting;
  return {
    get count() {
      return count;
    },
    stop() {
      if (globalThis.fetch === counting) globalThis.fetch = original;
    },
  };
}

export function describeContentSource(config: ContentConfig): string {
  const source = config.local ? "local content service" : "Storyblok";
  return `${source} at ${config.endpoint}, ${config.version} content`;
}

interface BuildState {
  config: ContentConfig;
  counter: ContentRequestCounter;
  paths: Promise<string[]>;
}

// The config module may be evaluated more than once per build; the listing runs once.
const BUILD_STATE = Symbol.for("studio-portfolio.prerender-build");
type GlobalWithState = typeof globalThis & { [BUILD_STATE]?: BuildState };

/** The prerender list for `react-router build`; starts counting content requests. */
export function buildPrerenderPaths(config: ContentConfig): Promise<string[]> {
  const global = globalThis as GlobalWithState;
  if (!global[BUILD_STATE]) {
    const counter = countContentRequests(config.endpoint);
    console.info(`Prerendering from the ${describeContentSource(config)}`);
    const paths = prerenderPaths(createContentClient(config), config.version);
    global[BUILD_STATE] = { config, counter, paths };
  }
  return global[BUILD_STATE].paths;
}

/** robots.txt always; sitemap.xml of the prerendered paths when SITE_URL is set. */
export async function writeCrawlerFiles(clientDir: string, paths: readonly string[], siteUrl: string): Promise<void> {
  await writeFile(path.join(clientDir, "robots.txt"), robotsTxt(siteUrl));
  if (siteUrl) await writeFile(path.join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, paths));
}

/** Printed when the build ends: how many content requests it made, and from where. */
export async function reportContentRequests(clientDir?: string): Promise<string | null> {
  const state = (globalThis as GlobalWithState)[BUILD_STATE];
  if (!state) return null;
  const paths = await state.paths.catch(() => []);
  if (clientDir) await writeCrawlerFiles(clientDir, paths, siteUrlFrom());
  const line =
    `Content: ${state.counter.count} request(s) to the ${describeContentSource(state.config)}; ` +
    `${paths.length} path(s) prerendered plus the SPA fallback`;
  console.info(line);
  state.counter.stop();
  return line;
}
