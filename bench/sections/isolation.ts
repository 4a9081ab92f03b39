import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { REPO } from "../build";
import type { IsolationReady } from "../isolation-child";
import { rasterAssets, spaceIdOf } from "../content-service";
import type { BenchContext } from "../context";
import { columnTable, fmtMB, fmtMs } from "../format";
import { parseProcStat } from "../proc-tree";
import { stopChild } from "../../tools/processes";
import type { SectionOutput } from "../report";

/**
 * The site's pages while the content service behind it works hard, as under
 * `npm start` (the content service in a process of its own): page latency
 * (GET /robots.txt, one request at a time) idle and while two clients send
 * the heaviest API listing through the site's forward and a burst of new
 * image renditions runs. Then how long the content service's CPU stays busy
 * after the load stops, and its RSS.
 */

const IDLE_MS = 4_000;
const LOAD_MS = 10_000;
const AFTER_MS = 5_000;
const HEAVY_CLIENTS = 2;
/** Longest wait for the site and its content service to listen. */
const READY_MS = 60_000;
const RENDITION_CLIENTS = 40;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Page requests one after another for `ms`: what a visitor of the site waits. */
async function samplePages(siteUrl: string, ms: number) {
  const times: number[] = [];
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${siteUrl}/robots.txt`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  return { samples: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

/** Raster sources of the demo content, as /f/ paths the image service renders. */
async function rasterSources(contentDir: string): Promise<string[]> {
  const spaceId = await spaceIdOf(contentDir);
  const found = (await rasterAssets(contentDir)).map((asset) => `/f/${spaceId}/${asset.rel}`);
  if (found.length === 0) throw new Error("the content has no raster image to render");
  return found.sort();
}

/** The heaviest listing a client may ask: 100 stories, every relation pattern resolved. */
function heavyListing(token: string): string {
  const patterns = [
    "article_list.Articles",
    "article.Other",
    ...Array.from({ length: 40 }, (_, i) => `component${i}.field${i}`),
  ];
  const query = new URLSearchParams({
    token,
    version: "published",
    per_page: "100",
    resolve_relations: patterns.join(","),
    resolve_links: "url",
  });
  return `/v2/cdn/stories?${query.toString()}`;
}

async function cpuSeconds(pid: number): Promise<{ cpu: number; rss: number }> {
  const stat = parseProcStat(await readFile(`/proc/${pid}/stat`, "utf8"));
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return { cpu: stat ? stat.cpuTicks / 100 : Number.NaN, rss: rssKb * 1024 };
}

async function startSystem(clientDir: string, contentDir: string): Promise<{ child: ChildProcess } & IsolationReady> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO, "bench", "isolation-child.ts")], {
    cwd: REPO,
    env: { ...process.env, BENCH_ISOLATION: JSON.stringify({ clientDir, contentDir }) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    detached: true,
  });
  const ready = new Promise<IsolationReady>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the site exited before it was ready (${code})`)));
    child.on("message", (message: Partial<IsolationReady>) => {
      if (message?.type === "ready") resolve(message as IsolationReady);
    });
    setTimeout(() => reject(new Error(`the site was not ready within ${READY_MS / 1000} s`)), READY_MS).unref();
  });
  try {
    return { child, ...(await ready) };
  } catch (error) {
    await stopChild(child, { group: true });
    throw error;
  }
}

async function measure(clientDir: string, contentDir: string, sources: string[]) {
  const system = await startSystem(clientDir, contentDir);
  try {
    const idle = await samplePages(system.siteUrl, IDLE_MS);
    let running = true;
    let apiRequests = 0;
    const renditions = { started: 0, answered: 0 };
    const heavy = heavyListing(system.publicToken);
    const apiLoops = Array.from({ length: HEAVY_CLIENTS }, async () => {
      while (running) {
        const response = await fetch(`${system.siteUrl}${heavy}`).catch(() => null);
        await response?.arrayBuffer().catch(() => undefined);
        apiRequests += 1;
      }
    });
    // every request a rendition nobody asked for before: widths 1000-3999 over the sources, clients leave after 5 s
    let next = 0;
    const renditionLoops = Array.from({ length: RENDITION_CLIENTS }, async () => {
      while (running) {
        const n = next++;
        const source = sources[n % sources.length]!;
        const width = 1000 + ((n * 7919) % 3000);
        renditions.started += 1;
        const response = await fetch(`${system.siteUrl}${source}/m/${width}x0`, {
          signal: AbortSignal.timeout(5_000),
        }).catch(() => null);
        if (response && (await response.arrayBuffer().catch(() => null))) renditions.answered += 1;
      }
    });
    const loaded = await samplePages(system.siteUrl, LOAD_MS);
    running = false;
    await Promise.all([...apiLoops, ...renditionLoops]);
    const before = await cpuSeconds(system.contentPid);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    const after = await cpuSeconds(system.contentPid);
    return {
      idle,
      loaded,
      apiRequests,
      renditions,
      // CPU seconds the content service used in the AFTER_MS after the load stopped
      cpuAfterSeconds: after.cpu - before.cpu,
      rssAfterBytes: after.rss,
    };
  } finally {
    await stopChild(system.child, { group: true });
  }
}

export async function isolationSection(ctx: BenchContext): Promise<SectionOutput> {
  const main = await ctx.mainBuild();
  const sources = await rasterSources(main.contentDir);
  ctx.log("isolation: content service in its own process ...");
  const result = await measure(main.clientDir, main.contentDir, sources);
  return {
    summary: [
      {
        figure: "page p50 / p99 under API and image load, content service in its own process",
        value: `${fmtMs(result.loaded.p50)} / ${fmtMs(result.loaded.p99)}`,
        target: `idle: ${fmtMs(result.idle.p50)} / ${fmtMs(result.idle.p99)}`,
        verdict: "info",
      },
    ],
    markdown: [
      `GET /robots.txt one after another, idle for ${IDLE_MS / 1000} s, then for ${LOAD_MS / 1000} s while ` +
        `${HEAVY_CLIENTS} clients send the heaviest listing (100 stories, 42 relation patterns) through the ` +
        `site's forward and ${RENDITION_CLIENTS} clients ask for new image renditions (each leaves after 5 s). ` +
        `CPU: what the content service used in the ${AFTER_MS / 1000} s after the load stopped.`,
      "",
      columnTable(
        [result],
        [
          ["page p50 / p99 idle", ({ idle }) => `${fmtMs(idle.p50)} / ${fmtMs(idle.p99)}`],
          ["page p50 / p99 under load", ({ loaded: l }) => `${fmtMs(l.p50)} / ${fmtMs(l.p99)} (max ${fmtMs(l.max)})`],
          ["API answers", (r) => String(r.apiRequests)],
          ["renditions answered", (r) => `${r.renditions.answered} of ${r.renditions.started}`],
          ["CPU after", (r) => `${r.cpuAfterSeconds.toFixed(2)} s`],
          ["RSS after", (r) => fmtMB(r.rssAfterBytes)],
        ],
      ),
    ].join("\n"),
    data: result,
  };
}
