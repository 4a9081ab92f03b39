import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startSiteServer, type SiteServer } from "../site-server/site-server";
import { precompress } from "../pipeline/precompress";
import { freePort } from "../tools/processes";
import { createWorkspace, productionEnv, REPO, runBuild, type BuildResult } from "./build";
import { startContentService, type ContentService } from "./content-service";
import { countIndexReferences } from "./spec-requests";

/** What the sections share: options, the Chromium, temp space, and the build of the demo content. */

export interface BenchOptions {
  runs: number;
  sizes: number[];
  publishSizes: number[];
  loadSeconds: number;
  loadConnections: number;
  /** Hard timeout per growth build, by article count. */
  growthTimeoutMs: (articles: number) => number;
  /** A git revision the growth section builds beside the work tree (BENCH_BASELINE); null: none. */
  baseline: string | null;
}

export interface Route {
  /** URL path, e.g. "/" or "/articles/tidewater-type". */
  path: string;
  /** Short label for tables: "/", "/index", "article", "/about". */
  label: string;
}

export interface MainBuild {
  workspace: string;
  clientDir: string;
  contentDir: string;
  content: ContentService;
  site: SiteServer;
  build: BuildResult;
  /** API requests the content service served during the build. */
  buildApiRequests: number;
  /** Those requests by kind. */
  buildRequestKinds: Record<string, number>;
  precompressMs: number;
  /** CONTENT_VERSION and SITE_URL of the build. */
  env: Record<string, string>;
  routes: Route[];
  articles: number;
  indexReferences: number;
}

export class BenchContext {
  private main: Promise<MainBuild> | undefined;
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  constructor(
    readonly options: BenchOptions,
    readonly chromePath: string,
    readonly tempDir: string,
    readonly reportDir: string,
    readonly log: (message: string) => void,
  ) {}

  /** Runs at the end (last registered first), whatever happened. */
  onCleanup(step: () => Promise<unknown>): void {
    this.cleanups.push(step);
  }

  async cleanup(): Promise<void> {
    for (const step of this.cleanups.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.error("bench: cleanup step failed:", error);
      }
    }
  }

  /** The demo content, built once per bench run and served by the production site server. */
  mainBuild(): Promise<MainBuild> {
    this.main ??= this.buildMain();
    return this.main;
  }

  private async buildMain(): Promise<MainBuild> {
    const workspace = await createWorkspace(path.join(this.tempDir, "main"));
    const contentDir = path.join(workspace, "content");
    const content = await startContentService({
      contentDir,
      logRequests: true,
      // renders are deterministic: keep them across bench runs, as the service does by default
      imageCacheDir: path.join(os.tmpdir(), "content-server-image-cache", "studio-bench"),
    });
    this.onCleanup(() => content.close());
    this.log(`main build: content service ${content.url} (${content.stories} stories), building ...`);
    const sitePort = await freePort();
    const env = productionEnv(`http://127.0.0.1:${sitePort}`);
    const before = await content.checkpoint();
    const kindsBefore = content.apiRequestKinds();
    const build = await runBuild({ workspace, contentPort: content.port, contentDir, timeoutMs: 10 * 60_000, env });
    const buildApiRequests = (await content.checkpoint()) - before;
    const buildRequestKinds: Record<string, number> = {};
    for (const [kind, count] of Object.entries(content.apiRequestKinds())) {
      if (count - (kindsBefore[kind] ?? 0) > 0) buildRequestKinds[kind] = count - (kindsBefore[kind] ?? 0);
    }
    if (!build.ok) {
      throw new Error(
        `react-router build of the demo content failed (${build.timedOut ? "timed out" : `exit code ${build.exitCode}`}):\n${build.outputTail}`,
      );
    }
    const clientDir = path.join(workspace, "build", "client");
    const compressStarted = performance.now();
    await precompress(clientDir);
    const precompressMs = performance.now() - compressStarted;
    const site = await startSiteServer({ root: clientDir, port: sitePort, host: "127.0.0.1" });
    this.onCleanup(() => site.close());

    const token = env.CONTENT_VERSION === "published" ? content.publicToken : content.previewToken;
    const listing = await fetch(
      `${content.apiUrl}/cdn/stories?starts_with=articles/&version=${env.CONTENT_VERSION}&per_page=100&token=${encodeURIComponent(token)}`,
    );
    if (!listing.ok) throw new Error(`article listing answered ${listing.status}`);
    const body = (await listing.json()) as { stories?: { full_slug?: string; is_startpage?: boolean }[] };
    const articles = (body.stories ?? []).filter((s) => !s.is_startpage && typeof s.full_slug === "string");
    const first = articles[0]?.full_slug?.split("/").filter(Boolean).at(-1);
    if (!first) throw new Error("the content has no article to measure");
    const total = Number(listing.headers.get("total") ?? articles.length);
    const indexStory = JSON.parse(await readFile(path.join(contentDir, "stories", "index.json"), "utf8")) as unknown;

    this.log(
      `main build (${env.CONTENT_VERSION} content): ${(build.durationMs / 1000).toFixed(1)} s, ${buildApiRequests} API requests, site ${site.url}`,
    );
    return {
      workspace,
      clientDir,
      contentDir,
      content,
      site,
      build,
      buildApiRequests,
      buildRequestKinds,
      precompressMs,
      env,
      routes: [
        { path: "/", label: "/" },
        { path: "/index", label: "/index" },
        { path: `/articles/${first}`, label: "article" },
        { path: "/about", label: "/about" },
        // the same pages in English (Storyblok's field-level translation)
        { path: "/en", label: "/en" },
        { path: "/en/index", label: "/en/index" },
        { path: `/en/articles/${first}`, label: "en article" },
        { path: "/en/about", label: "/en/about" },
      ],
      articles: Number.isFinite(total) ? total : articles.length,
      indexReferences: countIndexReferences(indexStory),
    };
  }
}

/** The prerendered file of a route in a client build. */
export function prerenderedFile(clientDir: string, routePath: string): string {
  return path.join(clientDir, ...routePath.split("/").filter(Boolean), "index.html");
}

export { REPO };
