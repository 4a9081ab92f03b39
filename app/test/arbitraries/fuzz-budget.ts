import fc from "fast-check";

/**
 * fast-check arbitraries for hostile and malformed CMS content: random JSON
 * of every type, wrong-typed fields, huge strings, deep nesting, unknown
 * bloks, odd file extensions, unsafe URLs and raw HTML; plus story shapes per
 * page and mutations of the real demo stories (content/stories/*.json).
 *
 * Every fuzz test runs with FUZZ_SEED, so a run is reproducible; a failure
 * prints its seed and path, and `FUZZ_SEED=<n> npx vitest run ...` explores
 * other seeds.
 */

function readSeed(): number {
  const raw = typeof process === "undefined" ? undefined : process.env.FUZZ_SEED;
  const seed = raw === undefined ? Number.NaN : Number(raw);
  return Number.isSafeInteger(seed) ? seed : 20_250_611;
}

export const FUZZ_SEED = readSeed();

/**
 * How many cases each property generates. The suite's total is the sum (see
 * totalFuzzRuns); the budget keeps the whole fuzz suite within about a
 * minute on two cores (rendering is the cost: normalisers alone are cheap).
 */
export const FUZZ_RUNS = {
  /** app/content/content-fuzz.test.ts: normalisers only */
  content: {
    homeMutated: 1500,
    homeRandom: 1500,
    indexMutated: 500,
    indexRandom: 500,
    imprintMutated: 800,
    imprintRandom: 800,
    aboutMutated: 800,
    aboutRandom: 800,
    articleMutated: 1500,
    articleRandom: 1500,
    headerMutated: 500,
    headerRandom: 500,
    footerMutated: 500,
    footerRandom: 500,
    otherProjects: 500,
    categories: 500,
    richText: 1500,
    articleList: 300,
    placeholder: 300,
  },
  /** app/routes/pages-fuzz.test.tsx: normalise, then render */
  pages: {
    homeMutated: 200,
    homeRandom: 250,
    galleryFallbacks: 400,
    indexRandom: 200,
    imprintMutated: 150,
    imprintRandom: 150,
    aboutMutated: 120,
    aboutRandom: 200,
    overviewMedia: 200,
    articleMutated: 200,
    articleRandom: 250,
    articleMediaFallbacks: 400,
    layoutMutated: 200,
    layoutRandom: 250,
  },
  /** app/components/rich-text/rich-text-hostile.test.tsx */
  richText: {
    randomDocuments: 500,
  },
} as const;

export function totalFuzzRuns(): number {
  return Object.values(FUZZ_RUNS)
    .flatMap((group) => Object.values(group) as number[])
    .reduce((sum, runs) => sum + runs, 0);
}

/** fc.assert parameters for a property with `numRuns` cases. */
export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns };
}

/** Checks `property` on `numRuns` generated cases with the suite's seed. */
export function assertFuzz<Ts>(property: fc.IProperty<Ts>, numRuns: number): void {
  fc.assert(property, fuzzParameters(numRuns) as fc.Parameters<Ts>);
}
