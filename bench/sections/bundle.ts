import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { inflightTracker } from "../../test-support/inflight-requests";
import { launchPlaywright } from "../browser";
import { prerenderedFile, type BenchContext, type MainBuild, type Route, type SiteBuild } from "../context";
import { sideBySideTable } from "../side-by-side";
import { columnTable, fmtKB, KB, markdownTable, pathOf } from "../format";
import { pageAssets, staticImports } from "../html";
import { allOf, atMost, TARGETS } from "../targets";
import type { SectionOutput } from "../report";

/**
 * First-load JS and CSS per route: the scripts (src, modulepreload, imports
 * of inline modules, and what those import statically) and stylesheets each
 * prerendered index.html references,
 * gzip level 9 in memory, summed. And the bytes a first visit to / at 375 px
 * transfers (every response body as sent, i.e. compressed where the server
 * compresses), measured in Chromium.
 */

const gzip9 = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/**
 * The page's scripts and every module they import statically, which the
 * browser loads before the first can run, whether the HTML lists them as
 * modulepreloads or (docs/decisions/0005-hydrate-after-load.md) not.
 */
async function withStaticImports(clientDir: string, scripts: readonly string[]): Promise<string[]> {
  const seen = new Set<string>(scripts);
  const queue = [...scripts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const source = await readFile(path.join(clientDir, decodeURIComponent(file)), "utf8").catch(() => "");
    for (const specifier of staticImports(source)) {
      const resolved = specifier.startsWith("/") ? specifier : path.posix.join(path.posix.dirname(file), specifier);
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      queue.push(resolved);
    }
  }
  return [...seen];
}

/** The first-load files of one route of a client build, gzip level 9 each. */
async function routeBundle(clientDir: string, route: Route) {
  const html = await readFile(prerenderedFile(clientDir, route), "utf8");
  const assets = pageAssets(html);
  const wanted = [
    ...(await withStaticImports(clientDir, assets.scripts)).map((file) => ({ file, kind: "js" as const })),
    ...assets.stylesheets.map((file) => ({ file, kind: "css" as const })),
  ];
  const files: { file: string; kind: "js" | "css"; raw: number; gzip: number }[] = [];
  const missing: string[] = [];
  for (const { file, kind } of wanted) {
    const data = await readFile(path.join(clientDir, decodeURIComponent(file))).catch(() => null);
    if (data) files.push({ file, kind, raw: data.length, gzip: gzip9(data) });
    else missing.push(file);
  }
  const total = (kind: "js" | "css", size: "raw" | "gzip") =>
    files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f[size], 0);
  return {
    route: route.label,
    path: route.path,
    jsGzip: total("js", "gzip"),
    jsRaw: total("js", "raw"),
    cssGzip: total("css", "gzip"),
    cssRaw: total("css", "raw"),
    inlineGzip: gzip9(assets.inlineScripts.join("\n")),
    htmlGzip: gzip9(html),
    files,
    missing,
  };
}

type RouteBundle = Awaited<ReturnType<typeof routeBundle>>;

/** What a first visit to a page transfers: response bodies as sent, by resource type, and the largest eight. */
interface Transfer {
  total: number;
  byType: Record<string, { count: number; bytes: number }>;
  largest: { url: string; type: string; bytes: number }[];
}

/** The first-load files of each route of a client build. */
const routeBundles = (clientDir: string, routes: readonly Route[]) =>
  Promise.all(routes.map((route) => routeBundle(clientDir, route)));

/** A first visit to `url` on a 375 px phone, unthrottled, until the network is idle. */
async function firstVisitTransfer(ctx: BenchContext, url: string): Promise<Transfer> {
  const browser = await launchPlaywright(ctx.chromePath);
  const transfer: Transfer = { total: 0, byType: {}, largest: [] };
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (request) => {
      pending.push(
        request
          .sizes()
          .then((sizes) => {
            const type = request.resourceType();
            const entry = (transfer.byType[type] ??= { count: 0, bytes: 0 });
            entry.count += 1;
            entry.bytes += sizes.responseBodySize;
            transfer.total += sizes.responseBodySize;
            transfer.largest.push({ url: request.url(), type, bytes: sizes.responseBodySize });
          })
          .catch(() => undefined),
      );
    });
    const network = inflightTracker(page);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!(await network.idle(20_000))) throw new Error(`${url}: the network was not idle 20 s after the load`);
    await Promise.all(pending);
    await context.close();
  } finally {
    await browser.close();
  }
  transfer.largest = transfer.largest.sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  return transfer;
}

interface BundleFigures {
  main: MainBuild;
  baseline: SiteBuild | null;
  bundles: RouteBundle[];
  baselineBundles: RouteBundle[];
  transfer: Transfer;
}

/** The transfer's types, the heaviest first. */
const typesByBytes = (transfer: Transfer) => Object.entries(transfer.byType).sort((a, b) => b[1].bytes - a[1].bytes);

