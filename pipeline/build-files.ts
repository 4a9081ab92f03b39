import { stat } from "node:fs/promises";
import path from "node:path";
import type { PageWorkers } from "./page-workers";

/**
 * HTML the build's passes hold at once, at most (one page bigger than it goes alone). A page's parse tree is many
 * times its text, and one page grows with the site: the index of 10,000 articles is 24 MB. Two of those parsed at
 * once on the two page workers were the build's peak (1.3 GB at 10,000 articles, docs/benchmarks.md).
 */
export const PAGE_BYTES_IN_FLIGHT = 8 * 1024 * 1024;

/** How much of `inOrder`'s budget an item takes, and the budget (at least one item always runs). */
export interface InFlightBudget<T> {
  weigh: (item: T) => number;
  budget: number;
}

/**
 * `run` over the items, at most `ahead` at a time (and within `limit`'s budget), the results in the items' order. A
 * failure is thrown once every item started has settled, so that nothing is still writing when the caller hears of it.
 */
export async function* inOrder<T, R>(
  items: readonly T[],
  run: (item: T) => Promise<R>,
  ahead: number,
  limit?: InFlightBudget<T>,
): AsyncGenerator<[T, R]> {
  const running: Array<Promise<R>> = [];
  const weights: number[] = [];
  let inFlight = 0;
  let next = 0;
  const fits = (weight: number) => running.length === 0 || !limit || inFlight + weight <= limit.budget;
  const fill = () => {
    while (next < items.length && running.length < ahead) {
      const weight = limit?.weigh(items[next]!) ?? 0;
      if (!fits(weight)) break;
      const started = run(items[next]!);
      // a rejection is seen when its turn comes, not as an unhandled one before
      started.catch(() => undefined);
      running.push(started);
      weights.push(weight);
      inFlight += weight;
      next += 1;
    }
  };
  fill();
  try {
    for (let index = 0; index < items.length; index += 1) {
      const result = await running.shift()!;
      inFlight -= weights.shift()!;
      fill();
      yield [items[index]!, result];
    }
  } finally {
    await Promise.allSettled(running);
  }
}

/** Each file's size in bytes (`relative` to `dir`), as `inOrder`'s weights: 0 for one that cannot be read (its run says why). */
async function fileSizes(dir: string, files: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const sizeOf = (relative: string) =>
    stat(path.join(dir, relative)).then(
      (stats) => stats.size,
      () => 0,
    );
  for await (const [relative, size] of inOrder(files, sizeOf, 64)) sizes.set(relative, size);
  return sizes;
}

/**
 * The build's pages (`files`, relative to `clientDir`) through a pass in page order, as both passes go over them:
 * on `workers` (set up for the pass), two in hand per worker thread within PAGE_BYTES_IN_FLIGHT of HTML (their sizes
 * read now: the first pass changes them), or without workers one at a time on this thread (`run`).
 */
export async function* pagesInOrder<R extends Awaited<ReturnType<PageWorkers["run"]>>>(
  clientDir: string,
  files: readonly string[],
  workers: PageWorkers | null,
  run: (relative: string) => Promise<R>,
): AsyncGenerator<[string, R]> {
  if (!workers) return yield* inOrder(files, run, 1);
  const sizes = await fileSizes(clientDir, files);
  const budget = { weigh: (relative: string) => sizes.get(relative) ?? 0, budget: PAGE_BYTES_IN_FLIGHT };
  yield* inOrder(files, (relative) => workers.run<R>(relative), workers.threads * 2, budget);
}
