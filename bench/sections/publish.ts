import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startLiveSite } from "../../site-server/live-site";
import type { ReleaseResult } from "../../site-server/publisher";
import { webhookSignature } from "../../site-server/storyblok-webhook";
import { freePort } from "../../tools/processes";
import { startReadLoad } from "../../test-support/read-load";
import { readReleaseInfo, RELEASE_FILE } from "../../release/release-info";
import { buildEnv, productionEnv, runBuild } from "../build";
import type { BenchContext } from "../context";
import { columnTable, fmtInt, fmtMB, fmtMs } from "../format";
import { matchingSubtreesRssBytes, sampleRss, type RssSampler } from "../proc-tree";
import { measureEachSize, type GeneratedSize } from "../generated-sizes";
import { atMost, TARGETS, type Verdict } from "../targets";
import type { SectionOutput } from "../report";

/**
 * Publish to live (site-server/publisher.ts): for generated content sets
 * of BENCH_PUBLISH_SIZES articles, a whole production build, then the site
 * server with publish to live on it; the story file of the article the most
 * pages refer to is edited and
 * Storyblok's webhook posted; measured: seconds from the webhook to the new
 * headline in the prerendered HTML, the content API requests of that update
 * (counted from the content service's answers), its pages, and what a load reading `/`
 * and the article saw meanwhile (4 loops of requests, failures counted).
 * The whole build's time is the alternative the update is weighed against.
 */

const SECRET = "bench-webhook-secret";

interface PublishResult {
  articles: number;
  status: "ok" | "failed" | "timeout";
  error?: string;
  buildMs: number | null;
  webhookToHtmlMs: number | null;
  /** Pages that refer to the edited article. */
  referrers: number | null;
  release: Pick<ReleaseResult, "kind" | "ms" | "rendered" | "removed"> | null;
  apiRequests: number | null;
  load: { requests: number; failed: number; slowestMs: number } | null;
  /** Peak resident memory of the update's own process (live-update/render-pages.ts and what it starts). */
  renderPeakRssBytes: number | null;
}

/**
 * The article the most prerendered pages refer to (their links and other projects, recorded in release.json):
 * an edit of it makes the largest update one article can, the case the target is about.
 */
async function mostReferencedArticle(buildDir: string, contentDir: string) {
  const release = await readReleaseInfo(buildDir);
  if (!release) throw new Error(`${buildDir} has no ${RELEASE_FILE}`);
  const referrers = new Map<string, number>();
  for (const page of Object.values(release.pages)) {
    for (const link of page.links) referrers.set(link, (referrers.get(link) ?? 0) + 1);
  }
  const [top] = [...referrers].sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  if (!top) throw new Error(`no page of ${buildDir} refers to an article`);
  const slug = top[0].slice("/articles/".length);
  return { file: path.join(contentDir, "stories", "articles", `${slug}.json`), slug, referrers: top[1] };
}

function initialResult(articles: number): PublishResult {
  return {
    articles,
    status: "failed",
    buildMs: null,
    webhookToHtmlMs: null,
    referrers: null,
    release: null,
    apiRequests: null,
    load: null,
    renderPeakRssBytes: null,
  };
}

interface EditedStory {
  story: { id: number; full_slug: string; content: Record<string, unknown> };
}

/** A new headline in the story's file, once the content service serves it (before Storyblok would send its webhook). */
async function editHeadline(file: string, content: { apiUrl: string; publicToken: string }) {
  const story = JSON.parse(await readFile(file, "utf8")) as EditedStory;
  const headline = `Bench ${Date.now()}`;
  story.story.content.Headline = headline;
  await writeFile(file, `${JSON.stringify(story, null, 2)}\n`);
  const storyUrl = `${content.apiUrl}/cdn/stories/${story.story.full_slug}?version=published&token=${content.publicToken}`;
  await waitForText(storyUrl, headline, 30_000, "the content service did not pick up the edit");
  return { story, headline };
}

