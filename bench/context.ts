import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startSiteServer, type SiteServer } from "../site-server/site-server";
import { precompress } from "../pipeline/precompress";
import { freePort } from "../tools/processes";
import { selectRoutes, type BenchArgs } from "./args";
import { createWorkspace, createWorkspaceAt, productionEnv, runBuild, type BuildResult } from "./build";
import { startContentService, type ContentService } from "./content-service";
import { countIndexReferences } from "./spec-requests";
import { CLIENT_DIR, pageFile } from "../release/layout";

/** What the sections share: options, the Chromium, temp space, and the build of the demo content. */

/** The command line's settings (args.ts), with the hard timeout of a growth build by its article count. */
export interface BenchOptions extends Omit<BenchArgs, "sections" | "help" | "growthTimeoutMinutes"> {
  growthTimeoutMs: (articles: number) => number;
}

export interface Route {
  /** URL path, e.g. "/" or "/articles/tidewater-type". */
  path: string;
  /** Short label for tables: "/", "/index", "article", "/about". */
  label: string;
  /** The prerendered file that answers it, relative to the client folder, where it is not `{path}/index.html`. */
  file?: string;
  /** Answered with status 404 (the not-found page), which Lighthouse refuses to measure. */
  notFound?: boolean;
}

/** A build served by the bench's site server: the work tree's, BENCH_BASELINE's, or the work tree's preview build. */
export interface SiteBuild {
  /** "now" (the work tree), "baseline", or "preview" (the work tree's draft build, React on every page) */
  label: "now" | "baseline" | "preview";
  /** the baseline's full commit; null for the work tree */
  commit: string | null;
  clientDir: string;
  site: SiteServer;
  build: BuildResult;
  /** CONTENT_VERSION and SITE_URL of the build. */
  env: Record<string, string>;
}

export interface MainBuild extends SiteBuild {
  contentDir: string;
  content: ContentService;
  /** API requests the content service served during the build. */
  buildApiRequests: number;
  /** Those requests by kind. */
  buildRequestKinds: Record<string, number>;
  precompressMs: number;
  routes: Route[];
  articles: number;
  indexReferences: number;
}

/** The routes the bench measures: each kind of page, in German and in English, `first` the article's slug. */
function measuredRoutes(first: string): Route[] {
  const route = (routePath: string, label: string): Route => ({ path: routePath, label });
  return [
    route("/", "/"),
    route("/index", "/index"),
    route(`/articles/${first}`, "article"),
    route("/about", "/about"),
    route("/imprint", "/imprint"),
    { path: "/gibt-es-nicht", label: "not found", file: "404.html", notFound: true },
    // the same pages in English (Storyblok's field-level translation)
    route("/en", "/en"),
    route("/en/index", "/en/index"),
    route(`/en/articles/${first}`, "en article"),
    route("/en/about", "/en/about"),
    route("/en/imprint", "/en/imprint"),
    { path: "/en/does-not-exist", label: "en not found", file: "en/404.html", notFound: true },
  ];
}

/** The content's articles as the build lists them: the first one's slug and how many there are. */
async function listArticles(
  content: { apiUrl: string; publicToken: string; previewToken: string },
  version: string | undefined,
): Promise<{ first: string; articles: number }> {
  const token = version === "published" ? content.publicToken : content.previewToken;
  const listing = await fetch(
    `${content.apiUrl}/cdn/stories?starts_with=articles/&version=${version}&per_page=100&token=${encodeURIComponent(token)}`,
  );
  if (!listing.ok) throw new Error(`article listing answered ${listing.status}`);
  const body = (await listing.json()) as { stories?: { full_slug?: string; is_startpage?: boolean }[] };
  const articles = (body.stories ?? []).filter((s) => !s.is_startpage && typeof s.full_slug === "string");
  const first = articles[0]?.full_slug?.split("/").filter(Boolean).at(-1);
  if (!first) throw new Error("the content has no article to measure");
  const total = Number(listing.headers.get("total") ?? articles.length);
  return { first, articles: Number.isFinite(total) ? total : articles.length };
}

