import { rm } from "node:fs/promises";
import path from "node:path";
import { generateContent } from "../tools/generate-content";
import { createWorkspace, REPO } from "./build";
import { startContentService, type ContentService } from "./content-service";
import type { BenchContext } from "./context";
import { fmtInt, fmtMs } from "./format";

/**
 * The loop the sections share that measure the site at growing sizes
 * (growth, publish): a snapshot of the project to build (bench/build.ts),
 * then for each article count generated content
 * (tools/generate-content.ts, media shared from content/assets) in a temp
 * folder and a content service on it that logs its requests; afterwards
 * the folder and the workspace's build are removed, whatever happened.
 */

export interface GeneratedSize {
  /** The section's snapshot of the project, whose build/ is removed after each size. */
  workspace: string;
  articles: number;
  contentDir: string;
  stories: number;
  generateMs: number;
  content: ContentService;
}

/** What each size's result has: a measurement that throws is recorded as `failed` with its message. */
export interface SizeOutcome {
  status: string;
  error?: string;
}

export interface EachSizeOptions<R extends SizeOutcome> {
  /** Names the section in the log and the temp folders. */
  section: string;
  sizes: readonly number[];
  /** The content service re-reads edited story files (publish edits one). */
  watch?: boolean;
  /** The result of a size before anything is measured. */
  initial(articles: number): R;
  measure(result: R, size: GeneratedSize): Promise<void>;
}

export async function measureEachSize<R extends SizeOutcome>(
  ctx: BenchContext,
  options: EachSizeOptions<R>,
): Promise<R[]> {
  const workspace = await createWorkspace(path.join(ctx.tempDir, options.section));
  const results: R[] = [];
  for (const articles of options.sizes) {
    const result = options.initial(articles);
    const label = `${options.section} ${fmtInt(articles)}`;
    const contentDir = path.join(ctx.tempDir, `${options.section}-content-${articles}`);
    try {
      ctx.log(`${label}: generating content ...`);
      const started = performance.now();
      const generated = await generateContent({
        outDir: contentDir,
        articles,
        media: { from: path.join(REPO, "content", "assets") },
      });
      const generateMs = performance.now() - started;
      ctx.log(`${label}: ${fmtInt(generated.stories)} stories in ${fmtMs(generateMs)}`);
      const content = await startContentService({
        contentDir,
        countRequests: true,
        watch: options.watch ?? false,
        imageCacheDir: path.join(ctx.tempDir, `${options.section}-image-cache`),
      });
      try {
        await options.measure(result, {
          workspace,
          articles,
          contentDir,
          stories: generated.stories,
          generateMs,
          content,
        });
      } finally {
        await content.close();
      }
    } catch (error) {
      result.status = "failed";
      result.error = error instanceof Error ? error.message : String(error);
      ctx.log(`${label}: failed: ${result.error}`);
    } finally {
      await rm(contentDir, { recursive: true, force: true });
      await rm(path.join(workspace, "build"), { recursive: true, force: true });
    }
    results.push(result);
  }
  return results;
}