/** Storyblok's webhook for the story's publishing, signed. */
async function postPublishedWebhook(webhookUrl: string, { story }: EditedStory): Promise<void> {
  const body = JSON.stringify({
    text: "bench",
    action: "published",
    space_id: 1,
    story_id: story.id,
    full_slug: story.full_slug,
  });
  const answer = await fetch(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (answer.status !== 202) throw new Error(`the webhook answered ${answer.status}`);
}

/** The whole build of the size's content; false (the result says why) when it failed or timed out. */
async function buildWhole(
  ctx: BenchContext,
  { workspace, articles, contentDir, content }: GeneratedSize,
  env: Record<string, string>,
  result: PublishResult,
): Promise<boolean> {
  ctx.log(`publish ${fmtInt(articles)}: the whole build ...`);
  const build = await runBuild({
    workspace,
    contentPort: content.port,
    contentDir,
    timeoutMs: ctx.options.growthTimeoutMs(articles),
    env,
  });
  result.buildMs = build.durationMs;
  if (!build.ok) {
    result.status = build.timedOut ? "timeout" : "failed";
    result.error = build.timedOut ? "the whole build timed out" : build.outputTail.split("\n").slice(-3).join(" ");
    return false;
  }
  return true;
}

/** Until the page at `url` holds `text`; the error `failure` after `timeoutMs`. */
async function waitForText(url: string, text: string, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await textOf(url)).includes(text)) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(ctx: BenchContext, result: PublishResult, size: GeneratedSize): Promise<void> {
  const { workspace, articles, contentDir, content } = size;
  const siteUrl = `http://127.0.0.1:${await freePort()}`;
  const env = productionEnv(siteUrl);
  if (!(await buildWhole(ctx, size, env, result))) return;
  const live = await startLiveSite({
    buildDir: path.join(workspace, "build"),
    env: buildEnv({ contentPort: content.port, contentDir, env }),
    repo: workspace,
    webhookSecret: SECRET,
    debounceMs: 100,
    log: (message) => ctx.log(`publish ${fmtInt(articles)}: ${message}`),
  });
  // the update's process: from the webhook until the publisher is idle
  let renderRss: RssSampler | undefined;
  try {
    const article = await mostReferencedArticle(path.join(workspace, "build"), contentDir);
    result.referrers = article.referrers;
    const pagePath = `/articles/${article.slug}`;
    const load = startReadLoad(live.server.url, ["/", pagePath], { maxMs: ctx.options.growthTimeoutMs(articles) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { story, headline } = await editHeadline(article.file, content);
    const before = await content.checkpoint();
    renderRss = sampleRss(() =>
      matchingSubtreesRssBytes(process.pid, (line) => line.includes(path.join("live-update", "render-pages.ts"))),
    );
    const started = performance.now();
    await postPublishedWebhook(live.webhookUrl, story);
    await waitForText(
      `${live.server.url}${pagePath}`,
      headline,
      ctx.options.growthTimeoutMs(articles),
      "the edit did not reach the HTML in time",
    );
    result.webhookToHtmlMs = performance.now() - started;
    await live.publisher.whenIdle();
    result.renderPeakRssBytes = (await renderRss.stop()) || null;
    const seen = await load.stop();
    result.load = { requests: seen.requests, failed: seen.failed.length, slowestMs: seen.slowestMs };
    result.apiRequests = (await content.checkpoint()) - before;
    const record = live.publisher.history.at(-1)?.result;
    if (record && "kind" in record) {
      result.release = { kind: record.kind, ms: record.ms, rendered: record.rendered, removed: record.removed };
    }
    result.status = "ok";
    ctx.log(
      `publish ${fmtInt(articles)}: webhook to HTML ${fmtMs(result.webhookToHtmlMs)} (${result.release?.kind}), ` +
        `${fmtInt(result.apiRequests)} API requests, render peak RSS ${fmtMB(result.renderPeakRssBytes)}; load ${fmtInt(result.load.requests)} requests, ${result.load.failed} failed`,
    );
  } finally {
    await renderRss?.stop();
    await live.close();
  }
}

function publishSummaryRow(r: PublishResult): SectionOutput["summary"][number] {
  const budget = r.articles === 1000 ? TARGETS.publish1000MaxMs : null;
  const verdict: Verdict = budget === null ? "info" : r.status === "ok" ? atMost(r.webhookToHtmlMs, budget) : "fail";
  return {
    figure: `Publish to live, ${fmtInt(r.articles)} articles`,
    value:
      r.status === "ok"
        ? `${fmtMs(r.webhookToHtmlMs)} webhook to HTML (${r.release?.kind === "update" ? `${fmtInt(r.release.rendered?.length ?? 0)} pages rendered` : "whole build"}; ` +
          `an article ${fmtInt(r.referrers)} pages refer to, ` +
          `${fmtInt(r.apiRequests)} API requests; render peak RSS ${fmtMB(r.renderPeakRssBytes)}; whole build ${fmtMs(r.buildMs)}); ` +
          `load: ${fmtInt(r.load?.requests)} requests, ${r.load?.failed} failed, slowest ${fmtMs(r.load?.slowestMs)}`
        : `${r.status}: ${r.error ?? ""}`.slice(0, 160),
    target: budget === null ? "–" : `≤ ${fmtMs(budget)}`,
    verdict,
  };
}

/** Every size's figures. */
function publishTable(results: PublishResult[]): string {
  return columnTable(results, [
    ["articles", (r) => fmtInt(r.articles)],
    ["status", (r) => r.status],
    ["whole build", (r) => fmtMs(r.buildMs)],
    ["webhook → HTML", (r) => fmtMs(r.webhookToHtmlMs)],
    ["pages referring to it", (r) => fmtInt(r.referrers)],
    ["release", (r) => r.release?.kind ?? "–"],
    ["pages rendered", (r) => fmtInt(r.release?.rendered?.length)],
    ["API requests", (r) => fmtInt(r.apiRequests)],
    ["render peak RSS", (r) => fmtMB(r.renderPeakRssBytes)],
    ["load requests", (r) => fmtInt(r.load?.requests)],
    ["load failed", (r) => (r.load ? String(r.load.failed) : "–")],
    ["slowest", (r) => fmtMs(r.load?.slowestMs)],
  ]);
}

export async function publishSection(ctx: BenchContext): Promise<SectionOutput> {
  const results = await measureEachSize(ctx, {
    section: "publish",
    sizes: ctx.options.publishSizes,
    watch: true,
    initial: initialResult,
    measure: (result, size) => measure(ctx, result, size),
  });

  const summary = results.map(publishSummaryRow);
  const md = [
    "Each size: generated content, a whole production build of a snapshot of the project (`react-router build`), then " +
      "the site server with publish to live on it (site-server/live-site.ts). The story file of the article the most " +
      "pages refer to (links and other projects, from release.json) is edited and " +
      "Storyblok's webhook posted (signed); the clock runs from the webhook to the first answer of the article's URL " +
      "whose prerendered HTML holds the new headline. API requests: those the content service served meanwhile. Load: " +
      "4 loops reading `/` and the article from 1 s before the webhook until the release is live. Render peak RSS: " +
      "the update's process (live-update/render-pages.ts and its children), sampled every 100 ms.",
    "",
    publishTable(results),
    "",
    ...results.filter((r) => r.error).map((r) => `- ${fmtInt(r.articles)} articles: ${r.status}: \`${r.error}\``),
  ];
  return { summary, markdown: md.join("\n"), data: { results } };
}

/** A page's text, or "" when it does not answer within 10 s (a poll tries again; nothing holds the bench). */
function textOf(url: string): Promise<string> {
  return fetch(url, { signal: AbortSignal.timeout(10_000) })
    .then((response) => response.text())
    .catch(() => "");
}
