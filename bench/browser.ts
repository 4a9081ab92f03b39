import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { CHROMIUM_ARGS } from "../test-support/ensure-chromium";

/** Lighthouse (programmatic API, through chrome-launcher) and Playwright, both on the given Chromium. */

/** The flags the brief names, plus the container-friendly ones of the e2e suite. */
export const LIGHTHOUSE_CHROME_FLAGS: readonly string[] = [
  "--headless=new",
  ...new Set([
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    ...CHROMIUM_ARGS,
  ]),
];

export type Preset = "mobile" | "desktop";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  url: string;
  preset: Preset;
  ok: boolean;
  error?: string;
  scores: Partial<Record<Category, number | null>>;
  lcp: number | null;
  fcp: number | null;
  tbt: number | null;
  cls: number | null;
  si: number | null;
  lcpElement?: string;
  lcpPhases?: Record<string, number>;
  /** Audits below 100 in accessibility, best practices and SEO. */
  failedAudits: { category: Category; id: string; title: string; score: number | null }[];
  /** Performance audits that cost LCP or TBT, largest first. */
  opportunities: { id: string; title: string; lcpMs: number; tbtMs: number; displayValue?: string }[];
  /** Main-thread time by script (bootup-time), largest first. */
  scriptTime: { url: string; totalMs: number; scriptingMs: number }[];
  warnings: string[];
  benchmarkIndex?: number;
  reportFile?: string;
}

export async function chromiumVersion(chromePath: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(chromePath, ["--version"], { timeout: 20_000 });
    return stdout.trim();
  } catch {
    return path.basename(chromePath);
  }
}

function numeric(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

interface TableDetails {
  type: string;
  items?: Record<string, unknown>[];
}

function lcpDetails(lhr: Result): { element?: string; phases?: Record<string, number> } {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { type?: string; items?: TableDetails[] } | undefined;
  if (!details || details.type !== "list" || !Array.isArray(details.items)) return {};
  const [elementTable, phaseTable] = details.items;
  const node = elementTable?.items?.[0]?.node as
    { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
  const element = node ? `${node.snippet ?? ""}`.slice(0, 300) || node.selector : undefined;
  const phases: Record<string, number> = {};
  for (const item of phaseTable?.items ?? []) {
    const { phase, timing } = item;
    if (typeof phase === "string" && typeof timing === "number") phases[phase] = timing;
  }
  return { element, phases: Object.keys(phases).length > 0 ? phases : undefined };
}

function summariseRun(lhr: Result, url: string, preset: Preset): LighthouseRun {
  const scores: Partial<Record<Category, number | null>> = {};
  const failedAudits: LighthouseRun["failedAudits"] = [];
  for (const category of CATEGORIES) {
    const cat = lhr.categories[category];
    scores[category] = cat?.score ?? null;
    if (category === "performance" || !cat) continue;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || !["binary", "numeric"].includes(audit.scoreDisplayMode)) continue;
      if (audit.score !== null && audit.score < 1)
        failedAudits.push({ category, id: audit.id, title: audit.title, score: audit.score });
    }
  }
  const opportunities: LighthouseRun["opportunities"] = [];
  for (const audit of Object.values(lhr.audits)) {
    const savings = (audit as { metricSavings?: { LCP?: number; TBT?: number } }).metricSavings;
    const lcpMs = savings?.LCP ?? 0;
    const tbtMs = savings?.TBT ?? 0;
    if (audit.id !== "largest-contentful-paint-element" && (lcpMs > 0 || tbtMs > 0) && audit.score !== 1)
      opportunities.push({ id: audit.id, title: audit.title, lcpMs, tbtMs, displayValue: audit.displayValue });
  }
  opportunities.sort((a, b) => b.lcpMs + b.tbtMs - (a.lcpMs + a.tbtMs));
  const bootup = lhr.audits["bootup-time"]?.details as TableDetails | undefined;
  const scriptTime = (bootup?.items ?? [])
    .map((item) => ({
      url: String(item.url ?? ""),
      totalMs: Number(item.total ?? 0),
      scriptingMs: Number(item.scripting ?? 0),
    }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 5);
  const lcp = lcpDetails(lhr);
  return {
    url,
    preset,
    ok: !lhr.runtimeError,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    scores,
    lcp: numeric(lhr, "largest-contentful-paint"),
    fcp: numeric(lhr, "first-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    si: numeric(lhr, "speed-index"),
    lcpElement: lcp.element,
    lcpPhases: lcp.phases,
    failedAudits,
    opportunities: opportunities.slice(0, 6),
    scriptTime,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

export interface LighthouseOptions {
  chromePath: string;
  /** Where the fresh Chromium profile goes (removed afterwards). */
  tempDir: string;
  /** Write the full result (LHR JSON) here. */
  reportFile: string;
  /** Only these categories. */
  categories: readonly Category[];
}

/**
 * One Lighthouse run in a fresh Chromium with a fresh profile. A run that
 * Lighthouse itself reports as broken (a runtime error such as NO_NAVSTART:
 * a trace it could not read) is tried once more before it counts as failed.
 */
export async function runLighthouse(url: string, preset: Preset, options: LighthouseOptions): Promise<LighthouseRun> {
  const first = await runLighthouseOnce(url, preset, options);
  if (first.ok) return first;
  const second = await runLighthouseOnce(url, preset, options);
  if (!second.ok) second.error = `${second.error} (after a retry; first try: ${first.error})`;
  else second.warnings.push(`retried after: ${first.error}`);
  return second;
}

async function runLighthouseOnce(url: string, preset: Preset, options: LighthouseOptions): Promise<LighthouseRun> {
  const userDataDir = await mkdtemp(path.join(options.tempDir, "lh-profile-"));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: options.chromePath,
      chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS],
      userDataDir,
      logLevel: "silent",
    });
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...options.categories] },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const run = summariseRun(result.lhr, url, preset);
    await writeFile(options.reportFile, typeof result.report === "string" ? result.report : JSON.stringify(result.lhr));
    run.reportFile = options.reportFile;
    return run;
  } catch (error) {
    return {
      url,
      preset,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      scores: {},
      lcp: null,
      fcp: null,
      tbt: null,
      cls: null,
      si: null,
      failedAudits: [],
      opportunities: [],
      scriptTime: [],
      warnings: [],
    };
  } finally {
    try {
      chrome?.kill();
    } catch {
      // already gone
    }
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => undefined);
  }
}

export function launchPlaywright(chromePath: string): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: [...CHROMIUM_ARGS], headless: true });
}
