import { cp, readdir, stat } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { REPO } from "../build";
import { rasterAssets, spaceIdOf, startContentService } from "../content-service";
import type { BenchContext } from "../context";
import { columnTable, fmtInt, fmtKB, fmtMs, markdownTable } from "../format";
import { median } from "../stats";
import type { SectionOutput } from "../report";

/**
 * The content service alone: story reads per second and p99 latency at 50
 * connections (autocannon, ~10 s after a short warm-up), and the image
 * service's time for a 1200 px WebP from a fresh cache (cold) and again
 * (warm).
 */

interface ImageTiming {
  source: string;
  url: string;
  coldMs: number;
  warmMs: number | null;
  bytes: number;
  contentType: string;
}

async function timedGet(url: string): Promise<{ ms: number; bytes: number; status: number; contentType: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Accept: "image/webp,image/*" } });
  const body = await response.arrayBuffer();
  return {
    ms: performance.now() - started,
    bytes: body.byteLength,
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
  };
}

/** Raster sources at least 1200 px wide, largest first: {W}x{H}/{hash}/{file}. */
async function largeSources(contentDir: string): Promise<string[]> {
  return (await rasterAssets(contentDir))
    .filter((asset) => asset.width >= 1200)
    .sort((a, b) => b.width - a.width || a.rel.localeCompare(b.rel))
    .map((asset) => asset.rel);
}

/** A copy of the demo content the service runs on: its folder, its article files and its space's id. */
async function copyContent(ctx: BenchContext) {
  const contentDir = path.join(ctx.tempDir, "service-content");
  await cp(path.join(REPO, "content"), contentDir, { recursive: true, preserveTimestamps: true });
  const articleFiles = (await readdir(path.join(contentDir, "stories", "articles"))).filter((f) => f.endsWith(".json"));
  return { contentDir, articleFiles, spaceId: await spaceIdOf(contentDir) };
}

type ServiceContent = Awaited<ReturnType<typeof copyContent>>;

/** Throughput: reads of every article story in turn, by slug, draft, with the preview token; and the median story's size. */
async function measureStoryReads(ctx: BenchContext, { contentDir, articleFiles }: ServiceContent) {
  const service = await startContentService({
    contentDir,
    imageCacheDir: path.join(ctx.tempDir, "service-image-cache-load"),
  });
  try {
    const token = encodeURIComponent(service.previewToken);
    const paths = articleFiles.map(
      (f) => `/v2/cdn/stories/articles/${f.replace(/\.json$/, "")}?version=draft&token=${token}`,
    );
    const storyBytes =
      median(
        await Promise.all(
          articleFiles.map(async (f) => (await stat(path.join(contentDir, "stories", "articles", f))).size),
        ),
      ) ?? 0;
    const requests = paths.map((p) => ({ method: "GET" as const, path: p }));
    const options = { url: service.url, connections: ctx.options.loadConnections, requests };
    ctx.log("service: warm-up 2 s ...");
    await autocannon({ ...options, duration: 2 });
    ctx.log(`service: ${ctx.options.loadConnections} connections for ${ctx.options.loadSeconds} s ...`);
    const load = await autocannon({ ...options, duration: ctx.options.loadSeconds });
    return { load, storyBytes };
  } finally {
    await service.close();
  }
}

/** The image service: a fresh cache directory, so the first request renders. */
async function measureImages(ctx: BenchContext, { contentDir, spaceId }: ServiceContent): Promise<ImageTiming[]> {
  const images = await startContentService({
    contentDir,
    imageCacheDir: path.join(ctx.tempDir, `service-image-cache-fresh-${Date.now()}`),
  });
  const timings: ImageTiming[] = [];
  try {
    const sources = (await largeSources(contentDir)).slice(0, 3);
    if (sources.length === 0) throw new Error("no raster asset of 1200 px or more in content/assets");
    for (const source of sources) {
      const url = `${images.url}/f/${spaceId}/${source}/m/1200x0/filters:format(webp)`;
      const cold = await timedGet(url);
      if (cold.status !== 200) throw new Error(`image service answered ${cold.status} for ${url}`);
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) warm.push((await timedGet(url)).ms);
      timings.push({
        source,
        url: url.replace(images.url, ""),
        coldMs: cold.ms,
        warmMs: median(warm),
        bytes: cold.bytes,
        contentType: cold.contentType,
      });
    }
  } finally {
    await images.close();
  }
  return timings;
}

