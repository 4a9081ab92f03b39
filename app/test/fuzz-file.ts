import { afterAll, afterEach, beforeEach, vi, type MockInstance } from "vitest";
import { FUZZ_SEED } from "./arbitraries/fuzz-budget";

/**
 * The hooks of a fuzz test file: a long timeout (thousands of cases: minutes,
 * not seconds, on a busy two-core machine), console.error captured (the
 * spec's own log lines, like "Component ... doesn't exist", are expected;
 * tests that care judge them), mocks and stubs restored after each test, and
 * the number of generated cases reported with the seed.
 */
export function fuzzTestFile(file: string, setUp: () => void = () => {}) {
  let generated = 0;
  let consoleError: MockInstance<typeof console.error> | undefined;
  vi.setConfig({ testTimeout: 180_000 });
  afterAll(() => {
    console.info(`[fuzz] ${file}: ${generated} generated cases (seed ${FUZZ_SEED})`);
  });
  beforeEach(() => {
    setUp();
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return {
    /** counts one generated case */
    countCase: () => void (generated += 1),
    /** what console.error was called with in the running test */
    consoleErrors: () => consoleError!,
  };
}