function bundleSummary({ baseline, bundles, baselineBundles, transfer }: BundleFigures): SectionOutput["summary"] {
  const jsCss = (b: RouteBundle | undefined) => `JS ${fmtKB(b?.jsGzip)} · CSS ${fmtKB(b?.cssGzip)}`;
  const summary: SectionOutput["summary"] = bundles.map((b) => ({
    figure: `First-load JS / CSS (gzip), ${b.route}`,
    value: jsCss(b) + (baseline ? `; baseline ${jsCss(baselineBundles.find((x) => x.route === b.route))}` : ""),
    target: `JS ≤ ${TARGETS.firstLoadJsMaxKB} KB · CSS ≤ ${TARGETS.firstLoadCssMaxKB} KB`,
    verdict: allOf([
      atMost(b.jsGzip / KB, TARGETS.firstLoadJsMaxKB),
      atMost(b.cssGzip / KB, TARGETS.firstLoadCssMaxKB),
    ]),
  }));
  summary.push({
    figure: "Bytes transferred, first visit to / at 375 px",
    value: `${fmtKB(transfer.total)} (${typesByBytes(transfer)
      .map(([type, e]) => `${type} ${fmtKB(e.bytes)}`)
      .join(", ")})`,
    target: "–",
    verdict: "info",
  });
  return summary;
}

/** The routes side by side with the baseline's build, where BENCH_BASELINE names one. */
function baselineMarkdown(ctx: BenchContext, { main, baseline, bundles, baselineBundles }: BundleFigures): string[] {
  if (!baseline) return [];
  return [
    `Side by side with the baseline's build (${baseline.commit} = BENCH_BASELINE=${ctx.options.baseline}), same content:`,
    "",
    sideBySideTable(
      main.routes.map((r) => r.label),
      new Map(baselineBundles.map((b) => [b.route, b])),
      new Map(bundles.map((b) => [b.route, b])),
      [
        {
          header: "JS gzip",
          value: (b) => b.jsGzip,
          format: fmtKB,
          verdict: (v) => atMost(v == null ? v : v / KB, TARGETS.firstLoadJsMaxKB),
        },
        { header: "CSS gzip", value: (b) => b.cssGzip, format: fmtKB },
        { header: "HTML gzip", value: (b) => b.htmlGzip, format: fmtKB },
      ],
    ),
    "",
  ];
}

/** The bundles' part of the report: every route's first-load files, beside the baseline's, and what is missing. */
function bundlesMarkdown(ctx: BenchContext, figures: BundleFigures): string[] {
  const { bundles } = figures;
  const md = [
    "gzip level 9 of each file a route's prerendered `index.html` loads on first visit (`<script src>`, " +
      "`<link rel=modulepreload>`, imports of inline module scripts, `<link rel=stylesheet>`), summed; KB = 1,024 bytes. " +
      "The site server sends brotli where the browser accepts it, which is smaller still. Inline = React Router's inline " +
      "scripts (context and hydration data) inside the HTML.",
    "",
    columnTable(bundles, [
      ["route", (b) => b.route],
      ["JS gzip", (b) => fmtKB(b.jsGzip)],
      ["JS raw", (b) => fmtKB(b.jsRaw)],
      ["CSS gzip", (b) => fmtKB(b.cssGzip)],
      ["CSS raw", (b) => fmtKB(b.cssRaw)],
      ["inline scripts gzip", (b) => fmtKB(b.inlineGzip)],
      ["HTML gzip", (b) => fmtKB(b.htmlGzip)],
      ["files", (b) => String(b.files.length)],
    ]),
    "",
    ...baselineMarkdown(ctx, figures),
  ];
  const home = bundles[0];
  if (home) {
    md.push(
      "Largest first-load files of `/` (gzip): " +
        [...home.files]
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 8)
          .map((f) => `\`${f.file.replace("/assets/", "")}\` ${fmtKB(f.gzip)}`)
          .join(", ") +
        ".",
      "",
    );
  }
  const missing = bundles.flatMap((b) => b.missing.map((m) => `${b.route}: ${m}`));
  if (missing.length) md.push(`Referenced but not in the build: ${missing.join(", ")}.`, "");
  return md;
}

/** The first visit's part of the report: its bytes by type and its largest responses. */
function transferMarkdown(transfer: Transfer): string[] {
  return [
    `First visit to \`/\` at 375 × 812 px (device scale 2, mobile, Playwright Chromium, no throttling), until the network ` +
      `is idle: ${fmtKB(transfer.total)} of response bodies as transferred.`,
    "",
    markdownTable(
      ["type", "requests", "bytes"],
      typesByBytes(transfer).map(([type, e]) => [type, String(e.count), fmtKB(e.bytes)]),
    ),
    "",
    "Largest responses: " +
      transfer.largest.map((l) => `\`${pathOf(l.url).slice(0, 100)}\` ${fmtKB(l.bytes)}`).join(", ") +
      ".",
  ];
}

export async function bundleSection(ctx: BenchContext): Promise<SectionOutput> {
  const main = await ctx.mainBuild();
  const baseline = await ctx.baselineBuild();
  const bundles = await routeBundles(main.clientDir, main.routes);
  const baselineBundles = baseline ? await routeBundles(baseline.clientDir, main.routes) : [];
  const transfer = await firstVisitTransfer(ctx, `${main.site.url}/`);
  const figures: BundleFigures = { main, baseline, bundles, baselineBundles, transfer };
  return {
    summary: bundleSummary(figures),
    markdown: [...bundlesMarkdown(ctx, figures), ...transferMarkdown(transfer)].join("\n"),
    data: { bundles, baseline: baseline?.commit ?? null, baselineBundles, transfer },
  };
}