export class BenchContext {
  private main: Promise<MainBuild> | undefined;
  private baseline: Promise<SiteBuild | null> | undefined;
  private preview: Promise<SiteBuild> | undefined;
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
    return (this.main ??= this.buildMain());
  }

  /**
   * BENCH_BASELINE's production build on the main build's content and content service, served beside it (null
   * without BENCH_BASELINE): the page-level sections measure both in the same run, before against after.
   */
  baselineBuild(): Promise<SiteBuild | null> {
    return (this.baseline ??= this.buildBaseline());
  }

  /**
   * The work tree's preview build (draft content: the visual editor's, whose pages hydrate React) on the main
   * build's content and content service, served beside it: what the engines section measures hydration on.
   */
  previewBuild(): Promise<SiteBuild> {
    return (this.preview ??= this.buildPreview());
  }

  /** The main build, and the baseline's after it where there is one: the builds a page-level section compares. */
  async siteBuilds(): Promise<SiteBuild[]> {
    const main = await this.mainBuild();
    const baseline = await this.baselineBuild();
    return baseline ? [baseline, main] : [main];
  }

  private async buildBaseline(): Promise<SiteBuild | null> {
    if (!this.options.baseline) return null;
    const main = await this.mainBuild();
    const { dir: workspace, commit } = await createWorkspaceAt(
      path.join(this.tempDir, "baseline"),
      this.options.baseline,
    );
    this.log(`baseline build: ${commit.slice(0, 7)} (BENCH_BASELINE=${this.options.baseline}), building ...`);
    const built = await this.buildSite(workspace, main.content, main.contentDir);
    this.log(
      `baseline build (${built.env.CONTENT_VERSION} content): ${(built.build.durationMs / 1000).toFixed(1)} s, site ${built.site.url}`,
    );
    return { label: "baseline", commit, ...built };
  }

  private async buildPreview(): Promise<SiteBuild> {
    const main = await this.mainBuild();
    const workspace = await createWorkspace(path.join(this.tempDir, "preview"));
    this.log("preview build: building ...");
    const built = await this.buildSite(workspace, main.content, main.contentDir, "draft");
    this.log(`preview build: ${(built.build.durationMs / 1000).toFixed(1)} s, site ${built.site.url}`);
    return { label: "preview", commit: null, ...built };
  }

  /** Builds `workspace` against the content service (BENCH_CONTENT_VERSION unless told), precompresses and serves it. */
  private async buildSite(
    workspace: string,
    content: ContentService,
    contentDir: string,
    version?: "draft" | "published",
  ) {
    const sitePort = await freePort();
    const env = { ...productionEnv(`http://127.0.0.1:${sitePort}`), ...(version ? { CONTENT_VERSION: version } : {}) };
    const build = await runBuild({ workspace, contentPort: content.port, contentDir, timeoutMs: 10 * 60_000, env });
    if (!build.ok) {
      throw new Error(
        `react-router build in ${workspace} failed (${build.timedOut ? "timed out" : `exit code ${build.exitCode}`}):\n${build.outputTail}`,
      );
    }
    const clientDir = path.join(workspace, "build", CLIENT_DIR);
    const compressStarted = performance.now();
    await precompress(clientDir);
    const precompressMs = performance.now() - compressStarted;
    const site = await startSiteServer({ root: clientDir, port: sitePort, host: "127.0.0.1" });
    this.onCleanup(() => site.close());
    return { clientDir, site, build, env, precompressMs };
  }

  private async buildMain(): Promise<MainBuild> {
    // the labels do not depend on the content: an unknown one is refused before the build, not after it
    selectRoutes(measuredRoutes("first"), this.options.routes);
    const workspace = await createWorkspace(path.join(this.tempDir, "main"));
    const contentDir = path.join(workspace, "content");
    const content = await startContentService({
      contentDir,
      countRequests: true,
      // renders are deterministic: keep them across bench runs, as the service does by default
      imageCacheDir: path.join(os.tmpdir(), "content-server-image-cache", "studio-bench"),
    });
    this.onCleanup(() => content.close());
    this.log(`main build: content service ${content.url} (${content.stories} stories), building ...`);
    const before = await content.checkpoint();
    const kindsBefore = content.apiRequestKinds();
    const { clientDir, site, build, env, precompressMs } = await this.buildSite(workspace, content, contentDir);
    const buildApiRequests = (await content.checkpoint()) - before;
    const buildRequestKinds = content.apiRequestKinds(kindsBefore);

    const { first, articles } = await listArticles(content, env.CONTENT_VERSION);
    const indexStory = JSON.parse(await readFile(path.join(contentDir, "stories", "index.json"), "utf8")) as unknown;

    this.log(
      `main build (${env.CONTENT_VERSION} content): ${(build.durationMs / 1000).toFixed(1)} s, ${buildApiRequests} API requests, site ${site.url}`,
    );
    return {
      label: "now",
      commit: null,
      clientDir,
      contentDir,
      content,
      site,
      build,
      buildApiRequests,
      buildRequestKinds,
      precompressMs,
      env,
      routes: selectRoutes(measuredRoutes(first), this.options.routes),
      articles,
      indexReferences: countIndexReferences(indexStory),
    };
  }
}

/** The prerendered file of a route in a client build. */
export function prerenderedFile(clientDir: string, route: Route): string {
  return route.file ? path.join(clientDir, ...route.file.split("/")) : pageFile(clientDir, route.path);
}