function serviceSummary(load: autocannon.Result, timings: readonly ImageTiming[]): SectionOutput["summary"] {
  const coldMedian = median(timings.map((t) => t.coldMs));
  const warmMedian = median(timings.map((t) => t.warmMs));
  return [
    {
      figure: `Story reads, ${load.connections} connections, ${load.duration.toFixed(0)} s`,
      value: `${fmtInt(load.requests.average)} req/s, p99 ${fmtMs(load.latency.p99)} (p50 ${fmtMs(load.latency.p50)}; non-2xx ${load.non2xx}, errors ${load.errors})`,
      target: "–",
      verdict: load.non2xx > 0 || load.errors > 0 ? "fail" : "info",
    },
    {
      figure: "Image service, 1200 px WebP",
      value: `cold ${fmtMs(coldMedian)} · warm ${fmtMs(warmMedian)} (median of ${timings.length} images)`,
      target: "–",
      verdict: "info",
    },
  ];
}

function serviceMarkdown(
  load: autocannon.Result,
  storyBytes: number,
  articles: number,
  timings: readonly ImageTiming[],
): string[] {
  return [
    `The content service in its own process (no request log, no rate limit) on a copy of the demo content. Load: autocannon, ` +
      `${load.connections} connections for ${load.duration.toFixed(1)} s after a 2 s warm-up, cycling through GET ` +
      `\`/v2/cdn/stories/articles/{slug}?version=draft\` of all ${articles} articles (median story file ${fmtKB(storyBytes)}); ` +
      `the load generator shares the machine's 2 cores with the service.`,
    "",
    columnTable(
      [load],
      [
        ["requests", ({ requests }) => fmtInt(requests.total)],
        ["req/s (mean)", ({ requests }) => fmtInt(requests.average)],
        ["req/s (min)", ({ requests }) => fmtInt(requests.min)],
        ["p50", ({ latency }) => fmtMs(latency.p50)],
        ["p90", ({ latency }) => fmtMs(latency.p90)],
        ["p99", ({ latency }) => fmtMs(latency.p99)],
        ["max", ({ latency }) => fmtMs(latency.max)],
        ["throughput", ({ throughput }) => `${(throughput.average / 1024 / 1024).toFixed(1)} MB/s`],
        ["non-2xx", (l) => String(l.non2xx)],
        ["errors", (l) => String(l.errors)],
      ],
    ),
    "",
    "Image service: a second instance with an empty image cache; the first request of each URL renders and caches it (cold), " +
      "the next five are served from the cache (warm, median). Time to the last byte over loopback.",
    "",
    markdownTable(
      ["source", "cold", "warm", "size", "type"],
      timings.map((t) => [`\`${t.source}\``, fmtMs(t.coldMs), fmtMs(t.warmMs), fmtKB(t.bytes), t.contentType]),
    ),
  ];
}

export async function serviceSection(ctx: BenchContext): Promise<SectionOutput> {
  const content = await copyContent(ctx);
  const { load, storyBytes } = await measureStoryReads(ctx, content);
  const timings = await measureImages(ctx, content);
  return {
    summary: serviceSummary(load, timings),
    markdown: serviceMarkdown(load, storyBytes, content.articleFiles.length, timings).join("\n"),
    data: {
      load: {
        rps: load.requests.average,
        p50: load.latency.p50,
        p90: load.latency.p90,
        p99: load.latency.p99,
        max: load.latency.max,
        total: load.requests.total,
        non2xx: load.non2xx,
        errors: load.errors,
        duration: load.duration,
        connections: load.connections,
      },
      images: timings,
    },
  };
}
